import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Newest-first pages by `(created_at, id)`: the cursor is the last row's exact creation time
 * (microseconds, as PostgreSQL stores it — a JavaScript date would round it to milliseconds)
 * and its id, so rows created in the same instant are neither repeated nor skipped. The API
 * checks its form (`TimeCursor` in src/contracts/developer.ts).
 */

/** The cursor of a row, selected with it. */
export function timeCursorOf(createdAt: AnyColumn, id: AnyColumn): SQL<string> {
  return sql<string>`(extract(epoch from ${createdAt}) * 1000000)::bigint::text || '.' || ${id}::text`;
}

/** Rows after the cursor in newest-first order. */
export function olderThanCursor(createdAt: AnyColumn, id: AnyColumn, cursor: string): SQL {
  const [micros, rowId] = cursor.split('.') as [string, string];
  return sql`(${createdAt}, ${id}) < ('epoch'::timestamptz + ${micros}::bigint * interval '1 microsecond', ${rowId}::uuid)`;
}
