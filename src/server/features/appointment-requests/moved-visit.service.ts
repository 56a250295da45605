import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import type { OrganizationRow } from '../organizations/index.js';
import { findRequestById } from './appointment-requests.repository.js';
import { notifyPatient } from './staff-notices.js';
import { insertRequestEvent, transitionIfVersion } from './staff-requests.repository.js';
import type { AppointmentRequestRow } from './request-submission.service.js';

/**
 * A scheduled request follows its booked visit to another time (the patient moved it in the portal,
 * decision 053): scheduled → scheduled with the new time, clinician and place, its history event
 * (by the patient), and the patient told as when staff move a visit — "has moved", with a calendar
 * file whose SEQUENCE (the request's version) replaces the earlier one. In the caller's
 * transaction; undefined when the request is no longer scheduled.
 */
export async function followMovedVisit(
  ctx: Pick<AppContext, 'clock' | 'baseUrl'>,
  tx: DbOrTx,
  requestId: string,
  org: OrganizationRow,
  visit: { startsAt: Date; endsAt: Date; clinicianName: string; locationName: string },
): Promise<AppointmentRequestRow | undefined> {
  const now = ctx.clock.now();
  const request = await findRequestById(tx, requestId);
  if (!request || request.status !== 'scheduled') return undefined;
  const minutes = Math.round((visit.endsAt.getTime() - visit.startsAt.getTime()) / 60_000);
  const moved = await transitionIfVersion(
    tx,
    requestId,
    request.version,
    ['scheduled'],
    { scheduledFor: visit.startsAt, visitMinutes: minutes, visitClinician: visit.clinicianName, visitLocation: visit.locationName },
    now,
  );
  if (!moved) return undefined;
  await insertRequestEvent(tx, { appointmentRequestId: requestId, fromStatus: 'scheduled', toStatus: 'scheduled', actorType: 'patient', note: 'Moved by the patient in the portal to another open time.', at: now });
  await notifyPatient(tx, 'scheduled', moved, org, ctx.baseUrl, { now, moved: true });
  return moved;
}
