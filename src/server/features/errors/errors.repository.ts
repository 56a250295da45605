import { desc, eq, lt, and, type SQL } from 'drizzle-orm';
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

export async function listErrorEvents(db: DbOrTx, opts: { source?: string; before?: Date; limit: number }): Promise<ErrorEventRow[]> {
  const where: SQL[] = [];
  if (opts.source) where.push(eq(errorEvents.source, opts.source as ErrorEventRow['source']));
  if (opts.before) where.push(lt(errorEvents.createdAt, opts.before));
  return db
    .select()
    .from(errorEvents)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(errorEvents.createdAt))
    .limit(opts.limit);
}
