import { Temporal } from 'temporal-polyfill';

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
