/**
 * Group commit for the turns stored on the pool (decision 057 keeps it; 016 measured what it is worth). A turn
 * is stored before its answer goes back, but turns of different calls finishing at the same
 * moment need not each pay for a statement, a commit and a round trip: while earlier writes are
 * in flight, new ones queue and then go together in one statement. An idle server writes each
 * turn at once, so nothing waits for a batch to fill. A batch that fails (a repeated request's
 * events collide with stored ones) is written again turn by turn, so each turn gets its own
 * outcome.
 */
export class GroupCommit<T> {
  private queue: { item: T; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private inFlight = 0;

  constructor(
    /** Statements of this batcher running at once; more turns queue up and go together. */
    private readonly maxInFlight: number,
    private readonly maxBatch: number,
    private readonly write: (items: T[]) => Promise<void>,
  ) {}

  store(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.flush(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async flush(batch: typeof this.queue): Promise<void> {
    try {
      await this.write(batch.map((p) => p.item));
      for (const p of batch) p.resolve();
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      await Promise.all(batch.map((p) => this.write([p.item]).then(p.resolve, p.reject)));
    }
  }
}
