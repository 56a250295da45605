import { Temporal } from 'temporal-polyfill';
import { usesTwelveHourClock } from '../format/clock.js';

/** A wall time as a date-time picker gives it: `YYYY-MM-DDTHH:MM`, in the organization's zone. */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export type LocalTimeResult = { ok: true; epochMs: number } | { ok: false; reason: 'invalid' | 'skipped' };

/**
 * The instant a wall time names in `zone`. A time skipped by a daylight-saving change (02:30 on
 * a spring-forward day) does not exist and is refused rather than moved; a repeated time (fall
 * back) is its first occurrence.
 */
export function localTimeToInstant(local: string, zone: string): LocalTimeResult {
  if (!LOCAL_DATE_TIME.test(local)) return { ok: false, reason: 'invalid' };
  let wall: Temporal.PlainDateTime;
  try {
    wall = Temporal.PlainDateTime.from(local, { overflow: 'reject' });
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const zoned = wall.toZonedDateTime(zone, { disambiguation: 'earlier' });
  if (Temporal.PlainDateTime.compare(zoned.toPlainDateTime(), wall) !== 0) return { ok: false, reason: 'skipped' };
  return { ok: true, epochMs: zoned.epochMilliseconds };
}

/** The wall time (`YYYY-MM-DDTHH:MM`) of an instant in `zone`: what a picker shows for it. */
export function instantToLocalTime(epochMs: number, zone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(zone).toPlainDateTime().toString({ smallestUnit: 'minute' });
}

/** "Tuesday, March 10, 2026 at 9:30 AM EDT" in the organization's zone, in the patient's language. */
export function formatAppointmentTime(epochMs: number, zone: string, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(epochMs));
}

/**
 * A visit's date and time as a patient says it, in the practice's zone and its country's clock:
 * "Tuesday, December 1 at 9:30 AM" (en-US), "Tuesday 1 December at 09:30" (en-GB), "martes, 1
 * de diciembre, 9:30 a. m." (es). The year only when it is not the current one there.
 */
export function formatVisitTime(epochMs: number, zone: string, opts: { lang?: 'en' | 'es'; country?: string | null; nowMs: number }): string {
  const country = (opts.country ?? 'US').toUpperCase();
  const locale = opts.lang === 'es' ? 'es-US' : /^[A-Z]{2}$/.test(country) ? `en-${country}` : 'en-US';
  const yearOf = (ms: number) => new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric' }).format(new Date(ms));
  return new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(yearOf(epochMs) === yearOf(opts.nowMs) ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: usesTwelveHourClock(country) ? 'h12' : 'h23',
  }).format(new Date(epochMs));
}
