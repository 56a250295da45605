import type { AppContext } from '../../app-context.js';
import { practiceCountry } from '../../../domain/format/clock.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { isPending } from '../../../domain/appointment-requests/state.js';
import { recordAudit } from '../audit/index.js';
import { resolveHandoffsOfRequest, addPatientReply, patientRepliesSince, patientThread } from '../handoff-records/index.js';
import { issueIntakeLink } from '../intake/index.js';
import { publishLive } from '../live/index.js';
import { isUuid } from '../organizations/index.js';
import { emergencyNumber, loadPublicPracticeById, practicePhone, publicSettings } from '../public-practices/index.js';
import type { PortalMessage, PortalRequest } from '../../../contracts/portal.js';
import { PATIENT_IDLE_MINUTES } from './portal-session.js';
import { visitsOf } from './portal-visits.service.js';
import { cancelPendingByPatient } from '../appointment-requests/index.js';
import {
  eventsOf,
  intakesOf,
  messagesOf,
  requestsOf,
  type PatientSessionRow,
  type RequestRow,
} from './portal.repository.js';

const requestNotFound = () => notFound('That request');

async function present(ctx: AppContext, session: PatientSessionRow, rows: RequestRow[]) {
  const ids = rows.map((r) => r.id);
  const [events, intakes, messages, visits] = await Promise.all([
    eventsOf(ctx.db, ids),
    intakesOf(ctx.db, ids),
    messagesOf(ctx.db, session.organizationId, ids),
    visitsOf(ctx, session.organizationId, rows),
  ]);
  const chronological = [...messages].reverse();
  const message = (m: (typeof messages)[number]): PortalMessage => ({
    body: m.body ?? '',
    at: m.at.toISOString(),
    channel: m.kind === 'message_sent' && typeof m.data.channel === 'string' ? m.data.channel : null,
    from: m.kind === 'patient_reply' ? 'you' : 'practice',
  });
  const requests: PortalRequest[] = rows.map((r) => {
    const intake = intakes.find((i) => i.appointmentRequestId === r.id);
    // The reply goes to the handoff the practice last wrote from (messages are newest first).
    const lastFromPractice = messages.find((m) => m.appointmentRequestId === r.id && m.kind === 'message_sent');
    return {
      id: r.id,
      referenceCode: r.referenceCode,
      status: r.status as PortalRequest['status'],
      reason: r.reason,
      reasonOther: r.reasonOther,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      scheduledFor: r.status === 'scheduled' ? (r.scheduledFor?.toISOString() ?? null) : null,
      declineReason: r.status === 'declined' ? r.declineReason : null,
      canCancel: isPending(r.status),
      history: events
        .filter((e) => e.appointmentRequestId === r.id)
        .map((e) => ({ status: e.toStatus, at: e.at.toISOString(), by: e.actorType === 'patient' ? ('you' as const) : e.actorType === 'agent' ? ('phone_assistant' as const) : ('practice' as const) })),
      intake: { status: intake?.status ?? 'not_started', available: r.status !== 'declined' && r.status !== 'canceled' },
      messages: chronological.filter((m) => m.appointmentRequestId === r.id).map(message),
      visit: visits.get(r.id) ?? null,
      thread: lastFromPractice ? { id: lastFromPractice.handoffId } : null,
    };
  });
  return { requests, otherMessages: chronological.filter((m) => !m.appointmentRequestId || !ids.includes(m.appointmentRequestId)).map(message) };
}

/** Everything the portal shows: the practice, the patient's requests with history, intake and messages. */
export async function portalOverview(ctx: AppContext, session: PatientSessionRow) {
  const org = await loadPublicPracticeById(ctx.db, session.organizationId);
  const rows = await requestsOf(ctx.db, session);
  const { requests, otherMessages } = await present(ctx, session, rows);
  const settings = publicSettings(org);
  const firstName = rows.find((r) => r.firstName)?.firstName ?? null;
  return {
    practice: {
      slug: org.slug,
      name: org.name,
      timeZone: org.timeZone,
      country: practiceCountry(org.address),
      phone: await practicePhone(ctx.db, org.id),
      emergencyNumber: emergencyNumber(settings.country),
    },
    patient: { firstName, contact: session.contact },
    requests,
    messages: otherMessages,
    idleMinutes: PATIENT_IDLE_MINUTES,
  };
}

/** One of the patient's own requests; any other id (someone else's, another practice's, made up) is 404. */
async function ownRequest(ctx: AppContext, session: PatientSessionRow, id: string): Promise<RequestRow> {
  if (!isUuid(id)) throw requestNotFound();
  const [row] = await requestsOf(ctx.db, session, id);
  if (!row) throw requestNotFound();
  return row;
}

/**
 * Cancels a request that is not yet scheduled (or decided): one conditional UPDATE, so a staff
 * decision at the same moment and this cancel cannot both win. Otherwise 409.
 */
export async function cancelRequest(ctx: AppContext, session: PatientSessionRow, id: string, reason: string, ip: string): Promise<PortalRequest> {
  const row = await ownRequest(ctx, session, id);
  if (!isPending(row.status)) throw conflict(`This request is ${row.status.replace('_', ' ')} and can no longer be canceled here.`, 'invalid_transition', { status: row.status });
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const canceled = await cancelPendingByPatient(tx, row, reason || null, now);
    if (!canceled) return null;
    await resolveHandoffsOfRequest(ctx, tx, id, 'canceled_by_patient', null, reason ? `Canceled by the patient: ${reason}` : 'Canceled by the patient in the portal.');
    await publishLive(tx, { topic: 'appointment-requests', organizationId: row.organizationId, type: 'updated', id, data: { status: 'canceled' } });
    await recordAudit(tx, { action: 'appointment_request.canceled', outcome: 'success', actor: { kind: 'patient', id: session.id }, organizationId: row.organizationId, recordType: 'appointment_request', recordId: id, ip, details: { from: row.status, by: 'patient' } });
    return canceled;
  });
  if (!updated) {
    const [current] = await requestsOf(ctx.db, session, id);
    throw conflict('This request was decided by the practice a moment ago and can no longer be canceled here.', 'invalid_transition', { status: current?.status ?? 'unknown' });
  }
  const { requests } = await present(ctx, session, [updated]);
  return requests[0]!;
}

/** A fresh link to the intake form of one of the patient's requests. */
export async function portalIntakeLink(ctx: AppContext, session: PatientSessionRow, id: string): Promise<{ url: string }> {
  const row = await ownRequest(ctx, session, id);
  if (row.status === 'declined' || row.status === 'canceled') throw new AppError(409, 'invalid_transition', 'The intake form is not needed for a request that is closed.');
  return { url: await issueIntakeLink(ctx, ctx.db, row.id, 'portal') };
}

/** Replies per conversation per 10 minutes (besides the route's per-address limit). */
export const MAX_REPLIES_PER_THREAD = 5;
const REPLY_WINDOW_MINUTES = 10;

/**
 * The patient answers the practice: the reply lands on the handoff staff wrote from, which staff
 * see at once. Only a thread of one of this patient's own requests (any other id is 404), and
 * at most five replies per thread per 10 minutes (429 with when to try again).
 */
export async function replyToPractice(ctx: AppContext, session: PatientSessionRow, threadId: string, reply: string, ip: string): Promise<PortalRequest> {
  const threadNotFound = () => notFound('That conversation');
  if (!isUuid(threadId)) throw threadNotFound();
  const own = await requestsOf(ctx.db, session);
  const thread = await patientThread(ctx, session.organizationId, threadId, own.map((r) => r.id));
  if (!thread) throw threadNotFound();
  const now = ctx.clock.now();
  const windowStart = new Date(now.getTime() - REPLY_WINDOW_MINUTES * 60_000);
  const recent = await patientRepliesSince(ctx, thread.handoffId, windowStart);
  if (recent.length >= MAX_REPLIES_PER_THREAD) {
    const seconds = Math.max(1, Math.ceil((recent[recent.length - MAX_REPLIES_PER_THREAD]!.getTime() - windowStart.getTime()) / 1000));
    throw new AppError(429, 'reply_too_soon', `You can send another reply in ${seconds} seconds.`, { retryAfterSeconds: seconds, retryAt: new Date(now.getTime() + seconds * 1000).toISOString() });
  }
  await ctx.db.transaction(async (tx) => {
    const { eventId, reopened } = await addPatientReply(tx, thread, reply, session.id, now);
    await recordAudit(tx, {
      action: 'portal.reply',
      outcome: 'success',
      actor: { kind: 'patient', id: session.id },
      organizationId: thread.organizationId,
      recordType: 'handoff',
      recordId: thread.handoffId,
      ip,
      details: { eventId, appointmentRequestId: thread.appointmentRequestId, reopened, length: reply.length },
    });
  });
  const { requests } = await present(ctx, session, own.filter((r) => r.id === thread.appointmentRequestId));
  return requests[0]!;
}
