/**
 * Builders of the calendars API's answers for the web component tests (src/contracts/calendars.ts),
 * as plain objects: a test states what it cares about and overrides the rest.
 */
import type { Clinician, ClinicianSummary, Location, OpenTime, Visit, VisitType } from '@contracts/calendars';
import { ORG_MAPLE } from '@web/test/fixtures';

const AT = '2030-01-01T00:00:00.000Z';
export const ORG = ORG_MAPLE.id;

export function location(over: Partial<Location> = {}): Location {
  return { id: 'loc-1', organizationId: ORG, name: 'Main clinic', address: '12 Maple Street', active: true, version: 1, createdAt: AT, updatedAt: AT, ...over };
}

export function visitType(over: Partial<VisitType> = {}): VisitType {
  return {
    id: 'vt-1',
    organizationId: ORG,
    nameEn: 'Annual physical',
    nameEs: 'Examen físico anual',
    lengthMinutes: 30,
    bufferMinutes: 0,
    newPatientsAllowed: true,
    minNoticeMinutes: 0,
    maxDaysAhead: 60,
    bookableBy: ['phone', 'web', 'staff'],
    active: true,
    version: 1,
    createdAt: AT,
    updatedAt: AT,
    ...over,
  };
}

export function clinicianSummary(over: Partial<ClinicianSummary> = {}): ClinicianSummary {
  return { id: 'cl-1', organizationId: ORG, userId: null, name: 'Dr. Amara Rivera', title: 'MD', active: true, visitTypeIds: ['vt-1'], version: 4, updatedAt: AT, ...over };
}

export function clinician(over: Partial<Clinician> = {}): Clinician {
  return { ...clinicianSummary(), timeZone: 'America/New_York', weekly: [], exceptions: [], warnings: [], createdAt: AT, ...over };
}

export function openTime(startLocal: string, over: Partial<OpenTime> = {}): OpenTime {
  return {
    start: `${startLocal}:00.000Z`,
    end: `${startLocal}:00.000Z`,
    startLocal,
    clinicianId: 'cl-1',
    clinicianName: 'Dr. Amara Rivera',
    locationId: 'loc-1',
    locationName: 'Main clinic',
    ...over,
  };
}

export function visit(over: Partial<Visit> = {}): Visit {
  return {
    id: 'v-1',
    organizationId: ORG,
    status: 'booked',
    start: '2030-03-11T13:00:00.000Z',
    end: '2030-03-11T13:30:00.000Z',
    occupiedUntil: '2030-03-11T13:30:00.000Z',
    startLocal: '2030-03-11T09:00',
    endLocal: '2030-03-11T09:30',
    heldUntil: null,
    clinician: { id: 'cl-1', name: 'Dr. Amara Rivera' },
    location: { id: 'loc-1', name: 'Main clinic' },
    visitType: { id: 'vt-1', nameEn: 'Annual physical', nameEs: 'Examen físico anual', lengthMinutes: 30 },
    patient: { firstName: 'Jordan', lastName: 'Ellis', dateOfBirth: '1984-03-14', phone: '+18605550142', email: null, isNewPatient: false, patientId: 'p-1' },
    appointmentRequestId: null,
    callId: null,
    channel: 'staff',
    notes: '',
    cancelReason: null,
    bookedAt: '2030-03-01T15:00:00.000Z',
    canceledAt: null,
    version: 1,
    createdAt: AT,
    updatedAt: AT,
    ...over,
  };
}
