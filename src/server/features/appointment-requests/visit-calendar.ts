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

/**
 * The scheduled visit as an RFC 5545 calendar file (the `ics` library writes and folds it). Its
 * UID is the request's, and its SEQUENCE the request's version, so a calendar that imported an
 * earlier file replaces it. No health details: the reason for the visit stays out of it.
 */
export function visitCalendar(request: AppointmentRequestRow, org: VisitPractice, baseUrl: string, lang: Lang = 'en'): string {
  if (!request.scheduledFor) throw new Error('visitCalendar: the request is not scheduled');
  const es = lang === 'es';
  const minutes = request.visitMinutes ?? VISIT_MINUTES.default;
  const description = [
    `${es ? 'Referencia' : 'Reference'}: ${request.referenceCode ?? ''}`,
    ...(request.visitClinician ? [`${es ? 'Con' : 'With'}: ${request.visitClinician}`] : []),
    `${es ? 'Para cancelar o pedir otra hora' : 'To cancel or ask for another time'}: ${portalUrlOf(baseUrl, org.slug)}`,
  ].join('\n');
  const { error, value } = createEvent({
    uid: `appointment-${request.id}@switchboard`,
    sequence: request.version,
    productId: 'switchboard/visits',
    method: 'PUBLISH',
    start: request.scheduledFor.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes },
    title: es ? `Cita en ${org.name}` : `Appointment at ${org.name}`,
    description,
    location: visitPlace(request, org) ?? undefined,
    url: portalUrlOf(baseUrl, org.slug),
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('visitCalendar: no calendar written');
  return value;
}

export const visitCalendarFilename = (request: Pick<AppointmentRequestRow, 'referenceCode'>) => `appointment-${(request.referenceCode ?? 'visit').toLowerCase()}.ics`;
