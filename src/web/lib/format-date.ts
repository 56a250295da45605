import { formatInstantIn, localeOfCountry, type InstantFormatOptions } from '@domain/format/clock';
import { formatCalendarDate } from '@domain/format/date-of-birth';
import { viewerCountry } from '@web/lib/format-phone';

/**
 * Dates as people read them: an absolute form ("Nov 21, 2026, 10:52 AM") for titles and dialogs,
 * and a relative form ("5 minutes ago", "in 12 minutes") for lists. Through the one formatter
 * (domain/format/clock.ts, decision 045): a practice's records in the practice's zone and its
 * country's clock, the zone named when it is not the viewer's ("9:41 AM EST"); records of no
 * practice (the viewer's own sessions, the error log) in the viewer's zone and the browser's
 * country. A time with no zone named is the viewer's own time.
 */

/** The conventions a practice's records are shown in: its country (clock, date order, numbers) and its zone. */
export interface Practice {
  country: string;
  timeZone: string;
}

/** The browser's zone, e.g. "Europe/London". */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface DateTimeOptions extends Pick<InstantFormatOptions, 'seconds' | 'parts' | 'weekday' | 'omitCurrentYear' | 'now' | 'showZone'> {
  /** The practice whose record this is; without it, the viewer's zone and country. */
  practice?: Practice | null;
}

/** An instant through the one formatter: "Nov 21, 2026, 10:52 AM" (or with seconds, or the time only). */
export function formatDateTime(value: string | Date | null | undefined, { practice, ...opts }: DateTimeOptions = {}): string {
  if (!value) return '';
  const date = toDate(value);
  if (!date) return '';
  const viewerZone = viewerTimeZone();
  return formatInstantIn(date, practice?.timeZone ?? viewerZone, { country: practice?.country ?? viewerCountry(), viewerZone, ...opts });
}

/**
 * A calendar date (YYYY-MM-DD: a date of birth, a patient's earliest date; no zone) in the order
 * of the practice's country, as its instants read: "Feb 25, 2011" (US) / "25 Feb 2011" (UK); with
 * `weekday` and no `year`, "Tue, Dec 15" / "Tue 15 Dec". Without a practice, the browser's
 * country. Anything that is not a real calendar date is given back as it is.
 */
export function formatCalendarDay(isoDate: string, practice?: Pick<Practice, 'country'> | null, { weekday = false, year = true }: { weekday?: boolean; year?: boolean } = {}): string {
  if (!isCalendarDate(isoDate)) return isoDate;
  return formatCalendarDate(isoDate, localeOfCountry(practice?.country ?? viewerCountry()), {
    ...(weekday ? { weekday: 'short' as const } : {}),
    ...(year ? { year: 'numeric' as const } : {}),
    month: 'short',
    day: 'numeric',
  });
}

/** "2011-02-25", a day that exists ("2011-02-30" does not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** "10:52 AM" / "10:52" — a time of day, for things happening today. */
export function formatTime(value: string | Date, practice?: Practice | null): string {
  return formatDateTime(value, { practice, parts: 'time' });
}

const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const dayFormat = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "just now", "5 minutes ago", "yesterday", "in 12 minutes". */
export function formatRelative(value: string | Date | null | undefined, now: Date = new Date()): string {
  if (!value) return '';
  const date = toDate(value);
  if (!date) return '';
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    // Rounded days are not calendar days: 35 hours ago reads "1 day ago", not "yesterday" beside a date two days back.
    if (abs >= size) return (unit === 'day' ? dayFormat : relativeFormat).format(Math.round(seconds / size), unit);
  }
  return relativeFormat.format(Math.round(seconds / 60), 'minute');
}
