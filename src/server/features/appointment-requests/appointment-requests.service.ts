import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import type { StaffActor } from '../../policy/actor.js';
import { recordAudit } from '../audit/index.js';
import { resolveHandoffsOfRequest } from '../handoff-records/index.js';
import { publishLive } from '../live/index.js';
import type { OrganizationRow } from '../organizations/index.js';
import { cancelIfPending, cancelIfScheduled, insertCancelEvent, insertRescheduleEvent, rescheduleIfScheduled, type AppointmentRequestRow } from './appointment-requests.repository.js';
import { notifyPatient, SIMULATED_CALL_NOTE } from './staff-notices.js';
import { insertRequestEvent, transitionIfVersion } from './staff-requests.repository.js';

/**
 * A patient cancels their own request while it is still pending, with its history event; undefined
 * when the practice decided it meanwhile.
 */
export async function cancelPendingByPatient(
  tx: DbOrTx,
  request: { id: string; status: string },
  reason: string | null,
  at: Date,
): Promise<AppointmentRequestRow | undefined> {
  const canceled = await cancelIfPending(tx, request.id, reason, at);
  if (canceled) await insertCancelEvent(tx, request.id, request.status, reason, at);
  return canceled;
}

/**
 * A patient cancels their scheduled visit (before it begins), with its history event; undefined
 * when the practice changed it meanwhile or its time has come.
 */
export async function cancelScheduledByPatient(tx: DbOrTx, requestId: string, reason: string | null, at: Date): Promise<AppointmentRequestRow | undefined> {
  const canceled = await cancelIfScheduled(tx, requestId, reason, at);
  if (canceled) await insertCancelEvent(tx, requestId, 'scheduled', reason, at);
  return canceled;
}

/** Where staff changed the visit: on the calendar, or (an API key acting for its creator) from the practice's EHR through the FHIR API. */
const where = (actor: StaffActor) => (actor.apiKey ? 'through the practice’s API' : 'on the calendar');

/** Who moved or canceled the visit a request was scheduled for: the front desk on the calendar (or its EHR, through the API), or the patient by phone. */
export type VisitChanger = { kind: 'staff'; actor: StaffActor } | { kind: 'caller'; /** On a simulated call: the notice stays unsent. */ simulated?: boolean };

export interface RequestFollowed {
  request: AppointmentRequestRow;
  /** The outbox messages that tell the patient (e-mail, text). */
  notified: string[];
}

/**
 * The visit booked for a scheduled request moved (issue 31 §3): the request follows it — its time,
 * clinician and place, with a history event by whoever moved it — and the patient is told as when
 * staff move a scheduled request ("your appointment has moved to …", e-mail with the calendar
 * file, a text when the number may take one). Undefined when the request is not scheduled: a
 * request still pending is left for staff to decide.
 */
export async function moveScheduledWithVisit(
  ctx: AppContext,
  tx: DbOrTx,
  organization: OrganizationRow,
  requestId: string,
  to: { at: Date; clinician: string; location: string },
  by: VisitChanger,
): Promise<RequestFollowed | undefined> {
  const now = ctx.clock.now();
  const moved = await rescheduleIfScheduled(tx, requestId, to, now);
  if (!moved) return undefined;
  const staff = by.kind === 'staff' ? by.actor : null;
  await insertRescheduleEvent(tx, requestId, staff ? `Moved ${where(staff)}.` : 'Moved by the patient by phone.', now, staff ? { actorType: 'staff', actorUserId: staff.userId } : { actorType: 'agent' });
  const notified = await notifyPatient(tx, 'scheduled', moved, organization, ctx.baseUrl, { now, moved: true, unsentBecause: by.kind === 'caller' && by.simulated ? SIMULATED_CALL_NOTE : undefined });
  await publishLive(tx, { topic: 'appointment-requests', organizationId: organization.id, type: 'updated', id: requestId, data: { status: 'scheduled' } });
  await recordAudit(tx, {
    action: 'appointment_request.rescheduled',
    outcome: 'success',
    actor: staff ?? { kind: 'system', label: 'phone booking' },
    organizationId: organization.id,
    recordType: 'appointment_request',
    recordId: requestId,
    details: { with: 'visit', notified: notified.length },
  });
  return { request: moved, notified };
}

/**
 * Staff canceled the visit booked for a scheduled request on the calendar: the request is canceled
 * as when staff cancel it (scheduled → canceled, its handoffs closed `appointment_canceled`, a
 * history event by them, the reason kept on the request) and the patient is told it was canceled.
 * Undefined when the request is not scheduled.
 */
export async function cancelScheduledWithVisit(ctx: AppContext, tx: DbOrTx, organization: OrganizationRow, request: AppointmentRequestRow, reason: string | null, actor: StaffActor): Promise<RequestFollowed | undefined> {
  const now = ctx.clock.now();
  const canceled = await transitionIfVersion(tx, request.id, request.version, ['scheduled'], { status: 'canceled', cancelReason: reason, decidedBy: actor.userId }, now);
  if (!canceled) return undefined;
  await insertRequestEvent(tx, { appointmentRequestId: request.id, fromStatus: 'scheduled', toStatus: 'canceled', actorType: 'staff', actorUserId: actor.userId, note: reason ? `Visit canceled ${where(actor)}: ${reason}` : `Visit canceled ${where(actor)}.`, at: now });
  await resolveHandoffsOfRequest(ctx, tx, request.id, 'appointment_canceled', actor, `The visit was canceled ${where(actor)}.`);
  // The calendar's reason is the front desk's note ("Dr. Hart is ill"): the patient is told the visit was canceled, not why.
  const notified = await notifyPatient(tx, 'canceled', canceled, organization, ctx.baseUrl, { now });
  await publishLive(tx, { topic: 'appointment-requests', organizationId: organization.id, type: 'updated', id: request.id, data: { status: 'canceled' } });
  await recordAudit(tx, { action: 'appointment_request.canceled', outcome: 'success', actor, organizationId: organization.id, recordType: 'appointment_request', recordId: request.id, details: { from: 'scheduled', with: 'visit', notified: notified.length } });
  return { request: canceled, notified };
}

export { bookedVisitCalendar, bookedVisitCalendarFilename, visitCalendar, visitCalendarFilename, visitPlace, portalUrlOf } from './visit-calendar.js';
