import { z } from 'zod';
import { OpenTimeView } from './calendars.js';
import { isoDate, typeError } from './patient-fields.js';

/**
 * A patient books a time on the web (issue 31 §4, decision 055): the visit types a practice books
 * online and their open times (`/api/public/practices/:slug/…`), a time held for the request being
 * written (`/api/public/appointment-requests/draft/hold`), booking it with the request
 * (`…/draft/book`), and the booked visit on the success page. The portal moves a booked visit the
 * same way (`/api/portal/requests/:id/visit/…`). Messages are keys of the patient pages' words
 * (validation-messages.ts). Open times carry no patient's details, only when, who and where.
 */

const Id = z.string({ error: typeError }).trim().min(1, { error: 'required' }).max(100, { error: 'tooLong:100' });
/** An instant with its offset, as the open times give it ("2026-03-03T14:40:00.000Z"). */
const Instant = z
  .string({ error: typeError })
  .trim()
  .min(1, { error: 'required' })
  .max(40, { error: 'format' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, { error: 'format' })
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'format' });

export const MAX_OPEN_TIME_DAYS = 14;

const VisitTypeName = z.object({ id: z.string(), nameEn: z.string(), nameEs: z.string(), lengthMinutes: z.number() });
const Clinician = z.object({ id: z.string(), name: z.string(), title: z.string() });

export const BookingOptionsResponse = z
  .object({
    timeZone: z.string(),
    /** How long a time picked here is kept while the patient gives their details. */
    holdMinutes: z.number(),
    /** The visit types booked online (empty: the practice takes requests only), each with the clinicians who do it. */
    visitTypes: z.array(
      VisitTypeName.extend({
        /** False: only patients who have been seen at the practice before book it themselves. */
        newPatientsAllowed: z.boolean(),
        /** The furthest date it can be booked: today in the practice's zone plus this many days. */
        maxDaysAhead: z.number(),
        clinicians: z.array(Clinician),
      }),
    ),
  })
  .meta({ id: 'PublicBookingOptions' });
export type BookingOptionsResponse = z.infer<typeof BookingOptionsResponse>;
export type BookableVisitType = BookingOptionsResponse['visitTypes'][number];

export const PublicOpenTimesQuery = z.object({
  visitTypeId: Id,
  /** One clinician; without it, the first available clinician at each time. */
  clinicianId: z.string({ error: typeError }).trim().max(100, { error: 'tooLong:100' }).optional(),
  /** The first date, in the practice's zone (today there by default). */
  from: isoDate().optional(),
  days: z.coerce
    .number({ error: 'wrongType' })
    .int({ error: 'wrongType' })
    .min(1, { error: `range:${MAX_OPEN_TIME_DAYS}` })
    .max(MAX_OPEN_TIME_DAYS, { error: `range:${MAX_OPEN_TIME_DAYS}` })
    .default(7),
});
export type PublicOpenTimesQuery = z.input<typeof PublicOpenTimesQuery>;

export const PublicOpenTimesResponse = z
  .object({
    timeZone: z.string(),
    visitTypeId: z.string(),
    /** The dates searched (the practice's zone), both included. */
    from: z.string(),
    to: z.string(),
    /** The first and last dates the visit type can be booked on today. */
    firstDate: z.string(),
    lastDate: z.string(),
    times: z.array(OpenTimeView),
    truncated: z.boolean(),
  })
  .meta({ id: 'PublicOpenTimes' });
export type PublicOpenTimesResponse = z.infer<typeof PublicOpenTimesResponse>;

/** The time the patient picked: one of the open times (its `start` and `clinicianId`). */
export const HoldTimeBody = z.object({
  visitTypeId: Id,
  clinicianId: Id,
  start: Instant,
  /** Whether the patient has been seen at the practice before; needed for a visit type closed to new patients. */
  isNewPatient: z.boolean({ error: 'wrongType' }).nullable().optional(),
});
export type HoldTimeBody = z.input<typeof HoldTimeBody>;
export type HoldTimeInput = z.infer<typeof HoldTimeBody>;

const Place = z.object({ id: z.string(), name: z.string(), address: z.string() });

export const HeldTimeView = z
  .object({
    /** `newPatientsAllowed` false: booked only for a patient who has been seen before (step 1 says so). */
    visitType: VisitTypeName.extend({ newPatientsAllowed: z.boolean() }),
    clinician: z.object({ id: z.string(), name: z.string() }),
    location: Place,
    start: z.string(),
    end: z.string(),
    /** The start as a wall time of the practice's zone, e.g. 2026-03-03T09:40. */
    startLocal: z.string(),
    timeZone: z.string(),
    /** Until when the time is kept for the patient. */
    heldUntil: z.string(),
    /** The hold ran out: booking it still works if nobody took the time meanwhile. */
    expired: z.boolean(),
  })
  .meta({ id: 'PublicHeldTime' });
export type HeldTimeView = z.infer<typeof HeldTimeView>;

export const HoldResponse = z.object({ hold: HeldTimeView.nullable() });
export type HoldResponse = z.infer<typeof HoldResponse>;

/** `website` is the honeypot of the request form (hidden from people, filled by bots). */
export const BookDraftBody = z.object({ website: z.string({ error: 'wrongType' }).max(200, { error: 'tooLong:200' }).optional() });
export type BookDraftBody = z.input<typeof BookDraftBody>;

export const BookDraftResponse = z.object({ referenceCode: z.string() });
export type BookDraftResponse = z.infer<typeof BookDraftResponse>;

/** The visit a request booked, as the success page shows it. */
export const BookedVisitView = z
  .object({
    status: z.enum(['booked', 'confirmed', 'completed', 'canceled', 'no_show']),
    visitType: VisitTypeName,
    clinician: z.object({ name: z.string() }),
    location: z.object({ name: z.string(), address: z.string() }),
    start: z.string(),
    end: z.string(),
    startLocal: z.string(),
    timeZone: z.string(),
    /** The practice's country: its clock and date order. */
    country: z.string(),
    /** Same-origin path of the calendar file (.ics) while the visit stands; null once canceled. */
    calendarPath: z.string().nullable(),
  })
  .meta({ id: 'PublicBookedVisit' });
export type BookedVisitView = z.infer<typeof BookedVisitView>;

export const SubmittedVisitResponse = z.object({ visit: BookedVisitView.nullable() });
export type SubmittedVisitResponse = z.infer<typeof SubmittedVisitResponse>;

// ——— The portal: moving a booked visit ———

export const PortalOpenTimesQuery = PublicOpenTimesQuery.omit({ visitTypeId: true });
export type PortalOpenTimesQuery = z.input<typeof PortalOpenTimesQuery>;

export const PortalHoldBody = z.object({ clinicianId: Id, start: Instant });
export type PortalHoldBody = z.input<typeof PortalHoldBody>;

export const PortalHoldResponse = z.object({ hold: HeldTimeView.extend({ id: z.string() }) });
export type PortalHoldResponse = z.infer<typeof PortalHoldResponse>;

export const PortalMoveBody = z.object({ holdId: Id });
export type PortalMoveBody = z.input<typeof PortalMoveBody>;
