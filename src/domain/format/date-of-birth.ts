import { localeOfCountry } from './clock.js';

/**
 * Calendar dates (a date of birth, a closure day: "1984-03-09", no time zone) as a practice's
 * country writes them, and read back as its people type them. Formatted as UTC dates so no zone
 * can move the day. The order of a typed date is the one Intl writes for the country's English
 * locale (`localeOfCountry`), so what a field shows, its hint and what it reads agree.
 */

function utcDate(isoDate: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/** A calendar date with Intl's options in `locale` ("Thu 26 November" in en-GB); anything else as given. */
export function formatCalendarDate(isoDate: string | null | undefined, locale: string | undefined, options: Intl.DateTimeFormatOptions): string {
  if (!isoDate) return '';
  const date = utcDate(isoDate);
  return date ? new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date) : isoDate;
}

/**
 * A date of birth (a calendar date, "1984-03-09") in the order of `locale`: "03/09/1984" in the US,
 * "09/03/1984" in the UK, with the month spelled out when `long` ("March 9, 1984" / "9 March
 * 1984").
 */
export function formatDateOfBirth(isoDate: string | null | undefined, locale?: string, opts: { long?: boolean } = {}): string {
  return formatCalendarDate(isoDate, locale, opts.long ? { year: 'numeric', month: 'long', day: 'numeric' } : { year: 'numeric', month: '2-digit', day: '2-digit' });
}

/** The order people of a country write a date in figures: "dmy" (UK 27/03/2007), "mdy" (US 03/27/2007), "ymd" (Canada 2007-03-27). */
export function dateOrder(country: string | null | undefined): 'dmy' | 'mdy' | 'ymd' {
  const parts = new Intl.DateTimeFormat(localeOfCountry(country), { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' })
    .formatToParts(new Date(Date.UTC(2007, 2, 27)))
    .map((p) => p.type)
    .filter((t) => t === 'day' || t === 'month' || t === 'year');
  const order = parts.map((t) => t[0]).join('');
  return order === 'mdy' || order === 'ymd' ? order : 'dmy';
}

/** A calendar date as a person of `country` types it: "27/03/2007" in the UK, "03/27/2007" in the US; '' for none. */
export function formatDateInput(isoDate: string | null | undefined, country: string | null | undefined): string {
  return formatDateOfBirth(isoDate, localeOfCountry(country));
}

/** The date every typed-date hint and message shows as its example ("27/03/2007" / "03/27/2007"). */
export const EXAMPLE_DATE = '2007-03-27';

const ISO_DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const FIGURES = /^(\d{1,2})\s*[-/.\s]\s*(\d{1,2})\s*[-/.\s]\s*(\d{4})$/;

/**
 * A date as typed — "2007-03-27", or day, month and year in the country's order with slashes,
 * dots, hyphens or spaces ("27/3/2007", "27.03.2007", "27 3 2007" in the UK; "3/27/2007" in the
 * US) — as "YYYY-MM-DD"; a real date between 1900 and 2100, else null.
 */
export function parseDateOfBirth(raw: string, country: string | null | undefined): string | null {
  const text = raw.trim();
  let y: number, m: number, d: number;
  const iso = ISO_DATE.exec(text);
  const figures = iso ? null : FIGURES.exec(text);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (figures) {
    const [a, b] = [Number(figures[1]), Number(figures[2])];
    [m, d] = dateOrder(country) === 'mdy' ? [a, b] : [b, a];
    y = Number(figures[3]);
  } else return null;
  if (y < 1900 || y > 2100) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
