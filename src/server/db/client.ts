import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.js';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  pool: pg.Pool;
  db: Db;
  close: () => Promise<void>;
}

export function createDatabase(url: string, opts: { max?: number; onError?: (err: Error) => void } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 20, idleTimeoutMillis: 30_000 });
  // Stopping the embedded server ends idle connections with 57P01; without a listener that
  // would crash the process.
  pool.on('error', (err) => opts.onError?.(err));
  pool.on('connect', (client) => client.on('error', (err) => opts.onError?.(err)));
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  let closed = false;
  return {
    pool,
    db,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
