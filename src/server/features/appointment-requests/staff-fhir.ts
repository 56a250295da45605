import { Temporal } from 'temporal-polyfill';
import type { AppointmentRequestRow } from './request-submission.service.js';

/** Length of a booked visit in the FHIR export (requests carry no duration of their own). */
export const DEFAULT_VISIT_MINUTES = 30;
/** How far ahead preferred days and times are spelled out as requested periods. */
const REQUESTED_DAYS = 14;
const TIME_WINDOWS: Record<string, [string, string]> = { morning: ['08:00', '12:00'], afternoon: ['12:00', '17:00'], evening: ['17:00', '20:00'] };
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

interface Period {
  start: string;
  end?: string;
}

export interface FhirAppointment {
  resourceType: 'Appointment';
  id: string;
  meta: { lastUpdated: string };
  contained?: unknown[];
  identifier: { system: string; value: string }[];
  status: 'proposed' | 'booked' | 'cancelled';
  cancelationReason?: { text: string };
  reasonCode?: { text: string }[];
  description?: string;
  start?: string;
  end?: string;
  minutesDuration?: number;
  created: string;
  comment?: string;
  requestedPeriod?: Period[];
  participant: { actor: { reference: string; display?: string }; required: 'required'; status: 'accepted' }[];
}

/**
 * An appointment request as a FHIR R4 `Appointment`: `proposed` with the patient's preferred
 * days and times as `requestedPeriod` while pending, `booked` with start and end once
 * scheduled, `cancelled` (with the reason) when declined or canceled. The patient is contained,
 * so the resource stands on its own.
 */
export function toFhirAppointment(r: AppointmentRequestRow, org: { timeZone: string }, baseUrl: string, now: Date): FhirAppointment {
  const status = r.status === 'scheduled' ? 'booked' : r.status === 'declined' || r.status === 'canceled' ? 'cancelled' : 'proposed';
  const name = [r.firstName, r.lastName].filter(Boolean).join(' ');
  const patient = {
    resourceType: 'Patient',
    id: 'patient',
    ...(r.patientId ? { identifier: [{ system: `${baseUrl}/fhir/patient`, value: r.patientId }] } : {}),
    name: [{ family: r.lastName ?? undefined, given: r.firstName ? [r.firstName] : undefined, text: name || undefined }],
    ...(r.dateOfBirth ? { birthDate: r.dateOfBirth } : {}),
    telecom: [
      ...(r.phone ? [{ system: 'phone', value: r.phone }] : []),
      ...(r.email ? [{ system: 'email', value: r.email }] : []),
    ],
  };
  const reason = [r.reason, r.reasonOther].filter(Boolean).join(' — ');
  const resource: FhirAppointment = {
    resourceType: 'Appointment',
    id: r.id,
    meta: { lastUpdated: r.updatedAt.toISOString() },
    contained: [patient],
    identifier: r.referenceCode ? [{ system: `${baseUrl}/appointment-requests`, value: r.referenceCode }] : [],
    status,
    ...(reason ? { reasonCode: [{ text: reason }], description: reason } : {}),
    created: (r.submittedAt ?? r.createdAt).toISOString(),
    ...(r.notes ? { comment: r.notes } : {}),
    participant: [{ actor: { reference: '#patient', ...(name ? { display: name } : {}) }, required: 'required', status: 'accepted' }],
  };
  if (status === 'booked' && r.scheduledFor) {
    resource.start = r.scheduledFor.toISOString();
    resource.end = new Date(r.scheduledFor.getTime() + (r.visitMinutes ?? DEFAULT_VISIT_MINUTES) * 60_000).toISOString();
    resource.minutesDuration = r.visitMinutes ?? DEFAULT_VISIT_MINUTES;
  }
  if (status === 'cancelled') {
    const why = r.status === 'declined' ? `Declined by the practice${r.declineReason ? `: ${r.declineReason}` : ''}` : r.cancelReason || 'Canceled';
    resource.cancelationReason = { text: why };
  }
  if (status === 'proposed') resource.requestedPeriod = requestedPeriods(r.preferences, org.timeZone, now);
  return resource;
}

/**
 * The preferred days (`mon`…`sun`) and times of day (morning, afternoon, evening) from the
 * earliest date (or today) as concrete periods over the next two weeks, in the organization's
 * zone; with no preference of days or times, one open period from the earliest date.
 */
export function requestedPeriods(preferences: Record<string, unknown>, zone: string, now: Date): Period[] {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone).toPlainDate();
  let first = today;
  const earliest = typeof preferences.earliestDate === 'string' ? preferences.earliestDate : undefined;
  if (earliest) {
    try {
      const date = Temporal.PlainDate.from(earliest);
      if (Temporal.PlainDate.compare(date, today) > 0) first = date;
    } catch {
      /* an unreadable date is ignored: from today */
    }
  }
  const days = strings(preferences.days).filter((d) => WEEKDAYS.includes(d));
  const times = strings(preferences.timesOfDay).filter((t) => t in TIME_WINDOWS);
  const at = (date: Temporal.PlainDate, time: string) => iso(date.toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from(time) }));
  if (days.length === 0 && times.length === 0) return [{ start: at(first, '00:00') }];
  const windows = mergeWindows(times.length ? times.map((t) => TIME_WINDOWS[t]!) : [['08:00', '20:00']]);
  const periods: Period[] = [];
  for (let i = 0; i < REQUESTED_DAYS; i++) {
    const date = first.add({ days: i });
    if (days.length && !days.includes(WEEKDAYS[date.dayOfWeek - 1]!)) continue;
    for (const [start, end] of windows) periods.push({ start: at(date, start), end: at(date, end) });
  }
  return periods;
}

function mergeWindows(windows: [string, string][]): [string, string][] {
  const sorted = [...windows].sort((a, b) => a[0].localeCompare(b[0]));
  const out: [string, string][] = [];
  for (const w of sorted) {
    const last = out[out.length - 1];
    if (last && w[0] <= last[1]) last[1] = w[1] > last[1] ? w[1] : last[1];
    else out.push([w[0], w[1]]);
  }
  return out;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** An ISO date-time with the zone's offset, as FHIR `dateTime` wants it. */
function iso(zdt: Temporal.ZonedDateTime): string {
  return zdt.toString({ timeZoneName: 'never', smallestUnit: 'second' });
}
