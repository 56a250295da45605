import type pg from 'pg';
import type { Db, Tx } from '../db/client.js';
import { collectLiveEvents } from '../features/live/index.js';
import type { LiveEvent } from '../../contracts/live.js';

const ROLLBACK = Symbol('rollback');

/**
 * A transaction begun only when first asked for. Most agent turns write nothing but their
 * events, which one statement stores atomically on the pool; a turn whose tools write (a
 * handoff, a request) gets a real transaction, and its events are stored in it too. The LLM
 * brain's model requests therefore hold no connection unless a tool writes. Live events
 * published inside it are collected, to be sent after the commit (see live.service.ts).
 */
export class LazyTransaction {
  private tx: Promise<Tx> | null = null;
  private done: Promise<void> | null = null;
  private settle: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  private current: Tx | null = null;
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

  /** For reads that must see the turn's writes: the transaction when one was begun, else the database. */
  get reader(): Db | Tx {
    return this.current ?? this.db;
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
    if (!this.done) return;
    await this.tx?.catch(() => undefined);
    this.settle?.reject(ROLLBACK);
    await this.done.catch(() => undefined);
  }
}
