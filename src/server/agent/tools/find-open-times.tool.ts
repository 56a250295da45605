import { z } from 'zod';
import type { BookingState } from '../agent-types.js';
import { say } from '../messages/index.js';
import { offerSpeech, openTimesToOffer, phoneVisitType, presentOffered, releaseHold } from './booking-support.js';
import type { ToolDefinition, ToolResult } from './tool-types.js';

const schema = z.object({
  reason: z.string().trim().min(1).max(200).describe("One of the practice's visit reasons, or 'Other'"),
  reasonOther: z.string().max(500).optional().describe("The caller's own words about the reason"),
  isNewPatient: z.boolean().describe('True when the patient has never been seen at the practice'),
  preferences: z
    .object({
      days: z.array(z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])).max(7).default([]),
      timesOfDay: z.array(z.enum(['morning', 'afternoon', 'evening'])).max(3).default([]),
      earliestDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD').optional().describe("The first day the caller can come (YYYY-MM-DD, the practice's calendar)"),
      onlyDate: z.boolean().optional().describe('True when the caller named that one day ("tomorrow afternoon"): its times come first'),
      text: z.string().max(300).optional(),
    })
    .optional(),
  otherTimes: z.boolean().optional().describe('True when the caller turned down the times offered and asks for others (offered once more at most)'),
});

const notBookable = (why: string, message: string, speech = ''): ToolResult => ({ ok: true, result: { bookable: false, why, message }, speech });

/**
 * Open times to offer (issue 31 §3): when the caller's reason is a visit type the practice books
 * directly by phone (and takes this patient for), two or three real open times that fit what the
 * caller prefers, spread over days, become the call's offer. Otherwise the caller's visit is an
 * appointment request, as before.
 */
export const findOpenTimesTool: ToolDefinition<typeof schema> = {
  name: 'find_open_times',
  description:
    "Finds open times to book directly, once you have the patient's name, date of birth, the reason, whether they are new, and the days and times they prefer. When it answers bookable: offer the two or three options in one sentence, in order, and ask which the caller would like; if they turn them all down, call it again once with otherTimes true. When it answers bookable false, take an appointment request instead (create_appointment_request), as usual.",
  schema,
  async execute(env, args) {
    if (!env.org.appointments.enabled) return notBookable('not_accepting', 'This practice does not take appointments by phone.');
    const previous = env.state.booking;
    if (args.otherTimes && previous && previous.moreOffers >= 1) {
      return notBookable('no_other_times', 'Other times were offered already: take an appointment request with what the caller prefers (create_appointment_request).', `${say(env, 'booking.noOthers')} ${say(env, 'booking.passToTeam')}`);
    }
    const type = await phoneVisitType(env, args.reason, args.reasonOther, args.isNewPatient);
    if (type === 'not_booked_directly') return notBookable(type, 'The practice does not book this visit directly: take an appointment request (create_appointment_request).');
    if (type === 'new_patients_not_booked') return notBookable(type, 'New patients are not booked directly for this visit: take an appointment request (create_appointment_request).');
    const p = args.preferences;
    const ask: BookingState['ask'] = {
      reason: args.reason,
      reasonOther: args.reasonOther?.trim() || null,
      isNewPatient: args.isNewPatient,
      preferences: { days: p?.days ?? [], timesOfDay: p?.timesOfDay ?? [], ...(p?.earliestDate ? { earliestDate: p.earliestDate } : {}), ...(p?.onlyDate ? { onlyDate: true } : {}), ...(p?.text ? { text: p.text } : {}) },
    };
    const same = previous && previous.visitTypeId === type.id ? previous : undefined;
    const more = Boolean(args.otherTimes && same);
    // The next ones after those offered, unless the caller now prefers other days or times.
    const sameWishes = same && JSON.stringify({ ...same.ask.preferences, text: undefined }) === JSON.stringify({ ...ask.preferences, text: undefined });
    const after = more && sameWishes && same.offered.length ? Math.max(...same.offered.map((t) => t.start)) : undefined;
    const times = await openTimesToOffer(env, type, ask, more ? { exclude: same!.seen, otherDaysThan: same!.offered.map((t) => t.start), ...(after !== undefined ? { after } : {}) } : {});
    if (previous?.hold && !previous.booked) await releaseHold(env, previous);
    if (!times.length) {
      if (more) return notBookable('no_other_times', 'No other open time fits: take an appointment request with what the caller prefers (create_appointment_request).', `${say(env, 'booking.noOthers')} ${say(env, 'booking.passToTeam')}`);
      return notBookable('no_open_times', 'No open time fits what the caller prefers: take an appointment request (create_appointment_request).');
    }
    env.state.booking = {
      visitTypeId: type.id,
      visitTypeName: type.nameEn,
      ask,
      offered: times,
      moreOffers: (same?.moreOffers ?? 0) + (more ? 1 : 0),
      seen: [...new Set([...(same?.seen ?? []), ...times.map((t) => t.start)])],
    };
    return {
      ok: true,
      result: { bookable: true, visitType: env.state.language === 'es' ? type.nameEs : type.nameEn, options: presentOffered(env, times) },
      speech: offerSpeech(env, times, more),
    };
  },
};
