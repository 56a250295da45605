import { DAY_MS, type DayInfo, dayInfo, wallClockToEpochMs } from './wall-clock.js';

/** A wall-clock range on one date; `endMin` may reach into the next date (up to 2880). */
export interface DayRule {
  readonly startMin: number;
  readonly endMin: number;
  /** Caller's payload, e.g. which shift produced the interval. */
  readonly tag: number;
}

/** A half-open real-time interval [s, e) in epoch ms. */
export interface TaggedInterval {
  readonly s: number;
  readonly e: number;
  readonly tag: number;
}

export type RulesForDay = (info: DayInfo) => readonly DayRule[];

const MAX_CACHED_DAYS = 4000;

/**
 * Turns per-date wall-clock rules into real-time intervals, a date at a time, with a cache:
 * callers ask about instants near each other, so the same few dates recur.
 */
export class DayTimeline {
  private readonly days = new Map<number, readonly TaggedInterval[]>();

  constructor(
    readonly zone: string,
    private readonly rulesFor: RulesForDay,
  ) {}

  day(day: number): readonly TaggedInterval[] {
    let out = this.days.get(day);
    if (out === undefined) {
      const rules = this.rulesFor(dayInfo(day));
      const list: TaggedInterval[] = [];
      for (const r of rules) {
        const s = wallClockToEpochMs(this.zone, day, r.startMin, 'start');
        const e = wallClockToEpochMs(this.zone, day, r.endMin, 'end');
        // Both ends inside one skipped gap: the clock never shows any of it.
        if (e > s) list.push({ s, e, tag: r.tag });
      }
      list.sort((a, b) => a.s - b.s);
      out = list;
      if (this.days.size > MAX_CACHED_DAYS) this.days.clear();
      this.days.set(day, out);
    }
    return out;
  }

  /**
   * Every interval that intersects [fromMs, toMs), sorted by start (intervals are whole, not
   * clipped). A date's intervals lie within its midnight and the midnight two dates later, and
   * midnights sit within a day of UTC midnight, so dates from 3 before to 1 after suffice.
   */
  collect(fromMs: number, toMs: number): TaggedInterval[] {
    const out: TaggedInterval[] = [];
    const last = Math.floor(toMs / DAY_MS) + 1;
    for (let d = Math.floor(fromMs / DAY_MS) - 3; d <= last; d++) {
      for (const iv of this.day(d)) if (iv.e > fromMs && iv.s < toMs) out.push(iv);
    }
    out.sort((a, b) => a.s - b.s);
    return out;
  }
}

/** Union of intervals sorted by start, as flat [s0, e0, s1, e1, ...]; touching ones join. */
export function mergeIntervals(sorted: readonly TaggedInterval[]): number[] {
  const out: number[] = [];
  for (const iv of sorted) {
    const n = out.length;
    if (n > 0 && iv.s <= out[n - 1]!) {
      if (iv.e > out[n - 1]!) out[n - 1] = iv.e;
    } else {
      out.push(iv.s, iv.e);
    }
  }
  return out;
}
