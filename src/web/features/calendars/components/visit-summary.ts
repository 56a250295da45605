import type { Visit } from '@contracts/calendars';
import { STATUS_LABELS, formatLocalRange, shownStatus } from './calendar-format';

export const patientName = (v: Visit) => (v.patient ? `${v.patient.firstName} ${v.patient.lastName}`.trim() : v.status === 'held' ? 'Held time (no patient yet)' : 'No patient');

/** What a visit's button says to a screen reader: "9:00 AM–9:30 AM, Jordan Ellis, Annual physical, with Dr. Rivera at Main clinic, booked" (or "ended, not marked" once its time is over). */
export function visitAccessibleName(v: Visit, country: string | null | undefined, nowMs: number): string {
  return `${formatLocalRange(v.startLocal, v.endLocal, country)}, ${patientName(v)}, ${v.visitType.nameEn}, with ${v.clinician.name} at ${v.location.name}, ${STATUS_LABELS[shownStatus(v, nowMs)].toLowerCase()}`;
}
