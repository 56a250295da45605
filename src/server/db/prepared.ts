import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/** The pool, or a drizzle database or transaction. */
export type Queryable = pg.Pool | DbOrTx;

/**
 * Runs a statement by name on the pool, so each connection parses and plans it once: for the hot
 * statements of a call, planning cost PostgreSQL more than running them (decision 012). Inside a
 * drizzle transaction it runs unnamed through drizzle's public API. `text` uses `$1`…
 * placeholders; a name must always go with the same text.
 */
export async function queryNamed<R extends Record<string, unknown>>(db: Queryable, name: string, text: string, values: unknown[]): Promise<R[]> {
  if (isPool(db)) return (await db.query<R>({ name, text, values })).rows;
  return (await db.execute(withParams(text, values))).rows as R[];
}

export function isPool(db: Queryable): db is pg.Pool {
  return 'connect' in db && 'totalCount' in db;
}

/** The same statement for drizzle: `$n` placeholders become parameters. */
function withParams(text: string, values: unknown[]) {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)),
    sql.raw(''),
  );
}
