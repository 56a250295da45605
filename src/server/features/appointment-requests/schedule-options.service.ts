import type { AppContext } from '../../app-context.js';
import type { StaffActor } from '../../policy/actor.js';
import type { ScheduleOptionsResponse } from '../../../contracts/appointment-requests.js';
import { readPreferences, suggestSlots, VISIT_MINUTES } from '../../../domain/appointment-requests/visit-slots.js';
import { clinicianKey, type BookedVisit } from '../../../domain/appointment-requests/booked-visits.js';
import { formatPostalAddress } from '../../../domain/format/address.js';
import { calleeZones } from '../../../domain/outbound/calling-window.js';
import { practiceHours } from '../public-practices/index.js';
import { loadRequestFor, MAX_AHEAD_MS } from './staff-requests.service.js';
import { scheduledVisitsBetween, visitChoices } from './staff-requests.repository.js';

/** Suggestions start this far ahead: a slot that starts before the patient could read the message is no use. */
export const SUGGESTION_LEAD_MS = 60 * 60_000;

/** Another visit as the dialog sees it: when, how long, with whom — never which patient. */
export const bookedVisitView = (v: BookedVisit) => ({ at: new Date(v.startMs).toISOString(), durationMinutes: v.minutes, clinician: v.clinician });

/**
 * What the scheduling dialog needs for one request: the patient's preferences, the practice's
 * office hours (the dialog checks a chosen slot with the same domain rules as the server), the
 * next slots that fit both and keep clear of the chosen clinician's visits, that clinician's
 * visits (for the dialog's live warning), and the practice's people and places to choose from.
 * Only this organization's scheduled visits count, this request's own excluded (it may be moving).
 */
export async function scheduleOptions(ctx: AppContext, actor: StaffActor, id: string, durationMinutes: number, clinician: string | null): Promise<ScheduleOptionsResponse> {
  const { request, org } = await loadRequestFor(ctx.db, actor, id);
  const nowMs = ctx.clock.now().getTime();
  const [hours, choices, visits] = await Promise.all([
    practiceHours(ctx.db, org),
    visitChoices(ctx.db, org.id),
    scheduledVisitsBetween(ctx.db, { organizationId: org.id, exceptId: request.id, fromMs: nowMs - VISIT_MINUTES.max * 60_000, toMs: nowMs + MAX_AHEAD_MS }),
  ]);
  const preferences = readPreferences(request.preferences);
  const slots = suggestSlots(hours, preferences, { fromMs: nowMs + SUGGESTION_LEAD_MS, minutes: durationMinutes, booked: { visits, clinician } });
  const key = clinicianKey(clinician);
  const address = formatPostalAddress(org.address);
  const byNumber = request.phone ? calleeZones({ timeZone: null, phone: request.phone }, org.timeZone) : null;
  const patientTimeZone = byNumber?.source === 'number' && byNumber.zones[0] !== org.timeZone ? byNumber.zones[0]! : null;
  const unique = (list: (string | null)[]) => [...new Set(list.filter((v): v is string => !!v))];
  return {
    timeZone: org.timeZone,
    country: typeof org.address.country === 'string' ? org.address.country : 'US',
    patientTimeZone,
    preferences,
    patientNotes: request.notes?.trim() || null,
    officeHours: {
      weekly: hours.weekly.map((w) => ({ day: w.day, start: w.start, end: w.end })),
      overrides: (hours.overrides ?? []).map((o) => ({ from: o.from, to: o.to, label: o.label, closed: o.closed, intervals: (o.intervals ?? []).map((iv) => ({ start: iv.start, end: iv.end })) })),
    },
    durationMinutes,
    clinician: key ? clinician : null,
    suggestions: slots.map((s) => ({ local: s.local, at: new Date(s.epochMs).toISOString(), fitsPreferences: s.fitsPreferences, otherVisits: s.otherVisits })),
    clinicianVisits: key ? visits.filter((v) => clinicianKey(v.clinician) === key && v.startMs + v.minutes * 60_000 > nowMs).map(bookedVisitView) : [],
    address,
    locations: unique([address, ...choices.locations]),
    clinicians: unique([...choices.clinicians, ...choices.members]),
  };
}
