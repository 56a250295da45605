import type { DbOrTx } from '../../db/client.js';
import { cancelIfPending, cancelIfScheduled, insertCancelEvent, insertRescheduleEvent, rescheduleIfScheduled, type AppointmentRequestRow } from './appointment-requests.repository.js';

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

/**
 * The phone agent moved the visit booked for a scheduled request (issue 31 §3): the request follows
 * it, with a history event by the agent; undefined when the request is not scheduled. The patient
 * is not sent a new notice here (the agent said the new time on the call).
 */
export async function rescheduleWithVisit(tx: DbOrTx, requestId: string, to: { at: Date; clinician: string; location: string }, note: string, at: Date): Promise<AppointmentRequestRow | undefined> {
  const moved = await rescheduleIfScheduled(tx, requestId, to, at);
  if (moved) await insertRescheduleEvent(tx, requestId, note, at);
  return moved;
}

export { visitCalendar, visitCalendarFilename, visitPlace, portalUrlOf } from './visit-calendar.js';
