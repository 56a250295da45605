import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addEncoded, bucketOf, bucketRange, BUCKETS, decodePairs, emptyCounts, encodeCounts, encodeValues, RELATIVE_ERROR, reportedValue, sketchPercentiles } from './duration-sketch.js';
import { nearestRank } from './figures.js';

const within = (reported: number | null, exact: number | null) => {
  if (exact === null) return reported === null;
  return reported !== null && Math.abs(reported - exact) <= RELATIVE_ERROR * exact + 1e-9;
};

describe('duration sketch', () => {
  it('reports every whole second of every bucket within the stated relative error', () => {
    let worst = 0;
    for (let b = 0; b < BUCKETS; b++) {
      const [first, last] = bucketRange(b);
      if (last < first) continue;
      // The bucket's ends are where the reported figure is furthest off, relatively.
      for (const v of [first, last]) {
        expect(bucketOf(v)).toBe(b);
        if (v > 0) worst = Math.max(worst, Math.abs(reportedValue(b) - v) / v);
        else expect(reportedValue(b)).toBe(0);
      }
    }
    expect(worst).toBeLessThanOrEqual(RELATIVE_ERROR);
    expect(worst).toBeGreaterThan(RELATIVE_ERROR * 0.9);
    // Under 50 s every second has its own bucket: exact.
    for (let v = 0; v < 50; v++) expect(reportedValue(bucketOf(v))).toBe(v);
  });

  it('round-trips its stored form and merges by adding counts, taking away as exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 10 * 365 * 86_400 }), { nil: null }), { maxLength: 300 }), fc.array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 100 }), (a, b) => {
        const merged = emptyCounts();
        expect(addEncoded(merged, encodeValues(a))).toBe(a.filter((v) => v !== null).length);
        addEncoded(merged, encodeValues(b));
        const whole = emptyCounts();
        addEncoded(whole, encodeValues([...a, ...b]));
        expect(merged).toEqual(whole);
        expect(decodePairs(encodeCounts(whole))).toEqual(decodePairs(encodeValues([...a, ...b])));
        addEncoded(merged, encodeValues(b), -1);
        const only = emptyCounts();
        addEncoded(only, encodeValues(a));
        expect(merged).toEqual(only);
      }),
    );
  });

  it('gives the median and 90th percentile within the stated error of the exact nearest-rank values, with the exact count', () => {
    const durations = fc.oneof(
      fc.integer({ min: 0, max: 120 }),
      fc.integer({ min: 0, max: 20_000 }),
      fc.integer({ min: 0, max: 90 * 86_400 }),
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(durations, { maxLength: 60 }), { minLength: 1, maxLength: 8 }), (parts) => {
        // Sketches of several hours merged, against the exact figures of all their values.
        const counts = emptyCounts();
        for (const part of parts) addEncoded(counts, encodeValues(part));
        const all = parts.flat().sort((x, y) => x - y);
        const { values, count } = sketchPercentiles(counts, [0.5, 0.9]);
        expect(count).toBe(all.length);
        expect(within(values[0]!, nearestRank(all, 0.5))).toBe(true);
        expect(within(values[1]!, nearestRank(all, 0.9))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
