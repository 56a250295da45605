import { formatVisitTime } from '../../../domain/appointment-requests/scheduling.js';
import { mayReceiveTexts } from '../../../domain/messaging/textable.js';
import type { DbOrTx } from '../../db/client.js';
import type { VisitWithNames } from '../calendars/index.js';
import type { OrganizationRow } from '../organizations/index.js';
import { sendMessage } from '../outbox/index.js';
import { bookedVisitCalendar, bookedVisitCalendarFilename } from '../appointment-requests/index.js';

export const VISIT_BOOKED_TEMPLATE = 'visit-booked';
export const VISIT_MOVED_TEMPLATE = 'visit-moved';
export const VISIT_CANCELED_TEMPLATE = 'visit-canceled';

/**
 * Tells the patient of a visit that has no scheduled request (booked on the calendar by staff, or
 * through the FHIR API) that it was booked, moved or canceled — as a booking by the agent or on the
 * web confirms one: by e-mail when the visit has an address (a booked or moved visit's with its
 * calendar file, which the next one replaces), by text when its number may take one (a number that
 * replied STOP is kept unsent by the outbox). Like the reminders, the words name the practice, the
 * time, the clinician and the place — never the visit type. A visit booked for a request is told
 * through its request instead (appointment-requests' notices: reference code, portal link).
 */
export async function sendVisitNotice(db: DbOrTx, kind: 'booked' | 'moved' | 'canceled', organization: OrganizationRow, visit: VisitWithNames, now: Date, unsentBecause?: string): Promise<string[]> {
  const country = typeof organization.address.country === 'string' ? organization.address.country : null;
  const when = formatVisitTime(visit.startsAt.getTime(), organization.timeZone, { country, nowMs: now.getTime() });
  const org = organization.name;
  const calendarLine = 'The attached calendar file (.ics) adds it to your calendar.';
  const text = {
    booked: {
      template: VISIT_BOOKED_TEMPLATE,
      subject: `Your visit with ${org} is booked`,
      body: `Your visit with ${org} is on ${when}, with ${visit.clinicianName} at ${visit.locationName}.\n\n${calendarLine}\n\nTo change or cancel it, call the practice.`,
      sms: `${org}: your visit is booked for ${when} with ${visit.clinicianName} at ${visit.locationName}. To change it, call us.`,
    },
    moved: {
      template: VISIT_MOVED_TEMPLATE,
      subject: `Your visit with ${org} has moved`,
      body: `Your visit with ${org} has moved to ${when}, with ${visit.clinicianName} at ${visit.locationName}.\n\n${calendarLine}\n\nIf this time does not suit you, call the practice.`,
      sms: `${org}: your visit has moved to ${when} with ${visit.clinicianName} at ${visit.locationName}.`,
    },
    canceled: {
      template: VISIT_CANCELED_TEMPLATE,
      subject: `Your visit with ${org} was canceled`,
      body: `Your visit with ${org} on ${when}, with ${visit.clinicianName}, was canceled.\n\nCall the practice to book another time.`,
      sms: `${org}: your visit on ${when} with ${visit.clinicianName} was canceled. Call us to book another time.`,
    },
  }[kind];
  const attachments = kind === 'canceled' ? [] : [{ filename: bookedVisitCalendarFilename(visit), contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: bookedVisitCalendar(visit, organization) }];
  const sent: string[] = [];
  if (visit.email) sent.push((await sendMessage(db, { channel: 'email', recipient: visit.email, subject: text.subject, body: text.body, template: text.template, organizationId: organization.id, attachments, unsentBecause })).id);
  if (mayReceiveTexts(visit.phone)) sent.push((await sendMessage(db, { channel: 'sms', recipient: visit.phone, body: text.sms, template: text.template, organizationId: organization.id, unsentBecause })).id);
  return sent;
}
