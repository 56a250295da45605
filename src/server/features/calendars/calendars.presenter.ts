import { Temporal } from 'temporal-polyfill';
import type { Booking, Clinician, ClinicianException, ClinicianSummary, Location, OpenTime, OpenTimesResponse, Visit, VisitType } from '../../../contracts/calendars.js';
import type { VisitWithNames } from './booked-visits.repository.js';
import type { ClinicianRow, ExceptionRow, LocationRow, VisitTypeRow } from './calendars.repository.js';
import type { ClinicianDetail } from './clinicians.service.js';
import type { NamedOpenTime, OpenTimesAnswer } from './open-times.service.js';

/** Rows → the contract's shapes (contracts/calendars.ts). */

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** "2026-03-09T09:00": an instant as a wall time of the zone. */
export function localMinute(ms: number, zone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDateTime().toString({ smallestUnit: 'minute' });
}

export function presentLocation(l: LocationRow): Location {
  return { id: l.id, organizationId: l.organizationId, name: l.name, address: l.address, active: l.active, version: l.version, createdAt: iso(l.createdAt), updatedAt: iso(l.updatedAt) };
}

export function presentVisitType(v: VisitTypeRow): VisitType {
  return {
    id: v.id,
    organizationId: v.organizationId,
    nameEn: v.nameEn,
    nameEs: v.nameEs,
    lengthMinutes: v.lengthMinutes,
    bufferMinutes: v.bufferMinutes,
    newPatientsAllowed: v.newPatientsAllowed,
    minNoticeMinutes: v.minNoticeMinutes,
    maxDaysAhead: v.maxDaysAhead,
    bookableBy: v.channels,
    active: v.active,
    version: v.version,
    createdAt: iso(v.createdAt),
    updatedAt: iso(v.updatedAt),
  };
}

export function presentClinicianSummary(item: { clinician: ClinicianRow; visitTypeIds: string[] }): ClinicianSummary {
  const c = item.clinician;
  return { id: c.id, organizationId: c.organizationId, userId: c.userId, name: c.name, title: c.title, active: c.active, visitTypeIds: item.visitTypeIds, version: c.version, updatedAt: iso(c.updatedAt) };
}

export function presentException(e: ExceptionRow): ClinicianException {
  return { id: e.id, from: e.fromDate, to: e.toDate, kind: e.kind, intervals: e.intervals, locationId: e.locationId, note: e.note, version: e.version };
}

export function presentClinician(d: ClinicianDetail): Clinician {
  return {
    ...presentClinicianSummary(d),
    timeZone: d.organization.timeZone,
    weekly: d.weekly.map((r) => ({ day: r.day, start: r.startTime, end: r.endTime, locationId: r.locationId })),
    exceptions: d.exceptions.map(presentException),
    warnings: d.warnings.map((w) => ({ path: w.path.join('.'), message: w.message })),
    createdAt: iso(d.clinician.createdAt),
  };
}

/** An open time as the API shows it (the open-times list, and a refused booking's `nextTimes`). */
export function presentTime(t: NamedOpenTime, zone: string): OpenTime {
  return {
    start: new Date(t.start).toISOString(),
    end: new Date(t.end).toISOString(),
    startLocal: localMinute(t.start, zone),
    clinicianId: t.clinicianId,
    clinicianName: t.clinicianName,
    locationId: t.locationId,
    locationName: t.locationName,
  };
}

export function presentOpenTimes(a: OpenTimesAnswer): OpenTimesResponse {
  const zone = a.organization.timeZone;
  return { timeZone: zone, visitTypeId: a.visitType.id, from: a.fromDate, to: a.toDate, stepMinutes: a.stepMinutes, times: a.times.map((t) => presentTime(t, zone)), truncated: a.truncated };
}

export function presentVisit(v: VisitWithNames, zone: string): Visit {
  return {
    id: v.id,
    organizationId: v.organizationId,
    status: v.status,
    start: iso(v.startsAt),
    end: iso(v.endsAt),
    occupiedUntil: iso(v.occupiedUntil),
    startLocal: localMinute(v.startsAt.getTime(), zone),
    endLocal: localMinute(v.endsAt.getTime(), zone),
    heldUntil: v.status === 'held' ? isoOrNull(v.heldUntil) : null,
    clinician: { id: v.clinicianId, name: v.clinicianName },
    location: { id: v.locationId, name: v.locationName },
    visitType: { id: v.visitTypeId, nameEn: v.visitTypeNameEn, nameEs: v.visitTypeNameEs, lengthMinutes: v.visitTypeLength },
    patient:
      v.firstName !== null && v.lastName !== null
        ? { firstName: v.firstName, lastName: v.lastName, dateOfBirth: v.dateOfBirth, phone: v.phone, email: v.email, isNewPatient: v.isNewPatient, patientId: v.patientId }
        : null,
    appointmentRequestId: v.appointmentRequestId,
    callId: v.callId,
    channel: v.channel,
    notes: v.notes,
    cancelReason: v.cancelReason,
    bookedAt: isoOrNull(v.bookedAt),
    canceledAt: isoOrNull(v.canceledAt),
    version: v.version,
    createdAt: iso(v.createdAt),
    updatedAt: iso(v.updatedAt),
  };
}

export function presentBooking(b: { visit: VisitWithNames; warnings: Booking['warnings'] }, zone: string): Booking {
  return { visit: presentVisit(b.visit, zone), warnings: b.warnings };
}
