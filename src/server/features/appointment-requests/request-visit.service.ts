import type { DbOrTx } from '../../db/client.js';
import { invalid } from '../../http/errors.js';
import { clinicianKey } from '../../../domain/appointment-requests/booked-visits.js';
import { calendarDirectory, visitsOfRequests, type RequestVisit } from '../calendars/index.js';

/**
 * The calendar visit of a scheduled request, when staff change the request itself (issue 31
 * follow-ups; the other way round from features/visit-changes, where a change to the visit carries
 * its request). Canceling the request cancels the visit; moving it moves the visit — both in the
 * request's transaction, through the calendar's own services, so the exclusion constraint decides
 * a taken time (409 `slot_taken`, nothing changed) as it does for a move on the calendar. The
 * patient is told once, by the request's notice.
 */

/** The request's visit on a clinician's calendar that still holds its time (booked or confirmed). */
export async function standingVisitOf(db: DbOrTx, requestId: string): Promise<RequestVisit | undefined> {
  const [visit] = await visitsOfRequests(db, [requestId]);
  return visit && (visit.status === 'booked' || visit.status === 'confirmed') ? visit : undefined;
}

/** Where the calendar visit goes: the clinician (the same one unless another of the calendar's was named) and the place (null: where the clinician is then). */
export interface VisitMove {
  clinicianId: string;
  clinicianName: string;
  locationId: string | null;
}

/**
 * Reads what the scheduling dialog gave (free text, decision 029) against the calendar. The dialog
 * opens with the visit's own clinician, place and length, so a new time alone moves the visit with
 * the same clinician. Another clinician is taken when the calendar has one of that name who sees
 * this visit type, another place when the calendar has a place of that name; a name the calendar
 * does not know, or another length (a calendar visit lasts as long as its visit type), is refused
 * beside its field, saying to move the visit on the calendar instead — a calendar visit never
 * silently ends up with a clinician or place its calendar does not have.
 */
export async function visitMoveFor(db: DbOrTx, organizationId: string, visit: RequestVisit, asked: { durationMinutes?: number; clinician?: string; location?: string }): Promise<VisitMove> {
  const directory = await calendarDirectory(db, organizationId);
  const same = (a: string, b: string) => clinicianKey(a) === clinicianKey(b);
  const fields: Record<string, string> = {};
  let clinician = { id: visit.clinicianId, name: visit.clinicianName };
  if (asked.clinician && !same(asked.clinician, visit.clinicianName)) {
    const able = directory.clinicians.filter((c) => c.active && c.visitTypeIds.includes(visit.visitTypeId));
    const found = able.find((c) => same(c.name, asked.clinician!));
    if (found) clinician = { id: found.id, name: found.name };
    else
      fields.clinician = `This visit is on ${visit.clinicianName}’s calendar: choose a clinician who sees ${visit.visitTypeNameEn} on the calendar (${able.map((c) => c.name).join(', ')}), or move the visit on the calendar.`;
  }
  let locationId: string | null = null;
  if (asked.location && !same(asked.location, visit.locationName)) {
    const places = directory.locations.filter((l) => l.active);
    const found = places.find((l) => same(l.name, asked.location!));
    if (found) locationId = found.id;
    else fields.location = `This visit is on the calendar at ${visit.locationName}: choose one of the calendar’s places (${places.map((l) => l.name).join(', ')}), or move the visit on the calendar.`;
  }
  if (asked.durationMinutes !== undefined && asked.durationMinutes !== visit.visitTypeLength) {
    fields.durationMinutes = `A ${visit.visitTypeNameEn} on the calendar lasts ${visit.visitTypeLength} minutes, as its visit type does. To change its length, cancel it and book another visit type on the calendar.`;
  }
  if (Object.keys(fields).length) throw invalid(fields);
  return { clinicianId: clinician.id, clinicianName: clinician.name, locationId };
}
