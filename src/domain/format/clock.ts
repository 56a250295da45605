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
