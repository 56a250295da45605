import { Temporal } from 'temporal-polyfill';

export const GRANULARITIES = ['hour', 'day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const HOUR_MS = 3_600_000;

/**
 * The instant the local hour containing `epochMs` began in `zone`. Computed from the offset in
 * force at that instant, so the two 01:00 hours of a day with 25 hours stay two buckets. The
 * database computes the same thing (analytics.repository.ts: `bucketStartSql`).
 */
export function hourBucketStart(epochMs: number, zone: string): number {
  const offsetMs = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(zone).offsetNanoseconds / 1_000_000;
  const local = epochMs + offsetMs;
  return epochMs - (((local % HOUR_MS) + HOUR_MS) % HOUR_MS);
}

export interface DisplayBucket {
  /** hour: the ISO instant it starts; day, week, month: the local date of its first day. */
  key: string;
  start: string;
  end: string;
  label: string;
}

/** The local date (YYYY-MM-DD) a bucket of `granularity` that contains `epochMs` starts on in `zone`. */
export function bucketKey(epochMs: number, zone: string, granularity: Granularity): string {
  if (granularity === 'hour') return new Date(hourBucketStart(epochMs, zone)).toISOString();
  const date = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(zone).toPlainDate();
  return firstDayOf(date, granularity).toString();
}

function firstDayOf(date: Temporal.PlainDate, granularity: Exclude<Granularity, 'hour'>): Temporal.PlainDate {
  if (granularity === 'week') return date.subtract({ days: date.dayOfWeek - 1 });
  if (granularity === 'month') return date.with({ day: 1 });
  return date;
}

function nextDay(date: Temporal.PlainDate, granularity: Exclude<Granularity, 'hour'>): Temporal.PlainDate {
  if (granularity === 'week') return date.add({ weeks: 1 });
  if (granularity === 'month') return date.add({ months: 1 });
  return date.add({ days: 1 });
}

/** A period: local dates `from`..`to` inclusive, read in `zone`. */
export interface DateRange {
  from: string;
  to: string;
}

export function rangeInstants(range: DateRange, zone: string): { start: number; end: number } {
  return {
    start: Temporal.PlainDate.from(range.from).toZonedDateTime({ timeZone: zone }).epochMilliseconds,
    end: Temporal.PlainDate.from(range.to).add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds,
  };
}

export function rangeDays(range: DateRange): number {
  return Temporal.PlainDate.from(range.from).until(Temporal.PlainDate.from(range.to), { largestUnit: 'days' }).days + 1;
}

/** The period of the same number of days that ends the day before `range` starts. */
export function previousRange(range: DateRange): DateRange {
  const days = rangeDays(range);
  const from = Temporal.PlainDate.from(range.from);
  return { from: from.subtract({ days }).toString(), to: from.subtract({ days: 1 }).toString() };
}

/**
 * Every bucket of the range at `granularity` in `zone`, empty ones included. The first and last
 * week or month may begin before or end after the range; their figures only count the range.
 */
export function displayBuckets(range: DateRange, zone: string, granularity: Granularity): DisplayBucket[] {
  const { start, end } = rangeInstants(range, zone);
  const out: DisplayBucket[] = [];
  if (granularity === 'hour') {
    for (let at = hourBucketStart(start, zone); at < end; ) {
      const zoned = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone);
      let following = hourBucketStart(at + HOUR_MS, zone);
      if (following <= at) following = at + HOUR_MS;
      const next = Math.min(following, end);
      out.push({
        key: new Date(at).toISOString(),
        start: new Date(Math.max(at, start)).toISOString(),
        end: new Date(next).toISOString(),
        label: `${zoned.toPlainDate().toString()} ${String(zoned.hour).padStart(2, '0')}:00 (${zoned.offset})`,
      });
      at = next;
    }
    return out;
  }
  let day = firstDayOf(Temporal.PlainDate.from(range.from), granularity);
  const last = Temporal.PlainDate.from(range.to);
  while (Temporal.PlainDate.compare(day, last) <= 0) {
    const following = nextDay(day, granularity);
    const s = Math.max(day.toZonedDateTime({ timeZone: zone }).epochMilliseconds, start);
    const e = Math.min(following.toZonedDateTime({ timeZone: zone }).epochMilliseconds, end);
    out.push({ key: day.toString(), start: new Date(s).toISOString(), end: new Date(e).toISOString(), label: labelOf(day, granularity) });
    day = following;
  }
  return out;
}

function labelOf(day: Temporal.PlainDate, granularity: Exclude<Granularity, 'hour'>): string {
  if (granularity === 'month') return day.toString().slice(0, 7);
  if (granularity === 'week') return `Week of ${day.toString()}`;
  return day.toString();
}

/** ISO weekday (1 = Monday) and hour of the day of an instant in `zone`: the heatmap's cell. */
export function hourOfWeek(epochMs: number, zone: string): { weekday: number; hour: number } {
  const z = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(zone);
  return { weekday: z.dayOfWeek, hour: z.hour };
}

/** Today's date in `zone`. */
export function todayIn(zone: string, nowMs: number): string {
  return Temporal.Instant.fromEpochMilliseconds(nowMs).toZonedDateTimeISO(zone).toPlainDate().toString();
}

export const PRESETS = ['today', '7d', '30d', '90d', 'month', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

/** The dates a preset stands for on `today` (a local date). */
export function presetRange(preset: Exclude<Preset, 'custom'>, today: string): DateRange {
  const t = Temporal.PlainDate.from(today);
  const back = (days: number) => ({ from: t.subtract({ days: days - 1 }).toString(), to: today });
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return back(7);
    case '30d':
      return back(30);
    case '90d':
      return back(90);
    case 'month':
      return { from: t.with({ day: 1 }).toString(), to: today };
  }
}

/** The zone figures are read in when none is chosen: the one most of the organizations share (the first such). */
export function defaultZoneOf(zones: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const z of zones) counts.set(z, (counts.get(z) ?? 0) + 1);
  let best = zones[0] ?? 'UTC';
  for (const [zone, n] of counts) if (n > (counts.get(best) ?? 0)) best = zone;
  return best;
}

/**
 * The UTC offsets `zone` uses within [startMs, endMs): `from[i]` is when `offsetSeconds[i]`
 * begins (the first is `startMs`). Lets the database read local hours by adding an offset
 * instead of converting every row's instant.
 */
export function offsetSegments(zone: string, startMs: number, endMs: number): { from: number[]; offsetSeconds: number[] } {
  const from = [startMs];
  let zoned = Temporal.Instant.fromEpochMilliseconds(startMs).toZonedDateTimeISO(zone);
  const offsetSeconds = [zoned.offsetNanoseconds / 1e9];
  for (;;) {
    const next = zoned.getTimeZoneTransition('next');
    if (!next || next.epochMilliseconds >= endMs) break;
    from.push(next.epochMilliseconds);
    offsetSeconds.push(next.offsetNanoseconds / 1e9);
    zoned = next;
  }
  return { from, offsetSeconds };
}
