import { Temporal } from 'temporal-polyfill';
import { openIntervals, type Hours } from '../time/index.js';
import { DAYS, TIMES_OF_DAY, type Day, type TimeOfDay } from './preferences.js';
import { bookedCalendar, clinicianClashes, clinicianKey, type BookedCalendar, type BookedVisit } from './booked-visits.js';

/** What the patient asked for, read from a request's stored `preferences` (web form or phone agent). */
export interface VisitPreferences {
  days: Day[];
  timesOfDay: TimeOfDay[];
  /** 'YYYY-MM-DD', in the practice's calendar. */
  earliestDate: string | null;
  /** The patient's own words, when they gave any ("Tuesday or Thursday mornings"). */
  text: string | null;
}

export type SlotWarning = 'outside_office_hours' | 'not_a_preferred_day' | 'not_a_preferred_time' | 'before_earliest_date' | 'clinician_busy';

export interface SuggestedSlot {
  /** Wall time in the practice's zone, `YYYY-MM-DDTHH:MM` (what the dialog's fields take). */
  local: string;
  epochMs: number;
  /** false when nothing within the horizon fits the patient's preferences and office hours alone were used. */
  fitsPreferences: boolean;
  /** How many of the practice's scheduled visits (with any other clinician) overlap this slot. */
  otherVisits: number;
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

/** The practice's visits already scheduled (not the one being scheduled) and the clinician chosen for this one. */
export interface Booked {
  visits: readonly BookedVisit[];
  clinician: string | null | undefined;
}

/**
 * What is off about a slot: outside office hours (any part of the visit), not what the patient
 * asked for, or its clinician already has a visit then. The dialog warns with these and the
 * server answers them with the decision; neither refuses the slot, since the front desk may have
 * agreed another time (or a double booking) with the patient.
 */
export function slotWarnings(hours: Hours, prefs: VisitPreferences, startMs: number, minutes: number, booked?: Booked): SlotWarning[] {
  const zoned = Temporal.Instant.fromEpochMilliseconds(startMs).toZonedDateTimeISO(hours.timeZone);
  return [
    ...(withinOfficeHours(hours, startMs, minutes) ? [] : (['outside_office_hours'] as const)),
    ...preferenceWarnings(zoned, prefs),
    ...(booked && clinicianClashes(booked.visits, booked.clinician, startMs, minutes).length ? (['clinician_busy'] as const) : []),
  ];
}

function roundUpToStep(zoned: Temporal.ZonedDateTime): Temporal.ZonedDateTime {
  const exact = zoned.round({ smallestUnit: 'minute', roundingMode: 'ceil' });
  const over = exact.minute % STEP_MINUTES;
  return over === 0 ? exact : exact.add({ minutes: STEP_MINUTES - over });
}

/**
 * Slots in time order, skipping those that overlap a visit of the chosen clinician. Without a
 * clinician, slots with no visit of the practice at all come first (`free`); the others fill in
 * after them (`shared`, each with its count) only when the horizon has fewer free ones than asked.
 */
function collect(hours: Hours, prefs: VisitPreferences | null, fromMs: number, minutes: number, count: number, calendar: BookedCalendar, clinician: string): SuggestedSlot[] {
  const zone = hours.timeZone;
  const free = { slots: [] as SuggestedSlot[], perDay: new Map<string, number>() };
  const shared = { slots: [] as SuggestedSlot[], perDay: new Map<string, number>() };
  for (const iv of openIntervals(hours, fromMs, fromMs + HORIZON_DAYS * 86_400_000)) {
    const endMs = iv.end.epochMilliseconds;
    // Wall-clock steps (not fixed milliseconds), so slots stay on the half hour across a clock change.
    for (let at = roundUpToStep(iv.start.toZonedDateTimeISO(zone)); at.epochMilliseconds + minutes * 60_000 <= endMs; at = at.add({ minutes: STEP_MINUTES })) {
      const day = at.toPlainDate().toString();
      if (prefs && preferenceWarnings(at, prefs).length) continue;
      const near = calendar.overlapping(at.epochMilliseconds, minutes);
      if (clinician && near.some((v) => clinicianKey(v.clinician) === clinician)) continue;
      const list = !clinician && near.length ? shared : free;
      if ((list.perDay.get(day) ?? 0) >= PER_DAY || list.slots.length >= count) continue;
      list.perDay.set(day, (list.perDay.get(day) ?? 0) + 1);
      list.slots.push({ local: at.toPlainDateTime().toString({ smallestUnit: 'minute' }), epochMs: at.epochMilliseconds, fitsPreferences: prefs !== null, otherVisits: near.length });
      if (free.slots.length >= count) return free.slots;
    }
  }
  return [...free.slots, ...shared.slots].slice(0, count);
}

/**
 * The next slots after `fromMs` that fit both the practice's office hours (the whole visit) and
 * the patient's preferences, on the half hour of the practice's wall clock, at most two a day.
 * With a clinician, never a slot that overlaps one of their booked visits; without one, slots
 * when the practice has no visit at all first, then (if too few) slots that overlap others.
 * When none fit within 60 days, the next slots in office hours, marked as not fitting.
 */
export function suggestSlots(
  hours: Hours,
  prefs: VisitPreferences,
  opts: { fromMs: number; minutes: number; count?: number; booked?: Booked },
): SuggestedSlot[] {
  const count = opts.count ?? 6;
  const calendar = bookedCalendar(opts.booked?.visits ?? []);
  const clinician = clinicianKey(opts.booked?.clinician);
  const earliestMs = prefs.earliestDate ? Temporal.PlainDate.from(prefs.earliestDate).toZonedDateTime(hours.timeZone).epochMilliseconds : 0;
  const fitting = collect(hours, prefs, Math.max(opts.fromMs, earliestMs), opts.minutes, count, calendar, clinician);
  return fitting.length ? fitting : collect(hours, null, opts.fromMs, opts.minutes, count, calendar, clinician);
}
