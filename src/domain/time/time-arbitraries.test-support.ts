import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import type { Hours, HoursOverride, WeeklyInterval } from './hours.schema.js';
import { formatTimeOfDay } from './wall-clock.js';

/** Zones with 1-hour, 30-minute and midnight DST changes, half-hour offsets, and none at all. */
export const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'America/Phoenix',
  'Asia/Tokyo',
  'America/Santiago',
  'Pacific/Chatham',
] as const;

const FROM = Temporal.Instant.from('2026-01-01T00:00:00Z');
const TO = Temporal.Instant.from('2029-01-01T00:00:00Z');

function transitionsOf(zone: string): Temporal.Instant[] {
  const out: Temporal.Instant[] = [];
  let t = FROM.toZonedDateTimeISO(zone).getTimeZoneTransition('next');
  while (t !== null && Temporal.Instant.compare(t.toInstant(), TO) < 0) {
    out.push(t.toInstant());
    t = t.getTimeZoneTransition('next');
  }
  return out;
}

/** Every offset change of the zones above in 2026–2028, where the bugs live. */
export const TRANSITIONS: readonly Temporal.Instant[] = ZONES.flatMap(transitionsOf);

const subMs = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 999_999 }));

const uniformInstant = fc
  .tuple(fc.integer({ min: FROM.epochMilliseconds, max: TO.epochMilliseconds - 1 }), subMs)
  .map(([ms, ns]) => Temporal.Instant.fromEpochNanoseconds(BigInt(ms) * 1_000_000n + BigInt(ns)));

const nearTransition = fc
  .tuple(fc.constantFrom(...TRANSITIONS), fc.integer({ min: -48 * 60, max: 48 * 60 }), subMs)
  .map(([t, minutes, ns]) => t.add({ minutes }).add({ nanoseconds: ns }));

/** Instants in 2026–2028, a third of them within two days of an offset change. */
export const instantArb: fc.Arbitrary<Temporal.Instant> = fc.oneof(
  { arbitrary: uniformInstant, weight: 2 },
  { arbitrary: nearTransition, weight: 1 },
);

const minuteLen = fc.oneof(fc.integer({ min: 1, max: 1439 }), fc.constantFrom(30, 60, 480, 1439));
const gapLen = fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.constantFrom(0, 60, 720));

/** Non-overlapping spans laid end to end around a cycle, none longer than a day. */
function spansOnCycle(cycle: number, maxCount: number): fc.Arbitrary<Array<[number, number]>> {
  return fc
    .tuple(
      fc.integer({ min: 0, max: cycle - 1 }),
      fc.array(fc.tuple(gapLen, minuteLen), { minLength: 1, maxLength: maxCount }),
    )
    .map(([offset, parts]) => {
      const spans: Array<[number, number]> = [];
      let pos = offset;
      for (const [gap, len] of parts) {
        const start = pos + gap;
        if (start + len > offset + cycle) break;
        spans.push([start, len]);
        pos = start + len;
      }
      return spans;
    });
}

const endOf = (startMin: number, len: number): string => formatTimeOfDay((startMin + len) % 1440);

const weeklyArb: fc.Arbitrary<WeeklyInterval[]> = spansOnCycle(7 * 1440, 8).map((spans) =>
  spans.map(([start, len]) => {
    const s = start % (7 * 1440);
    return { day: Math.floor(s / 1440) + 1, start: formatTimeOfDay(s % 1440), end: endOf(s % 1440, len) };
  }),
);

const dateArb = fc
  .integer({ min: 0, max: 3 * 366 })
  .map((d) => Temporal.PlainDate.from('2026-01-01').add({ days: d }));

const overrideArb: fc.Arbitrary<HoursOverride> = fc
  .tuple(dateArb, fc.integer({ min: 0, max: 6 }), fc.boolean(), spansOnCycle(1440, 3))
  .map(([from, days, closed, spans]) => {
    const intervals = closed
      ? []
      : spans.map(([start, len]) => ({ start: formatTimeOfDay(start % 1440), end: endOf(start % 1440, len) }));
    return {
      from: from.toString(),
      to: from.add({ days }).toString(),
      label: 'Generated',
      closed: closed || intervals.length === 0,
      intervals,
    };
  });

/** Valid hours: random non-overlapping weekly intervals, sometimes with date overrides. */
export const hoursArb: fc.Arbitrary<Hours> = fc
  .tuple(fc.constantFrom(...ZONES), weeklyArb, fc.array(overrideArb, { maxLength: 2 }))
  .map(([timeZone, weekly, overrides]) => ({ timeZone, weekly, overrides }));
