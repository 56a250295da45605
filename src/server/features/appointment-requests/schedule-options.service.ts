import type { AppContext } from '../../app-context.js';
import type { StaffActor } from '../../policy/actor.js';
import type { ScheduleOptionsResponse } from '../../../contracts/appointment-requests.js';
import { readPreferences, suggestSlots } from '../../../domain/appointment-requests/visit-slots.js';
import { formatPostalAddress } from '../../../domain/format/address.js';
import { calleeZones } from '../../../domain/outbound/calling-window.js';
import { practiceHours } from './public-practices.service.js';
import { loadRequestFor } from './staff-requests.service.js';
import { visitChoices } from './staff-requests.repository.js';

/** Suggestions start this far ahead: a slot that starts before the patient could read the message is no use. */
const LEAD_MS = 60 * 60_000;

/**
 * What the scheduling dialog needs for one request: the patient's preferences, the practice's
 * office hours (the dialog checks a chosen slot with the same domain rules as the server), the
 * next slots that fit both, and the practice's people and places to choose from.
 */
export async function scheduleOptions(ctx: AppContext, actor: StaffActor, id: string, durationMinutes: number): Promise<ScheduleOptionsResponse> {
  const { request, org } = await loadRequestFor(ctx.db, actor, id);
  const [hours, choices] = await Promise.all([practiceHours(ctx.db, org), visitChoices(ctx.db, org.id)]);
  const preferences = readPreferences(request.preferences);
  const slots = suggestSlots(hours, preferences, { fromMs: ctx.clock.now().getTime() + LEAD_MS, minutes: durationMinutes });
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
    suggestions: slots.map((s) => ({ local: s.local, at: new Date(s.epochMs).toISOString(), fitsPreferences: s.fitsPreferences })),
    address,
    locations: unique([address, ...choices.locations]),
    clinicians: unique([...choices.clinicians, ...choices.members]),
  };
}
