import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { TRANSITIONS, ZONES } from './time-arbitraries.test-support.js';
import {
  DAY_MS,
  dayInfo,
  epochDayOfDate,
  exactWallClockToEpochMs,
  isValidTimeZone,
  parseTimeOfDay,
  wallClockToEpochMs,
} from './wall-clock.js';

describe('wall clock', () => {
  it('takes the cached shortcut only where it equals the exact conversion', () => {
    const day = fc.oneof(
      fc.integer({ min: epochDayOfDate('2026-01-01'), max: epochDayOfDate('2028-12-31') }),
      fc.constantFrom(...TRANSITIONS).chain((t) =>
        fc.integer({ min: -3, max: 1 }).map((d) => Math.floor(t.epochMilliseconds / DAY_MS) + d),
      ),
    );
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), day, fc.integer({ min: 0, max: 2880 }), fc.constantFrom('start', 'end'), (zone, d, minutes, edge) => {
        expect(wallClockToEpochMs(zone, d, minutes, edge)).toBe(exactWallClockToEpochMs(zone, d, minutes, edge));
      }),
      { numRuns: 300 },
    );
  });

  it('resolves midnight skipped by a transition to the transition (America/Santiago)', () => {
    const day = epochDayOfDate('2026-09-06');
    expect(new Date(exactWallClockToEpochMs('America/Santiago', day, 0, 'start')).toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(new Date(exactWallClockToEpochMs('America/Santiago', day, 30, 'end')).toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('describes calendar days including Feb 29', () => {
    expect(dayInfo(epochDayOfDate('2028-02-29'))).toMatchObject({ iso: '2028-02-29', dow: 2, month: 2, dayOfMonth: 29 });
    expect(dayInfo(epochDayOfDate(Temporal.PlainDate.from('2026-03-08'))).dow).toBe(7);
  });

  it('accepts IANA zones as Temporal spells them, and nothing else', () => {
    for (const zone of ['UTC', 'Etc/UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Calcutta', 'Australia/Lord_Howe']) {
      expect(isValidTimeZone(zone)).toBe(true);
    }
    for (const zone of ['Mars/Olympus', 'america/new_york', 'utc', '+05:00', '-03:00', '', 'Local', 42]) {
      expect(isValidTimeZone(zone)).toBe(false);
    }
  });

  it('parses HH:MM and 24:00 only', () => {
    expect(parseTimeOfDay('00:00')).toBe(0);
    expect(parseTimeOfDay('23:59')).toBe(1439);
    expect(parseTimeOfDay('24:00')).toBe(1440);
    for (const bad of ['24:01', '25:00', '9:00', '9am', '12:60']) expect(() => parseTimeOfDay(bad)).toThrow(RangeError);
  });
});
