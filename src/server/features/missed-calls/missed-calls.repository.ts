import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { appointmentRequests, calls, handoffs, missedCallTexts } from '../../db/schema/index.js';

export type MissedCallTextRow = typeof missedCallTexts.$inferSelect;

/** Advisory-lock class of "this organization is deciding about texting this number" (one decision at a time per number). */
const NUMBER_LOCK_CLASS = 0x4d43;

/** Serializes the decisions about one caller's number in one organization until the transaction ends. */
export async function lockCallerNumber(tx: Tx, organizationId: string, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NUMBER_LOCK_CLASS}::int4, hashtext(${`${organizationId}:${phone}`}))`);
}

/** The call as the decision needs it. */
export async function findCall(db: DbOrTx, callId: string) {
  const [row] = await db
    .select({
      id: calls.id,
      organizationId: calls.organizationId,
      direction: calls.direction,
      provider: calls.provider,
      status: calls.status,
      outcome: calls.outcome,
      fromNumber: calls.fromNumber,
      toNumber: calls.toNumber,
      startedAt: calls.startedAt,
    })
    .from(calls)
    .where(eq(calls.id, callId))
    .limit(1);
  return row;
}

/** Whether the organization texted this number about a missed call since `since`. */
export async function textedSince(db: DbOrTx, organizationId: string, phone: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ callId: missedCallTexts.callId })
    .from(missedCallTexts)
    .where(and(eq(missedCallTexts.organizationId, organizationId), eq(missedCallTexts.phone, phone), eq(missedCallTexts.status, 'sent'), gt(missedCallTexts.createdAt, since)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether the call left the practice something to act on besides the call-back task a cut-off
 * call leaves (abandoned-work.ts) and the live transfer that task replaced: a request, a message,
 * an emergency, anything staff created — or staff already closed that call-back task.
 */
export async function callLeftWork(db: DbOrTx, callId: string): Promise<boolean> {
  const rows = await db.execute<{ handled: boolean }>(sql`
    select exists (
      select 1 from ${handoffs} h
      where h.call_id = ${callId}::uuid
        and not (h.type = 'callback' and h.details ? 'abandoned' and h.status in ('open', 'claimed'))
        and not (h.type = 'live_transfer' and h.status = 'canceled')
    ) or exists (select 1 from ${appointmentRequests} a where a.call_id = ${callId}::uuid) as handled`);
  return rows.rows[0]?.handled === true;
}

/**
 * Whether the number and the practice spoke since the missed call began: a later call from it
 * that is live or did not end abandoned, or a call the practice placed to it.
 */
export async function calledSince(db: DbOrTx, call: { id: string; organizationId: string; startedAt: Date }, phone: string): Promise<boolean> {
  const rows = await db.execute<{ again: boolean }>(sql`
    select exists (
      select 1 from ${calls} c
      where c.organization_id = ${call.organizationId}::uuid and c.id <> ${call.id}::uuid and c.started_at > ${call.startedAt.toISOString()}::timestamptz
        and (
          (c.direction = 'inbound' and c.from_number = ${phone} and (c.status in ('ringing', 'in_progress') or c.outcome is distinct from 'abandoned'))
          or (c.direction = 'outbound' and c.to_number = ${phone})
        )
    ) as again`);
  return rows.rows[0]?.again === true;
}

/** The decision about a call; undefined when one was already recorded (a job run again). */
export async function insertDecision(db: DbOrTx, row: typeof missedCallTexts.$inferInsert): Promise<MissedCallTextRow | undefined> {
  const [created] = await db.insert(missedCallTexts).values(row).onConflictDoNothing().returning();
  return created;
}

export async function setOutboxMessage(db: DbOrTx, callId: string, outboxMessageId: string): Promise<void> {
  await db.update(missedCallTexts).set({ outboxMessageId }).where(eq(missedCallTexts.callId, callId));
}

export async function findDecision(db: DbOrTx, callId: string): Promise<MissedCallTextRow | undefined> {
  const [row] = await db.select().from(missedCallTexts).where(eq(missedCallTexts.callId, callId)).limit(1);
  return row;
}

/**
 * The latest text sent to this number that was sent, or whose thread was active, since `since`,
 * locked: replies to it are threaded one at a time.
 */
export async function lockLatestTextTo(tx: Tx, organizationId: string, phone: string, since: Date): Promise<MissedCallTextRow | undefined> {
  const recent = or(
    gt(missedCallTexts.createdAt, since),
    sql`exists (select 1 from ${handoffs} h where h.id = ${missedCallTexts.handoffId} and h.updated_at > ${since.toISOString()}::timestamptz)`,
  );
  const [row] = await tx
    .select()
    .from(missedCallTexts)
    .where(and(eq(missedCallTexts.organizationId, organizationId), eq(missedCallTexts.phone, phone), eq(missedCallTexts.status, 'sent'), recent))
    .orderBy(desc(missedCallTexts.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function setThread(db: DbOrTx, callId: string, handoffId: string): Promise<void> {
  await db.update(missedCallTexts).set({ handoffId }).where(eq(missedCallTexts.callId, callId));
}
