import { Temporal } from 'temporal-polyfill';
import type { Hours } from '../time/hours.schema.js';
import { type AvailableInterval, type DateException, type WeeklyRange, availableIntervals, withinOfficeHours } from './availability.js';

/**
 * Open times: the starts at which a visit of a type fits a clinician's availability (weekly ranges
 * and date exceptions), inside the practice's office hours (date overrides included), clear of the
 * time the clinician's visits and live holds take (each with its buffer), no sooner than the
 * minimum notice and no later than the last bookable date. Pure: the caller reads the rows.
 *
 * Starts lie on a grid of the practice's wall clock — every `stepMinutes` from midnight (15 by
 * default: 09:00, 09:15, …) — so an offered time is one a person would say, and the grid holds
 * across a daylight-saving change (after a spring-forward night, 03:00 follows 01:45). A visit's
 * length and buffer are real minutes: a 30-minute visit lasts 30 minutes whatever the clock does.
 * The visit itself must fit inside one available stretch at one place; its buffer (the time kept
 * free after it) must only be clear of other visits.
 */

export const DEFAULT_STEP_MINUTES = 15;
export const STEP_MINUTES = [5, 10, 15, 20, 30, 60] as const;
const MINUTE_MS = 60_000;

export interface VisitRules {
  lengthMinutes: number;
  bufferMinutes: number;
  minNoticeMinutes: number;
  /** The last date a visit may start on is today (in the practice's zone) plus this many days. */
  maxDaysAhead: number;
}

/** A busy stretch of the clinician: a visit or a live hold, buffer included, [start, end) in ms. */
export interface BusyRange {
  start: number;
  end: number;
}

export interface ClinicianCalendar {
  id: string;
  weekly: readonly WeeklyRange[];
  exceptions: readonly DateException[];
  busy: readonly BusyRange[];
}

export interface OpenTimesQuery {
  hours: Hours;
  nowMs: number;
  /** First and last date searched, YYYY-MM-DD in the practice's zone (both included). */
  fromDate: string;
  toDate: string;
  visit: VisitRules;
  stepMinutes?: number;
  /** In preference order: with several, each start is offered once, with the first one free then. */
  clinicians: readonly ClinicianCalendar[];
  locationId?: string | null;
  limit?: number;
  /** Every clinician's open starts, not only the first free one's (a calendar per clinician, as FHIR's Slots are). */
  everyClinician?: boolean;
}

export interface OpenTime {
  start: number;
  /** The end of the visit (its buffer not included). */
  end: number;
  clinicianId: string;
  locationId: string;
}

export interface OpenTimesResult {
  times: OpenTime[];
  /** More times were found than `limit`. */
  truncated: boolean;
  /** The real-time window searched: starts lie in [from, to). */
  from: number;
  to: number;
}

/** The first instant of a date in the zone (its midnight, or the first moment after a skipped one). */
export function startOfDate(zone: string, date: string | Temporal.PlainDate): number {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: zone }).epochMilliseconds;
}

/** Today in the zone, as YYYY-MM-DD. */
export function dateAt(zone: string, ms: number): string {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDate().toString();
}

/** Real-time bounds of what the rules allow: no start before `earliest`, none at or after `latest`. */
export function bookableWindow(zone: string, nowMs: number, visit: VisitRules): { earliest: number; latest: number } {
  const today = Temporal.PlainDate.from(dateAt(zone, nowMs));
  return { earliest: nowMs + visit.minNoticeMinutes * MINUTE_MS, latest: startOfDate(zone, today.add({ days: visit.maxDaysAhead + 1 })) };
}

export function findOpenTimes(q: OpenTimesQuery): OpenTimesResult {
  const zone = q.hours.timeZone;
  const step = q.stepMinutes ?? DEFAULT_STEP_MINUTES;
  const limit = q.limit ?? Number.POSITIVE_INFINITY;
  const { earliest, latest } = bookableWindow(zone, q.nowMs, q.visit);
  const from = Math.max(startOfDate(zone, q.fromDate), earliest);
  const to = Math.min(startOfDate(zone, Temporal.PlainDate.from(q.toDate).add({ days: 1 })), latest);
  if (to <= from) return { times: [], truncated: false, from, to };
  const lengthMs = q.visit.lengthMinutes * MINUTE_MS;
  const occupiesMs = lengthMs + q.visit.bufferMinutes * MINUTE_MS;
  const grid = wallClockGrid(zone, step, from, to);

  const found: (OpenTime & { rank: number })[] = [];
  q.clinicians.forEach((c, rank) => {
    const stretches = usableStretches(c, q.hours, from, to + occupiesMs, q.locationId ?? null);
    const busy = [...c.busy].sort((a, b) => a.start - b.start);
    let p = 0;
    for (const s of stretches) {
      for (let t = grid.alignUp(Math.max(s.start, from)); t < to && t + lengthMs <= s.end; t = grid.alignUp(t + step * MINUTE_MS)) {
        // Busy ranges of one clinician never overlap, so sorted by start they are sorted by end too.
        while (p < busy.length && busy[p]!.end <= t) p++;
        let clash = false;
        for (let k = p; k < busy.length && busy[k]!.start < t + occupiesMs; k++) {
          if (busy[k]!.end > t) {
            clash = true;
            break;
          }
        }
        if (!clash) found.push({ start: t, end: t + lengthMs, clinicianId: c.id, locationId: s.locationId, rank });
      }
    }
  });
  found.sort((a, b) => a.start - b.start || a.rank - b.rank);
  const times: OpenTime[] = [];
  let truncated = false;
  let last = Number.NaN;
  for (const f of found) {
    if (f.start === last && !q.everyClinician) continue;
    last = f.start;
    if (times.length >= limit) {
      truncated = true;
      break;
    }
    times.push({ start: f.start, end: f.end, clinicianId: f.clinicianId, locationId: f.locationId });
  }
  return { times, truncated, from, to };
}

/** What is wrong with a start for one clinician (nothing: it is open), and where the clinician is then. */
export type SlotProblem = 'past' | 'min_notice' | 'too_far' | 'unavailable' | 'office_closed' | 'taken';

export function checkSlot(q: { hours: Hours; nowMs: number; visit: VisitRules; clinician: ClinicianCalendar }, startMs: number): { problems: SlotProblem[]; locationId: string | null } {
  const zone = q.hours.timeZone;
  const problems: SlotProblem[] = [];
  const { earliest, latest } = bookableWindow(zone, q.nowMs, q.visit);
  if (startMs < q.nowMs) problems.push('past');
  else if (startMs < earliest) problems.push('min_notice');
  if (startMs >= latest) problems.push('too_far');
  const endMs = startMs + q.visit.lengthMinutes * MINUTE_MS;
  const occupiedUntil = endMs + q.visit.bufferMinutes * MINUTE_MS;
  const available = availableIntervals(zone, q.clinician.weekly, q.clinician.exceptions, startMs, endMs);
  const at = available.find((a) => a.start === startMs) ?? null;
  if (!at || at.end < endMs) problems.push('unavailable');
  else if (!withinOfficeHours([at], q.hours, startMs, endMs).some((o) => o.start === startMs && o.end === endMs)) problems.push('office_closed');
  if (q.clinician.busy.some((b) => b.start < occupiedUntil && startMs < b.end)) problems.push('taken');
  return { problems, locationId: at?.locationId ?? null };
}

function usableStretches(c: ClinicianCalendar, hours: Hours, from: number, to: number, locationId: string | null): AvailableInterval[] {
  const available = availableIntervals(hours.timeZone, c.weekly, c.exceptions, from, to);
  const atPlace = locationId ? available.filter((a) => a.locationId === locationId) : available;
  return withinOfficeHours(atPlace, hours, from, to);
}

/**
 * Aligns instants to a grid of the zone's wall clock. Within a stretch of constant UTC offset the
 * grid is plain arithmetic; the offsets and the instants they change at are read once per search.
 */
function wallClockGrid(zone: string, stepMinutes: number, from: number, to: number) {
  const stepMs = stepMinutes * MINUTE_MS;
  const starts: number[] = [Number.NEGATIVE_INFINITY];
  let zdt = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(zone);
  const offsets: number[] = [zdt.offsetNanoseconds / 1e6];
  for (;;) {
    const next = zdt.getTimeZoneTransition('next');
    if (next === null || next.epochMilliseconds >= to) break;
    zdt = next;
    starts.push(zdt.epochMilliseconds);
    offsets.push(zdt.offsetNanoseconds / 1e6);
  }
  const segmentOf = (ms: number): number => {
    let k = starts.length - 1;
    while (k > 0 && starts[k]! > ms) k--;
    return k;
  };
  return {
    /** The first grid instant at or after `ms`. */
    alignUp(ms: number): number {
      for (;;) {
        const k = segmentOf(ms);
        const r = (((ms + offsets[k]!) % stepMs) + stepMs) % stepMs;
        if (r === 0) return ms;
        const candidate = ms + stepMs - r;
        const boundary = starts[k + 1] ?? Number.POSITIVE_INFINITY;
        if (candidate < boundary) return candidate;
        ms = boundary;
      }
    },
  };
}
