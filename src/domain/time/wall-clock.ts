import { Temporal } from 'temporal-polyfill';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Which side of an interval a wall-clock time bounds; decides how DST gaps and folds resolve. */
export type Edge = 'start' | 'end';

export interface DayInfo {
  /** Days since 1970-01-01 (a calendar date, not an instant). */
  readonly day: number;
  readonly iso: string;
  /** ISO weekday, 1 = Monday. */
  readonly dow: number;
  readonly year: number;
  readonly month: number;
  readonly dayOfMonth: number;
}

const zoneValidity = new Map<string, boolean>();
let supportedZones: ReadonlySet<string> | undefined;

/**
 * An IANA zone that Temporal accepts, spelled exactly as Temporal spells it ('UTC', not 'utc'),
 * so stored ids stay canonical and fixed offsets like '+05:00' are not mistaken for zones.
 */
export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string') return false;
  let ok = zoneValidity.get(zone);
  if (ok === undefined) {
    ok = checkTimeZone(zone);
    if (zoneValidity.size > 2000) zoneValidity.clear();
    zoneValidity.set(zone, ok);
  }
  return ok;
}

function checkTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64 || /^[+\-\u2212]/.test(zone)) return false;
  supportedZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  try {
    const id = Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(zone).timeZoneId;
    // Intl's list omits aliases such as 'UTC' and 'Asia/Calcutta' that Temporal still resolves.
    return id === zone || supportedZones.has(zone);
  } catch {
    return false;
  }
}

const dayInfos = new Map<number, DayInfo>();

export function dayInfo(day: number): DayInfo {
  let info = dayInfos.get(day);
  if (info === undefined) {
    // Date only splits an epoch-day count into calendar fields; no zone is involved.
    const d = new Date(day * DAY_MS);
    const iso = d.toISOString().slice(0, 10);
    info = {
      day,
      iso,
      dow: ((d.getUTCDay() + 6) % 7) + 1,
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      dayOfMonth: d.getUTCDate(),
    };
    if (dayInfos.size > 50_000) dayInfos.clear();
    dayInfos.set(day, info);
  }
  return info;
}

export function epochDayOfDate(date: Temporal.PlainDate | string): number {
  const pd = typeof date === 'string' ? Temporal.PlainDate.from(date) : date;
  return pd.toZonedDateTime('UTC').epochMilliseconds / DAY_MS;
}

/** The calendar date an instant falls on in `zone`. */
export function localDayOf(zone: string, epochMs: number): number {
  const zdt = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(zone);
  return epochDayOfDate(zdt.toPlainDate());
}

/**
 * Resolves a wall-clock time (date + minutes, up to 2 days ahead) to epoch ms, by Temporal alone.
 * Skipped times (spring forward) resolve to the transition itself: an interval "starting" or
 * "ending" inside the gap does so when the clock jumps past it. Repeated times (fall back)
 * take the earlier occurrence for a start and the later for an end, so an interval spanning the
 * fold includes both hours of it and nothing is counted twice once intervals are merged.
 */
export function exactWallClockToEpochMs(zone: string, day: number, minutes: number, edge: Edge): number {
  const info = dayInfo(day);
  const wall = new Temporal.PlainDateTime(info.year, info.month, info.dayOfMonth).add({ minutes });
  const zdt = wall.toZonedDateTime(zone, { disambiguation: edge === 'start' ? 'earlier' : 'later' });
  if (zdt.toPlainDateTime().equals(wall)) return zdt.epochMilliseconds;
  const transition = zdt.getTimeZoneTransition(edge === 'start' ? 'next' : 'previous');
  if (transition === null) throw new RangeError(`no transition around ${wall.toString()} in ${zone}`);
  return transition.epochMilliseconds;
}

interface ZoneDay {
  readonly midnight: number;
  /** No offset transition anywhere near the day, so wall minutes are elapsed minutes. */
  readonly linear: boolean;
}

const zoneDays = new Map<string, Map<number, ZoneDay>>();

function zoneDay(zone: string, day: number): ZoneDay {
  let days = zoneDays.get(zone);
  if (days === undefined) {
    days = new Map();
    zoneDays.set(zone, days);
  }
  let zd = days.get(day);
  if (zd === undefined) {
    const midnight = exactWallClockToEpochMs(zone, day, 0, 'start');
    const next = Temporal.Instant.fromEpochMilliseconds(midnight - DAY_MS)
      .toZonedDateTimeISO(zone)
      .getTimeZoneTransition('next');
    zd = { midnight, linear: next === null || next.epochMilliseconds > midnight + 3 * DAY_MS };
    if (days.size > 20_000) days.clear();
    days.set(day, zd);
  }
  return zd;
}

/**
 * Same result as `exactWallClockToEpochMs`, but the Temporal conversions are cached per zone
 * and day, and days with no transition within reach (all but a handful a year) take the
 * elapsed-time shortcut that Temporal itself guarantees when the offset is constant.
 */
export function wallClockToEpochMs(zone: string, day: number, minutes: number, edge: Edge): number {
  const zd = zoneDay(zone, day);
  return zd.linear ? zd.midnight + minutes * MINUTE_MS : exactWallClockToEpochMs(zone, day, minutes, edge);
}

/** "HH:MM" (or "24:00") to minutes after midnight; throws on anything else. */
export function parseTimeOfDay(value: string): number {
  const m = /^(\d\d):(\d\d)$/.exec(value);
  const minutes = m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
  if (!m || Number(m[2]) > 59 || !(minutes <= 1440)) throw new RangeError(`invalid time of day "${value}"`);
  return minutes;
}

export function formatTimeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
