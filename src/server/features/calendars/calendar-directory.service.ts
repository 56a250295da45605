import type { DbOrTx } from '../../db/client.js';
import { listAvailability, listClinicians, listLocations, listVisitTypes, visitTypeIdsOf, type ClinicianRow, type LocationRow, type VisitTypeRow } from './calendars.repository.js';

/**
 * An organization's calendar records as a directory, for callers that already checked who is
 * asking (the FHIR API's Location and Schedule resources): its places, visit types, and
 * clinicians with the visit types they do and the places their weekly hours are at.
 */
export interface CalendarDirectory {
  organizationId: string;
  locations: LocationRow[];
  visitTypes: VisitTypeRow[];
  clinicians: (ClinicianRow & { visitTypeIds: string[]; locationIds: string[] })[];
}

export async function calendarDirectory(db: DbOrTx, organizationId: string): Promise<CalendarDirectory> {
  const [locations, visitTypes, clinicians] = await Promise.all([listLocations(db, organizationId), listVisitTypes(db, organizationId), listClinicians(db, organizationId)]);
  const ids = clinicians.map((c) => c.id);
  const [types, hours] = await Promise.all([visitTypeIdsOf(db, ids), listAvailability(db, ids)]);
  return {
    organizationId,
    locations,
    visitTypes,
    clinicians: clinicians.map((c) => ({
      ...c,
      visitTypeIds: types.get(c.id) ?? [],
      locationIds: [...new Set(hours.filter((h) => h.clinicianId === c.id).map((h) => h.locationId))],
    })),
  };
}
