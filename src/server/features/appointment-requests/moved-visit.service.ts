import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import type { OrganizationRow } from '../organizations/index.js';
import { rescheduleIfScheduled } from './appointment-requests.repository.js';
import { notifyPatient } from './staff-notices.js';
import { insertRequestEvent } from './staff-requests.repository.js';
import type { AppointmentRequestRow } from './request-submission.service.js';

/**
 * A scheduled request follows its booked visit to another time, moved by the patient in the portal
 * (issue 31 §4, decision 055) — as `rescheduleWithVisit` does for the phone agent, but the history
 * event is the patient's and the patient is sent the "has moved" message with a calendar file
 * whose SEQUENCE (the request's version) replaces the earlier one: they did not hear the new time
 * said on a call. In the caller's transaction; undefined when the request is no longer scheduled.
 */
export async function followMovedVisit(
  ctx: Pick<AppContext, 'clock' | 'baseUrl'>,
  tx: DbOrTx,
  requestId: string,
  org: OrganizationRow,
  visit: { startsAt: Date; clinicianName: string; locationName: string },
): Promise<AppointmentRequestRow | undefined> {
  const now = ctx.clock.now();
  const moved = await rescheduleIfScheduled(tx, requestId, { at: visit.startsAt, clinician: visit.clinicianName, location: visit.locationName }, now);
  if (!moved) return undefined;
  await insertRequestEvent(tx, { appointmentRequestId: requestId, fromStatus: 'scheduled', toStatus: 'scheduled', actorType: 'patient', note: 'Moved by the patient in the portal to another open time.', at: now });
  await notifyPatient(tx, 'scheduled', moved, org, ctx.baseUrl, { now, moved: true });
  return moved;
}
