import { and, desc, eq, getTableColumns, lt, type SQL } from 'drizzle-orm';
import { olderThanCursor, timeCursorOf } from '../../db/time-cursor.js';
import type { DbOrTx } from '../../db/client.js';
import { errorEvents } from '../../db/schema/index.js';

export type ErrorEventRow = typeof errorEvents.$inferSelect;

export async function insertErrorEvent(db: DbOrTx, row: typeof errorEvents.$inferInsert): Promise<void> {
  await db.insert(errorEvents).values(row);
}

export async function findErrorByDigest(db: DbOrTx, digest: string): Promise<ErrorEventRow | undefined> {
  const [row] = await db.select().from(errorEvents).where(eq(errorEvents.digest, digest)).limit(1);
  return row;
}

export async function listErrorEvents(db: DbOrTx, opts: { source?: string; before?: Date; cursor?: string; limit: number }): Promise<Array<ErrorEventRow & { cursor: string }>> {
  const where: SQL[] = [];
  if (opts.source) where.push(eq(errorEvents.source, opts.source as ErrorEventRow['source']));
  if (opts.before) where.push(lt(errorEvents.createdAt, opts.before));
  if (opts.cursor) where.push(olderThanCursor(errorEvents.createdAt, errorEvents.id, opts.cursor));
  return db
    .select({ ...getTableColumns(errorEvents), cursor: timeCursorOf(errorEvents.createdAt, errorEvents.id) })
    .from(errorEvents)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(errorEvents.createdAt), desc(errorEvents.id))
    .limit(opts.limit);
}
