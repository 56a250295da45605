import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { smsInboundMessages, smsOptOuts } from '../../db/schema/index.js';

export type SmsOptOutRow = typeof smsOptOuts.$inferSelect;
export type SmsInboundRow = typeof smsInboundMessages.$inferSelect;

export async function findOptOut(db: DbOrTx, organizationId: string, phone: string): Promise<SmsOptOutRow | undefined> {
  const [row] = await db
    .select()
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.organizationId, organizationId), eq(smsOptOuts.phone, phone)))
    .limit(1);
  return row;
}

/** The new opt-out, or undefined when the number had already opted out. */
export async function insertOptOut(db: DbOrTx, row: typeof smsOptOuts.$inferInsert): Promise<SmsOptOutRow | undefined> {
  const [created] = await db.insert(smsOptOuts).values(row).onConflictDoNothing().returning();
  return created;
}

export async function linkDoNotCall(db: DbOrTx, organizationId: string, phone: string, doNotCallId: string): Promise<void> {
  await db
    .update(smsOptOuts)
    .set({ doNotCallId })
    .where(and(eq(smsOptOuts.organizationId, organizationId), eq(smsOptOuts.phone, phone)));
}

export async function deleteOptOut(db: DbOrTx, organizationId: string, phone: string): Promise<SmsOptOutRow | undefined> {
  const [row] = await db
    .delete(smsOptOuts)
    .where(and(eq(smsOptOuts.organizationId, organizationId), eq(smsOptOuts.phone, phone)))
    .returning();
  return row;
}

export async function findInbound(db: DbOrTx, messageSid: string): Promise<SmsInboundRow | undefined> {
  const [row] = await db.select().from(smsInboundMessages).where(eq(smsInboundMessages.messageSid, messageSid)).limit(1);
  return row;
}

/** The first delivery of a MessageSid stores it and answers it; a repeat answers undefined. */
export async function insertInbound(db: DbOrTx, row: typeof smsInboundMessages.$inferInsert): Promise<SmsInboundRow | undefined> {
  const [created] = await db.insert(smsInboundMessages).values(row).onConflictDoNothing().returning();
  return created;
}

/** A text that was a reply on a thread (decision 047): its action, and what was texted back. Still never its words. */
export async function markReply(db: DbOrTx, messageSid: string, reply: string | null): Promise<void> {
  await db.update(smsInboundMessages).set({ action: 'reply', reply }).where(eq(smsInboundMessages.messageSid, messageSid));
}
