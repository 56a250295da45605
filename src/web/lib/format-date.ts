import { formatInstantIn, type InstantFormatOptions } from '@domain/format/clock';
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

/** "10:52 AM" / "10:52" — a time of day, for things happening today. */
export function formatTime(value: string | Date, practice?: Practice | null): string {
  return formatDateTime(value, { practice, parts: 'time' });
}

const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

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
    if (abs >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return relativeFormat.format(Math.round(seconds / 60), 'minute');
}
