import { formatInstantIn, formatWallTime, localeOfCountry } from '@domain/format/clock';
import { formatCalendarDate, formatDateOfBirth } from '@domain/format/date-of-birth';
import type { CallbackWindow, PracticeResponse } from '@contracts/appointment-requests';
import { getLocale, translate, type MessageKey, type PatientLocale } from './i18n/i18n';

type Weekly = PracticeResponse['weekly'][number];

/** Opening hours per weekday (Monday first), e.g. [{ day: 1, text: '08:00–12:00, 13:00–17:00' }]. */
/** Office hours by weekday, each time in the clock of the practice's country ("8:00 AM–6:00 PM" in the US, "08:00–18:30" in the UK). */
export function hoursByDay(weekly: Weekly[], country?: string): { day: number; intervals: string[] }[] {
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    day,
    intervals: weekly.filter((w) => w.day === day).map((w) => `${formatWallTime(w.start, country)}–${formatWallTime(w.end, country)}`),
  }));
}

const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const shortDay = (weekday: number) => translate(`dayShort.${WEEKDAY_KEYS[weekday - 1]}` as MessageKey);

/** The next open/close change: "17:00" today, "Mon 08:00" within the week, "Mon 30 November 08:00" (UK) / "Mon, November 30 8:00 AM" (US) further out. */
export function whenText(local: { time: string; date: string; weekday: number; daysAhead: number }, country?: string): string {
  const time = formatWallTime(local.time, country);
  if (local.daysAhead === 0) return time;
  if (local.daysAhead < 7) return `${shortDay(local.weekday)} ${time}`;
  return `${formatDay(local.date, country)} ${time}`;
}

export function statusText(status: { open: boolean; nextChange: { opens: boolean; local: { time: string; date: string; weekday: number; daysAhead: number } } | null }, country?: string): string {
  const head = translate(status.open ? 'practice.openNow' : 'practice.closedNow');
  if (!status.nextChange) return head;
  return `${head} · ${translate(status.nextChange.opens ? 'practice.opens' : 'practice.closes', { when: whenText(status.nextChange.local, country) })}`;
}

/** "today before 6:00 PM" (a US practice) / "today before 18:00" (a UK one), "on Monday morning", "el lunes por la mañana"… */
export function callbackText(cb: CallbackWindow, locale: PatientLocale, country?: string): string {
  const part = cb.part ?? 'morning';
  switch (cb.kind) {
    case 'today':
      return translate('cb.today', { time: formatWallTime(cb.until ?? '', country, locale) });
    case 'later_today':
      return translate('cb.later_today', { time: formatWallTime(cb.from ?? '', country, locale) });
    case 'tomorrow':
      return translate(`cb.tomorrow.${part}` as MessageKey);
    case 'weekday':
      return translate(`cb.weekday.${part}` as MessageKey, { weekday: translate(`day.${cb.weekday ?? 1}` as MessageKey) });
    case 'date':
      return translate(`cb.date.${part}` as MessageKey, { date: formatDate(cb.date ?? '', locale, country) });
    case 'soon':
      return translate('cb.soon');
    default:
      return translate('cb.unknown');
  }
}

/**
 * A calendar date (YYYY-MM-DD) in words, in the order of the practice's country and the
 * patient's language (domain/format/date-of-birth.ts): "March 4, 1985" (US), "4 March 1985" (UK),
 * "4 de marzo de 1985".
 */
export function formatDate(isoDate: string, locale: PatientLocale, country: string | undefined): string {
  return formatDateOfBirth(isoDate, localeOfCountry(country, locale), { long: true });
}

/** A short calendar date: "Thu, November 26" (US) / "Thu 26 November" (UK) / "jue, 26 de noviembre". */
export function formatDay(isoDate: string, country: string | undefined): string {
  return formatCalendarDate(isoDate, localeOfCountry(country, getLocale()), { weekday: 'short', month: 'long', day: 'numeric' });
}

/** The practice whose times a page shows: its zone, and its country's clock and date order. */
export interface PracticeClock {
  timeZone: string;
  country?: string;
}

/**
 * An instant, in words, in the practice's zone and its country's clock (the one formatter,
 * domain/format/clock.ts): an appointment in full with its zone named ("Tuesday, December 1,
 * 2026, 9:30 AM EST"); history and messages shorter ("Dec 1, 2026, 9:30 AM").
 */
export function formatDateTime(iso: string, practice: PracticeClock, locale: PatientLocale, withZone = true): string {
  return formatInstantIn(iso, practice.timeZone, {
    country: practice.country,
    language: locale,
    ...(withZone ? { weekday: 'long', month: 'long', showZone: true } : {}),
  });
}

/** The browser's own time zone (the patient's). */
export function viewerZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** "9:40 AM" (US) / "09:40" (UK): an instant's time of day in a zone, in the practice's clock. */
export function formatTimeIn(iso: string, zone: string, locale: PatientLocale, country?: string): string {
  return formatInstantIn(iso, zone, { country, language: locale, parts: 'time' });
}

/** "Tuesday, March 3": a date of the practice's calendar (YYYY-MM-DD) with its weekday. */
export function formatLongDay(isoDate: string, locale: PatientLocale, country: string | undefined): string {
  return formatCalendarDate(isoDate, localeOfCountry(country, locale), { weekday: 'long', month: 'long', day: 'numeric' });
}

/** Whether two zones show the same wall time at that instant (then the patient's own time is not repeated). */
export function sameWallClock(iso: string, a: string, b: string): boolean {
  if (a === b) return true;
  const f = (zone: string) => formatInstantIn(iso, zone, { country: 'GB', parts: 'date-time' });
  try {
    return f(a) === f(b);
  } catch {
    return false;
  }
}

/** The zone's short name at that instant ("EST", "GMT"), to label the times of a page. */
export { zoneAbbreviation } from '@domain/format/clock';
