import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { findVisit, findVisitWithNames, moveBookedVisit } from '../../features/calendars/index.js';
import { followMove } from '../../features/visit-changes/index.js';
import { say } from '../messages/index.js';
import { clinicianOf, offerSpeech, openTimesToOffer, phoneBooker, presentOffered, refusal, timeRefused, timeSaid } from './booking-support.js';
import { currentVisit, tooSoonToChange } from './my-visit.js';
import type { ToolDefinition } from './tool-types.js';

const schema = z.object({
  option: z.number().int().min(1).max(3).optional().describe('Leave out to get open times to offer; then the option the caller chose (1 for the first said), once they said yes to moving to it'),
});

/**
 * Moves the caller's visit found by find_my_visit (issue 31 §3): without an option, open times of
 * the same visit type become the offer; with one, the visit is moved there (the same visit), its
 * scheduled request follows it and the patient is sent the new time, as a booking is confirmed.
 */
export const moveVisitTool: ToolDefinition<typeof schema> = {
  name: 'move_visit',
  description:
    "Moves the caller's visit found with find_my_visit. Call it first without option: offer the two or three times it answers and ask which. Read the chosen one back, and after a clear yes call it with that option. If it answers tooSoon, offer a call-back from staff (request_callback); if slot_taken, offer the new options.",
  schema,
  async execute(env, args) {
    const mine = currentVisit(env);
    const mv = env.state.myVisit;
    if (!mine || !mv) return { ok: false, result: { error: 'no_visit', message: 'Find the visit first (find_my_visit).' }, speech: '' };
    const type = (await env.visitTypes()).find((t) => t.id === mine.visitTypeId);
    if (!type || tooSoonToChange(mine.start, type.minNoticeMinutes, env.now.getTime())) return { ok: false, result: { error: 'too_soon', message: 'Too close to the visit to change by phone: offer a call-back from staff.' }, speech: say(env, 'change.tooSoon') };
    if (args.option === undefined) {
      const times = (await openTimesToOffer(env, type, { reason: type.nameEn, reasonOther: null, isNewPatient: false, preferences: { days: [], timesOfDay: [] } }, { exclude: [mine.start] })).filter((t) => t.start !== mine.start);
      mv.offered = times;
      if (!times.length) return { ok: true, result: { options: [], message: 'No open time: offer a call-back from the front desk.' }, speech: say(env, 'change.noTimes') };
      return { ok: true, result: { options: presentOffered(env, times) }, speech: offerSpeech(env, times) };
    }
    const time = mv.offered?.[args.option - 1];
    if (!time) return { ok: false, result: { error: 'nothing_offered', message: 'Call move_visit without option first, and offer its times.' }, speech: '' };
    if (mv.done === 'moved') return { ok: true, result: { moved: true }, speech: movedSpeech(env, time) };
    const tx = await env.tx();
    const visit = await findVisit(tx, mine.visitId);
    if (!visit) return { ok: false, result: { error: 'no_visit' }, speech: say(env, 'change.notChanged') };
    const organization = await env.organizationRow();
    try {
      const start = Temporal.Instant.fromEpochMilliseconds(time.start).toZonedDateTimeISO(env.org.timeZone).toPlainDateTime().toString({ smallestUnit: 'minute' });
      await moveBookedVisit({ db: tx, clock: env.ctx.clock }, organization, visit, { start, clinicianId: time.clinicianId, locationId: time.locationId }, phoneBooker(env));
    } catch (err) {
      if (timeRefused(err)) {
        const times = await openTimesToOffer(env, type, { reason: type.nameEn, reasonOther: null, isNewPatient: false, preferences: { days: [], timesOfDay: [] } }, { exclude: [mine.start, time.start] });
        mv.offered = times;
        if (!times.length) return { ok: false, result: { error: 'slot_taken', options: [] }, speech: `${say(env, 'booking.taken')} ${say(env, 'change.noTimes')}` };
        return { ok: false, result: { error: 'slot_taken', options: presentOffered(env, times) }, speech: `${say(env, 'booking.taken')} ${offerSpeech(env, times)}` };
      }
      const answer = refusal(err);
      if (answer) return { ...answer, speech: say(env, 'change.notChanged') };
      throw err;
    }
    // Its request, scheduled for the old time, follows the visit (a request still pending is left to
    // staff), and the patient is sent the new time.
    await followMove(env.ctx, tx, organization, (await findVisitWithNames(tx, visit.id))!, { kind: 'caller', simulated: phoneBooker(env).simulated });
    mv.done = 'moved';
    mv.candidates[mv.index] = { ...mine, start: time.start, clinicianName: time.clinicianName, locationName: time.locationName };
    return { ok: true, result: { moved: true, when: timeSaid(env, time.start, true), clinician: time.clinicianName, location: time.locationName }, speech: movedSpeech(env, time) };
  },
};

function movedSpeech(env: Parameters<typeof timeSaid>[0], time: { start: number; clinicianName: string; locationName: string } & Parameters<typeof clinicianOf>[0]): string {
  return say(env, 'change.moved', { when: timeSaid(env, time.start, true), clinician: clinicianOf(time), place: time.locationName });
}
