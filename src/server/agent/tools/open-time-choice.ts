import { Temporal } from 'temporal-polyfill';
import { normalize } from '../nlu/text.js';
import { matchVisitReason } from '../nlu/visit-reasons.js';

/**
 * The pure half of offering times (issue 31 §3): which of the practice's visit types a caller's
 * reason is, whether an open time fits what the caller said they prefer, and which two or three
 * of the fitting times to offer.
 */

export interface VisitTypeNames {
  nameEn: string;
  nameEs: string;
}

const key = (s: string) => normalize(s).replace(/[-/.,]/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * The visit type a reason names: the practice's visit reason (or, for "Other", the caller's words)
 * is the type's English or Spanish name, contains it, or says it the way people do ("a flu jab"
 * for "Flu shot", "a check-up" for "Annual physical" — the synonyms the visit reasons use). All of
 * the practice's types in use are candidates, however they are booked: a reason that names a
 * front-desk type stays a request rather than becoming another type's booking.
 */
export function matchVisitType<T extends VisitTypeNames>(types: readonly T[], reason: string, reasonOther: string | null | undefined): T | null {
  const said = reason === 'Other' || !reason ? (reasonOther ?? '') : reason;
  const k = key(said);
  if (!k) return null;
  const named = types.find((v) => key(v.nameEn) === k || key(v.nameEs) === k);
  if (named) return named;
  const within = types.find((v) => ` ${k} `.includes(` ${key(v.nameEn)} `) || ` ${k} `.includes(` ${key(v.nameEs)} `));
  if (within) return within;
  const bySynonym = matchVisitReason(said, types.map((v) => v.nameEn), { requireMatch: true });
  return bySynonym ? (types.find((v) => v.nameEn === bySynonym.reason) ?? null) : null;
}

export interface TimePreferences {
  days: readonly string[];
  timesOfDay: readonly string[];
}

const WEEKDAY_CODES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** Morning before noon, afternoon until five, evening after: in the practice's wall clock. */
export function partOfDay(hour: number): 'morning' | 'afternoon' | 'evening' {
  return hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
}

/** Whether a start is on a day and at a time of day the caller said suits them (nothing said: any). */
export function fitsPreferences(startMs: number, zone: string, prefs: TimePreferences): boolean {
  const at = Temporal.Instant.fromEpochMilliseconds(startMs).toZonedDateTimeISO(zone);
  if (prefs.days.length && !prefs.days.includes(WEEKDAY_CODES[at.dayOfWeek - 1]!)) return false;
  return !prefs.timesOfDay.length || prefs.timesOfDay.includes(partOfDay(at.hour));
}

const HOUR_MS = 3_600_000;

/**
 * Two or three times to offer out of those that fit (sorted by start), spread over different days
 * where possible: the first time of each of the first days, then — when fewer days have room —
 * other times at least two hours (then one hour) from those chosen. A caller who named one day
 * (`sameDay`, "tomorrow afternoon") is offered times of that day first. Sorted by start.
 */
export function chooseOfferedTimes<T extends { start: number }>(times: readonly T[], zone: string, opts: { count?: number; sameDay?: string } = {}): T[] {
  const count = opts.count ?? 3;
  const dateOf = (t: T) => Temporal.Instant.fromEpochMilliseconds(t.start).toZonedDateTimeISO(zone).toPlainDate().toString();
  const chosen: T[] = [];
  const apart = (t: T, gapMs: number) => chosen.every((c) => Math.abs(c.start - t.start) >= gapMs);
  const add = (list: readonly T[], ok: (t: T) => boolean) => {
    for (const t of list) {
      if (chosen.length >= count) return;
      if (!chosen.includes(t) && ok(t)) chosen.push(t);
    }
  };
  if (opts.sameDay) {
    const that = times.filter((t) => dateOf(t) === opts.sameDay);
    add(that, (t) => apart(t, 2 * HOUR_MS));
    if (chosen.length < 2) add(that, (t) => apart(t, HOUR_MS));
  }
  if (chosen.length < 2) {
    add(times, (t) => !chosen.some((c) => dateOf(c) === dateOf(t)));
    add(times, (t) => apart(t, 2 * HOUR_MS));
    add(times, (t) => apart(t, HOUR_MS));
  }
  return chosen.sort((a, b) => a.start - b.start);
}
