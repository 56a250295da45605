/**
 * Dates as people read them: an absolute form ("21 Nov 2026, 10:52") for titles and dialogs,
 * and a relative form ("5 minutes ago", "in 12 minutes") for lists. Shown in the browser's
 * time zone and locale.
 */

const absoluteFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const absoluteWithSecondsFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "21 Nov 2026, 10:52" (or with seconds). */
export function formatDateTime(value: string | Date | null | undefined, { seconds = false } = {}): string {
  if (!value) return '';
  const date = toDate(value);
  if (!date) return '';
  return (seconds ? absoluteWithSecondsFormat : absoluteFormat).format(date);
}

/** "10:52" — a time of day, for things happening today. */
export function formatTime(value: string | Date): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : '';
}

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
