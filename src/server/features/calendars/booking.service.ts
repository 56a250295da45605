import { Temporal } from 'temporal-polyfill';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, conflict, invalid } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import type { BookHoldInput, BookInput, CalendarWarning, HoldInput, MoveVisitInput, PatientInput } from '../../../contracts/calendars.js';
import { dateAt, type SlotProblem } from '../../../domain/calendars/open-times.js';
import { HOLD_EXPIRED_REASON, HOLD_MINUTES, MOVABLE_VISIT_STATUSES, canVisitTransition, visitStatusesLeadingTo, type BookingChannel } from '../../../domain/calendars/visits.js';
import { toE164 } from '../../../domain/phone.js';
import { resolveScheduleTime } from '../../../domain/time/index.js';
import { recordAudit } from '../audit/index.js';
import { isUuid, phoneCountryOf, type OrganizationRow } from '../organizations/index.js';
import { findOrCreatePatient, findPatientOf } from '../patients/index.js';
import { bookHold, expireHolds, findVisit, insertVisit, isRefusal, moveVisit, startedBy, transitionVisit, type BookedVisitRow, type PatientColumns, type Refusal } from './booked-visits.repository.js';
import { cliniciansOf, locationsOf, visitTypesOf, type ClinicianRow, type VisitTypeRow } from './calendars.repository.js';
import { bookableVisitType, clinicianFor, nextOpenTimes, slotProblems } from './open-times.service.js';
import { presentTime } from './calendars.presenter.js';

/**
 * Holding, booking and moving a clinician's time. No double booking, ever: the check that counts
 * is the exclusion constraint on booked_visits (migration 0031), met inside each write's own
 * transaction; the checks before it only decide what to say (and, for staff, what to warn about).
 * A write the constraint refuses answers 409 `slot_taken` — "That time was just taken." — with the
 * next open times of the same clinician (decision 050).
 */

/** Who books, and through which door: their rules differ (staff are warned where others are refused). */
export interface Booker {
  channel: BookingChannel;
  /** The staff user acting; null for the phone agent or a patient on the web. */
  actor: StaffActor | null;
  /** The call the booking was made on (the phone agent). */
  callId?: string | null;
  /**
   * A simulated call (the playground, the demo's history): its caller's number is made up, so the
   * visit takes no reminders (decision 052).
   */
  simulated?: boolean;
}

export interface Booking {
  visit: BookedVisitRow;
  warnings: CalendarWarning[];
}

/**
 * Where a booking writes: the pool (each write its own transaction), or a caller's transaction —
 * the phone agent's turn — in which each write is a savepoint, so a refused time leaves the
 * caller's transaction usable and everything commits (or not) with the turn.
 */
export interface BookingContext {
  db: DbOrTx;
  clock: AppContext['clock'];
}
type Ctx = BookingContext;
const MINUTE_MS = 60_000;
export const SLOT_TAKEN_MESSAGE = 'That time was just taken.';

/** Thrown inside a transaction when the constraint refused the time; answered after the rollback. */
class TimeTaken extends Error {}

interface Target {
  visitType: VisitTypeRow;
  clinician: ClinicianRow;
  startMs: number;
  locationId: string;
  warnings: CalendarWarning[];
}

const PROBLEM_WORDS = (p: SlotProblem, t: { visitType: VisitTypeRow; clinician: ClinicianRow }): string =>
  ({
    past: 'That time has passed.',
    min_notice: `This visit type is booked at least ${notice(t.visitType.minNoticeMinutes)} ahead.`,
    too_far: `This visit type is booked at most ${t.visitType.maxDaysAhead} days ahead.`,
    unavailable: `${t.clinician.name} is not available then.`,
    office_closed: 'The office is closed then.',
    taken: SLOT_TAKEN_MESSAGE,
  })[p];

function notice(minutes: number): string {
  if (minutes % 1440 === 0) return `${minutes / 1440} day${minutes === 1440 ? '' : 's'}`;
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} minutes`;
}

const LOCAL_WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The instant a booking's `start` names: a wall time of the zone that exists, or an instant, on a whole minute. */
export function resolveStart(value: string, zone: string, field = 'start'): number {
  const ms = resolveScheduleTime(value, zone, 'start');
  if (LOCAL_WALL_TIME.test(value)) {
    const wall = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDateTime().toString({ smallestUnit: 'minute' });
    if (wall !== value) throw invalid({ [field]: 'That time does not exist on that day: the clocks go forward then.' });
  }
  if (ms % MINUTE_MS !== 0) throw invalid({ [field]: 'Use a whole minute.' });
  return ms;
}

/**
 * Checks a time for a booker: refused (409) when it has passed or is taken, and for the phone and
 * the web when it is not an open time; staff are told what is off (`warnings`) and may book it,
 * as they may schedule a request outside office hours (decision 029).
 */
async function checkTime(
  ctx: Ctx,
  organization: OrganizationRow,
  t: { visitType: VisitTypeRow; clinician: ClinicianRow; startMs: number; locationId: string | null },
  booker: Booker,
  moving?: BookedVisitRow,
): Promise<Target> {
  const ignoreVisitId = moving?.id;
  const now = ctx.clock.now();
  const { problems, locationId: availableAt } = await slotProblems(ctx.db, organization, t.visitType, t.clinician, t.startMs, now, ignoreVisitId);
  if (t.locationId && availableAt && t.locationId !== availableAt && !problems.includes('unavailable')) problems.push('unavailable');
  const refuse = async (p: SlotProblem) => {
    const nextTimes = await nextOpenTimes(ctx.db, organization, t.visitType, t.clinician, t.startMs, now);
    return conflict(PROBLEM_WORDS(p, t), p === 'taken' ? 'slot_taken' : 'slot_unavailable', { nextTimes: nextTimes.map((x) => presentTime(x, organization.timeZone)) });
  };
  for (const p of ['past', 'taken'] as const) if (problems.includes(p)) throw await refuse(p);
  if (booker.channel !== 'staff' && problems.length > 0) throw await refuse(problems[0]!);
  // Where: as asked; else where the clinician is then; a visit moved outside availability stays where it was.
  const locationId = t.locationId ?? availableAt ?? moving?.locationId ?? null;
  if (!locationId) throw invalid({ locationId: `Choose a location: ${t.clinician.name} is not available then.` });
  if (t.locationId && !(await locationsOf(ctx.db, organization.id, [t.locationId])).some((l) => l.active)) throw invalid({ locationId: 'Choose a location of this organization that is in use.' });
  return { ...t, locationId, warnings: problems.map((p) => ({ path: 'start', message: PROBLEM_WORDS(p, t) })) };
}

async function target(ctx: Ctx, organization: OrganizationRow, input: { visitTypeId: string; clinicianId: string; locationId: string | null; start: string }, booker: Booker): Promise<Target> {
  const visitType = await bookableVisitType(ctx.db, organization.id, input.visitTypeId, booker.channel, 'visitTypeId');
  const clinician = await clinicianFor(ctx.db, organization.id, input.clinicianId, visitType, 'clinicianId');
  if (input.locationId !== null && !isUuid(input.locationId)) throw invalid({ locationId: 'Choose a location of this organization.' });
  const startMs = resolveStart(input.start, organization.timeZone);
  return checkTime(ctx, organization, { visitType, clinician, startMs, locationId: input.locationId }, booker);
}

/** A refused write → 409 with the next open times (after the transaction has rolled back). */
async function slotTaken(ctx: Ctx, organization: OrganizationRow, visitType: VisitTypeRow, clinician: ClinicianRow, startMs: number): Promise<AppError> {
  const nextTimes = await nextOpenTimes(ctx.db, organization, visitType, clinician, startMs, ctx.clock.now());
  return conflict(SLOT_TAKEN_MESSAGE, 'slot_taken', { nextTimes: nextTimes.map((x) => presentTime(x, organization.timeZone)) });
}

async function takingTime<T>(ctx: Ctx, organization: OrganizationRow, t: { visitType: VisitTypeRow; clinician: ClinicianRow; startMs: number }, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof TimeTaken) throw await slotTaken(ctx, organization, t.visitType, t.clinician, t.startMs);
    throw err;
  }
}

function accepted<T>(result: T | Refusal, field = 'appointmentRequestId'): T {
  if (!isRefusal(result)) return result;
  if (result.refused === 'taken') throw new TimeTaken();
  // The only references a caller chooses freely are the patient and the request: the rest were checked.
  throw invalid(result.constraint === 'booked_visits_patient_fk' ? { patientId: 'Choose a patient of this organization.' } : { [field]: 'Choose an appointment request of this organization.' });
}

function times(t: Target) {
  const endMs = t.startMs + t.visitType.lengthMinutes * MINUTE_MS;
  return { startsAt: new Date(t.startMs), endsAt: new Date(endMs), occupiedUntil: new Date(endMs + t.visitType.bufferMinutes * MINUTE_MS) };
}

// ---------------------------------------------------------------------------------------------
// Hold, book, book a hold

/** What a hold may carry besides its time: the request it is for (a web patient's draft), and how long it keeps the time. */
export interface HoldOptions {
  appointmentRequestId?: string | null;
  minutes?: number;
}

/** Holds a time for HOLD_MINUTES (or `options.minutes`) while the caller gives their details. */
export async function holdVisit(ctx: Ctx, organization: OrganizationRow, input: HoldInput, booker: Booker, options: HoldOptions = {}): Promise<Booking> {
  const t = await target(ctx, organization, input, booker);
  const now = ctx.clock.now();
  const patient = input.patient ? patientDetails(organization, input.patient, now) : null;
  const visit = await takingTime(ctx, organization, t, () =>
    ctx.db.transaction(async (tx) => {
      await expireHolds(tx, t.clinician.id, now);
      const row = accepted(
        await insertVisit(tx, {
          ...base(organization, t, booker, now),
          status: 'held',
          heldUntil: new Date(now.getTime() + (options.minutes ?? HOLD_MINUTES) * MINUTE_MS),
          ...(patient ?? {}),
          appointmentRequestId: options.appointmentRequestId ?? null,
          notes: input.notes,
        }),
      );
      await audit(tx, booker, 'visit.held', row);
      return row;
    }),
  );
  return { visit, warnings: t.warnings };
}

/** Books a time directly, with the patient's details or record. */
export async function bookVisit(ctx: Ctx, organization: OrganizationRow, input: BookInput, booker: Booker): Promise<Booking> {
  const t = await target(ctx, organization, input, booker);
  const now = ctx.clock.now();
  const visit = await takingTime(ctx, organization, t, () =>
    ctx.db.transaction(async (tx) => {
      const patient = await patientColumns(tx, organization, t.visitType, input, booker, null, now);
      await expireHolds(tx, t.clinician.id, now);
      const row = accepted(await insertVisit(tx, { ...base(organization, t, booker, now), ...patient, status: 'booked', bookedAt: now }));
      await audit(tx, booker, 'visit.booked', row);
      return row;
    }),
  );
  return { visit, warnings: t.warnings };
}

/**
 * Books a hold. A hold past its time is still booked if nobody took its time meanwhile (the
 * constraint decides); otherwise 409 slot_taken with the next open times.
 */
export async function bookHeldVisit(ctx: Ctx, organization: OrganizationRow, visit: BookedVisitRow, input: BookHoldInput, booker: Booker): Promise<Booking> {
  const now = ctx.clock.now();
  const expired = visit.status === 'canceled' && visit.cancelReason === HOLD_EXPIRED_REASON;
  if (visit.status !== 'held' && !expired) throw conflict(visit.status === 'canceled' ? 'This visit was canceled.' : 'This visit is already booked.', 'invalid_transition');
  if (visit.startsAt.getTime() <= now.getTime()) throw conflict('That time has passed.', 'slot_unavailable');
  const [[visitType], [clinician]] = await Promise.all([visitTypesOf(ctx.db, organization.id, [visit.visitTypeId]), cliniciansOf(ctx.db, organization.id, [visit.clinicianId])]);
  const t = { visitType: visitType!, clinician: clinician!, startMs: visit.startsAt.getTime() };
  const booked = await takingTime(ctx, organization, t, () =>
    ctx.db.transaction(async (tx) => {
      const patient = await patientColumns(tx, organization, t.visitType, input, booker, visit, now);
      await expireHolds(tx, visit.clinicianId, now);
      const row = accepted(await bookHold(tx, organization.id, visit.id, now, patient));
      if (!row) throw conflict('This visit changed meanwhile. Reload it.', 'invalid_transition');
      await audit(tx, booker, 'visit.booked', row, { fromHold: true });
      return row;
    }),
  );
  return { visit: booked, warnings: [] };
}

/** Moves a booked or confirmed visit to another time (and clinician or place); a confirmed visit is to be confirmed again. */
export async function moveBookedVisit(ctx: Ctx, organization: OrganizationRow, visit: BookedVisitRow, input: MoveVisitInput, booker: Booker): Promise<Booking> {
  if (!(MOVABLE_VISIT_STATUSES as readonly string[]).includes(visit.status)) throw conflict(`A ${visit.status.replace('_', '-')} visit cannot be moved.`, 'invalid_transition');
  if (input.version !== undefined && input.version !== visit.version) throw stale(visit.version);
  const [visitType] = await visitTypesOf(ctx.db, organization.id, [visit.visitTypeId]);
  const clinician = input.clinicianId ? await clinicianFor(ctx.db, organization.id, input.clinicianId, visitType!, 'clinicianId') : (await cliniciansOf(ctx.db, organization.id, [visit.clinicianId]))[0]!;
  if (input.locationId !== null && !isUuid(input.locationId)) throw invalid({ locationId: 'Choose a location of this organization.' });
  const startMs = resolveStart(input.start, organization.timeZone);
  const t = await checkTime(ctx, organization, { visitType: visitType!, clinician, startMs, locationId: input.locationId }, booker, visit);
  const now = ctx.clock.now();
  const moved = await takingTime(ctx, organization, t, () =>
    ctx.db.transaction(async (tx) => {
      await expireHolds(tx, clinician.id, now);
      const row = accepted(
        await moveVisit(tx, visit.id, MOVABLE_VISIT_STATUSES, input.version, { clinicianId: clinician.id, locationId: t.locationId, ...times(t), status: 'booked', updatedAt: now }),
      );
      if (!row) throw await changedMeanwhile(tx, visit.id);
      await audit(tx, booker, 'visit.moved', row, { from: visit.startsAt.toISOString(), fromClinicianId: visit.clinicianId });
      return row;
    }),
  );
  return { visit: moved, warnings: t.warnings };
}

/** Cancels a hold or a visit that has not happened (held, booked, confirmed); its time is free at once. */
export async function cancelVisit(ctx: Ctx, visit: BookedVisitRow, input: { reason: string; version?: number }, booker: Booker): Promise<BookedVisitRow> {
  if (!visitStatusesLeadingTo('canceled').includes(visit.status)) throw conflict(`A ${visit.status.replace('_', '-')} visit cannot be canceled.`, 'invalid_transition');
  if (input.version !== undefined && input.version !== visit.version) throw stale(visit.version);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await transitionVisit(tx, visit.id, visitStatusesLeadingTo('canceled'), input.version, { status: 'canceled', cancelReason: input.reason || null, canceledAt: now, updatedAt: now });
    if (!row) throw await changedMeanwhile(tx, visit.id);
    await audit(tx, booker, 'visit.canceled', row, { from: visit.status });
    return row;
  });
}

/** Confirmed (by the patient), or once it has begun, completed or a no-show. */
export async function changeVisitStatus(ctx: Ctx, visit: BookedVisitRow, input: { status: 'confirmed' | 'completed' | 'no_show'; version?: number }, booker: Booker): Promise<BookedVisitRow> {
  const to = input.status;
  const words = to.replace('_', '-');
  if (!canVisitTransition(visit.status, to)) throw conflict(`A ${visit.status.replace('_', '-')} visit cannot become ${words}.`, 'invalid_transition');
  if (input.version !== undefined && input.version !== visit.version) throw stale(visit.version);
  const now = ctx.clock.now();
  const mustHaveStarted = to === 'completed' || to === 'no_show';
  if (mustHaveStarted && visit.startsAt.getTime() > now.getTime()) throw conflict(`A visit is marked ${words} once it has begun.`, 'invalid_transition');
  return ctx.db.transaction(async (tx) => {
    const row = await transitionVisit(tx, visit.id, visitStatusesLeadingTo(to), input.version, { status: to, updatedAt: now }, mustHaveStarted ? startedBy(now) : undefined);
    if (!row) throw await changedMeanwhile(tx, visit.id);
    await audit(tx, booker, `visit.${to}`, row, { from: visit.status });
    return row;
  });
}

export function stale(currentVersion: number): AppError {
  return conflict('This visit was changed elsewhere. Reload to see the latest version, then make your change again.', 'stale_version', { currentVersion });
}

/** Why a conditional write found nothing: the visit's version or status moved on. */
export async function changedMeanwhile(db: DbOrTx, id: string): Promise<AppError> {
  const now = await findVisit(db, id);
  return now ? conflict(`This visit is ${now.status.replace('_', '-')} now.`, 'invalid_transition', { currentVersion: now.version }) : conflict('This visit is gone.', 'invalid_transition');
}

// ---------------------------------------------------------------------------------------------
// Helpers

function base(organization: OrganizationRow, t: Target, booker: Booker, now: Date) {
  return {
    organizationId: organization.id,
    clinicianId: t.clinician.id,
    locationId: t.locationId,
    visitTypeId: t.visitType.id,
    ...times(t),
    channel: booker.channel,
    callId: booker.callId ?? null,
    ...(booker.simulated ? { sendReminders: false } : {}),
    createdBy: booker.actor?.apiKey ? null : (booker.actor?.userId ?? null),
    createdAt: now,
    updatedAt: now,
  };
}

/** A patient's details as the visit keeps them: the phone in E.164 by the practice's country, the e-mail in lower case. */
function patientDetails(organization: OrganizationRow, p: PatientInput, now: Date, prefix = 'patient') {
  const fields: Record<string, string> = {};
  const phone = p.phone ? toE164(p.phone, phoneCountryOf(organization.address)) : null;
  if (p.phone && !phone) fields[`${prefix}.phone`] = 'Enter a valid phone number, e.g. (860) 555-0142.';
  const today = dateAt(organization.timeZone, now.getTime());
  if (p.dateOfBirth > today) fields[`${prefix}.dateOfBirth`] = 'A date of birth is in the past.';
  else if (Number(today.slice(0, 4)) - Number(p.dateOfBirth.slice(0, 4)) > 120) fields[`${prefix}.dateOfBirth`] = 'Check the year of birth.';
  if (Object.keys(fields).length) throw invalid(fields);
  return { firstName: p.firstName, lastName: p.lastName, dateOfBirth: p.dateOfBirth, phone, email: p.email ? p.email.toLowerCase() : null, isNewPatient: p.isNewPatient };
}

/**
 * The patient columns of a booking: from the practice's patient record, or from the details given
 * (the record found or made, as a submitted request does), or those a hold already has. Phone and
 * web bookings of a visit type closed to new patients need a returning patient.
 */
async function patientColumns(
  tx: DbOrTx,
  organization: OrganizationRow,
  visitType: VisitTypeRow,
  input: { patient: PatientInput | null; patientId: string | null; appointmentRequestId: string | null; notes: string },
  booker: Booker,
  hold: BookedVisitRow | null,
  now: Date,
): Promise<PatientColumns> {
  if (input.appointmentRequestId !== null && !isUuid(input.appointmentRequestId)) throw invalid({ appointmentRequestId: 'Choose an appointment request of this organization.' });
  let columns: Omit<PatientColumns, 'appointmentRequestId' | 'notes'>;
  if (input.patientId !== null) {
    const record = isUuid(input.patientId) ? await findPatientOf(tx, organization.id, input.patientId) : undefined;
    if (!record) throw invalid({ patientId: 'Choose a patient of this organization.' });
    columns = { firstName: record.firstName, lastName: record.lastName, dateOfBirth: record.dateOfBirth, phone: record.phone, email: record.email, isNewPatient: false, patientId: record.id };
  } else if (input.patient !== null) {
    const details = patientDetails(organization, input.patient, now);
    const patientId = await findOrCreatePatient(tx, { organizationId: organization.id, ...details }, now);
    columns = { ...details, patientId };
  } else if (hold?.firstName && hold.lastName && hold.dateOfBirth) {
    const details = { firstName: hold.firstName, lastName: hold.lastName, dateOfBirth: hold.dateOfBirth, phone: hold.phone, email: hold.email, isNewPatient: hold.isNewPatient };
    const patientId = hold.patientId ?? (details.phone || details.email ? await findOrCreatePatient(tx, { organizationId: organization.id, ...details }, now) : null);
    columns = { ...details, patientId };
  } else {
    throw invalid({ patient: 'Enter the patient’s details or choose a patient.' });
  }
  if (booker.channel !== 'staff' && !visitType.newPatientsAllowed && columns.isNewPatient !== false) {
    throw conflict('New patients book this visit through the front desk.', 'new_patients_not_booked');
  }
  return { ...columns, appointmentRequestId: input.appointmentRequestId ?? hold?.appointmentRequestId ?? null, notes: input.notes || hold?.notes || '' };
}

function audit(db: DbOrTx, booker: Booker, action: string, visit: BookedVisitRow, details: Record<string, unknown> = {}) {
  return recordAudit(db, {
    action,
    outcome: 'success',
    actor: booker.actor ?? { kind: 'system', label: `${booker.channel} booking` },
    organizationId: visit.organizationId,
    recordType: 'visit',
    recordId: visit.id,
    details: { channel: booker.channel, clinicianId: visit.clinicianId, start: visit.startsAt.toISOString(), ...(booker.callId ? { callId: booker.callId } : {}), ...details },
  });
}
