import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeStatus, type Hours } from '../../../domain/time/index.js';
import { hoursArb, instantArb } from '../../../domain/time/time-arbitraries.test-support.js';
import { HoursStatusCache } from './hours-status-cache.js';

const MINUTE = 60_000;

function expectSame(cache: HoursStatusCache, id: string, hours: Hours, ms: number) {
  const got = cache.status(id, 1, hours.timeZone, ms);
  const want = describeStatus(hours, ms);
  expect(got.text, new Date(ms).toISOString()).toBe(want.text);
  expect(got.open).toBe(want.open);
  expect(got.label).toBe(want.label ?? null);
  expect(got.nextChange?.at ?? null).toBe(want.nextChange?.at.epochMilliseconds ?? null);
  // The answer holds, word for word, until the moment it says.
  expect(got.until).toBeGreaterThan(ms);
  const last = Math.min(got.until - 1, ms + 3 * 86_400_000);
  expect(describeStatus(hours, last).text, `still at ${new Date(last).toISOString()}`).toBe(got.text);
}

describe('HoursStatusCache', () => {
  it('answers exactly what describeStatus answers, walking forward and jumping about (property)', () => {
    fc.assert(
      fc.property(hoursArb, instantArb, fc.array(fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }), { minLength: 1, maxLength: 25 }), (hours, start, steps) => {
        const cache = new HoursStatusCache();
        cache.put('org', 1, hours);
        let ms = start.epochMilliseconds;
        expectSame(cache, 'org', hours, ms);
        for (const step of steps) {
          // Mostly small steps forward (the common case: one request a minute), sometimes jumps.
          ms += Math.abs(step) < 86_400_000 ? Math.abs(step) % (90 * MINUTE) : step;
          expectSame(cache, 'org', hours, ms);
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('minute by minute through a fall-back day, a holiday and an overnight line', () => {
    const hours: Hours = {
      timeZone: 'America/New_York',
      weekly: [
        { day: 1, start: '08:00', end: '12:00' },
        { day: 1, start: '13:00', end: '17:00' },
        { day: 7, start: '22:00', end: '06:00' },
      ],
      overrides: [{ from: '2026-11-02', to: '2026-11-02', label: 'Election day', closed: true, intervals: [] }],
    };
    const cache = new HoursStatusCache();
    cache.put('org', 1, hours);
    for (let ms = Date.parse('2026-10-31T00:00:00Z'); ms < Date.parse('2026-11-10T00:00:00Z'); ms += 7 * MINUTE + 13_000) expectSame(cache, 'org', hours, ms);
  }, 30_000);

  it('knows which version and zone it holds', () => {
    const cache = new HoursStatusCache();
    cache.put('org', 3, { timeZone: 'Europe/London', weekly: [], overrides: [] });
    expect(cache.has('org', 3, 'Europe/London')).toBe(true);
    expect(cache.has('org', 4, 'Europe/London')).toBe(false);
    expect(cache.has('org', 3, 'Europe/Paris')).toBe(false);
    expect(() => cache.status('org', 4, 'Europe/London', 0)).toThrow();
  });
});
