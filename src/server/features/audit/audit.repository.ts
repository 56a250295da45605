import { and, desc, eq, like, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';

export type AuditInsert = typeof auditEvents.$inferInsert;
export type AuditRow = typeof auditEvents.$inferSelect;

export async function insertAuditEvent(db: DbOrTx, row: AuditInsert): Promise<void> {
  await db.insert(auditEvents).values(row);
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
