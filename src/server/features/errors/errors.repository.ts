import { and, desc, eq, getTableColumns, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { olderThanCursor, timeCursorOf } from '../../db/time-cursor.js';
import type { DbOrTx } from '../../db/client.js';
import { errorEvents } from '../../db/schema/index.js';

export type ErrorEventRow = typeof errorEvents.$inferSelect;
export type NewErrorEvent = typeof errorEvents.$inferInsert;

export async function insertErrorEvent(db: DbOrTx, row: NewErrorEvent): Promise<void> {
  await db.insert(errorEvents).values(row);
}

/** A repeat of a stored report: counted on that event. Answers its digest, or undefined when there is none. */
export async function countRepeat(db: DbOrTx, fingerprint: string): Promise<string | undefined> {
  const [row] = await db
    .update(errorEvents)
    .set({ count: sql`${errorEvents.count} + 1`, lastSeenAt: sql`now()` })
    .where(eq(errorEvents.fingerprint, fingerprint))
    .returning({ digest: errorEvents.digest });
  return row?.digest;
}

/** A new report, or (when the same one was stored meanwhile) a repeat of it; answers the event's digest. */
export async function insertOrCountRepeat(db: DbOrTx, row: NewErrorEvent & { fingerprint: string }): Promise<string> {
  const [stored] = await db
    .insert(errorEvents)
    .values(row)
    .onConflictDoUpdate({ target: errorEvents.fingerprint, set: { count: sql`${errorEvents.count} + 1`, lastSeenAt: sql`now()` } })
    .returning({ digest: errorEvents.digest });
  return stored!.digest;
}

/** Browser reports stored as new events in the last `seconds` (from one address, or from all). */
export async function countRecentClientReports(db: DbOrTx, seconds: number, reporterIp?: string): Promise<number> {
  const where = [eq(errorEvents.source, 'client'), gt(errorEvents.createdAt, sql`now() - make_interval(secs => ${seconds})`)];
  if (reporterIp !== undefined) where.push(eq(errorEvents.reporterIp, reporterIp));
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(errorEvents).where(and(...where));
  return row?.n ?? 0;
}

export async function findErrorByDigest(db: DbOrTx, digest: string): Promise<ErrorEventRow | undefined> {
  const [row] = await db.select().from(errorEvents).where(eq(errorEvents.digest, digest)).limit(1);
  return row;
}

/** `organizationIds`: the organizations whose errors to list; null lists every error (admins). */
export async function listErrorEvents(
  db: DbOrTx,
  opts: { source?: string; before?: Date; cursor?: string; limit: number; organizationIds: string[] | null },
): Promise<Array<ErrorEventRow & { cursor: string }>> {
  if (opts.organizationIds?.length === 0) return [];
  const where: SQL[] = [];
  if (opts.organizationIds) where.push(inArray(errorEvents.organizationId, opts.organizationIds));
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
