import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { publishLive } from '../live/index.js';
import { handoffDueAt } from './create-handoff.service.js';
import { countRecentPatientReplies, findHandoff, findThread, insertHandoffEvent, raiseToUrgent, updateHandoffIfStatus } from './handoffs.repository.js';
import { alertOnDutyOfUrgentHandoff } from './urgent-alert.js';

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
  return appendReply(tx, thread.handoffId, body, { by: 'patient', patientSessionId }, now);
}

/**
 * A text message from the patient on a handoff that is a text thread (a reply to a missed-call
 * text, decision 047): the same as a portal reply — kept on the history, a closed handoff back in
 * the queue — with the message's provider id instead of a portal session.
 */
export async function addTextReply(tx: Tx, handoffId: string, body: string, text: { messageSid: string; from: string }, now: Date): Promise<{ eventId: number; reopened: boolean }> {
  return appendReply(tx, handoffId, body, { by: 'patient', channel: 'sms', messageSid: text.messageSid, from: text.from }, now);
}

async function appendReply(tx: Tx, handoffId: string, body: string, data: Record<string, unknown>, now: Date): Promise<{ eventId: number; reopened: boolean }> {
  const h = (await findHandoff(tx, handoffId))!;
  let reopened = false;
  if (h.status === 'resolved' || h.status === 'canceled') {
    const dueAt = await handoffDueAt(tx, h.organizationId, h.priority, now);
    reopened = Boolean(await updateHandoffIfStatus(tx, h.id, ['resolved', 'canceled'], { status: 'open', assigneeId: null, claimedAt: null, resolvedAt: null, resolution: null, dueAt }, now));
  } else {
    await updateHandoffIfStatus(tx, h.id, ['open', 'claimed'], {}, now);
  }
  const event = await insertHandoffEvent(tx, { handoffId: h.id, kind: 'patient_reply', actorUserId: null, body, data: { ...data, ...(reopened ? { reopened: true, previousStatus: h.status } : {}) }, at: now });
  await publishLive(tx, { topic: 'handoffs', organizationId: h.organizationId, type: 'updated', id: h.id, data: { status: reopened ? 'open' : h.status, action: 'patient_reply' } });
  return { eventId: event.id, reopened };
}

/**
 * The text the practice sent that a text thread answers (a missed-call text), at the head of the
 * thread's history: staff read what the patient replied to.
 */
export async function addSentText(tx: Tx, handoffId: string, text: { body: string; outboxMessageId: string | null; template: string; at: Date }): Promise<void> {
  await insertHandoffEvent(tx, { handoffId, kind: 'message_sent', actorUserId: null, body: text.body, data: { channel: 'sms', outboxMessageId: text.outboxMessageId, notice: 'full_text', automatic: text.template }, at: text.at });
}

/**
 * A patient's text on a thread that says something is an emergency: the handoff becomes urgent
 * (an urgent deadline, the people on duty alerted, a line in its history). Nothing when it is
 * closed or urgent already.
 */
export async function raiseThreadToUrgent(ctx: AppContext, tx: Tx, handoffId: string, why: string, now: Date): Promise<boolean> {
  const h = await findHandoff(tx, handoffId);
  if (!h) return false;
  const raised = await raiseToUrgent(tx, handoffId, await handoffDueAt(tx, h.organizationId, 'urgent', now), now);
  if (!raised) return false;
  await insertHandoffEvent(tx, { handoffId, kind: 'note', actorUserId: null, body: why, data: { priority: { from: h.priority, to: 'urgent' } }, at: now });
  await alertOnDutyOfUrgentHandoff(ctx, tx, raised);
  await publishLive(tx, { topic: 'handoffs', organizationId: h.organizationId, type: 'updated', id: h.id, data: { status: raised.status, action: 'priority' } });
  return true;
}
