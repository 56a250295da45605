import { Temporal } from 'temporal-polyfill';
import { openIntervals, type Hours } from '../time/index.js';
import { DAYS, TIMES_OF_DAY, type Day, type TimeOfDay } from './preferences.js';

/** What the patient asked for, read from a request's stored `preferences` (web form or phone agent). */
export interface VisitPreferences {
  days: Day[];
  timesOfDay: TimeOfDay[];
  /** 'YYYY-MM-DD', in the practice's calendar. */
  earliestDate: string | null;
  /** The patient's own words, when they gave any ("Tuesday or Thursday mornings"). */
  text: string | null;
}

export type SlotWarning = 'outside_office_hours' | 'not_a_preferred_day' | 'not_a_preferred_time' | 'before_earliest_date';

export interface SuggestedSlot {
  /** Wall time in the practice's zone, `YYYY-MM-DDTHH:MM` (what the dialog's fields take). */
  local: string;
  epochMs: number;
  /** false when nothing within the horizon fits the patient's preferences and office hours alone were used. */
  fitsPreferences: boolean;
}

export const VISIT_MINUTES = { min: 5, max: 480, default: 30 } as const;

/** How slots are laid out: on the half hour of the practice's wall clock. */
const STEP_MINUTES = 30;
/** At most this many suggestions on one day, so the list spans several days to choose from. */
const PER_DAY = 2;
const HORIZON_DAYS = 60;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Morning before noon, afternoon until 17:00, evening after: the callback window's parts of the day too. */
export function partOfDay(hour: number): TimeOfDay {
  return hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
}

const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => typeof v === 'string' && (list as readonly string[]).includes(v);

export function readPreferences(stored: Record<string, unknown>): VisitPreferences {
  const days = Array.isArray(stored.days) ? stored.days.filter((d): d is Day => oneOf(DAYS, d)) : [];
  const times = Array.isArray(stored.timesOfDay) ? stored.timesOfDay.filter((t): t is TimeOfDay => oneOf(TIMES_OF_DAY, t)) : [];
  const earliest = typeof stored.earliestDate === 'string' && ISO_DATE.test(stored.earliestDate) ? stored.earliestDate : null;
  const text = typeof stored.text === 'string' && stored.text.trim() ? stored.text.trim() : null;
  return { days: DAYS.filter((d) => days.includes(d)), timesOfDay: TIMES_OF_DAY.filter((t) => times.includes(t)), earliestDate: earliest, text };
}

function preferenceWarnings(zoned: Temporal.ZonedDateTime, prefs: VisitPreferences): SlotWarning[] {
  const out: SlotWarning[] = [];
  if (prefs.days.length && !prefs.days.includes(DAYS[zoned.dayOfWeek - 1]!)) out.push('not_a_preferred_day');
  if (prefs.timesOfDay.length && !prefs.timesOfDay.includes(partOfDay(zoned.hour))) out.push('not_a_preferred_time');
  if (prefs.earliestDate && zoned.toPlainDate().toString() < prefs.earliestDate) out.push('before_earliest_date');
  return out;
}

/** Whether the whole visit [start, start + minutes) lies within one stretch of office hours. */
function withinOfficeHours(hours: Hours, startMs: number, minutes: number): boolean {
  const endMs = startMs + minutes * 60_000;
  return openIntervals(hours, startMs, endMs).some((iv) => iv.start.epochMilliseconds <= startMs && iv.end.epochMilliseconds >= endMs);
}

/**
 * What is off about a slot: outside office hours (any part of the visit), or not what the patient
 * asked for. The dialog warns with these and the server answers them with the decision; neither
 * refuses the slot, since the front desk may have agreed another time with the patient.
 */
export function slotWarnings(hours: Hours, prefs: VisitPreferences, startMs: number, minutes: number): SlotWarning[] {
  const zoned = Temporal.Instant.fromEpochMilliseconds(startMs).toZonedDateTimeISO(hours.timeZone);
  return [...(withinOfficeHours(hours, startMs, minutes) ? [] : (['outside_office_hours'] as const)), ...preferenceWarnings(zoned, prefs)];
}

function roundUpToStep(zoned: Temporal.ZonedDateTime): Temporal.ZonedDateTime {
  const exact = zoned.round({ smallestUnit: 'minute', roundingMode: 'ceil' });
  const over = exact.minute % STEP_MINUTES;
  return over === 0 ? exact : exact.add({ minutes: STEP_MINUTES - over });
}

function collect(hours: Hours, prefs: VisitPreferences | null, fromMs: number, minutes: number, count: number): SuggestedSlot[] {
  const zone = hours.timeZone;
  const out: SuggestedSlot[] = [];
  const perDay = new Map<string, number>();
  for (const iv of openIntervals(hours, fromMs, fromMs + HORIZON_DAYS * 86_400_000)) {
    const endMs = iv.end.epochMilliseconds;
    // Wall-clock steps (not fixed milliseconds), so slots stay on the half hour across a clock change.
    for (let at = roundUpToStep(iv.start.toZonedDateTimeISO(zone)); at.epochMilliseconds + minutes * 60_000 <= endMs; at = at.add({ minutes: STEP_MINUTES })) {
      const day = at.toPlainDate().toString();
      if ((perDay.get(day) ?? 0) >= PER_DAY) continue;
      if (prefs && preferenceWarnings(at, prefs).length) continue;
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      out.push({ local: at.toPlainDateTime().toString({ smallestUnit: 'minute' }), epochMs: at.epochMilliseconds, fitsPreferences: prefs !== null });
      if (out.length >= count) return out;
    }
  }
  return out;
}

/**
 * The next slots after `fromMs` that fit both the practice's office hours (the whole visit) and
 * the patient's preferences, on the half hour of the practice's wall clock, at most two a day.
 * When none fit within 60 days, the next slots in office hours, marked as not fitting.
 */
export function suggestSlots(hours: Hours, prefs: VisitPreferences, opts: { fromMs: number; minutes: number; count?: number }): SuggestedSlot[] {
  const count = opts.count ?? 6;
  const earliestMs = prefs.earliestDate ? Temporal.PlainDate.from(prefs.earliestDate).toZonedDateTime(hours.timeZone).epochMilliseconds : 0;
  const fitting = collect(hours, prefs, Math.max(opts.fromMs, earliestMs), opts.minutes, count);
  return fitting.length ? fitting : collect(hours, null, opts.fromMs, opts.minutes, count);
}
