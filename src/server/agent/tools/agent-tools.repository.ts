import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appointmentRequests, doNotCall, handoffEvents, handoffs } from '../../db/schema/index.js';
import { publishLive } from '../../features/live/live.service.js';

/** The queries the agent's tools need beyond other features' repositories. */

export async function findRequestForStatus(db: DbOrTx, organizationId: string, referenceCode: string, dateOfBirth: string) {
  const [row] = await db
    .select({ id: appointmentRequests.id, status: appointmentRequests.status, scheduledFor: appointmentRequests.scheduledFor })
    .from(appointmentRequests)
    .where(
      and(
        eq(appointmentRequests.organizationId, organizationId),
        eq(appointmentRequests.referenceCode, referenceCode),
        eq(appointmentRequests.dateOfBirth, dateOfBirth),
        ne(appointmentRequests.status, 'draft'),
      ),
    )
    .limit(1);
  return row;
}

export async function addDoNotCall(db: DbOrTx, row: { organizationId: string; phone: string; reason: string; callId: string }): Promise<void> {
  await db
    .insert(doNotCall)
    .values({ ...row, source: 'call' })
    .onConflictDoNothing({ target: [doNotCall.organizationId, doNotCall.phone] });
}

/**
 * A live transfer nobody answered: its handoff is canceled (the caller is offered a call-back,
 * which is a handoff of its own), with the reason in its history.
 */
export async function cancelLiveTransfer(ctx: { clock: { now(): Date } }, db: DbOrTx, handoffId: string, reason: string): Promise<void> {
  const now = ctx.clock.now();
  const rows = await db
    .update(handoffs)
    .set({ status: 'canceled', resolution: reason, resolvedAt: now, updatedAt: now, version: sql`${handoffs.version} + 1` })
    .where(and(eq(handoffs.id, handoffId), eq(handoffs.status, 'open')))
    .returning({ organizationId: handoffs.organizationId });
  if (rows.length === 0) return;
  await db.insert(handoffEvents).values({ handoffId, kind: 'canceled', body: reason, at: now });
  await publishLive(db, { topic: 'handoffs', organizationId: rows[0]!.organizationId, type: 'updated', id: handoffId });
}
