import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { publishLive } from '../live/index.js';
import { insertHandoffEvent, openHandoffsOfRequest, updateHandoffIfStatus } from './handoffs.repository.js';

/**
 * Closes the unresolved handoffs of an appointment request once the request is decided
 * (scheduled, declined, canceled) — in the caller's transaction, with a history event and a
 * live update each. The patient-side cancel can call it too.
 */
export async function resolveHandoffsOfRequest(
  ctx: AppContext,
  tx: DbOrTx,
  appointmentRequestId: string,
  resolution: string,
  actor: { userId: string } | null,
  note?: string,
): Promise<number> {
  return closeHandoffsOfRequest(ctx, tx, appointmentRequestId, resolution, actor, note, false);
}

/**
 * The handoff of a request the phone agent booked itself (decision 053), resolved as it is made
 * (`appointment_scheduled`) and marked settled by the agent: the request's record in the queue,
 * not work handed to a person — its call stays contained (db/handed-to-a-person.ts).
 */
export async function settleHandoffsOfAgentBooking(ctx: AppContext, tx: DbOrTx, appointmentRequestId: string, note: string): Promise<number> {
  return closeHandoffsOfRequest(ctx, tx, appointmentRequestId, 'appointment_scheduled', null, note, true);
}

async function closeHandoffsOfRequest(
  ctx: AppContext,
  tx: DbOrTx,
  appointmentRequestId: string,
  resolution: string,
  actor: { userId: string } | null,
  note: string | undefined,
  settledByAgent: boolean,
): Promise<number> {
  const now = ctx.clock.now();
  let closed = 0;
  for (const h of await openHandoffsOfRequest(tx, appointmentRequestId)) {
    const row = await updateHandoffIfStatus(
      tx,
      h.id,
      ['open', 'claimed'],
      { status: 'resolved', resolvedAt: now, resolution, assigneeId: h.assigneeId ?? actor?.userId ?? null, claimedAt: h.claimedAt ?? now, ...(settledByAgent ? { settledByAgent } : {}) },
      now,
    );
    if (!row) continue;
    closed++;
    await insertHandoffEvent(tx, { handoffId: h.id, kind: 'resolved', actorUserId: actor?.userId ?? null, body: note ?? null, data: { outcome: resolution, automatic: true }, at: now });
    await publishLive(tx, { topic: 'handoffs', organizationId: h.organizationId, type: 'updated', id: h.id, data: { status: 'resolved' } });
  }
  return closed;
}

/** The unresolved handoffs of an appointment request (the portal shows whether the patient's ask is still waiting). */
export async function unresolvedHandoffsOfRequest(db: DbOrTx, appointmentRequestId: string) {
  return openHandoffsOfRequest(db, appointmentRequestId);
}
