import { and, desc, eq, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';

export type AuditInsert = typeof auditEvents.$inferInsert;
export type AuditRow = typeof auditEvents.$inferSelect;

export async function insertAuditEvent(db: DbOrTx, row: AuditInsert): Promise<void> {
  await db.insert(auditEvents).values(row);
}

/**
 * Inserts a view of a record unless the same actor's view of it from the same page load is
 * there already (the page's refetches). Two requests of one page load may arrive together: a
 * transaction-scoped advisory lock on (actor, record, page load) orders them, and the check runs
 * after it, in a statement of its own, so it sees the first one's row.
 */
export async function insertViewOnce(db: DbOrTx, row: AuditInsert & { actorId: string; recordType: string; recordId: string }, pageLoad: string): Promise<boolean> {
  const key = `${row.actorId}|${row.recordType}|${row.recordId}|${pageLoad}`;
  const run = async (tx: DbOrTx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 19))`);
    const seen = await tx
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.recordType, row.recordType),
          eq(auditEvents.recordId, row.recordId),
          eq(auditEvents.action, row.action),
          eq(auditEvents.actorId, row.actorId),
          sql`${auditEvents.details}->>'pageLoad' = ${pageLoad}`,
        ),
      )
      .limit(1);
    if (seen.length) return false;
    await tx.insert(auditEvents).values({ ...row, details: { ...(row.details ?? {}), pageLoad } });
    return true;
  };
  // Inside a caller's transaction this is a savepoint; the lock lasts until that transaction ends.
  return db.transaction(run);
}

export async function listAuditEvents(
  db: DbOrTx,
  filter: { action?: string; actorId?: string; recordType?: string; recordId?: string; before?: number; limit: number },
): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (filter.action) {
    // An action, or a group of them by its dotted prefix: `auth` finds auth.sign_in, auth.lockout…
    const action = filter.action.trim().replace(/\.+$/, '');
    if (action) where.push(or(eq(auditEvents.action, action), like(auditEvents.action, `${action.replace(/[\\%_]/g, '\\$&')}.%`))!);
  }
  if (filter.actorId) where.push(eq(auditEvents.actorId, filter.actorId));
  if (filter.recordType) where.push(eq(auditEvents.recordType, filter.recordType));
  if (filter.recordId) where.push(eq(auditEvents.recordId, filter.recordId));
  if (filter.before) where.push(lt(auditEvents.id, filter.before));
  return db
    .select()
    .from(auditEvents)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditEvents.id))
    .limit(filter.limit);
}
