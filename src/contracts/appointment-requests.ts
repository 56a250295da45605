import { z } from 'zod';
import { LOCAL_DATE_TIME } from '../domain/appointment-requests/scheduling.js';
import { DAYS, TIMES_OF_DAY } from '../domain/appointment-requests/preferences.js';
import { VISIT_MINUTES, type SlotWarning } from '../domain/appointment-requests/visit-slots.js';
import { APPOINTMENT_SOURCES, APPOINTMENT_STATUSES } from '../domain/appointment-requests/state.js';
import { birthDate, comingDate, emailText, phoneText, text, typeError } from './patient-fields.js';

/**
 * Appointment requests: the staff decisions on a request (`/api/appointment-requests/:id/…`,
 * from its handoff) and the public request flow (`/api/public/…`: the practices, the
 * server-side draft, its steps, submit and the success page).
 */

const Person = z.object({ id: z.string(), name: z.string() });

// ——— Staff ———

export const RequestIdParams = z.object({ id: z.string().max(100) });

/** A request as staff see it (on its handoff, and after each decision). */
export const RequestView = z
  .object({
    id: z.string(),
    referenceCode: z.string().nullable(),
    status: z.enum(APPOINTMENT_STATUSES),
    source: z.enum(APPOINTMENT_SOURCES),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    isNewPatient: z.boolean().nullable(),
    reason: z.string().nullable(),
    reasonOther: z.string().nullable(),
    /** As stored: the web form's and the phone agent's `days`, `timesOfDay`, `earliestDate`, `text` (each may be missing). */
    preferences: z.record(z.string(), z.unknown()),
    insurance: z.object({ carrier: z.string().optional(), memberId: z.string().optional() }),
    notes: z.string().nullable(),
    consentToContact: z.boolean(),
    locale: z.string(),
    scheduledFor: z.string().nullable(),
    /** The scheduled visit's length, place and clinician (null before scheduling, or scheduled without them). */
    visit: z.object({ durationMinutes: z.number().nullable(), location: z.string().nullable(), clinician: z.string().nullable() }).nullable(),
    declineReason: z.string().nullable(),
    cancelReason: z.string().nullable(),
    decidedBy: Person.nullable(),
    version: z.number(),
    submittedAt: z.string().nullable(),
    createdAt: z.string(),
    history: z.array(z.object({ fromStatus: z.string().nullable(), toStatus: z.string(), actorType: z.string(), actorName: z.string().nullable(), note: z.string().nullable(), at: z.string() })),
  })
  .meta({ id: 'AppointmentRequestStaffView' });
export type RequestView = z.infer<typeof RequestView>;

/** Submitted requests, newest first (public API `GET /api/v1/appointment-requests`). */
export const RequestListQuery = z.object({
  organizationId: z.uuid({ error: 'Not a valid organization id.' }).optional(),
  status: z.enum(APPOINTMENT_STATUSES).exclude(['draft']).optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,20}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Use the `nextCursor` of the previous page.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type RequestListQuery = z.infer<typeof RequestListQuery>;

export const RequestListItem = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    referenceCode: z.string().nullable(),
    status: z.enum(APPOINTMENT_STATUSES),
    source: z.enum(APPOINTMENT_SOURCES),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    reason: z.string().nullable(),
    callId: z.string().nullable(),
    scheduledFor: z.string().nullable(),
    submittedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AppointmentRequestListItem' });
export const RequestListResponse = z.object({ items: z.array(RequestListItem), nextCursor: z.string().nullable() });
export type RequestListResponse = z.infer<typeof RequestListResponse>;

const Version = z.number({ error: 'Send the version you started from.' }).int().min(0);

const visitText = (max: number) =>
  z
    .string({ error: 'Enter text.' })
    .trim()
    .max(max, { error: `Use at most ${max} characters.` })
    .refine((v) => !/[<>]/.test(v), { error: 'Leave out < and >.' })
    .optional();

export const ScheduleBody = z.object({
  version: Version,
  /** Wall time in the organization's zone, as a date-time picker gives it. */
  scheduledFor: z.string({ error: 'Choose a date and time.' }).regex(LOCAL_DATE_TIME, { error: 'Choose a date and time (YYYY-MM-DDTHH:MM).' }),
  /** How long the visit lasts, in minutes. */
  durationMinutes: z
    .number({ error: 'Give the length in minutes.' })
    .int({ error: 'Give the length in whole minutes.' })
    .min(VISIT_MINUTES.min, { error: `A visit lasts at least ${VISIT_MINUTES.min} minutes.` })
    .max(VISIT_MINUTES.max, { error: `A visit lasts at most ${VISIT_MINUTES.max / 60} hours.` })
    .default(VISIT_MINUTES.default),
  /** Where: free text, or one of the practice's locations the dialog offers (its address, places used before). */
  location: visitText(200),
  /** With whom: free text, or one of the practice's people the dialog offers. */
  clinician: visitText(120),
  note: z.string().trim().max(2000, { error: 'Use at most 2000 characters.' }).optional(),
});
export type ScheduleBody = z.input<typeof ScheduleBody>;

export const SLOT_WARNINGS = ['outside_office_hours', 'not_a_preferred_day', 'not_a_preferred_time', 'before_earliest_date', 'clinician_busy'] as const satisfies readonly SlotWarning[];

/** Another visit of the same organization already scheduled: when, how long, with whom (never which patient). */
const BookedVisitView = z.object({ at: z.string(), durationMinutes: z.number(), clinician: z.string().nullable() });

/** The decision and what was off about the slot (it is not refused: the patient may have agreed to it). */
export const ScheduleResponse = z.object({
  appointmentRequest: RequestView,
  warnings: z.array(z.enum(SLOT_WARNINGS)),
  /** With `clinician_busy`: the clinician's other visits the slot overlaps, earliest first. */
  clashes: z.array(BookedVisitView),
});
export type ScheduleResponse = z.infer<typeof ScheduleResponse>;

export const ScheduleOptionsQuery = z.object({
  // An empty `?durationMinutes=` is no length given (the default), not zero minutes.
  durationMinutes: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ error: 'Give the length in minutes.' })
      .int({ error: 'Give the length in whole minutes.' })
      .min(VISIT_MINUTES.min, { error: `A visit lasts at least ${VISIT_MINUTES.min} minutes.` })
      .max(VISIT_MINUTES.max, { error: `A visit lasts at most ${VISIT_MINUTES.max / 60} hours.` })
      .default(VISIT_MINUTES.default),
  ),
  /** The clinician chosen so far: suggestions keep clear of their visits (an empty value is none chosen). */
  clinician: visitText(120),
});

/** What the scheduling dialog shows: preferences, office hours, suggested slots, the practice's people and places. */
export const ScheduleOptionsResponse = z
  .object({
    timeZone: z.string(),
    /** The organization's country (its clock: 12- or 24-hour). */
    country: z.string(),
    /**
     * The patient's zone when their number places them in one zone other than the practice's (a
     * UK mobile for a US practice); null when it is the practice's or the number cannot tell
     * (a US number spans several zones).
     */
    patientTimeZone: z.string().nullable(),
    preferences: z.object({ days: z.array(z.enum(DAYS)), timesOfDay: z.array(z.enum(TIMES_OF_DAY)), earliestDate: z.string().nullable(), text: z.string().nullable() }),
    /** What the patient wrote with the request (the web form's notes), often about when suits them. */
    patientNotes: z.string().nullable(),
    /** Office hours (not after-hours coverage), as the time engine reads them: the dialog warns with the same rules as the server. */
    officeHours: z.object({
      weekly: z.array(z.object({ day: z.number(), start: z.string(), end: z.string() })),
      overrides: z.array(z.object({ from: z.string(), to: z.string(), label: z.string(), closed: z.boolean(), intervals: z.array(z.object({ start: z.string(), end: z.string() })) })),
    }),
    durationMinutes: z.number(),
    /** The clinician the suggestions were made for (as given, trimmed), or null. */
    clinician: z.string().nullable(),
    /**
     * `otherVisits`: how many of the practice's scheduled visits (any other clinician) overlap the
     * slot. Without a clinician, slots with none come first.
     */
    suggestions: z.array(z.object({ local: z.string(), at: z.string(), fitsPreferences: z.boolean(), otherVisits: z.number() })),
    /** The chosen clinician's other scheduled visits from now on (this request's own excluded), so the dialog warns on a clash before saving; empty without a clinician. */
    clinicianVisits: z.array(BookedVisitView),
    address: z.string().nullable(),
    locations: z.array(z.string()),
    clinicians: z.array(z.string()),
  })
  .meta({ id: 'AppointmentScheduleOptions' });
export type ScheduleOptionsResponse = z.infer<typeof ScheduleOptionsResponse>;

export const DeclineBody = z.object({
  version: Version,
  reason: z.string({ error: 'Give the reason the patient will be told.' }).trim().min(1, { error: 'Give the reason the patient will be told.' }).max(1000, { error: 'Use at most 1000 characters.' }),
});
export type DeclineBody = z.infer<typeof DeclineBody>;

export const CancelRequestBody = z.object({
  version: Version,
  reason: z.string().trim().max(1000, { error: 'Use at most 1000 characters.' }).optional(),
});
export type CancelRequestBody = z.infer<typeof CancelRequestBody>;

export const TransitionResponse = z.object({ appointmentRequest: RequestView });
export type TransitionResponse = z.infer<typeof TransitionResponse>;

/** A FHIR R4 Appointment (validated loosely: its shape is FHIR's, built by the server's staff-fhir.ts). */
export const FhirAppointmentResponse = z.object({ resourceType: z.literal('Appointment'), id: z.string(), status: z.string() }).loose().meta({ id: 'FhirAppointment' });

// ——— Public: the practices ———

export const PracticeListResponse = z.object({
  /** `country`: the order the portal's sign-in reads a date of birth in for that practice (its address's; US when none). */
  items: z.array(z.object({ slug: z.string(), name: z.string(), city: z.string(), region: z.string(), country: z.string(), requestsEnabled: z.boolean() })),
});
export type PracticeListResponse = z.infer<typeof PracticeListResponse>;
export type PracticeSummary = PracticeListResponse['items'][number];

export const PracticeParams = z.object({ slug: z.string().max(100) });

export const PracticeResponse = z.object({
  slug: z.string(),
  name: z.string(),
  timeZone: z.string(),
  phone: z.string().nullable(),
  /** `phone` as people of the practice's country write it (domain/format/phone.ts): the page shows this, dials `phone`. */
  phoneDisplay: z.string().nullable(),
  /** The country whose clock and date order the page uses for this practice (its address's; US when none). */
  country: z.string(),
  address: z.object({ line1: z.string(), city: z.string(), region: z.string(), postalCode: z.string(), country: z.string() }),
  requestsEnabled: z.boolean(),
  requestMessage: z.string(),
  visitReasons: z.array(z.string()),
  /**
   * The number to call in an emergency where the practice is (999 in the UK, 911 in the US and
   * Canada). The web says its own words around it, per language — never the phone agent's message.
   */
  emergencyNumber: z.string(),
  /** Opening intervals per weekday (1 Monday – 7 Sunday), 'HH:MM' in the practice's zone. */
  weekly: z.array(z.object({ day: z.number(), start: z.string(), end: z.string() })),
  upcomingClosures: z.array(z.object({ from: z.string(), to: z.string(), label: z.string(), closed: z.boolean() })),
  status: z.object({
    open: z.boolean(),
    /** `local`, in the practice's zone: 'HH:MM', 'YYYY-MM-DD', 1 (Monday)–7, days from today. */
    nextChange: z
      .object({ at: z.string(), opens: z.boolean(), local: z.object({ time: z.string(), date: z.string(), weekday: z.number(), daysAhead: z.number() }) })
      .nullable(),
  }),
});
export type PracticeResponse = z.infer<typeof PracticeResponse>;

// ——— Public: the request flow ———

const days = z.array(z.enum(DAYS, { error: 'choice' }), { error: typeError }).max(7, { error: 'tooMany:7' });
const timesOfDay = z.array(z.enum(TIMES_OF_DAY, { error: 'choice' }), { error: typeError }).max(3, { error: 'tooMany:3' });

/** Step 1 as the patient completes it: everything required but email. */
export const Step1Body = z.object({
  firstName: text(60, { required: true, name: true }),
  lastName: text(60, { required: true, name: true }),
  dateOfBirth: birthDate(true),
  phone: phoneText(true),
  email: emailText(false),
  isNewPatient: z.boolean({ error: typeError }),
  reason: text(100, { required: true }),
  reasonOther: text(500, { free: true }).default(''),
});
/** Step 1 as the server reads it (defaults filled). */
export type Step1Input = z.infer<typeof Step1Body>;
/** Step 1 as the page sends it. */
export type Step1Body = z.input<typeof Step1Body>;

/** Step 2: preferences and insurance optional, consent required. */
export const Step2Body = z.object({
  preferredDays: days.default([]),
  timesOfDay: timesOfDay.default([]),
  earliestDate: comingDate().default(''),
  insuranceCarrier: text(100).default(''),
  insuranceMemberId: text(40, { code: true }).default(''),
  notes: text(1000, { free: true }).default(''),
  consentToContact: z.literal(true, { error: 'required' }),
});
/** Step 2 as the server reads it (defaults filled). */
export type Step2Input = z.infer<typeof Step2Body>;
/** Step 2 as the page sends it. */
export type Step2Body = z.input<typeof Step2Body>;

/** Saving as the patient types: any subset of fields, blanks allowed, nothing required. */
export const DraftPatchBody = z.object({
  firstName: text(60, { name: true }).optional(),
  lastName: text(60, { name: true }).optional(),
  dateOfBirth: birthDate().optional(),
  phone: phoneText().optional(),
  email: emailText().optional(),
  isNewPatient: z.boolean({ error: 'wrongType' }).nullable().optional(),
  reason: text(100).optional(),
  reasonOther: text(500, { free: true }).optional(),
  preferredDays: days.optional(),
  timesOfDay: timesOfDay.optional(),
  earliestDate: comingDate().optional(),
  insuranceCarrier: text(100).optional(),
  insuranceMemberId: text(40, { code: true }).optional(),
  notes: text(1000, { free: true }).optional(),
  consentToContact: z.boolean({ error: 'wrongType' }).optional(),
});
export type DraftPatch = z.infer<typeof DraftPatchBody>;

export const StartDraftBody = z.object({
  organization: z.string({ error: typeError }).trim().min(1, { error: 'required' }).max(60, { error: 'tooLong:60' }),
});
export type StartDraftBody = z.input<typeof StartDraftBody>;

/** `website` is a honeypot: hidden from people, filled by bots. */
export const SubmitBody = z.object({ website: z.string({ error: 'wrongType' }).max(200, { error: 'tooLong:200' }).optional() });
export type SubmitBody = z.input<typeof SubmitBody>;

/** The draft as the form shows it (blanks as ''). */
export const DraftFields = z.object({
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  phone: z.string(),
  email: z.string(),
  isNewPatient: z.boolean().nullable(),
  reason: z.string(),
  reasonOther: z.string(),
  preferredDays: z.array(z.string()),
  timesOfDay: z.array(z.string()),
  earliestDate: z.string(),
  insuranceCarrier: z.string(),
  insuranceMemberId: z.string(),
  notes: z.string(),
  consentToContact: z.boolean(),
});
export type DraftFields = z.infer<typeof DraftFields>;

export const DraftResponse = z.object({
  organization: z.object({ slug: z.string(), name: z.string() }),
  status: z.enum(['draft', 'submitted']),
  fields: DraftFields,
  /** The phone given, as people of the practice's country write it (the review shows this); '' when none or not a number. */
  phoneDisplay: z.string(),
  step1Complete: z.boolean(),
  step2Complete: z.boolean(),
  expiresAt: z.string(),
});
export type DraftResponse = z.infer<typeof DraftResponse>;

export const SubmitResponse = z.object({ referenceCode: z.string() });
export type SubmitResponse = z.infer<typeof SubmitResponse>;

/** When the practice will call back (src/domain/patient/callback-window.ts), flattened. */
const CallbackWindow = z.object({
  kind: z.enum(['today', 'later_today', 'tomorrow', 'weekday', 'date', 'soon', 'unknown']),
  until: z.string().optional(),
  from: z.string().optional(),
  part: z.enum(['morning', 'afternoon', 'evening']).optional(),
  weekday: z.number().optional(),
  date: z.string().optional(),
});
export type CallbackWindow = z.infer<typeof CallbackWindow>;

export const SuccessResponse = z.object({
  referenceCode: z.string(),
  /** `country`: the clock the callback window's times are said in; `phoneDisplay` the number as people there write it. */
  organization: z.object({ slug: z.string(), name: z.string(), phone: z.string().nullable(), phoneDisplay: z.string().nullable(), country: z.string(), message: z.string(), emergencyNumber: z.string() }),
  callback: CallbackWindow,
  contact: z.object({ phone: z.string().nullable(), phoneDisplay: z.string().nullable(), email: z.string().nullable() }),
  intakeUrl: z.string(),
  portalUrl: z.string(),
});
export type SuccessResponse = z.infer<typeof SuccessResponse>;
