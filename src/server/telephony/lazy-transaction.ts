import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema/index.js';
import { collectLiveEvents, type LiveEvent } from '../features/live/live.publisher.js';

/**
 * A transaction begun only when first asked for. Most agent turns write nothing but their
 * events, which one statement stores atomically on the pool; a turn whose tools write (a
 * handoff, a request) gets a real transaction on a client of its own, and its events are stored
 * in it too. Live events published inside it are collected, to be sent after the commit.
 */
export class LazyTransaction {
  private client: pg.PoolClient | null = null;
  private db: Db | null = null;
  private opening: Promise<Db> | null = null;
  readonly liveEvents: LiveEvent[] = [];

  constructor(private readonly pool: pg.Pool) {}

  get(): Promise<Db> {
    this.opening ??= this.begin();
    return this.opening;
  }

  private async begin(): Promise<Db> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    this.client = client;
    this.db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
    collectLiveEvents(this.db, this.liveEvents);
    return this.db;
  }

  /** The open transaction (for reads that must see its writes), if one was begun. */
  get open(): Db | null {
    return this.db;
  }

  /** Where the turn's own statement runs: inside the transaction when there is one. */
  get connection(): pg.Pool | pg.PoolClient {
    return this.client ?? this.pool;
  }

  async commit(): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.client = null;
    try {
      await client.query('commit');
      client.release();
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
  }

  async rollback(): Promise<void> {
    await this.opening?.catch(() => undefined);
    const client = this.client;
    if (!client) return;
    this.client = null;
    await client.query('rollback').then(
      () => client.release(),
      (err: Error) => client.release(err),
    );
  }
}
