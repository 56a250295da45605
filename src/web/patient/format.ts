import { formatWallTime } from '@domain/format/clock';
import type { CallbackWindow, PracticeResponse } from '@contracts/appointment-requests';
import { intlLocale, translate, type MessageKey, type PatientLocale } from './i18n/i18n';

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Intl formatters are costly to make (locale and zone data): one per locale and options. */
function dtf(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

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

/** "today before 17:00", "on Monday morning", "el lunes por la mañana"… */
export function callbackText(cb: CallbackWindow, locale: PatientLocale): string {
  const part = cb.part ?? 'morning';
  switch (cb.kind) {
    case 'today':
      return translate('cb.today', { time: cb.until ?? '' });
    case 'later_today':
      return translate('cb.later_today', { time: cb.from ?? '' });
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

/** An instant, in words, in the practice's zone (with the zone named). */
export function formatDateTime(iso: string, timeZone: string, locale: PatientLocale, withZone = true): string {
  // The appointment in full, with its zone; history and messages shorter.
  const text = dtf(intlLocale(locale), { timeZone, dateStyle: withZone ? 'full' : 'medium', timeStyle: 'short' }).format(new Date(iso));
  return withZone ? `${text} (${zoneName(timeZone, iso, locale)})` : text;
}

function zoneName(timeZone: string, iso: string, locale: PatientLocale): string {
  const part = dtf(intlLocale(locale), { timeZone, timeZoneName: 'short' }).formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** E.164 for people: "+1 860 555 0100" (kept simple; no per-country grouping tables). */
export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return '';
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  if (m) return `(${m[1]}) ${m[2]}-${m[3]}`;
  const uk = /^\+44(\d{2,4})(\d{3,4})(\d{4})$/.exec(e164);
  if (uk) return `+44 ${uk[1]} ${uk[2]} ${uk[3]}`;
  return e164;
}
