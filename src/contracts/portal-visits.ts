import { z } from 'zod';
import { text } from './patient-fields.js';

/**
 * A scheduled visit as the patient portal shows it, and what the patient may do about it
 * (`/api/portal/requests/:id/visit…`): download it as a calendar file, cancel it, ask for
 * another time. Messages are keys of the patient pages' words (validation-messages.ts).
 */

export const PortalVisit = z.object({
  startsAt: z.string(),
  durationMinutes: z.number().nullable(),
  location: z.string().nullable(),
  clinician: z.string().nullable(),
  /** The practice's address, one line. */
  address: z.string().nullable(),
  /** Same-origin path of the .ics download (the patient session's cookie opens it). */
  calendarPath: z.string(),
  /** When the patient last asked for another time, while the front desk has not yet answered. */
  anotherTimeAskedAt: z.string().nullable(),
  /**
   * The visit booked on the clinician's calendar (decision 055), or null for a visit the front desk
   * scheduled by hand: then the patient cancels or asks for another time as before.
   */
  booking: z
    .object({
      visitType: z.object({ id: z.string(), nameEn: z.string(), nameEs: z.string(), lengthMinutes: z.number() }),
      clinician: z.object({ id: z.string(), name: z.string() }),
      /** The clinicians who do this visit type: the patient may move to another one. */
      clinicians: z.array(z.object({ id: z.string(), name: z.string(), title: z.string() })),
      /** The latest moment the patient may cancel or move it here (the visit type's minimum notice). */
      changeUntil: z.string(),
      /** Before `changeUntil` now. */
      canChange: z.boolean(),
      /** Its visit type is booked on the web: the patient picks another open time themselves. */
      canMove: z.boolean(),
      maxDaysAhead: z.number(),
    })
    .nullable(),
});
export type PortalVisit = z.infer<typeof PortalVisit>;

export const VisitCancelBody = z.object({ reason: text(500, { free: true }).default('') });
export type VisitCancelBody = z.input<typeof VisitCancelBody>;

export const AnotherTimeBody = z.object({ message: text(1000, { required: true, free: true }) });
export type AnotherTimeBody = z.input<typeof AnotherTimeBody>;
