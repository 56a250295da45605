/**
 * Times as an organization's country reads them: the 12-hour clock in the US and Canada
 * ("1:30 PM"), the 24-hour clock elsewhere ("13:30"); instants in the organization's zone, with
 * the zone named when the viewer's own zone differs (issue 19 §6). Intl only.
 */

const TWELVE_HOUR = new Set(['US', 'CA', 'AU', 'NZ', 'PH', 'IN']);

/** "en-US", "en-GB": the English of a country, for Intl. */
export function localeOfCountry(country: string | null | undefined): string {
  const c = (country ?? '').toUpperCase();
  return /^[A-Z]{2}$/.test(c) ? `en-${c}` : 'en-US';
}

export function usesTwelveHourClock(country: string | null | undefined): boolean {
  return TWELVE_HOUR.has((country ?? 'US').toUpperCase() || 'US');
}

/** A wall time "13:30" (or "24:00") in the country's clock: "1:30 PM" / "13:30"; midnight at the end of a day "12:00 AM" / "24:00". */
export function formatWallTime(hhmm: string, country: string | null | undefined): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  const h = Number(m[1]);
  const min = m[2]!;
  if (!usesTwelveHourClock(country)) return `${String(h).padStart(2, '0')}:${min}`;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${min} ${h % 24 < 12 ? 'AM' : 'PM'}`;
}

/**
 * An instant in `zone`, in the country's locale and clock ("Nov 25, 2026, 9:41 AM"), with the
 * zone's short name added when the viewer is in another zone ("… 9:41 AM EST").
 */
export function formatInstantIn(
  at: Date | string | number,
  zone: string,
  opts: { country?: string | null; viewerZone?: string; /** Name the zone whatever the viewer's (e-mails: readers anywhere). */ showZone?: boolean; dateStyle?: 'medium' | 'long' | 'full' | 'short' | null } = {},
): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  const differs = opts.showZone === true || (opts.viewerZone !== undefined && opts.viewerZone !== zone && sameOffset(date, zone, opts.viewerZone) === false);
  return new Intl.DateTimeFormat(localeOfCountry(opts.country), {
    ...(opts.dateStyle === null ? {} : { year: 'numeric', month: 'short', day: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: usesTwelveHourClock(opts.country) ? 'h12' : 'h23',
    timeZone: zone,
    ...(differs ? { timeZoneName: 'short' } : {}),
  }).format(date);
}

function sameOffset(date: Date, a: string, b: string): boolean {
  const f = (zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', day: '2-digit' }).format(date);
  try {
    return f(a) === f(b);
  } catch {
    return false;
  }
}

/**
 * A time as a person types it, in either clock, as the stored "HH:MM": "9:00 AM", "9am", "9.30 p.m.",
 * "09:00", "0900", "17:30", "noon", "midnight" (→ "00:00"); "24:00" stays (an end of day). A bare
 * hour is read on the 24-hour clock ("5" is 05:00): the field shows it back in the country's clock,
 * so a misread is seen at once. Null when it is not a time.
 */
export function parseWallTime(input: string): string | null {
  const t = input.trim().toLowerCase().replace(/\./g, '').replace(/\s+/g, '');
  if (t === 'noon' || t === 'midday') return '12:00';
  if (t === 'midnight') return '00:00';
  const m = /^(\d{1,2})(?:[:h]?(\d{2}))?(am|pm|a|p)?$/.exec(t);
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2] ?? '0');
  if (min > 59) return null;
  const half = m[3]?.[0];
  if (half) {
    if (h < 1 || h > 12) return null;
    h = half === 'a' ? h % 12 : (h % 12) + 12;
  } else if (h === 24 && min === 0) return '24:00';
  else if (h > 23) return null;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

/** Every "HH:MM" in a message in the country's clock ("must be 20:00 or earlier" → "must be 8:00 PM or earlier"). */
export function wallTimesInClock(message: string, country: string | null | undefined): string {
  return message.replace(/\b(?:[01]\d|2[0-4]):[0-5]\d\b/g, (hhmm) => formatWallTime(hhmm, country));
}
