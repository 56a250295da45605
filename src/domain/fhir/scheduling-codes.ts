import type { VisitStatus } from '../calendars/visits.js';

/**
 * The FHIR vocabulary of the scheduling API (decision 051): the code systems of our own ids, and
 * how a visit's status reads as an Appointment's.
 */

/** Visit types as `serviceType` codings: code = the visit type's id. */
export const VISIT_TYPE_SYSTEM = 'urn:switchboard:visit-type';
/** The practice's patient record as an identifier: value = the patient's id. */
export const PATIENT_SYSTEM = 'urn:switchboard:patient';
/** The API's error codes (`slot_taken`, `not_found`, …) in OperationOutcome `details`. */
export const ERROR_SYSTEM = 'urn:switchboard:api-error';
/** SMART Scheduling Links' booking deep link on a published Slot. */
export const BOOKING_DEEP_LINK = 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-deep-link';
export const BOOKING_PHONE = 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-phone';

export type AppointmentStatus = 'proposed' | 'pending' | 'booked' | 'arrived' | 'fulfilled' | 'cancelled' | 'noshow' | 'entered-in-error' | 'checked-in' | 'waitlist';

export const APPOINTMENT_STATUS_OF: Record<VisitStatus, AppointmentStatus> = {
  held: 'pending',
  booked: 'booked',
  confirmed: 'booked',
  completed: 'fulfilled',
  canceled: 'cancelled',
  no_show: 'noshow',
};

/** The visit statuses an Appointment status search stands for (none for statuses we never use). */
export function visitStatusesFor(status: string): VisitStatus[] {
  return (Object.keys(APPOINTMENT_STATUS_OF) as VisitStatus[]).filter((s) => APPOINTMENT_STATUS_OF[s] === status);
}

/**
 * The grid a visit type's Slots lie on: the largest of 60, 30, 20 or 15 minutes that divides its
 * length (a 30-minute visit: 09:00, 09:30 …), else 15 — so a schedule's free Slots of one visit
 * type do not overlap where the length allows, and every start is one a person would say.
 */
export function slotStepMinutes(lengthMinutes: number): number {
  return [60, 30, 20, 15].find((s) => lengthMinutes % s === 0) ?? 15;
}
