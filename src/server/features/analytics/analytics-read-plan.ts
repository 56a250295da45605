import { offsetSegments } from '../../../domain/analytics/buckets.js';

/*
 * Which rollup rows a read takes (decision 046). A window cut into display buckets is read from the
 * daily rows where it can: each organization-local date goes whole to the key (display bucket, or
 * the window) that most of its hours belong to, and the hours of that date that belong elsewhere
 * are taken away from it and added where they belong (or nowhere, outside the window). A day is
 * the exact sum of its hours (counts and sketch counts alike), so the result is the sum of exactly
 * the window's hours, each in its key, as if every hour had been read. When the organizations'
 * zone is the one the page is read in, no hour moves; another zone moves a few hours at each end
 * of a day. All of this depends on the zone, not on the organization, so it is planned per zone.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface PlanWindow {
  start: number;
  end: number;
  /** Starting instants of the display buckets, ascending (the first is `start`); empty: one key for the whole window. */
  bucketStarts: readonly number[];
}

export interface DayPlan {
  /** Organization-local dates taken whole: zone (index into the zones given), date (days since 1970-01-01), key. */
  days: { zone: number; day: number; key: number }[];
  /**
   * Runs of hours that go elsewhere than their date: zone, the first hour's starting instant and
   * the instant after the run's last hour starts, the key their date went to whole (`from`, taken
   * away from it; −1: the date was not taken) and the key they belong to (`to`, added to it; −1:
   * outside the window). Each run is read once and counted twice, with opposite signs.
   */
  hours: { zone: number; start: number; end: number; from: number; to: number }[];
  /** The first and last date any zone takes (days since 1970-01-01); null when none. */
  firstDay: number | null;
  lastDay: number | null;
}

/** The key (0-based display bucket) of an hour starting at `at`, or -1 outside the window. */
function keyOf(w: PlanWindow, at: number): number {
  if (at < w.start || at >= w.end) return -1;
  if (w.bucketStarts.length === 0) return 0;
  let lo = 0;
  let hi = w.bucketStarts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (w.bucketStarts[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(0, lo - 1);
}

/**
 * The organization-local hours of `zone` around the window: each hour's starting instant and local
 * date, by the zone's offsets (the same rule as the rollups' hours: the instant the local hour
 * began, and the local date of that instant).
 */
function hoursAround(zone: string, from: number, to: number): { at: number[]; day: number[] } {
  const segments = offsetSegments(zone, from, to);
  const offsetAt = (t: number) => {
    let lo = 0;
    let hi = segments.from.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (segments.from[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    return segments.offsetSeconds[lo]! * 1000;
  };
  const hourStart = (t: number) => t - ((((t + offsetAt(t)) % HOUR_MS) + HOUR_MS) % HOUR_MS);
  const at: number[] = [];
  const day: number[] = [];
  for (let h = hourStart(from); h < to; ) {
    at.push(h);
    day.push(Math.floor((h + offsetAt(h)) / DAY_MS));
    let next = hourStart(h + HOUR_MS);
    if (next <= h) next = h + HOUR_MS;
    h = next;
  }
  return { at, day };
}

/** The daily rows and hour corrections that read exactly the window's hours, per key, for organizations in these zones. */
export function planDays(w: PlanWindow, zones: readonly string[]): DayPlan {
  const plan: DayPlan = { days: [], hours: [], firstDay: null, lastDay: null };
  zones.forEach((zone, z) => {
    // A local date holding an hour of the window lies within 26 hours of it.
    const { at, day } = hoursAround(zone, w.start - 26 * HOUR_MS, w.end + 26 * HOUR_MS);
    for (let i = 0; i < at.length; ) {
      let j = i;
      while (j < at.length && day[j] === day[i]) j++;
      // A date cut by the enumeration's edges holds no hour of the window.
      const keys = at.slice(i, j).map((h) => keyOf(w, h));
      if (keys.some((k) => k >= 0)) {
        const counts = new Map<number, number>();
        for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
        let whole = -1;
        let most = 0;
        for (const [k, n] of counts) if (n > most) [whole, most] = [k, n];
        if (whole >= 0) {
          plan.days.push({ zone: z, day: day[i]!, key: whole });
          plan.firstDay = Math.min(plan.firstDay ?? day[i]!, day[i]!);
          plan.lastDay = Math.max(plan.lastDay ?? day[i]!, day[i]!);
        }
        // Consecutive hours going the same way make one run: one index range per organization.
        let run: DayPlan['hours'][number] | null = null;
        for (let h = i; h < j; h++) {
          const to = keys[h - i]!;
          if (to === whole) run = null;
          else if (run && run.to === to) run.end = at[h]! + 1;
          else plan.hours.push((run = { zone: z, start: at[h]!, end: at[h]! + 1, from: whole, to }));
        }
      }
      i = j;
    }
  });
  return plan;
}
