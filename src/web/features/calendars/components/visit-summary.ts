import type { Visit } from '@contracts/calendars';
import { STATUS_LABELS, formatLocalRange } from './calendar-format';

export const patientName = (v: Visit) => (v.patient ? `${v.patient.firstName} ${v.patient.lastName}`.trim() : v.status === 'held' ? 'Held time (no patient yet)' : 'No patient');

/** What a visit's button says to a screen reader: "9:00 AM–9:30 AM, Jordan Ellis, Annual physical, with Dr. Rivera at Main clinic, booked". */
export function visitAccessibleName(v: Visit, country: string | null | undefined): string {
  return `${formatLocalRange(v.startLocal, v.endLocal, country)}, ${patientName(v)}, ${v.visitType.nameEn}, with ${v.clinician.name} at ${v.location.name}, ${STATUS_LABELS[v.status].toLowerCase()}`;
}
