import { z } from 'zod';
import { exceptionIssues, weeklyIssues } from '../domain/calendars/availability.js';
import { DEFAULT_STEP_MINUTES, STEP_MINUTES } from '../domain/calendars/open-times.js';
import { BOOKING_CHANNELS, EXCEPTION_KINDS, VISIT_STATUSES } from '../domain/calendars/visits.js';
import { DayOfWeek, EndTimeOfDay, IsoDate, TimeOfDay } from '../domain/time/hours.schema.js';
import { resolveScheduleTime } from '../domain/time/schedule.schema.js';
import { ErrorResponse } from './common.js';

/**
 * Clinicians' calendars (issue 31 §1–2, decision 050): the practice's locations, visit types and
 * clinicians (/api/organizations/:id/…, /api/locations/…, /api/visit-types/…, /api/clinicians/…),
 * each clinician's weekly availability and date exceptions, open times, and booked visits
 * (/api/organizations/:id/visits…, /api/visits/…). Times of day and dates are the practice's
 * wall clock; instants are ISO strings.
 */

const Version = z.number({ error: 'Send the version you started from.' }).int().min(0);
export const VersionQuery = z.object({ version: z.coerce.number({ error: 'Send the version you started from.' }).int().min(0) });
const Id = (what: string) => z.string({ error: `Choose ${what}.` }).min(1, { error: `Choose ${what}.` }).max(100, { error: `Choose ${what}.` });
const NoMarkup = (v: string) => !/[<>]/.test(v);
const Text = (max: number, required: string | null) => {
  const s = z.string({ error: required ?? 'Enter text.' }).trim().max(max, { error: `Use at most ${max} characters.` });
  return (required ? s.min(1, { error: required }) : s).refine(NoMarkup, { error: 'Remove < and > from this text.' });
};

export const OrganizationParams = z.object({ id: z.string().max(100) });
export const LocationParams = z.object({ locationId: z.string().max(100) });
export const VisitTypeParams = z.object({ visitTypeId: z.string().max(100) });
export const ClinicianParams = z.object({ clinicianId: z.string().max(100) });
export const ExceptionParams = z.object({ clinicianId: z.string().max(100), exceptionId: z.string().max(100) });
export const VisitParams = z.object({ visitId: z.string().max(100) });

/** Something saved that will not work as the editor may expect (e.g. availability outside office hours). */
export const CalendarWarning = z.object({ path: z.string(), message: z.string() }).meta({ id: 'CalendarWarning' });
export type CalendarWarning = z.infer<typeof CalendarWarning>;

// ---------------------------------------------------------------------------------------------
// Locations

export const LocationBody = z.object({
  name: Text(120, 'Enter a name, e.g. Main clinic.'),
  address: Text(300, null).default(''),
});
export type LocationBody = z.input<typeof LocationBody>;
export const UpdateLocationBody = z
  .object({ version: Version, name: Text(120, 'Enter a name, e.g. Main clinic.').optional(), address: Text(300, null).optional(), active: z.boolean({ error: 'Choose yes or no.' }).optional() })
  .refine((b) => b.name !== undefined || b.address !== undefined || b.active !== undefined, { error: 'Change the name, the address or whether the location is in use.' });
export type UpdateLocationBody = z.input<typeof UpdateLocationBody>;

export const LocationView = z
  .object({ id: z.string(), organizationId: z.string(), name: z.string(), address: z.string(), active: z.boolean(), version: z.number(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof LocationView>;
export const LocationListResponse = z.object({ items: z.array(LocationView) });

// ---------------------------------------------------------------------------------------------
// Visit types

export const BookingChannel = z.enum(BOOKING_CHANNELS, { error: 'Choose phone, web or staff.' });
const Minutes = (min: number, max: number, what: string) =>
  z
    .number({ error: `Enter ${what} in minutes.` })
    .int({ error: 'Use whole minutes.' })
    .min(min, { error: `Use ${min} to ${max} minutes.` })
    .max(max, { error: `Use ${min} to ${max} minutes.` });
const Channels = z
  .array(BookingChannel, { error: 'Choose who may book it: phone, web, staff.' })
  .min(1, { error: 'Choose at least one way to book it.' })
  .max(3, { error: 'Choose each way once.' })
  .refine((c) => new Set(c).size === c.length, { error: 'Choose each way once.' });

const visitTypeFields = {
  nameEn: Text(120, 'Enter the name in English, e.g. Annual physical.'),
  nameEs: Text(120, 'Enter the name in Spanish, e.g. Examen físico anual.'),
  lengthMinutes: Minutes(5, 480, 'the length'),
  bufferMinutes: Minutes(0, 240, 'the buffer'),
  /** New patients may book it themselves (phone, web); staff always may. */
  newPatientsAllowed: z.boolean({ error: 'Choose yes or no.' }),
  /** How long before its start a visit may be booked at the latest (0: up to the start). */
  minNoticeMinutes: Minutes(0, 43_200, 'the minimum notice'),
  maxDaysAhead: z.number({ error: 'Enter a number of days.' }).int({ error: 'Use whole days.' }).min(1, { error: 'Use 1 to 730 days.' }).max(730, { error: 'Use 1 to 730 days.' }),
  bookableBy: Channels,
};
export const VisitTypeBody = z.object({
  ...visitTypeFields,
  bufferMinutes: visitTypeFields.bufferMinutes.default(0),
  newPatientsAllowed: visitTypeFields.newPatientsAllowed.default(true),
  minNoticeMinutes: visitTypeFields.minNoticeMinutes.default(0),
  maxDaysAhead: visitTypeFields.maxDaysAhead.default(60),
  bookableBy: Channels.default(['phone', 'web', 'staff']),
});
export type VisitTypeBody = z.input<typeof VisitTypeBody>;
export type VisitTypeInput = z.infer<typeof VisitTypeBody>;
export const UpdateVisitTypeBody = z
  .object({
    version: Version,
    nameEn: visitTypeFields.nameEn.optional(),
    nameEs: visitTypeFields.nameEs.optional(),
    lengthMinutes: visitTypeFields.lengthMinutes.optional(),
    bufferMinutes: visitTypeFields.bufferMinutes.optional(),
    newPatientsAllowed: visitTypeFields.newPatientsAllowed.optional(),
    minNoticeMinutes: visitTypeFields.minNoticeMinutes.optional(),
    maxDaysAhead: visitTypeFields.maxDaysAhead.optional(),
    bookableBy: Channels.optional(),
    active: z.boolean({ error: 'Choose yes or no.' }).optional(),
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'version'), { error: 'Change at least one field.' });
export type UpdateVisitTypeBody = z.input<typeof UpdateVisitTypeBody>;

export const VisitTypeView = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    nameEn: z.string(),
    nameEs: z.string(),
    lengthMinutes: z.number(),
    bufferMinutes: z.number(),
    newPatientsAllowed: z.boolean(),
    minNoticeMinutes: z.number(),
    maxDaysAhead: z.number(),
    bookableBy: z.array(BookingChannel),
    active: z.boolean(),
    version: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'VisitType' });
export type VisitType = z.infer<typeof VisitTypeView>;
export const VisitTypeListResponse = z.object({ items: z.array(VisitTypeView) });

// ---------------------------------------------------------------------------------------------
// Clinicians, availability, exceptions

const VisitTypeIds = z
  .array(Id('a visit type'), { error: 'Choose the visit types.' })
  .max(200, { error: 'Choose at most 200 visit types.' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Choose each visit type once.' });

export const ClinicianBody = z
  .object({
    /** A user of the organization; null for a named outside clinician. */
    userId: z.string().max(100).nullable().default(null),
    /** Required for an outside clinician; a user's own name by default. */
    name: Text(120, null).default(''),
    title: Text(80, null).default(''),
    visitTypeIds: VisitTypeIds.default([]),
  })
  .refine((b) => b.userId !== null || b.name !== '', { error: 'Enter the clinician’s name, or choose a person of the organization.', path: ['name'] });
export type ClinicianBody = z.input<typeof ClinicianBody>;
export type ClinicianInput = z.infer<typeof ClinicianBody>;
export const UpdateClinicianBody = z
  .object({
    version: Version,
    name: Text(120, 'Enter the clinician’s name.').optional(),
    title: Text(80, null).optional(),
    active: z.boolean({ error: 'Choose yes or no.' }).optional(),
    visitTypeIds: VisitTypeIds.optional(),
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'version'), { error: 'Change at least one field.' });
export type UpdateClinicianBody = z.input<typeof UpdateClinicianBody>;

const sameDayEnd = { error: 'end must be after start (a range ends the same day; 24:00 is midnight)', path: ['end'] };
export const WeeklyRangeInput = z.object({ day: DayOfWeek, start: TimeOfDay, end: EndTimeOfDay, locationId: Id('a location') }).refine((r) => r.end > r.start, sameDayEnd);
export const TimeRangeInput = z.object({ start: TimeOfDay, end: EndTimeOfDay }).refine((r) => r.end > r.start, sameDayEnd);

export const AvailabilityBody = z
  .object({ version: Version, weekly: z.array(WeeklyRangeInput).max(100, { error: 'Use at most 100 ranges a week.' }) })
  .superRefine((b, ctx) => {
    for (const issue of weeklyIssues(b.weekly)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: b });
  });
export type AvailabilityBody = z.input<typeof AvailabilityBody>;

export const ExceptionKind = z.enum(EXCEPTION_KINDS, { error: 'Choose unavailable or available.' });
export const ExceptionBody = z
  .object({
    from: IsoDate,
    to: IsoDate,
    /** `unavailable`: leave, no hours. `available`: only these hours, at this location, on these dates. */
    kind: ExceptionKind,
    intervals: z.array(TimeRangeInput).max(24, { error: 'Use at most 24 ranges a day.' }).default([]),
    locationId: z.string().max(100).nullable().default(null),
    note: Text(200, null).default(''),
  })
  .superRefine((e, ctx) => {
    if (e.to < e.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after the start date', input: e.to });
    else if (Date.parse(e.to) - Date.parse(e.from) > 365 * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: 'an exception lasts at most a year', input: e.to });
    for (const issue of exceptionIssues(e)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: e });
  });
export type ExceptionBody = z.input<typeof ExceptionBody>;
export type ExceptionInput = z.infer<typeof ExceptionBody>;
export const UpdateExceptionBody = z.object({ version: Version, exception: ExceptionBody });
export type UpdateExceptionBody = z.input<typeof UpdateExceptionBody>;

export const WeeklyRangeView = z.object({ day: z.number(), start: z.string(), end: z.string(), locationId: z.string() }).meta({ id: 'WeeklyRange' });
export const ExceptionView = z
  .object({
    id: z.string(),
    from: z.string(),
    to: z.string(),
    kind: ExceptionKind,
    intervals: z.array(z.object({ start: z.string(), end: z.string() })),
    locationId: z.string().nullable(),
    note: z.string(),
    version: z.number(),
  })
  .meta({ id: 'ClinicianException' });
export type ClinicianException = z.infer<typeof ExceptionView>;

export const ClinicianSummary = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    userId: z.string().nullable(),
    name: z.string(),
    title: z.string(),
    active: z.boolean(),
    visitTypeIds: z.array(z.string()),
    version: z.number(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ClinicianSummary' });
export type ClinicianSummary = z.infer<typeof ClinicianSummary>;
export const ClinicianListResponse = z.object({ items: z.array(ClinicianSummary) });

export const ClinicianView = z
  .object({
    ...ClinicianSummary.shape,
    timeZone: z.string(),
    weekly: z.array(WeeklyRangeView),
    /** Running and coming exceptions, and those that ended in the last 14 days. */
    exceptions: z.array(ExceptionView),
    /** Availability that reaches outside office hours: saved, but no visit is offered then. */
    warnings: z.array(CalendarWarning),
    createdAt: z.string(),
  })
  .meta({ id: 'Clinician' });
export type Clinician = z.infer<typeof ClinicianView>;

// ---------------------------------------------------------------------------------------------
// Open times

export const OpenTimesQuery = z.object({
  visitTypeId: Id('a visit type'),
  /** First date, in the organization's zone; today there by default. */
  from: IsoDate.optional(),
  days: z.coerce.number({ error: 'Ask for 1 to 62 days.' }).int({ error: 'Ask for 1 to 62 days.' }).min(1, { error: 'Ask for 1 to 62 days.' }).max(62, { error: 'Ask for 1 to 62 days.' }).default(14),
  /** One clinician; without it, every clinician who does the visit type ("first available"). */
  clinicianId: z.string().max(100).optional(),
  locationId: z.string().max(100).optional(),
  stepMinutes: z.coerce
    .number({ error: `Use one of ${STEP_MINUTES.join(', ')} minutes.` })
    .refine((n) => (STEP_MINUTES as readonly number[]).includes(n), { error: `Use one of ${STEP_MINUTES.join(', ')} minutes.` })
    .default(DEFAULT_STEP_MINUTES),
  limit: z.coerce.number({ error: 'Ask for 1 to 500 times.' }).int({ error: 'Ask for 1 to 500 times.' }).min(1, { error: 'Ask for 1 to 500 times.' }).max(500, { error: 'Ask for 1 to 500 times.' }).default(100),
  /** Whose rules apply: the visit type must be bookable that way (staff by default). */
  channel: BookingChannel.default('staff'),
});
export type OpenTimesQuery = z.input<typeof OpenTimesQuery>;
export type OpenTimesSearch = z.infer<typeof OpenTimesQuery>;

export const OpenTimeView = z
  .object({
    start: z.string(),
    end: z.string(),
    /** The start as a wall time of the organization's zone, e.g. 2026-03-09T09:00. */
    startLocal: z.string(),
    clinicianId: z.string(),
    clinicianName: z.string(),
    locationId: z.string(),
    locationName: z.string(),
  })
  .meta({ id: 'OpenTime' });
export type OpenTime = z.infer<typeof OpenTimeView>;

export const OpenTimesResponse = z
  .object({
    timeZone: z.string(),
    visitTypeId: z.string(),
    from: z.string(),
    to: z.string(),
    stepMinutes: z.number(),
    times: z.array(OpenTimeView),
    /** More open times than `limit` were found. */
    truncated: z.boolean(),
  })
  .meta({ id: 'OpenTimes' });
export type OpenTimesResponse = z.infer<typeof OpenTimesResponse>;

// ---------------------------------------------------------------------------------------------
// Visits

const PHONE = /^[0-9+()\-. ]*$/;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
export const PatientInput = z
  .object({
    firstName: Text(100, 'Enter the patient’s first name.'),
    lastName: Text(100, 'Enter the patient’s last name.'),
    dateOfBirth: IsoDate,
    phone: z.string({ error: 'Enter a phone number.' }).trim().max(30, { error: 'Use at most 30 characters.' }).refine((v) => PHONE.test(v), { error: 'Enter a phone number with digits only.' }).default(''),
    email: z.string({ error: 'Enter an e-mail address.' }).trim().max(254, { error: 'Use at most 254 characters.' }).refine((v) => v === '' || EMAIL.test(v), { error: 'Enter an e-mail address like name@example.com.' }).default(''),
    /** Null: not asked. Phone and web bookings of a visit type closed to new patients must say false. */
    isNewPatient: z.boolean({ error: 'Choose yes or no.' }).nullable().default(null),
  })
  .refine((p) => p.phone !== '' || p.email !== '', { error: 'Enter a phone number or an e-mail address.', path: ['phone'] });
export type PatientInput = z.infer<typeof PatientInput>;

const Notes = Text(1000, null).default('');
/** A wall time "2026-03-09T09:00" of the organization's zone, or an instant with an offset. */
const Start = z
  .string({ error: 'Enter a date and time.' })
  .max(40, { error: 'Use YYYY-MM-DDTHH:MM in the organization’s time zone, or an ISO instant with an offset.' })
  .refine(
    (v) => {
      try {
        resolveScheduleTime(v, 'UTC', 'start');
        return true;
      } catch {
        return false;
      }
    },
    { error: 'Use YYYY-MM-DDTHH:MM in the organization’s time zone, or an ISO instant with an offset.' },
  );
const bookingTarget = {
  visitTypeId: Id('a visit type'),
  clinicianId: Id('a clinician'),
  /** Where: by default the location of the clinician's availability at that time. */
  locationId: z.string().max(100).nullable().default(null),
  /** A wall time "2026-03-09T09:00" in the organization's zone, or an instant with an offset. */
  start: Start,
};
const patientLink = {
  /** The patient's details, or (instead) the practice's patient record. */
  patient: PatientInput.nullable().default(null),
  patientId: z.string().max(100).nullable().default(null),
  /** The appointment request this visit answers, if any. */
  appointmentRequestId: z.string().max(100).nullable().default(null),
  notes: Notes,
};

export const HoldBody = z.object({ ...bookingTarget, patient: PatientInput.nullable().default(null), notes: Notes });
export type HoldBody = z.input<typeof HoldBody>;
export type HoldInput = z.infer<typeof HoldBody>;

export const BookBody = z
  .object({ ...bookingTarget, ...patientLink })
  .refine((b) => b.patient !== null || b.patientId !== null, { error: 'Enter the patient’s details or choose a patient.', path: ['patient'] });
export type BookBody = z.input<typeof BookBody>;
export type BookInput = z.infer<typeof BookBody>;

/** Books a hold: the patient's details unless the hold already has them. */
export const BookHoldBody = z.object(patientLink);
export type BookHoldBody = z.input<typeof BookHoldBody>;
export type BookHoldInput = z.infer<typeof BookHoldBody>;

const OptionalVersion = Version.optional();
export const CancelVisitBody = z.object({ reason: Text(500, null).default(''), version: OptionalVersion });
export type CancelVisitBody = z.input<typeof CancelVisitBody>;
export const MoveVisitBody = z.object({
  start: Start,
  /** Another clinician (default: the same one). */
  clinicianId: z.string().max(100).nullable().default(null),
  locationId: z.string().max(100).nullable().default(null),
  version: OptionalVersion,
});
export type MoveVisitBody = z.input<typeof MoveVisitBody>;
export type MoveVisitInput = z.infer<typeof MoveVisitBody>;
export const VisitStatusBody = z.object({
  status: z.enum(['confirmed', 'completed', 'no_show'], { error: 'Choose confirmed, completed or no_show.' }),
  version: OptionalVersion,
});
export type VisitStatusBody = z.input<typeof VisitStatusBody>;

export const VisitsQuery = z.object({
  /** A date in the organization's zone (today there by default): that day, or the week (Monday to Sunday) it falls in. */
  date: IsoDate.optional(),
  view: z.enum(['day', 'week'], { error: 'Choose day or week.' }).default('day'),
  clinicianId: z.string().max(100).optional(),
  locationId: z.string().max(100).optional(),
});
export type VisitsQuery = z.input<typeof VisitsQuery>;

export const VisitStatus = z.enum(VISIT_STATUSES);
export const VisitView = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    status: VisitStatus,
    start: z.string(),
    end: z.string(),
    /** The end of the buffer kept free after the visit. */
    occupiedUntil: z.string(),
    startLocal: z.string(),
    endLocal: z.string(),
    /** A hold's expiry (null once booked). */
    heldUntil: z.string().nullable(),
    clinician: z.object({ id: z.string(), name: z.string() }),
    location: z.object({ id: z.string(), name: z.string() }),
    visitType: z.object({ id: z.string(), nameEn: z.string(), nameEs: z.string(), lengthMinutes: z.number() }),
    patient: z
      .object({
        firstName: z.string(),
        lastName: z.string(),
        dateOfBirth: z.string().nullable(),
        phone: z.string().nullable(),
        email: z.string().nullable(),
        isNewPatient: z.boolean().nullable(),
        patientId: z.string().nullable(),
      })
      .nullable(),
    appointmentRequestId: z.string().nullable(),
    callId: z.string().nullable(),
    channel: BookingChannel,
    notes: z.string(),
    cancelReason: z.string().nullable(),
    bookedAt: z.string().nullable(),
    canceledAt: z.string().nullable(),
    version: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Visit' });
export type Visit = z.infer<typeof VisitView>;

/** A hold, booking or move: the visit, and what is off about its time (staff may book outside the rules). */
export const BookingResponse = z.object({ visit: VisitView, warnings: z.array(CalendarWarning) }).meta({ id: 'Booking' });
export type Booking = z.infer<typeof BookingResponse>;

export const VisitListResponse = z.object({ timeZone: z.string(), from: z.string(), to: z.string(), items: z.array(VisitView) }).meta({ id: 'VisitList' });
export type VisitListResponse = z.infer<typeof VisitListResponse>;

/** 409 of a booking: `slot_taken` ("That time was just taken") with the next open times, or another conflict. */
export const BookingConflict = z
  .object({ error: ErrorResponse.shape.error.extend({ nextTimes: z.array(OpenTimeView).optional() }) })
  .meta({ id: 'BookingConflict' });
