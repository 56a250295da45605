import { createEvent } from 'ics';
import { formatPostalAddress } from '../../../domain/format/address.js';
import { VISIT_MINUTES } from '../../../domain/appointment-requests/visit-slots.js';
import type { AppointmentRequestRow } from './request-submission.service.js';

export interface VisitPractice {
  name: string;
  slug: string;
  address: Record<string, unknown>;
}

type Lang = 'en' | 'es';

/** Where the visit is, as one line: the room or site the scheduler gave, then the practice's address. */
export function visitPlace(request: Pick<AppointmentRequestRow, 'visitLocation'>, org: Pick<VisitPractice, 'address'>): string | null {
  const address = formatPostalAddress(org.address);
  const parts = [request.visitLocation, address].filter((p): p is string => !!p);
  // A location typed as the address itself is not said twice.
  if (parts.length === 2 && parts[1]!.toLowerCase().startsWith(parts[0]!.toLowerCase())) return parts[1]!;
  return parts.join(', ') || null;
}

/** The portal's address for this practice: where the patient cancels or asks for another time. */
export const portalUrlOf = (baseUrl: string, slug: string) => `${baseUrl}/portal?org=${encodeURIComponent(slug)}`;

/** One visit as an RFC 5545 event (the `ics` library writes and folds it). */
interface VisitEvent {
  uid: string;
  sequence: number;
  startMs: number;
  minutes: number;
  title: string;
  lines: string[];
  place: string | null;
  url?: string;
}

function eventFile(e: VisitEvent): string {
  const { error, value } = createEvent({
    uid: e.uid,
    sequence: e.sequence,
    productId: 'switchboard/visits',
    method: 'PUBLISH',
    start: e.startMs,
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: e.minutes },
    title: e.title,
    description: e.lines.join('\n'),
    location: e.place ?? undefined,
    ...(e.url ? { url: e.url } : {}),
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('visitCalendar: no calendar written');
  return value;
}

/**
 * The scheduled visit as an RFC 5545 calendar file. Its UID is the request's, and its SEQUENCE the
 * request's version, so a calendar that imported an earlier file replaces it. No health details:
 * the reason for the visit stays out of it.
 */
export function visitCalendar(request: AppointmentRequestRow, org: VisitPractice, baseUrl: string, lang: Lang = 'en'): string {
  if (!request.scheduledFor) throw new Error('visitCalendar: the request is not scheduled');
  const es = lang === 'es';
  return eventFile({
    uid: `appointment-${request.id}@switchboard`,
    sequence: request.version,
    startMs: request.scheduledFor.getTime(),
    minutes: request.visitMinutes ?? VISIT_MINUTES.default,
    title: es ? `Cita en ${org.name}` : `Appointment at ${org.name}`,
    lines: [
      `${es ? 'Referencia' : 'Reference'}: ${request.referenceCode ?? ''}`,
      ...(request.visitClinician ? [`${es ? 'Con' : 'With'}: ${request.visitClinician}`] : []),
      `${es ? 'Para cancelar o pedir otra hora' : 'To cancel or ask for another time'}: ${portalUrlOf(baseUrl, org.slug)}`,
    ],
    place: visitPlace(request, org),
    url: portalUrlOf(baseUrl, org.slug),
  });
}

/**
 * A calendar visit with no request (booked on the calendar by staff) as a calendar file: its UID
 * is the visit's and its SEQUENCE the visit's version, so the file sent when it moves replaces the
 * booking's. It names the practice, the clinician and the place — never the visit type (as the
 * reminders do not); the visit is not in the portal, so changes go through the practice.
 */
export function bookedVisitCalendar(visit: { id: string; version: number; startsAt: Date; endsAt: Date; clinicianName: string; locationName: string }, org: Pick<VisitPractice, 'name' | 'address'>): string {
  return eventFile({
    uid: `visit-${visit.id}@switchboard`,
    sequence: visit.version,
    startMs: visit.startsAt.getTime(),
    minutes: Math.round((visit.endsAt.getTime() - visit.startsAt.getTime()) / 60_000),
    title: `Visit at ${org.name}`,
    lines: [`With: ${visit.clinicianName}`, 'To change or cancel it, call the practice.'],
    place: visitPlace({ visitLocation: visit.locationName }, org),
  });
}

export const bookedVisitCalendarFilename = (visit: { startsAt: Date }) => `visit-${visit.startsAt.toISOString().slice(0, 10)}.ics`;

export const visitCalendarFilename = (request: Pick<AppointmentRequestRow, 'referenceCode'>) => `appointment-${(request.referenceCode ?? 'visit').toLowerCase()}.ics`;
