/**
 * Group commit for the agent's turns. A turn must be stored before its answer goes back (a
 * repeated webhook, or the next turn on another web process, reads it), but turns of different
 * calls finishing at the same moment need not each pay for a statement, a commit and a round
 * trip: while earlier writes are in flight, new ones queue and then go together in one
 * statement. An idle server writes each turn at once, so nothing waits for a batch to fill.
 *
 * A turn may carry a held write (an appointment request booked in the turn): a chain of CTEs
 * that joins the statement. A batch takes a few of them at most; more wait for the next batch. A batch that fails (a repeated request's events collide with stored ones, a reference
 * code is taken) is written again turn by turn, so each turn gets its own outcome and the others
 * are unaffected.
 */
export interface BatchableTurn {
  /** The turn's call: a batch takes its rows' locks in call order. */
  callId: string;
  /** The turn's held write, if it carries one (maxHeld per batch). */
  write: object | null;
}

interface Pending<T> {
  turn: T;
  resolve: (written: Record<string, unknown> | undefined) => void;
  reject: (err: unknown) => void;
}

/** Writes turns in one statement; answers each turn's result (its held write's `w_written` row, or a new call's), in order. */
export type WriteTurns<T> = (turns: T[]) => Promise<(Record<string, unknown> | undefined)[]>;

export class TurnWriteBatcher<T extends BatchableTurn> {
  private queue: Pending<T>[] = [];
  private inFlight = 0;

  constructor(
    /** Statements of this batcher running at once; more queue up and go together. */
    private readonly maxInFlight: number,
    private readonly maxBatch: number,
    private readonly maxHeld: number,
    private readonly write: WriteTurns<T>,
  ) {}

  store(turn: T): Promise<Record<string, unknown> | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ turn, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight++;
      void this.flush(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  /** The next batch in arrival order: up to maxBatch turns, maxHeld of them with held writes. */
  private take(): Pending<T>[] {
    const batch: Pending<T>[] = [];
    const rest: Pending<T>[] = [];
    let held = 0;
    for (const p of this.queue) {
      if (batch.length >= this.maxBatch || (p.turn.write && held >= this.maxHeld)) rest.push(p);
      else {
        if (p.turn.write) held++;
        batch.push(p);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async flush(batch: Pending<T>[]): Promise<void> {
    if (batch.length === 1) return settle(batch[0]!, this.write([batch[0]!.turn]));
    // One lock order for every batch: two batches never wait on each other's rows in a cycle.
    const sorted = [...batch].sort((a, b) => (a.turn.callId < b.turn.callId ? -1 : a.turn.callId > b.turn.callId ? 1 : 0));
    let written: (Record<string, unknown> | undefined)[];
    try {
      written = await this.write(sorted.map((p) => p.turn));
    } catch {
      await Promise.all(batch.map((p) => settle(p, this.write([p.turn]))));
      return;
    }
    sorted.forEach((p, i) => p.resolve(written[i]));
  }
}

async function settle<T>(p: Pending<T>, work: Promise<(Record<string, unknown> | undefined)[]>): Promise<void> {
  try {
    p.resolve((await work)[0]);
  } catch (err) {
    p.reject(err);
  }
}
