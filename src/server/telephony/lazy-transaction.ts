import type pg from 'pg';
import type { Db, Tx } from '../db/client.js';
import { collectLiveEvents, type LiveEvent } from '../features/live/live.publisher.js';
import { runStatementWrite, type StatementWrite } from '../db/statement-write.js';

const ROLLBACK = Symbol('rollback');

/**
 * A transaction begun only when first asked for. Most agent turns write nothing but their
 * events, which one statement stores atomically on the pool; a turn whose tools write (a
 * handoff, a request) gets a real transaction, and its events are stored in it too. Live events
 * published inside it are collected, to be sent after the commit (see live.publisher.ts).
 *
 * A turn's one write that is a single statement (booking an appointment) is held instead, to
 * ride in the statement that stores the turn: no transaction at all. A second write, or a tool
 * that asks for the transaction, begins it, and the held write runs in it first.
 */
export class LazyTransaction {
  private tx: Promise<Tx> | null = null;
  private done: Promise<void> | null = null;
  private settle: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  private current: Tx | null = null;
  private heldWrite: { write: StatementWrite; written: (row: Record<string, unknown>) => void } | null = null;
  readonly liveEvents: LiveEvent[] = [];

  constructor(
    private readonly db: Db,
    private readonly pool: pg.Pool,
  ) {}

  get(): Promise<Tx> {
    if (!this.tx) {
      this.tx = new Promise<Tx>((resolveTx, rejectTx) => {
        this.done = this.db
          .transaction(async (tx) => {
            this.current = tx;
            collectLiveEvents(tx, this.liveEvents);
            const held = this.heldWrite;
            this.heldWrite = null;
            if (held) held.written(await runStatementWrite(tx, held.write));
            resolveTx(tx);
            await new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));
          })
          .catch((err: unknown) => {
            rejectTx(err);
            throw err;
          });
        this.done.catch(() => undefined);
      });
    }
    return this.tx;
  }

  /**
   * Stores `write` with the turn: held for the turn's own statement when it is the turn's first
   * write, else run in the transaction. `written` gets the row of its `w_written` CTE once stored.
   */
  async write(write: StatementWrite, written: (row: Record<string, unknown>) => void = () => undefined): Promise<void> {
    if (!this.tx && !this.heldWrite) {
      this.heldWrite = { write, written };
      return;
    }
    written(await runStatementWrite(await this.get(), write));
  }

  /** The write waiting for the turn's statement (never once a transaction is open). */
  get held(): StatementWrite | null {
    return this.heldWrite?.write ?? null;
  }

  /** The turn's statement stored the held write: it is done, and its live updates go out after. */
  heldStored(row: Record<string, unknown>): void {
    const held = this.heldWrite;
    if (!held) return;
    this.heldWrite = null;
    this.liveEvents.push(...held.write.live);
    held.written(row);
  }

  /** The open transaction (for reads that must see its writes), if one was begun. */
  get open(): Tx | null {
    return this.current;
  }

  /** Where the turn's own statement runs: inside the transaction when there is one. */
  get connection(): pg.Pool | Tx {
    return this.current ?? this.pool;
  }

  async commit(): Promise<void> {
    if (!this.done) return;
    this.settle?.resolve();
    await this.done;
  }

  async rollback(): Promise<void> {
    this.heldWrite = null;
    if (!this.done) return;
    await this.tx?.catch(() => undefined);
    this.settle?.reject(ROLLBACK);
    await this.done.catch(() => undefined);
  }
}
