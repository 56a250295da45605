/*
 * A mergeable percentile sketch of durations in whole seconds (decision 046): fixed log-spaced
 * buckets, the same for every sketch, so two sketches merge by adding their counts bucket by
 * bucket — an organization-hour's into its day, days and organizations into a display bucket.
 *
 * Bucket 0 holds 0 s. Bucket i ≥ 1 holds the whole seconds v with ⌈log_γ v⌉ = i − 1, where
 * γ = (1 + α) / (1 − α). A percentile is read as the bucket that holds the nearest-rank value and
 * reported as the point of that bucket nearest (relatively) to all of its whole seconds, so the
 * reported figure is within α of the exact nearest-rank value, whatever the value: that is the
 * relative error, RELATIVE_ERROR below (1 %). A bucket that holds a single whole second reports it
 * exactly (every value under 50 s). Counts are exact, so a count stays an exact figure.
 *
 * Stored form: the non-empty buckets in ascending order, each as two unsigned LEB128 varints —
 * the gap from the previous bucket index and the count — in a `bytea`. A page merges thousands of
 * these per read; as `int4[]` the same data cost PostgreSQL and the driver ≈ 60 ns per element
 * to print and parse (decision 046), as bytes one copy.
 */

/** The relative error of every percentile read from a sketch. */
export const RELATIVE_ERROR = 0.01;
const GAMMA = (1 + RELATIVE_ERROR) / (1 - RELATIVE_ERROR);
const LN_GAMMA = Math.log(GAMMA);
/** Durations are capped here (about 68 years) so the bucket range is fixed. */
const MAX_SECONDS = 2 ** 31 - 1;

/** The bucket of a whole number of seconds. */
export function bucketOf(seconds: number): number {
  const v = Math.min(MAX_SECONDS, Math.max(0, Math.floor(seconds)));
  if (v === 0) return 0;
  return 1 + Math.max(0, Math.ceil(Math.log(v) / LN_GAMMA));
}

/** Number of buckets: every index bucketOf can return is below it. */
export const BUCKETS = bucketOf(MAX_SECONDS) + 1;

/**
 * The whole seconds of each bucket, [first, last] (an empty bucket has last < first), found from
 * bucketOf itself, so they agree with it whatever the floating-point rounding; and the figure
 * each bucket reports: the harmonic mean of its ends, which is within (last − first) / (last + first)
 * of every whole second in it, below RELATIVE_ERROR because last / first < γ.
 */
const FIRST = new Float64Array(BUCKETS + 1);
const REPORTED = new Float64Array(BUCKETS);
{
  // The smallest whole second of each bucket, by binary search on the monotone bucketOf.
  const firstOf = (bucket: number) => {
    let lo = 0;
    let hi = MAX_SECONDS + 1;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (bucketOf(mid) < bucket) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (let b = 0; b <= BUCKETS; b++) FIRST[b] = b === BUCKETS ? MAX_SECONDS + 1 : firstOf(b);
  for (let b = 0; b < BUCKETS; b++) {
    const first = FIRST[b]!;
    const last = FIRST[b + 1]! - 1;
    REPORTED[b] = last < first ? NaN : first === 0 ? 0 : (2 * first * last) / (first + last);
  }
}

/** [first, last] whole seconds of a bucket (for tests and the decision's statement). */
export function bucketRange(bucket: number): [number, number] {
  return [FIRST[bucket]!, FIRST[bucket + 1]! - 1];
}

/** The figure a bucket reports. */
export function reportedValue(bucket: number): number {
  return REPORTED[bucket]!;
}

/** A sketch being built or merged: a count per bucket. */
export type SketchCounts = Float64Array;

export const emptyCounts = (): SketchCounts => new Float64Array(BUCKETS);

/** Encodes the seconds given (nulls skipped) as a stored sketch. */
export function encodeValues(values: Iterable<number | null>): Uint8Array {
  const counts = new Map<number, number>();
  for (const v of values) if (v !== null) counts.set(bucketOf(v), (counts.get(bucketOf(v)) ?? 0) + 1);
  return encodePairs([...counts].sort((a, b) => a[0] - b[0]));
}

/** Encodes dense counts (non-negative whole numbers) as a stored sketch. */
export function encodeCounts(counts: SketchCounts): Uint8Array {
  const pairs: [number, number][] = [];
  for (let b = 0; b < counts.length; b++) if (counts[b]! > 0) pairs.push([b, counts[b]!]);
  return encodePairs(pairs);
}

function encodePairs(pairs: readonly (readonly [number, number])[]): Uint8Array {
  const out: number[] = [];
  const varint = (n: number) => {
    while (n >= 0x80) {
      out.push((n % 0x80) | 0x80);
      n = Math.floor(n / 0x80);
    }
    out.push(n);
  };
  let previous = 0;
  for (const [bucket, count] of pairs) {
    varint(bucket - previous);
    varint(count);
    previous = bucket;
  }
  return Uint8Array.from(out);
}

/** Adds `sign` × a stored sketch into `counts`; returns how many values it holds. */
export function addEncoded(counts: SketchCounts, encoded: Uint8Array, sign: 1 | -1 = 1): number {
  let at = 0;
  let bucket = 0;
  let total = 0;
  const varint = () => {
    let n = 0;
    let scale = 1;
    for (;;) {
      const byte = encoded[at++]!;
      n += (byte & 0x7f) * scale;
      if (byte < 0x80) return n;
      scale *= 0x80;
    }
  };
  while (at < encoded.length) {
    bucket += varint();
    const count = varint();
    counts[bucket]! += sign * count;
    total += count;
  }
  return sign * total;
}

/** The non-empty buckets of a stored sketch, [bucket, count] ascending (for tests and inspection). */
export function decodePairs(encoded: Uint8Array): [number, number][] {
  const counts = emptyCounts();
  addEncoded(counts, encoded);
  const pairs: [number, number][] = [];
  counts.forEach((c, b) => c > 0 && pairs.push([b, c]));
  return pairs;
}

/**
 * Nearest-rank percentiles (as figures.ts nearestRank: the smallest value with at least `p` of the
 * values at or below it) of the merged counts, each within RELATIVE_ERROR; null when empty.
 */
export function sketchPercentiles(counts: SketchCounts, ps: readonly number[]): { values: (number | null)[]; count: number } {
  let n = 0;
  for (let b = 0; b < counts.length; b++) n += counts[b]!;
  if (n <= 0) return { values: ps.map(() => null), count: 0 };
  const ranks = ps.map((p) => Math.max(1, Math.ceil(p * n)));
  const values: (number | null)[] = ps.map(() => null);
  let seen = 0;
  let found = 0;
  for (let b = 0; b < counts.length && found < ranks.length; b++) {
    seen += counts[b]!;
    for (let i = 0; i < ranks.length; i++) {
      if (values[i] === null && seen >= ranks[i]!) {
        values[i] = REPORTED[b]!;
        found++;
      }
    }
  }
  return { values, count: n };
}
