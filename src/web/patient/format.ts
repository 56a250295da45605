import { formatInstantIn, formatWallTime } from '@domain/format/clock';
import type { CallbackWindow, PracticeResponse } from '@contracts/appointment-requests';
import { translate, type MessageKey, type PatientLocale } from './i18n/i18n';

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

/** The next open/close change: "17:00" today, "Mon 08:00" within the week, "Mon, November 30 08:00" further out. */
export function whenText(local: { time: string; date: string; weekday: number; daysAhead: number }, country?: string): string {
  const time = formatWallTime(local.time, country);
  if (local.daysAhead === 0) return time;
  if (local.daysAhead < 7) return `${shortDay(local.weekday)} ${time}`;
  return `${formatDay(local.date)} ${time}`;
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
      return translate(`cb.date.${part}` as MessageKey, { date: formatDate(cb.date ?? '', locale) });
    case 'soon':
      return translate('cb.soon');
    default:
      return translate('cb.unknown');
  }
}

/** A calendar date (YYYY-MM-DD) in words: "March 4, 1985" / "4 de marzo de 1985" (no Intl: cheap on first paint). */
export function formatDate(isoDate: string, _locale?: PatientLocale): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return isoDate;
  return translate('date.long', { year: m[1]!, month: translate(`month.${Number(m[2])}` as MessageKey), day: Number(m[3]) });
}

/** A short calendar date: "Thu, November 26" / "jue 26 de noviembre" (no Intl: cheap on first paint). */
export function formatDay(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return isoDate;
  const weekday = ((new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  return translate('date.day', { weekday: shortDay(weekday), month: translate(`month.${Number(m[2])}` as MessageKey), day: Number(m[3]) });
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
