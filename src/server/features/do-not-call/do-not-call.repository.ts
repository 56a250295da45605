import { and, desc, eq, getTableColumns, ilike, like, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { doNotCall } from '../../db/schema/index.js';
import { olderThanCursor, timeCursorOf } from '../../db/time-cursor.js';

export type DoNotCallRow = typeof doNotCall.$inferSelect;
type Source = DoNotCallRow['source'];

/** Adds a number to the organization's do-not-call list (already there: nothing changes). */
export async function insertDoNotCall(db: DbOrTx, row: { organizationId: string; phone: string; reason: string; callId: string | null; source: Source }): Promise<void> {
  await db.insert(doNotCall).values(row).onConflictDoNothing({ target: [doNotCall.organizationId, doNotCall.phone] });
}

/** The new entry, or null when the number is already on the list. */
export async function insertDoNotCallReturning(db: DbOrTx, row: { organizationId: string; phone: string; reason: string; source: Source }): Promise<DoNotCallRow | null> {
  const [created] = await db
    .insert(doNotCall)
    .values({ ...row, callId: null })
    .onConflictDoNothing({ target: [doNotCall.organizationId, doNotCall.phone] })
    .returning();
  return created ?? null;
}

/** Many numbers at once; answers how many were new. */
export async function insertManyDoNotCall(db: DbOrTx, organizationId: string, rows: { phone: string; reason: string }[], source: Source): Promise<number> {
  let added = 0;
  // 2,000 rows × 5 parameters stay well under PostgreSQL's 65,535 bind parameters.
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000).map((r) => ({ organizationId, phone: r.phone, reason: r.reason, source, callId: null }));
    const created = await db.insert(doNotCall).values(chunk).onConflictDoNothing({ target: [doNotCall.organizationId, doNotCall.phone] }).returning({ id: doNotCall.id });
    added += created.length;
  }
  return added;
}

export async function findDoNotCallEntry(db: DbOrTx, organizationId: string, id: string): Promise<DoNotCallRow | undefined> {
  const [row] = await db.select().from(doNotCall).where(and(eq(doNotCall.organizationId, organizationId), eq(doNotCall.id, id))).limit(1);
  return row;
}

export async function deleteDoNotCallEntry(db: DbOrTx, organizationId: string, id: string): Promise<DoNotCallRow | undefined> {
  const [row] = await db.delete(doNotCall).where(and(eq(doNotCall.organizationId, organizationId), eq(doNotCall.id, id))).returning();
  return row;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first; `q` finds digits in the number or words in the reason. */
export async function listDoNotCall(db: DbOrTx, opts: { organizationId: string; q?: string; cursor?: string; limit: number }) {
  const where: SQL[] = [eq(doNotCall.organizationId, opts.organizationId)];
  if (opts.q) {
    const digits = opts.q.replace(/\D/g, '');
    const byReason = ilike(doNotCall.reason, `%${escapeLike(opts.q)}%`);
    where.push(digits.length >= 2 ? or(like(doNotCall.phone, `%${digits}%`), byReason)! : byReason);
  }
  if (opts.cursor) where.push(olderThanCursor(doNotCall.createdAt, doNotCall.id, opts.cursor));
  return db
    .select({ ...getTableColumns(doNotCall), cursor: timeCursorOf(doNotCall.createdAt, doNotCall.id) })
    .from(doNotCall)
    .where(and(...where))
    .orderBy(desc(doNotCall.createdAt), desc(doNotCall.id))
    .limit(opts.limit);
}

/** Every number (E.164) on the organization's list. */
export async function doNotCallNumbers(db: DbOrTx, organizationId: string): Promise<Set<string>> {
  const rows = await db.select({ phone: doNotCall.phone }).from(doNotCall).where(eq(doNotCall.organizationId, organizationId));
  return new Set(rows.map((r) => r.phone));
}
