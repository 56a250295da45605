import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { publishLive } from '../live/live.service.js';
import { handoffDueAt } from './create-handoff.service.js';
import { countRecentPatientReplies, findHandoff, findThread, insertHandoffEvent, updateHandoffIfStatus } from './handoffs.repository.js';

/**
 * The conversation between a practice and a patient lives on a handoff: staff write with
 * "Message the patient" (`message_sent` events), the patient answers from the portal
 * (`patient_reply`). A handoff is a thread the patient may answer once staff have written on it.
 */
export interface PatientThread {
  handoffId: string;
  organizationId: string;
  appointmentRequestId: string;
}

/** The thread of a handoff of this organization about one of these requests, if staff have written on it. */
export async function patientThread(ctx: AppContext, organizationId: string, handoffId: string, requestIds: string[]): Promise<PatientThread | null> {
  const row = await findThread(ctx.db, organizationId, handoffId);
  if (!row || !row.appointmentRequestId || !requestIds.includes(row.appointmentRequestId)) return null;
  return { handoffId: row.id, organizationId: row.organizationId, appointmentRequestId: row.appointmentRequestId };
}

/** Replies the patient wrote on a handoff since `since` (the portal's per-thread limit). */
export async function patientRepliesSince(ctx: AppContext, handoffId: string, since: Date): Promise<Date[]> {
  return countRecentPatientReplies(ctx.db, handoffId, since);
}

/**
 * A patient's reply, on the handoff's history where staff work: a closed handoff goes back in
 * the queue (open, unassigned, a fresh deadline), since an answer nobody reads is lost. Staff
 * screens showing the handoff refresh at once (live event).
 */
export async function addPatientReply(tx: Tx, thread: PatientThread, body: string, patientSessionId: string, now: Date): Promise<{ eventId: number; reopened: boolean }> {
  const h = (await findHandoff(tx, thread.handoffId))!;
  let reopened = false;
  if (h.status === 'resolved' || h.status === 'canceled') {
    const dueAt = await handoffDueAt(tx, h.organizationId, h.priority, now);
    reopened = Boolean(await updateHandoffIfStatus(tx, h.id, ['resolved', 'canceled'], { status: 'open', assigneeId: null, claimedAt: null, resolvedAt: null, resolution: null, dueAt }, now));
  } else {
    await updateHandoffIfStatus(tx, h.id, ['open', 'claimed'], {}, now);
  }
  const event = await insertHandoffEvent(tx, { handoffId: h.id, kind: 'patient_reply', actorUserId: null, body, data: { by: 'patient', patientSessionId, ...(reopened ? { reopened: true, previousStatus: h.status } : {}) }, at: now });
  await publishLive(tx, { topic: 'handoffs', organizationId: h.organizationId, type: 'updated', id: h.id, data: { status: reopened ? 'open' : h.status, action: 'patient_reply' } });
  return { eventId: event.id, reopened };
}
