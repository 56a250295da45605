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

/** Queued messages of an organization to these recipients become `suppressed` with the note; answers how many. */
export async function suppressQueuedTo(db: DbOrTx, organizationId: string, recipients: string[], note: string): Promise<number> {
  if (!recipients.length) return 0;
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'suppressed', lastError: note })
    .where(and(eq(outboxMessages.organizationId, organizationId), inArray(outboxMessages.recipient, recipients), eq(outboxMessages.status, 'queued')))
    .returning({ id: outboxMessages.id });
  return rows.length;
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
  } else {
    // Administrators: every organization's but the agent-test sandboxes' (decision 056: never sent, nobody's).
    where.push(sql`(${outboxMessages.organizationId} is null or ${outboxMessages.organizationId} not in (select id from organizations where sandbox_of is not null))`);
  }
  return db
    .select({ ...getTableColumns(outboxMessages), cursor: timeCursorOf(outboxMessages.createdAt, outboxMessages.id) })
    .from(outboxMessages)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(opts.limit);
}

// ——— Texts through a gateway (decision 044) ———

/** A claim's time, to the millisecond: a later attempt compares it with the value it read (a JS Date has no microseconds). */
const CLAIM_NOW = sql`date_trunc('milliseconds', now())`;

/**
 * Claims a queued text for one attempt at the gateway: `queued → sending`, stamped. Only one
 * attempt can win (the row's status is the lock); answers the row, or undefined when it was not
 * queued any more.
 */
export async function claimText(db: DbOrTx, id: string, transport: string): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outboxMessages)
    .set({ status: 'sending', claimedAt: CLAIM_NOW, transport })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'queued'), sql`${outboxMessages.providerMessageId} is null`))
    .returning();
  return row;
}

/** Takes over a claim left by an attempt whose outcome is unknown, if nobody else did meanwhile (compare-and-set on `claimed_at`). */
export async function reclaimText(db: DbOrTx, id: string, claimedAt: Date): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outboxMessages)
    .set({ claimedAt: CLAIM_NOW })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'sending'), eq(outboxMessages.claimedAt, claimedAt), sql`${outboxMessages.providerMessageId} is null`))
    .returning();
  return row;
}

/**
 * The gateway took the text: its id is kept (once; a status callback may have recorded it first)
 * and the row is `sent` unless a callback already moved it further.
 */
export async function recordTextAccepted(db: DbOrTx, id: string, p: { transport: string; providerMessageId: string; providerStatus: string; note?: string | null }): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({
      providerMessageId: p.providerMessageId,
      transport: p.transport,
      status: sql`case when ${outboxMessages.status} in ('queued', 'sending') then 'sent' else ${outboxMessages.status} end`,
      sentAt: sql`coalesce(${outboxMessages.sentAt}, now())`,
      providerStatus: sql`coalesce(${outboxMessages.providerStatus}, ${p.providerStatus})`,
      providerStatusAt: sql`coalesce(${outboxMessages.providerStatusAt}, now())`,
      attempts: sql`${outboxMessages.attempts} + 1`,
      lastError: p.note ?? null,
    })
    .where(and(eq(outboxMessages.id, id), sql`(${outboxMessages.providerMessageId} is null or ${outboxMessages.providerMessageId} = ${p.providerMessageId})`))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/** The gateway answered that it will never take this text: failed for good, with its reason and code. */
export async function recordTextRefused(db: DbOrTx, id: string, p: { transport: string; errorCode: string | null; error: string }): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status: 'failed',
      transport: p.transport,
      providerStatus: 'failed',
      providerErrorCode: p.errorCode,
      providerStatusAt: sql`now()`,
      attempts: sql`${outboxMessages.attempts} + 1`,
      lastError: p.error.slice(0, 1000),
    })
    .where(and(eq(outboxMessages.id, id), sql`${outboxMessages.providerMessageId} is null`));
}

/** An attempt failed. `released`: the gateway certainly has nothing, so the text is queued again; else it stays `sending` (outcome unknown). */
export async function recordTextAttemptFailed(db: DbOrTx, id: string, p: { released: boolean; error: string }): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ ...(p.released ? { status: 'queued' as const, claimedAt: null } : {}), attempts: sql`${outboxMessages.attempts} + 1`, lastError: p.error.slice(0, 1000) })
    .where(and(eq(outboxMessages.id, id), sql`${outboxMessages.providerMessageId} is null`, inArray(outboxMessages.status, ['queued', 'sending'])));
}

/** Gives up on a text whose fate at the gateway cannot be learned, rather than risk sending it twice. */
export async function recordTextOutcomeUnknown(db: DbOrTx, id: string, note: string): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'failed', lastError: note })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'sending'), sql`${outboxMessages.providerMessageId} is null`));
}

/** Which of these provider message ids already belong to an outbox row. */
export async function takenProviderMessageIds(db: DbOrTx, transport: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: outboxMessages.providerMessageId })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.transport, transport), inArray(outboxMessages.providerMessageId, ids)));
  return new Set(rows.map((r) => r.id!));
}

/** The row a status callback names, locked for the update that follows. */
export async function lockOutboxMessage(db: DbOrTx, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).for('update').limit(1);
  return row;
}

export async function updateOutboxMessage(db: DbOrTx, id: string, patch: Partial<typeof outboxMessages.$inferInsert>): Promise<void> {
  await db.update(outboxMessages).set(patch).where(eq(outboxMessages.id, id));
}
