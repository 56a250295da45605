import { Temporal } from 'temporal-polyfill';
import { openIntervals } from '../time/hours.js';
import type { Hours } from '../time/hours.schema.js';
import { type DayRule, DayTimeline } from '../time/timeline.js';
import { WEEKDAY_SHORT, formatTimeOfDay, parseTimeOfDay } from '../time/wall-clock.js';
import type { ExceptionKind } from './visits.js';

/**
 * A clinician's availability as real time. Weekly ranges are wall times of the practice's zone
 * (a range ends the same day; "24:00" is midnight); a date exception replaces the weekly ranges
 * of its dates exactly as the hours' date overrides do — unavailable (leave), or available only at
 * its own intervals and location — and where exceptions overlap, the one starting latest wins
 * (then the one ending first), so "one day at the other clinic" inside a leave keeps its hours.
 * Conversions go through the time engine (`DayTimeline`): a range on a daylight-saving day lasts
 * the real time the clock shows, a wall time skipped by the change resolves to the change itself.
 */

export interface WeeklyRange {
  /** ISO weekday, 1 = Monday. */
  day: number;
  start: string;
  end: string;
  locationId: string;
}

export interface TimeRange {
  start: string;
  end: string;
}

export interface DateException {
  from: string;
  to: string;
  kind: ExceptionKind;
  intervals: readonly TimeRange[];
  locationId: string | null;
}

/** Available real time [start, end) in epoch ms, at a location. */
export interface AvailableInterval {
  start: number;
  end: number;
  locationId: string;
}

export interface Issue {
  path: (string | number)[];
  message: string;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Every available interval touching [fromMs, toMs), clipped to it, sorted; neighbours at one place joined. */
export function availableIntervals(zone: string, weekly: readonly WeeklyRange[], exceptions: readonly DateException[], fromMs: number, toMs: number): AvailableInterval[] {
  if (toMs <= fromMs) return [];
  const places: string[] = [];
  const tagOf = (id: string): number => {
    const i = places.indexOf(id);
    return i >= 0 ? i : places.push(id) - 1;
  };
  const rule = (r: TimeRange, locationId: string): DayRule => ({ startMin: parseTimeOfDay(r.start), endMin: parseTimeOfDay(r.end), tag: tagOf(locationId) });
  const byDay: DayRule[][] = [[], [], [], [], [], [], [], []];
  for (const r of weekly) byDay[r.day]?.push(rule(r, r.locationId));
  const overrides = exceptions
    .map((e, index) => ({ e, index }))
    .sort((a, b) => cmp(b.e.from, a.e.from) || cmp(a.e.to, b.e.to) || b.index - a.index)
    .map(({ e }) => ({ from: e.from, to: e.to, rules: e.kind === 'available' && e.locationId ? e.intervals.map((r) => rule(r, e.locationId!)) : [] }));
  const timeline = new DayTimeline(zone, (info) => {
    for (const o of overrides) if (o.from <= info.iso && info.iso <= o.to) return o.rules;
    return byDay[info.dow]!;
  });
  const out: AvailableInterval[] = [];
  for (const iv of timeline.collect(fromMs, toMs)) {
    const start = Math.max(iv.s, fromMs);
    const end = Math.min(iv.e, toMs);
    if (end <= start) continue;
    const locationId = places[iv.tag]!;
    const last = out[out.length - 1];
    if (last && last.locationId === locationId && start <= last.end) last.end = Math.max(last.end, end);
    else out.push({ start, end, locationId });
  }
  return out;
}

/** The parts of `available` inside the office's open time (hours and their date overrides). */
export function withinOfficeHours(available: readonly AvailableInterval[], hours: Hours, fromMs: number, toMs: number): AvailableInterval[] {
  if (available.length === 0) return [];
  const open = openIntervals(hours, fromMs, toMs).map((o) => [o.start.epochMilliseconds, o.end.epochMilliseconds] as const);
  const out: AvailableInterval[] = [];
  let j = 0;
  for (const a of available) {
    while (j < open.length && open[j]![1] <= a.start) j++;
    for (let k = j; k < open.length && open[k]![0] < a.end; k++) {
      const start = Math.max(a.start, open[k]![0]);
      const end = Math.min(a.end, open[k]![1]);
      if (end > start) out.push({ start, end, locationId: a.locationId });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Checks of what a form sends

/** Two weekly ranges of one day that share a moment, named by their times (touching is fine). */
export function weeklyIssues(weekly: readonly WeeklyRange[]): Issue[] {
  const issues: Issue[] = [];
  const spans = weekly.map((r, i) => ({ i, day: r.day, span: spanOf(r) }));
  for (let j = 1; j < spans.length; j++) {
    const b = spans[j]!;
    if (!b.span) continue;
    const a = spans.slice(0, j).find((x) => x.span && x.day === b.day && x.span.start < b.span!.end && b.span!.start < x.span.end);
    if (a) issues.push({ path: ['weekly', b.i], message: `${label(weekly[a.i]!)} overlaps ${label(weekly[b.i]!)}` });
  }
  return issues;
}

/** An exception's own rules: an "available" one has hours and a place, an "unavailable" one neither; no two intervals overlap. */
export function exceptionIssues(e: DateException): Issue[] {
  const issues: Issue[] = [];
  if (e.kind === 'available') {
    if (e.intervals.length === 0) issues.push({ path: ['intervals'], message: 'add the hours the clinician is available, or mark the dates unavailable' });
    if (!e.locationId) issues.push({ path: ['locationId'], message: 'choose where the clinician is' });
  } else if (e.intervals.length > 0) {
    issues.push({ path: ['intervals'], message: 'an unavailable day has no hours; to change the hours of a day, mark it available with its hours' });
  }
  const spans = e.intervals.map((r) => spanOf(r));
  for (let j = 1; j < spans.length; j++) {
    const b = spans[j];
    if (!b) continue;
    const i = spans.slice(0, j).findIndex((a) => a && a.start < b.end && b.start < a.end);
    if (i >= 0) issues.push({ path: ['intervals', j], message: `${e.intervals[i]!.start}–${e.intervals[i]!.end} overlaps ${e.intervals[j]!.start}–${e.intervals[j]!.end}` });
  }
  return issues;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const END_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** Minutes of a well-formed same-day range; null for one that another check already reports. */
function spanOf(r: TimeRange): { start: number; end: number } | null {
  if (typeof r.start !== 'string' || typeof r.end !== 'string' || !TIME.test(r.start) || !END_TIME.test(r.end)) return null;
  const start = parseTimeOfDay(r.start);
  const end = parseTimeOfDay(r.end);
  return end > start ? { start, end } : null;
}

const label = (r: WeeklyRange) => `${WEEKDAY_SHORT[r.day - 1] ?? '?'} ${r.start}–${r.end}`;

// ---------------------------------------------------------------------------------------------
// Warnings: availability outside office hours

/**
 * The parts of weekly ranges outside the practice's weekly office hours (date overrides aside:
 * a holiday closing the office is expected to cut into availability). Saved anyway, as a shift
 * outside office hours is: open times only ever offer the time inside office hours.
 */
export function weeklyOutsideHours(weekly: readonly WeeklyRange[], hours: Pick<Hours, 'weekly'>): Issue[] {
  // Open minutes per weekday (index 1..7), an overnight interval spilling into the next day.
  const open: [number, number][][] = [[], [], [], [], [], [], [], []];
  for (const iv of hours.weekly) {
    const s = parseTimeOfDay(iv.start);
    const e = parseTimeOfDay(iv.end);
    if (e > s) open[iv.day]!.push([s, e]);
    else {
      open[iv.day]!.push([s, 1440]);
      if (e > 0) open[(iv.day % 7) + 1]!.push([0, e]);
    }
  }
  const issues: Issue[] = [];
  weekly.forEach((r, i) => {
    const outside = uncovered(parseTimeOfDay(r.start), parseTimeOfDay(r.end), open[r.day] ?? []);
    if (outside.length === 0) return;
    const parts = outside.map(([s, e]) => `${formatTimeOfDay(s)}–${formatTimeOfDay(e)}`).join(', ');
    issues.push({ path: ['weekly', i], message: `${WEEKDAY_SHORT[r.day - 1]} ${parts} is outside office hours; no visits are offered then.` });
  });
  return issues;
}

/**
 * The first dates (at most `max`) on which an "available" exception reaches outside office hours,
 * date overrides included (a special day is read as the hours page shows it).
 */
export function exceptionOutsideHours(e: DateException, hours: Hours, max = 3): Issue[] {
  if (e.kind !== 'available' || !e.locationId) return [];
  const zone = hours.timeZone;
  const first = Temporal.PlainDate.from(e.from);
  const last = Temporal.PlainDate.from(e.to);
  const fromMs = first.toZonedDateTime({ timeZone: zone }).epochMilliseconds;
  const toMs = last.add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds;
  const available = availableIntervals(zone, [], [e], fromMs, toMs);
  const inside = withinOfficeHours(available, hours, fromMs, toMs);
  const issues: Issue[] = [];
  const dates = new Set<string>();
  for (const a of available) {
    const covered = inside.filter((x) => x.start < a.end && a.start < x.end).reduce((n, x) => n + (Math.min(x.end, a.end) - Math.max(x.start, a.start)), 0);
    if (covered >= a.end - a.start) continue;
    const date = Temporal.Instant.fromEpochMilliseconds(a.start).toZonedDateTimeISO(zone).toPlainDate().toString();
    if (dates.has(date)) continue;
    dates.add(date);
    if (dates.size > max) break;
    issues.push({ path: ['intervals'], message: `On ${date} part of these hours is outside office hours; no visits are offered then.` });
  }
  return issues;
}

/** The parts of [start, end) that none of `spans` covers, in minutes. */
function uncovered(start: number, end: number, spans: readonly [number, number][]): [number, number][] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  let at = start;
  for (const [s, e] of sorted) {
    if (e <= at) continue;
    if (s >= end) break;
    if (s > at) out.push([at, Math.min(s, end)]);
    at = Math.max(at, e);
    if (at >= end) break;
  }
  if (at < end) out.push([at, end]);
  return out;
}
