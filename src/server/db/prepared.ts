import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/** The pool, or a drizzle database or transaction. */
export type Queryable = pg.Pool | DbOrTx;

/**
 * Runs a statement by name, so each connection parses and plans it once: for the hot
 * statements of a call, planning cost PostgreSQL more than running them (decision 012). On the
 * pool, or on the connection a drizzle transaction holds (drizzle keeps it as `session.client`;
 * drizzle is pinned, and if that ever changes the statement still runs, unnamed, through
 * drizzle). `text` uses `$1`… placeholders; a name must always go with the same text.
 */
export async function queryNamed<R extends Record<string, unknown>>(db: Queryable, name: string, text: string, values: unknown[]): Promise<R[]> {
  const client = isPool(db) ? db : connectionOf(db);
  if (client) return (await client.query<R>({ name, text, values })).rows;
  return (await (db as DbOrTx).execute(withParams(text, values))).rows as R[];
}

export function isPool(db: Queryable): db is pg.Pool {
  return 'connect' in db && 'totalCount' in db;
}

function connectionOf(db: DbOrTx): Pick<pg.PoolClient, 'query'> | undefined {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client && typeof (client as pg.PoolClient).query === 'function' ? (client as pg.PoolClient) : undefined;
}

/** The same statement for drizzle: `$n` placeholders become parameters. */
function withParams(text: string, values: unknown[]) {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)),
    sql.raw(''),
  );
}
