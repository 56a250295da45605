import { Temporal } from 'temporal-polyfill';

/** A point in time: a Temporal.Instant or epoch milliseconds. */
export type InstantInput = Temporal.Instant | number;

/** An amount of elapsed time: a Duration (no years/months/weeks), a duration-like object, or ms. */
export type DurationInput = Temporal.Duration | Temporal.DurationLike | number;

const NS_PER_MS = 1_000_000n;

export function toInstant(at: InstantInput): Temporal.Instant {
  if (typeof at === 'number') {
    if (!Number.isFinite(at)) throw new RangeError(`invalid epoch milliseconds ${at}`);
    return Number.isInteger(at)
      ? Temporal.Instant.fromEpochMilliseconds(at)
      : Temporal.Instant.fromEpochNanoseconds(BigInt(Math.round(at * 1e6)));
  }
  return at;
}

/**
 * Floor to whole ms. Every computed boundary is a whole ms, and for an integer b,
 * `t < b` iff `floor(t) < b`, so membership tests on floored values stay exact.
 */
export function toEpochMs(at: InstantInput): number {
  if (typeof at === 'number') {
    if (!Number.isFinite(at)) throw new RangeError(`invalid epoch milliseconds ${at}`);
    return Math.floor(at);
  }
  return at.epochMilliseconds;
}

export function msToNs(ms: number): bigint {
  return BigInt(ms) * NS_PER_MS;
}

export function durationToNs(duration: DurationInput): bigint {
  if (typeof duration === 'number') {
    if (!Number.isFinite(duration) || duration < 0) throw new RangeError(`invalid duration ${duration} ms`);
    return Number.isInteger(duration) ? BigInt(duration) * NS_PER_MS : BigInt(Math.round(duration * 1e6));
  }
  const d = Temporal.Duration.from(duration);
  // Business time is elapsed open time; a "month" of it has no meaning.
  if (d.years !== 0 || d.months !== 0 || d.weeks !== 0) {
    throw new RangeError('business durations take days, hours, minutes, seconds or smaller units');
  }
  if (d.sign < 0) throw new RangeError('business durations must not be negative');
  return (
    BigInt(d.days) * 86_400_000_000_000n +
    BigInt(d.hours) * 3_600_000_000_000n +
    BigInt(d.minutes) * 60_000_000_000n +
    BigInt(d.seconds) * 1_000_000_000n +
    BigInt(d.milliseconds) * NS_PER_MS +
    BigInt(d.microseconds) * 1000n +
    BigInt(d.nanoseconds)
  );
}
