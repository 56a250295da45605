import type { DbOrTx } from '../../db/client.js';
import { cancelIfPending, cancelIfScheduled, insertCancelEvent, type AppointmentRequestRow } from './appointment-requests.repository.js';

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

export { visitCalendar, visitCalendarFilename, visitPlace, portalUrlOf } from './visit-calendar.js';
