import type { WeeklyInterval } from '../../../domain/time/index.js';
import type { DayHours } from '../../../domain/time/day-hours.js';
import { allDay, dayReference, hoursSpans, say, timeOfDay, weekHours, when, type Language } from '../messages/index.js';

/** "8 AM", "12:30 PM", "noon", "midnight". */
export function sayTime(hhmm: string): string {
  return timeOfDay(hhmm)('en');
}

/** "Monday to Friday, 8 AM to noon and 1 PM to 5 PM; Saturday, 9 AM to noon; closed Sunday." */
export function sayWeeklyHours(weekly: WeeklyInterval[], language: Language = 'en'): string {
  if (weekly.length === 0) return say(language, 'hours.noRegular');
  return weekHours([1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, intervals: weekly.filter((w) => w.day === day) })))(language);
}

/** "today at 5 PM", "tomorrow at 8 AM", "on Monday at 8 AM", "on Thursday, November 26 at 8 AM". */
export function sayWhen(atMs: number, nowMs: number, timeZone: string): string {
  return when(atMs, nowMs, timeZone)('en');
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const lastDates = new Map<string, { minute: number; date: string }>();

/** Today's date (YYYY-MM-DD) in the zone: Intl, cached per zone and minute (asked on every turn). */
export function localDate(nowMs: number, timeZone: string): string {
  const minute = Math.floor(nowMs / 60_000);
  const last = lastDates.get(timeZone);
  if (last?.minute === minute) return last.date;
  let f = dateFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(nowMs).map((p) => [p.type, p.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  lastDates.set(timeZone, { minute, date });
  return date;
}

/**
 * One date's hours as a person says them: "Tomorrow, Saturday, we're open 9 AM to 1 PM.",
 * "We're closed on Thursday for Thanksgiving. We open again on Friday at 8 AM."
 */
export function sayDayHours(day: DayHours, opts: { today: string; nowMs: number; timeZone: string; language?: Language }): string {
  const language = opts.language ?? 'en';
  const ref = dayReference(day.date, day.dayOfWeek, opts.today);
  if (day.intervals.length === 0) {
    const object = ref.object(language);
    const closed = day.label ? say(language, 'hours.dayClosedFor', { day: `${object}${object.includes(',') ? ',' : ''}`, label: day.label }) : say(language, 'hours.dayClosed', { day: object });
    return day.nextOpening ? `${closed} ${say(language, 'hours.opensAgain', { when: when(day.nextOpening.epochMilliseconds, opts.nowMs, opts.timeZone) })}` : closed;
  }
  const [only] = day.intervals;
  const spans = day.intervals.length === 1 && only!.start === '00:00' && only!.end === '24:00' ? allDay : hoursSpans(day.intervals);
  return day.label ? say(language, 'hours.daySpecial', { day: ref.subject, label: day.label, hours: spans }) : say(language, 'hours.dayOpen', { day: ref.subject, hours: spans });
}

/** Saturday and Sunday (what is left of them): "This weekend: Saturday, 9 AM to noon; closed Sunday." */
export function sayWeekendHours(days: DayHours[], opts: { nowMs: number; timeZone: string; language?: Language }): string {
  const language = opts.language ?? 'en';
  if (days.every((d) => d.intervals.length === 0)) {
    const next = days[days.length - 1]?.nextOpening;
    return next
      ? `${say(language, 'hours.weekendClosed')} ${say(language, 'hours.opensAgain', { when: when(next.epochMilliseconds, opts.nowMs, opts.timeZone) })}`
      : say(language, 'hours.weekendClosed');
  }
  return say(language, 'hours.weekend', { hours: weekHours(days.map((d) => ({ day: d.dayOfWeek, intervals: d.intervals }))) });
}
