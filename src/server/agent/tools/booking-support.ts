import { Temporal } from 'temporal-polyfill';
import { dateAt } from '../../../domain/calendars/open-times.js';
import { formatInstantIn } from '../../../domain/format/clock.js';
import { AppError } from '../../http/errors.js';
import { cancelVisit, findVisit, searchOpenTimes, type Booker, type VisitTypeRow } from '../../features/calendars/index.js';
import type { BookingState, OfferedTime, TurnEnv } from '../agent-types.js';
import { clinicianSaid, offeredTimes, say, visitTime } from '../messages/index.js';
import { localDate } from './hours-speech.js';
import { chooseOfferedTimes, fitsPreferences, matchVisitType } from './open-time-choice.js';
import type { ToolResult } from './tool-types.js';

/**
 * What the booking tools (find_open_times, hold_open_time, book_held_time) share: the open-times
 * search behind an offer and the sentences of an offer.
 */

export type NotBookable = 'not_booked_directly' | 'new_patients_not_booked';

/**
 * The visit type a caller's reason is, when the practice books it directly by phone and, for a
 * new patient (or one not known to be returning), when the type takes new patients directly.
 */
export async function phoneVisitType(env: TurnEnv, reason: string, reasonOther: string | null | undefined, isNewPatient: boolean | null | undefined): Promise<VisitTypeRow | NotBookable> {
  const type = matchVisitType(await env.visitTypes(), reason, reasonOther);
  if (!type || !type.channels.includes('phone')) return 'not_booked_directly';
  if (!type.newPatientsAllowed && isNewPatient !== false) return 'new_patients_not_booked';
  return type;
}

/** How far ahead an offer looks (the visit type's own reach may be shorter). */
const SEARCH_DAYS = 14;
/** Enough of the window's first-available times to filter by the caller's days and times of day. */
const SEARCH_LIMIT = 600;

/**
 * Two or three open times of the visit type that fit what the caller prefers, spread over days:
 * from their earliest date (today at the soonest), leaving out `exclude`d starts, with `after`
 * anything not later than it ("the next ones"), and with `otherDaysThan` the days of those times
 * while other days have room.
 */
export async function openTimesToOffer(env: TurnEnv, type: VisitTypeRow, ask: BookingState['ask'], opts: { exclude?: readonly number[]; after?: number; otherDaysThan?: readonly number[] } = {}): Promise<OfferedTime[]> {
  const zone = env.org.timeZone;
  const today = localDate(env.now.getTime(), zone);
  const earliest = ask.preferences.earliestDate && ask.preferences.earliestDate > today ? ask.preferences.earliestDate : today;
  const organization = await env.organizationRow();
  const answer = await searchOpenTimes(env.reader(), organization, type, { fromDate: earliest, days: SEARCH_DAYS, clinician: null, locationId: null, stepMinutes: 15, limit: SEARCH_LIMIT }, env.now);
  const exclude = new Set(opts.exclude ?? []);
  let fitting = answer.times.filter((t) => !exclude.has(t.start) && (opts.after === undefined || t.start > opts.after) && fitsPreferences(t.start, zone, ask.preferences));
  // Other times after some were turned down: on other days than those, where there are any.
  const turnedDown = new Set((opts.otherDaysThan ?? []).map((ms) => dateAt(zone, ms)));
  const elsewhere = fitting.filter((t) => !turnedDown.has(dateAt(zone, t.start)));
  if (elsewhere.length) fitting = elsewhere;
  const sameDay = ask.preferences.onlyDate ? ask.preferences.earliestDate : undefined;
  return chooseOfferedTimes(fitting, zone, { count: 3, ...(sameDay ? { sameDay } : {}) }).map((t) => ({
    start: t.start,
    end: t.end,
    clinicianId: t.clinicianId,
    clinicianName: t.clinicianName,
    locationId: t.locationId,
    locationName: t.locationName,
  }));
}

const dayFirstOf = (env: TurnEnv) => env.org.country !== 'US';

/** "I can offer A, or B. Which would you like?" (`more`: "I can also offer …"). */
export function offerSpeech(env: TurnEnv, times: readonly OfferedTime[], more = false): string {
  const list = { times: offeredTimes([...times], env.now.getTime(), env.org.timeZone, dayFirstOf(env)) };
  if (times.length === 1) return say(env, more ? 'booking.offerMoreOne' : 'booking.offerOne', list);
  return say(env, more ? 'booking.offerMore' : 'booking.offer', list);
}

/** A time as the model reads it: its number in the offer, the wall time, the words to say it with, who and where. */
export function presentOffered(env: TurnEnv, times: readonly OfferedTime[]) {
  return times.map((t, i) => ({
    option: i + 1,
    start: Temporal.Instant.fromEpochMilliseconds(t.start).toZonedDateTimeISO(env.org.timeZone).toPlainDateTime().toString({ smallestUnit: 'minute' }),
    when: timeSaid(env, t.start, false),
    clinician: t.clinicianName,
    location: t.locationName,
  }));
}

/** The time in the call's language: "Tuesday, December 1st at 9:40 AM"; with `on`, "on Tuesday, …". */
export function timeSaid(env: TurnEnv, startMs: number, on: boolean): string {
  return visitTime(startMs, env.now.getTime(), env.org.timeZone, { dayFirst: dayFirstOf(env), on })(env.state.language ?? 'en');
}

/** The clinician as said ("Dr. Hart"). */
export const clinicianOf = (t: OfferedTime) => clinicianSaid(t.clinicianName);

/** For the call's summary: "Tue, Dec 1, 2026, 9:40 AM with Dr. Rebecca Hart". */
export function bookedLine(env: TurnEnv, t: OfferedTime): string {
  return `${formatInstantIn(t.start, env.org.timeZone, { country: env.org.country, weekday: 'short' })} with ${t.clinicianName}`;
}

/** Who books on the phone: the agent, on this call. */
export function phoneBooker(env: TurnEnv): Booker {
  return { channel: 'phone', actor: null, callId: env.call.id, simulated: env.call.provider === 'simulator' };
}

/** A refusal of the time itself (taken meanwhile, or no longer open), as opposed to the request. */
export function timeRefused(err: unknown): boolean {
  return err instanceof AppError && err.statusCode === 409 && (err.code === 'slot_taken' || err.code === 'slot_unavailable');
}

/** A refusal the booking services answer on purpose (not a fault): told to the brain, which goes on without the booking. */
export function refusal(err: unknown): ToolResult | null {
  if (!(err instanceof AppError) || err.statusCode >= 500) return null;
  return { ok: false, result: { error: err.code, message: err.message }, speech: '' };
}

/** Gives the held time back (the caller chose another, or changed what the visit is for). */
export async function releaseHold(env: TurnEnv, booking: BookingState): Promise<void> {
  const held = booking.hold;
  if (!held) return;
  booking.hold = undefined;
  const tx = await env.tx();
  const visit = await findVisit(tx, held.visitId);
  if (visit?.status !== 'held') return;
  try {
    await cancelVisit({ db: tx, clock: env.ctx.clock }, visit, { reason: 'The caller chose another time.' }, phoneBooker(env));
  } catch (err) {
    // Already booked, canceled or expired meanwhile: nothing to give back.
    if (!(err instanceof AppError)) throw err;
  }
}

/**
 * After a time was refused (taken meanwhile): the next free times of the same visit type that fit
 * the caller's wishes — the refused start left out — become the offer, said after "that time was
 * just taken"; with none, the brain takes a request.
 */
export async function offerAfterRefusal(env: TurnEnv, booking: BookingState, refused: OfferedTime): Promise<ToolResult> {
  const type = (await env.visitTypes()).find((v) => v.id === booking.visitTypeId);
  const times = type ? await openTimesToOffer(env, type, booking.ask, { exclude: [refused.start] }) : [];
  booking.offered = times;
  booking.seen = [...new Set([...booking.seen, ...times.map((t) => t.start)])];
  if (!times.length) {
    return {
      ok: false,
      result: { error: 'slot_taken', message: 'That time was just taken and no other open time fits: take an appointment request instead (create_appointment_request).', options: [] },
      speech: `${say(env, 'booking.taken')} ${say(env, 'booking.noOthers')}`,
    };
  }
  return {
    ok: false,
    result: { error: 'slot_taken', message: 'That time was just taken. Say so and offer these instead.', options: presentOffered(env, times) },
    speech: `${say(env, 'booking.taken')} ${offerSpeech(env, times)}`,
  };
}
