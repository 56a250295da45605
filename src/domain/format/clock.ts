/**
 * Times as an organization's country reads them: the 12-hour clock in the US and Canada
 * ("1:30 PM"), the 24-hour clock elsewhere ("13:30"); instants in the organization's zone, with
 * the zone named when the viewer's own zone differs (issue 19 §6) or the wall time is one a
 * fall-back change repeats (issue 28). Intl only. The one formatter of times on every screen,
 * e-mail and text message (decision 045): `formatInstantIn` for instants, `formatWallTime` for
 * the "HH:MM" of hours and windows.
 */

const TWELVE_HOUR = new Set(['US', 'CA', 'AU', 'NZ', 'PH', 'IN']);

/** "en-US", "en-GB", "es-US": the language as written in a country, for Intl. */
export function localeOfCountry(country: string | null | undefined, language: string = 'en'): string {
  const c = (country ?? '').toUpperCase();
  const lang = /^[a-z]{2}$/.test(language) ? language : 'en';
  return /^[A-Z]{2}$/.test(c) ? `${lang}-${c}` : `${lang}-US`;
}

export function usesTwelveHourClock(country: string | null | undefined): boolean {
  return TWELVE_HOUR.has((country ?? 'US').toUpperCase() || 'US');
}

/**
 * The country whose conventions (clock, date order, national phone format) a practice's records
 * are shown in: its address's, the US when the address names none.
 */
export function practiceCountry(address: { country?: unknown } | null | undefined): string {
  const c = typeof address?.country === 'string' ? address.country.trim().toUpperCase() : '';
  return /^[A-Z]{2}$/.test(c) ? c : 'US';
}

/**
 * A wall time "13:30" (or "24:00") in the country's clock: "1:30 PM" / "13:30"; midnight at the
 * end of a day "12:00 AM" / "24:00". In Spanish the 12-hour clock says "1:30 p.m.", as Intl
 * writes es-US instants (formatInstantIn).
 */
export function formatWallTime(hhmm: string, country: string | null | undefined, language: string = 'en'): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  const h = Number(m[1]);
  const min = m[2]!;
  if (!usesTwelveHourClock(country)) return `${String(h).padStart(2, '0')}:${min}`;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  const morning = h % 24 < 12;
  if (language === 'es') return `${h12}:${min} ${morning ? 'a.m.' : 'p.m.'}`;
  return `${h12}:${min} ${morning ? 'AM' : 'PM'}`;
}

export interface InstantFormatOptions {
  /** The practice's country: its clock and date order ("Nov 25, 2026, 9:41 AM" / "25 Nov 2026, 14:41"). */
  country?: string | null;
  /** The reader's language ("en", "es"), written as in `country`. */
  language?: string;
  /** The viewer's own zone: the zone is named when its clock differs from this one. */
  viewerZone?: string;
  /** Name the zone whatever the viewer's (e-mails and texts: readers anywhere). */
  showZone?: boolean;
  /** What to show: the date and time (default), the time only, or the date only. */
  parts?: 'date-time' | 'time' | 'date';
  weekday?: 'short' | 'long';
  month?: 'short' | 'long';
  seconds?: boolean;
  /** Leave out the year when it is the current one in the zone (lists); `now` decides which that is. */
  omitCurrentYear?: boolean;
  now?: Date | number | string;
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** Intl formatters are costly to make (locale and zone data): one per locale, zone and options. */
function dtf(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    if (formats.size > 500) formats.clear();
    formats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  }
  return f;
}

/**
 * An instant in `zone`, in the country's locale and clock ("Nov 25, 2026, 9:41 AM"), with the
 * zone's short name added when the viewer is in another zone or when asked ("… 9:41 AM EST"),
 * and always in the hour a fall-back change repeats ("1:30 AM EDT" / "1:30 AM EST").
 */
export function formatInstantIn(at: Date | string | number, zone: string, opts: InstantFormatOptions = {}): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  const parts = opts.parts ?? 'date-time';
  const withTime = parts !== 'date';
  const named =
    withTime &&
    (opts.showZone === true || (opts.viewerZone !== undefined && opts.viewerZone !== zone && !sameClock(date, zone, opts.viewerZone)) || inRepeatedHour(date, zone));
  const year = opts.omitCurrentYear && yearIn(date, zone) === yearIn(new Date(opts.now ?? Date.now()), zone) ? {} : { year: 'numeric' as const };
  return dtf(localeOfCountry(opts.country, opts.language), {
    ...(opts.weekday ? { weekday: opts.weekday } : {}),
    ...(parts === 'time' ? {} : { ...year, month: opts.month ?? 'short', day: 'numeric' }),
    // A 24-hour clock writes "08:20" (as the hours editor and the practice's own pages do), a 12-hour one "8:20 AM".
    ...(withTime ? { hour: usesTwelveHourClock(opts.country) ? 'numeric' : '2-digit', minute: '2-digit', ...(opts.seconds ? { second: '2-digit' } : {}), hourCycle: usesTwelveHourClock(opts.country) ? 'h12' : 'h23' } : {}),
    timeZone: zone,
    ...(named ? { timeZoneName: 'short' } : {}),
  }).format(date);
}

/** The zone's short name at that instant ("EST", "BST", "GMT+1"), to say which zone a page's times are in. */
export function zoneAbbreviation(zone: string, at: Date | string | number = Date.now(), country?: string | null): string {
  const date = new Date(at);
  return dtf(localeOfCountry(country), { timeZone: zone, timeZoneName: 'short' }).formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

function yearIn(date: Date, zone: string): string {
  return dtf('en-US', { timeZone: zone, year: 'numeric' }).format(date);
}

function sameClock(date: Date, a: string, b: string): boolean {
  const f = (zone: string) => dtf('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', day: '2-digit' }).format(date);
  try {
    return f(a) === f(b);
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in minutes. */
function offsetMinutes(ms: number, zone: string): number {
  const f = dtf('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** Whether the wall time shown for this instant also names another instant (the hour repeated when clocks go back). */
function inRepeatedHour(date: Date, zone: string): boolean {
  const ms = date.getTime();
  const before = offsetMinutes(ms - 3 * 3_600_000, zone);
  const after = offsetMinutes(ms + 3 * 3_600_000, zone);
  if (before <= after) return false;
  const shift = (before - after) * 60_000;
  const here = offsetMinutes(ms, zone);
  // The same wall clock an offset-change earlier (we are in the second pass) or later (the first).
  return here === after ? offsetMinutes(ms - shift, zone) === before : offsetMinutes(ms + shift, zone) === after;
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
