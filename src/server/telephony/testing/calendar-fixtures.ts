import { Temporal } from 'temporal-polyfill';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { appointmentRequests, bookedVisits, calls, clinicianAvailability, clinicians, clinicianVisitTypes, locations, visitTypes } from '../../db/schema/index.js';
import { bookVisit } from '../../features/calendars/index.js';
import { findOrganizationById } from '../../features/organizations/index.js';
import { createSubmittedRequest } from '../../features/appointment-requests/request-submission.service.js';

/**
 * A practice's calendar for the booking scenarios (issue 31 §3): one place, three visit types —
 * an annual physical booked directly by phone (new patients too), a sick visit booked by phone for
 * returning patients only, a follow-up kept for the front desk — and two clinicians:
 * Dr. Rebecca Hart (weekday mornings 9–12, Monday to Thursday afternoons 1–5) and Dr. Luis Ruiz
 * (Tuesday to Thursday afternoons 1–5).
 */
export const CALENDAR = {
  location: 'Main Street clinic',
  hart: 'Dr. Rebecca Hart',
  ruiz: 'Dr. Luis Ruiz',
};

export async function addCalendar(db: Db, organizationId: string): Promise<void> {
  const [place] = await db.insert(locations).values({ organizationId, name: CALENDAR.location, address: '1 Test Street, Hartford, CT 06103' }).returning();
  const types = await db
    .insert(visitTypes)
    .values([
      { organizationId, nameEn: 'Annual physical', nameEs: 'Examen físico anual', lengthMinutes: 30, bufferMinutes: 10, newPatientsAllowed: true, minNoticeMinutes: 24 * 60, maxDaysAhead: 30, channels: ['phone', 'web', 'staff'] },
      { organizationId, nameEn: 'Sick visit', nameEs: 'Consulta por enfermedad', lengthMinutes: 20, bufferMinutes: 5, newPatientsAllowed: false, minNoticeMinutes: 60, maxDaysAhead: 7, channels: ['phone', 'web', 'staff'] },
      { organizationId, nameEn: 'Follow-up', nameEs: 'Consulta de seguimiento', lengthMinutes: 20, bufferMinutes: 5, newPatientsAllowed: false, minNoticeMinutes: 24 * 60, maxDaysAhead: 90, channels: ['staff'] },
    ])
    .returning();
  const plan = [
    { name: CALENDAR.hart, types: types.map((v) => v.id), weekly: [...[1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '12:00' })), ...[1, 2, 3, 4].map((day) => ({ day, start: '13:00', end: '17:00' }))] },
    { name: CALENDAR.ruiz, types: types.slice(0, 2).map((v) => v.id), weekly: [2, 3, 4].map((day) => ({ day, start: '13:00', end: '17:00' })) },
  ];
  for (const c of plan) {
    const [row] = await db.insert(clinicians).values({ organizationId, name: c.name, title: 'MD' }).returning();
    await db.insert(clinicianVisitTypes).values(c.types.map((visitTypeId) => ({ clinicianId: row!.id, visitTypeId, organizationId })));
    await db.insert(clinicianAvailability).values(c.weekly.map((w) => ({ clinicianId: row!.id, organizationId, day: w.day, startTime: w.start, endTime: w.end, locationId: place!.id })));
  }
}

/** The visits a call left on the calendar, oldest first, as a person reads them (wall time of the practice). */
export async function visitsOfCall(db: Db, callSid: string) {
  const rows = await db
    .select({ v: bookedVisits, clinician: clinicians.name, place: locations.name, type: visitTypes.nameEn })
    .from(bookedVisits)
    .innerJoin(calls, eq(calls.id, bookedVisits.callId))
    .innerJoin(clinicians, eq(clinicians.id, bookedVisits.clinicianId))
    .innerJoin(locations, eq(locations.id, bookedVisits.locationId))
    .innerJoin(visitTypes, eq(visitTypes.id, bookedVisits.visitTypeId))
    .where(eq(calls.providerCallId, callSid))
    .orderBy(asc(bookedVisits.createdAt), asc(bookedVisits.startsAt));
  const out = [];
  for (const { v, clinician, place, type } of rows) {
    const org = await findOrganizationById(db, v.organizationId);
    const [request] = v.appointmentRequestId ? await db.select().from(appointmentRequests).where(and(eq(appointmentRequests.id, v.appointmentRequestId), eq(appointmentRequests.callId, v.callId!))) : [];
    out.push({
      status: v.status,
      channel: v.channel,
      visitType: type,
      start: Temporal.Instant.fromEpochMilliseconds(v.startsAt.getTime()).toZonedDateTimeISO(org!.timeZone).toPlainDateTime().toString({ smallestUnit: 'minute' }),
      clinician,
      place,
      patient: v.firstName ? `${v.firstName} ${v.lastName}, ${v.dateOfBirth}, ${v.phone}` : null,
      isNewPatient: v.isNewPatient,
      // The request staff and the portal see: scheduled for this very time, clinician and place, for the same patient.
      request: request
        ? request.status === 'scheduled' && request.scheduledFor?.getTime() === v.startsAt.getTime() && request.visitClinician === clinician && request.visitLocation === place && request.patientId === v.patientId
          ? 'scheduled for it'
          : `${request.status}, not this time`
        : null,
    });
  }
  return out;
}

/**
 * Someone else books a time the caller was offered or is holding (another caller, the front desk):
 * the practice's staff book it directly. `minutesLater`: the clock first moves on (a hold left
 * longer than its five minutes).
 */
export async function takeTime(ctx: AppContext, callSid: string, which: 'offered' | 'held', minutesLater = 0): Promise<void> {
  const [call] = await ctx.db.select().from(calls).where(eq(calls.providerCallId, callSid));
  const state = call!.agentState as { booking?: { visitTypeId: string; offered: { start: number; clinicianId: string; locationId: string }[]; hold?: { time: { start: number; clinicianId: string; locationId: string } } } };
  const time = which === 'held' ? state.booking!.hold!.time : state.booking!.offered[0]!;
  if (minutesLater) ctx.clock.advance(minutesLater * 60_000);
  const organization = await findOrganizationById(ctx.db, call!.organizationId);
  await bookVisit(
    ctx,
    organization!,
    {
      visitTypeId: state.booking!.visitTypeId,
      clinicianId: time.clinicianId,
      locationId: time.locationId,
      start: new Date(time.start).toISOString(),
      patient: { firstName: 'Other', lastName: 'Patient', dateOfBirth: '1970-01-01', phone: '+18605550199', email: '', isNewPatient: false },
      patientId: null,
      appointmentRequestId: null,
      notes: '',
    },
    { channel: 'staff', actor: null },
  );
}

/**
 * A visit booked before the call, for the scenarios that cancel or move it (issue 31 §3): an
 * annual physical with Dr. Hart at the given wall time, for the patient; with `request`, linked
 * to a submitted appointment request whose reference code the caller may give (`code`, spelled).
 */
export async function bookVisitBeforeCall(ctx: AppContext, organizationId: string, start: string, patient: { firstName: string; lastName: string; dateOfBirth: string }, opts: { request?: boolean } = {}): Promise<{ visitId: string; code: string }> {
  const organization = (await findOrganizationById(ctx.db, organizationId))!;
  const [type] = await ctx.db.select().from(visitTypes).where(and(eq(visitTypes.organizationId, organizationId), eq(visitTypes.nameEn, 'Annual physical')));
  const [hart] = await ctx.db.select().from(clinicians).where(and(eq(clinicians.organizationId, organizationId), eq(clinicians.name, CALENDAR.hart)));
  let requestId: string | null = null;
  let code = '';
  if (opts.request) {
    const { request } = await ctx.db.transaction((tx) =>
      createSubmittedRequest(ctx, tx, { organizationId, source: 'web', ...patient, phone: '+18605550123', reason: 'Annual physical', consentToContact: true }),
    );
    requestId = request.id;
    code = request.referenceCode!.replace('-', '').split('').join(' ');
  }
  const { visit } = await bookVisit(
    ctx,
    organization,
    { visitTypeId: type!.id, clinicianId: hart!.id, locationId: null, start, patient: { ...patient, phone: '+18605550123', email: '', isNewPatient: false }, patientId: null, appointmentRequestId: requestId, notes: '' },
    { channel: 'staff', actor: null },
  );
  return { visitId: visit.id, code };
}

/** A visit as a person reads it: its status, wall time and clinician. */
export async function visitById(db: Db, id: string) {
  const [row] = await db.select({ v: bookedVisits, clinician: clinicians.name }).from(bookedVisits).innerJoin(clinicians, eq(clinicians.id, bookedVisits.clinicianId)).where(eq(bookedVisits.id, id));
  const org = await findOrganizationById(db, row!.v.organizationId);
  const request = row!.v.appointmentRequestId ? (await db.select({ status: appointmentRequests.status }).from(appointmentRequests).where(eq(appointmentRequests.id, row!.v.appointmentRequestId)))[0] : undefined;
  return {
    status: row!.v.status,
    start: Temporal.Instant.fromEpochMilliseconds(row!.v.startsAt.getTime()).toZonedDateTimeISO(org!.timeZone).toPlainDateTime().toString({ smallestUnit: 'minute' }),
    clinician: row!.clinician,
    request: request?.status ?? null,
  };
}

/** The visits the cancel and move scenarios book before the call (a Friday at 9 AM): Tuesday, December 1st, 2026 at 9 AM with Dr. Hart, or the same day at 11 AM (within an annual physical's day of notice). */
const JANE = { firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03' };
export const SETUP_VISITS = {
  booked_visit: { start: '2026-12-01T09:00', patient: JANE, request: false },
  booked_visit_soon: { start: '2026-11-27T11:00', patient: JANE, request: false },
  booked_visit_with_request: { start: '2026-12-01T09:00', patient: { firstName: 'Ana', lastName: 'Torres', dateOfBirth: '1975-05-03' }, request: true },
};
