import { and, desc, eq, getTableColumns, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { olderThanCursor, timeCursorOf } from '../../db/time-cursor.js';
import type { DbOrTx } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';

export type OutboxRow = typeof outboxMessages.$inferSelect;

export async function insertOutboxMessage(db: DbOrTx, row: typeof outboxMessages.$inferInsert): Promise<OutboxRow> {
  const [created] = await db.insert(outboxMessages).values(row).returning();
  return created!;
}

export async function findOutboxMessage(db: DbOrTx, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).limit(1);
  return row;
}

export async function markAttempt(db: DbOrTx, id: string, result: { ok: true; transport: string; note?: string | null } | { ok: false; error: string }): Promise<void> {
  await db
    .update(outboxMessages)
    .set(
      result.ok
        ? { status: 'sent', sentAt: new Date(), transport: result.transport, attempts: sql`${outboxMessages.attempts} + 1`, lastError: result.note ?? null }
        : { status: 'queued', attempts: sql`${outboxMessages.attempts} + 1`, lastError: result.error.slice(0, 1000) },
    )
    .where(eq(outboxMessages.id, id));
}

/**
 * Records that an attempt is about to hand the message to the SMTP server (before the SMTP
 * transaction). An attempt that finds this mark was cut off after it began sending: see
 * deliver-outbox-message.job.ts.
 */
export async function markSending(db: DbOrTx, id: string, note: string | null): Promise<void> {
  await db.update(outboxMessages).set({ status: 'sending', ...(note ? { lastError: note } : {}) }).where(eq(outboxMessages.id, id));
}

export async function markSuppressed(db: DbOrTx, id: string, note: string): Promise<void> {
  await db.update(outboxMessages).set({ status: 'suppressed', lastError: note }).where(eq(outboxMessages.id, id));
}

export async function markFailed(db: DbOrTx, id: string): Promise<void> {
  await db.update(outboxMessages).set({ status: 'failed' }).where(eq(outboxMessages.id, id));
}

export async function listOutboxMessages(
  db: DbOrTx,
  opts: { recipient?: string; template?: string; channel?: 'email' | 'sms'; before?: Date; cursor?: string; limit: number; organizationIds: string[] | null },
): Promise<Array<OutboxRow & { cursor: string }>> {
  const where: SQL[] = [];
  if (opts.recipient) where.push(ilike(outboxMessages.recipient, `%${opts.recipient.replace(/[%_\\]/g, '\\$&')}%`));
  if (opts.template) where.push(eq(outboxMessages.template, opts.template));
  if (opts.channel) where.push(eq(outboxMessages.channel, opts.channel));
  if (opts.before) where.push(lt(outboxMessages.createdAt, opts.before));
  if (opts.cursor) where.push(olderThanCursor(outboxMessages.createdAt, outboxMessages.id, opts.cursor));
  if (opts.organizationIds) {
    // Non-admins see only their organizations' messages; system mail (sign-in links) is admin-only.
    where.push(opts.organizationIds.length ? inArray(outboxMessages.organizationId, opts.organizationIds) : sql`false`);
  }
  return db
    .select({ ...getTableColumns(outboxMessages), cursor: timeCursorOf(outboxMessages.createdAt, outboxMessages.id) })
    .from(outboxMessages)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(opts.limit);
}
