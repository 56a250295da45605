import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import type { Hours } from './hours.schema.js';
import { validateHours } from './hours.schema.js';
import { addBusinessTime, isOpen, nextChange, openIntervals } from './hours.js';
import { hoursArb, instantArb } from './time-arbitraries.test-support.js';
import { epochDayOfDate, exactWallClockToEpochMs, parseTimeOfDay } from './wall-clock.js';

const RUNS = { numRuns: 200 };
const TIMEOUT = 20_000;
const NS = (i: Temporal.Instant) => i.epochNanoseconds;
const within = (t: Temporal.Instant, iv: { start: Temporal.Instant; end: Temporal.Instant }) =>
  NS(iv.start) <= NS(t) && NS(t) < NS(iv.end);

function openNs(h: Hours, from: Temporal.Instant, to: Temporal.Instant): bigint {
  return openIntervals(h, from, to).reduce((sum, iv) => sum + (NS(iv.end) - NS(iv.start)), 0n);
}

const durationArb = fc.oneof(
  fc.integer({ min: 0, max: 30 * 24 * 60 }).map((minutes) => Temporal.Duration.from({ minutes })),
  fc
    .tuple(fc.integer({ min: 0, max: 5 * 24 * 3_600_000 }), fc.integer({ min: 0, max: 999_999 }))
    .map(([milliseconds, nanoseconds]) => Temporal.Duration.from({ milliseconds, nanoseconds })),
);

describe('hours properties', () => {
  it('generates valid hours', () => {
    fc.assert(
      fc.property(hoursArb, (h) => {
        expect(validateHours(h)).toEqual([]);
      }),
      RUNS,
    );
  }, TIMEOUT);

  it('isOpen agrees with openIntervals, including at every boundary', () => {
    fc.assert(
      fc.property(hoursArb, instantArb, (h, t) => {
        const from = t.subtract({ hours: 72 });
        const to = t.add({ hours: 72 });
        const ivs = openIntervals(h, from, to);
        expect(isOpen(h, t)).toBe(ivs.some((iv) => within(t, iv)));
        for (let i = 0; i < ivs.length; i++) {
          const iv = ivs[i]!;
          if (i > 0) expect(Temporal.Instant.compare(ivs[i - 1]!.end, iv.start)).toBe(-1);
          expect(Temporal.Instant.compare(iv.start, iv.end)).toBe(-1);
          if (!iv.start.equals(from)) {
            expect(isOpen(h, iv.start)).toBe(true);
            expect(isOpen(h, iv.start.subtract({ nanoseconds: 1 }))).toBe(false);
          }
          if (!iv.end.equals(to)) {
            expect(isOpen(h, iv.end)).toBe(false);
            expect(isOpen(h, iv.end.subtract({ nanoseconds: 1 }))).toBe(true);
          }
        }
      }),
      RUNS,
    );
  }, TIMEOUT);

  it('nextChange is the first instant at which isOpen flips', () => {
    fc.assert(
      fc.property(hoursArb, instantArb, (h, t) => {
        const open = isOpen(h, t);
        const change = nextChange(h, t);
        if (change === null) {
          const to = t.add({ hours: 399 * 24 });
          const expected = open ? [{ start: t, end: to }] : [];
          expect(openIntervals(h, t, to)).toEqual(expected);
          return;
        }
        expect(Temporal.Instant.compare(change.at, t)).toBe(1);
        expect(change.opens).toBe(!open);
        expect(isOpen(h, change.at)).toBe(change.opens);
        // Constant on [t, change): one whole interval if open, none if closed.
        expect(openIntervals(h, t, change.at)).toEqual(open ? [{ start: t, end: change.at }] : []);
      }),
      RUNS,
    );
  }, TIMEOUT);

  it('addBusinessTime adds exactly the duration of open time, monotonically', () => {
    fc.assert(
      fc.property(hoursArb, instantArb, durationArb, durationArb, (h, t, d1, d2) => {
        const [short, long] = Temporal.Duration.compare(d1, d2) <= 0 ? [d1, d2] : [d2, d1];
        const r1 = addBusinessTime(h, t, short);
        const r2 = addBusinessTime(h, t, long);
        expect(Temporal.Instant.compare(t, r1)).toBeLessThanOrEqual(0);
        expect(Temporal.Instant.compare(r1, r2)).toBeLessThanOrEqual(0);
        for (const [d, r] of [
          [short, r1],
          [long, r2],
        ] as const) {
          const wanted = BigInt(d.total('nanoseconds'));
          expect(openNs(h, t, r)).toBe(wanted);
          // Earliest such instant: open time runs right up to r.
          if (wanted > 0n) expect(openIntervals(h, t, r).at(-1)!.end.equals(r)).toBe(true);
        }
      }),
      RUNS,
    );
  }, TIMEOUT);
});

/** The definition, date by date, with uncached Temporal conversions for every wall time. */
function isOpenByDefinition(h: Hours, t: Temporal.Instant): boolean {
  const local = t.toZonedDateTimeISO(h.timeZone).toPlainDate();
  const ranked = h.overrides
    .map((o, index) => ({ o, index }))
    .sort((a, b) => b.o.from.localeCompare(a.o.from) || a.o.to.localeCompare(b.o.to) || b.index - a.index);
  for (const date of [local.subtract({ days: 1 }), local]) {
    const day = epochDayOfDate(date);
    const iso = date.toString();
    const o = ranked.find(({ o }) => o.from <= iso && iso <= o.to)?.o;
    const rules = o ? (o.closed ? [] : o.intervals) : h.weekly.filter((w) => w.day === date.dayOfWeek);
    for (const r of rules) {
      const s = parseTimeOfDay(r.start);
      const e = parseTimeOfDay(r.end);
      const startMs = exactWallClockToEpochMs(h.timeZone, day, s, 'start');
      const endMs = exactWallClockToEpochMs(h.timeZone, day, e > s ? e : e + 1440, 'end');
      if (startMs <= t.epochMilliseconds && t.epochMilliseconds < endMs) return true;
    }
  }
  return false;
}

describe('hours against their definition', () => {
  it('isOpen matches a date-by-date evaluation with exact conversions', () => {
    fc.assert(
      fc.property(hoursArb, instantArb, (h, t) => {
        expect(isOpen(h, t)).toBe(isOpenByDefinition(h, t));
      }),
      RUNS,
    );
  }, TIMEOUT);
});
