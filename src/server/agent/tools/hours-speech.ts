import { Temporal } from 'temporal-polyfill';
import type { WeeklyInterval } from '../../../domain/time/index.js';
import type { DayHours } from '../../../domain/time/day-hours.js';

const DAY_NAMES = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "8 AM", "12:30 PM", "noon", "midnight". */
export function sayTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  if ((h === 0 || h === 24) && m === 0) return 'midnight';
  if (h === 12 && m === 0) return 'noon';
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 || h === 24 ? 'AM' : 'PM'}`;
}

function sayIntervals(list: { start: string; end: string }[]): string {
  const parts = [...list].sort((a, b) => a.start.localeCompare(b.start)).map((iv) => `${sayTime(iv.start)} to ${sayTime(iv.end)}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : (parts[0] ?? '');
}

/** "Monday to Friday, 8 AM to noon and 1 PM to 5 PM; Saturday, 9 AM to noon; closed Sunday." */
export function sayWeeklyHours(weekly: WeeklyInterval[]): string {
  if (weekly.length === 0) return 'We have no regular opening hours set.';
  return sayDays([1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, intervals: weekly.filter((w) => w.day === day) })));
}

/** Consecutive days with the same hours said once: "Saturday and Sunday, 9 AM to 1 PM." */
function sayDays(days: { day: number; intervals: { start: string; end: string }[] }[]): string {
  const byDay = new Map<number, string>();
  for (const d of days) byDay.set(d.day, sayIntervals(d.intervals));
  const groups: { from: number; to: number; text: string }[] = [];
  for (const { day: d } of days) {
    const text = byDay.get(d)!;
    const last = groups[groups.length - 1];
    if (last && last.text === text && last.to === d - 1) last.to = d;
    else groups.push({ from: d, to: d, text });
  }
  const open = groups.filter((g) => g.text);
  const closed = groups.filter((g) => !g.text);
  const range = (g: { from: number; to: number }) =>
    g.from === g.to ? DAY_NAMES[g.from] : g.to === g.from + 1 ? `${DAY_NAMES[g.from]} and ${DAY_NAMES[g.to]}` : `${DAY_NAMES[g.from]} to ${DAY_NAMES[g.to]}`;
  const sentences = open.map((g) => `${range(g)}, ${g.text}`);
  if (closed.length) sentences.push(`closed ${closed.map(range).join(' and ')}`);
  return `${sentences.join('; ')}.`;
}

/** "today at 5 PM", "tomorrow at 8 AM", "on Monday at 8 AM", "on Thursday, November 26 at 8 AM". */
export function sayWhen(atMs: number, nowMs: number, timeZone: string): string {
  const at = Temporal.Instant.fromEpochMilliseconds(atMs).toZonedDateTimeISO(timeZone);
  const now = Temporal.Instant.fromEpochMilliseconds(nowMs).toZonedDateTimeISO(timeZone);
  const days = now.toPlainDate().until(at.toPlainDate()).days;
  const time = sayTime(`${String(at.hour).padStart(2, '0')}:${String(at.minute).padStart(2, '0')}`);
  if (days === 0) return `today at ${time}`;
  if (days === 1) return `tomorrow at ${time}`;
  if (days < 7) return `on ${DAY_NAMES[at.dayOfWeek]} at ${time}`;
  return `on ${DAY_NAMES[at.dayOfWeek]}, ${at.toLocaleString('en-US', { month: 'long', day: 'numeric' })} at ${time}`;
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

/** How a date is named relative to today: "Today", "Tomorrow, Saturday,", "On Saturday". */
function dayReference(day: DayHours, today: string): { subject: string; object: string } {
  const offset = Temporal.PlainDate.from(today).until(Temporal.PlainDate.from(day.date)).days;
  const name = DAY_NAMES[day.dayOfWeek]!;
  if (offset === 0) return { subject: 'Today', object: 'today' };
  if (offset === 1) return { subject: `Tomorrow, ${name},`, object: `tomorrow, ${name}` };
  if (offset < 7) return { subject: `On ${name}`, object: `on ${name}` };
  const date = Temporal.PlainDate.from(day.date).toLocaleString('en-US', { month: 'long', day: 'numeric' });
  return { subject: `On ${name}, ${date},`, object: `on ${name}, ${date}` };
}

/**
 * One date's hours as a person says them: "Tomorrow, Saturday, we're open 9 AM to 1 PM.",
 * "We're closed on Thursday for Thanksgiving. We open again on Friday at 8 AM."
 */
export function sayDayHours(day: DayHours, opts: { today: string; nowMs: number; timeZone: string }): string {
  const ref = dayReference(day, opts.today);
  if (day.intervals.length === 0) {
    const closed = `We're closed ${ref.object}${day.label ? `${ref.object.includes(',') ? ',' : ''} for ${day.label}` : ''}.`;
    return day.nextOpening ? `${closed} We open again ${sayWhen(day.nextOpening.epochMilliseconds, opts.nowMs, opts.timeZone)}.` : closed;
  }
  const [only] = day.intervals;
  const spans = day.intervals.length === 1 && only!.start === '00:00' && only!.end === '24:00' ? 'all day' : sayIntervals(day.intervals);
  return day.label ? `${ref.subject} we have special hours for ${day.label}: ${spans}.` : `${ref.subject} we're open ${spans}.`;
}

/** Saturday and Sunday (what is left of them): "This weekend: Saturday, 9 AM to noon; closed Sunday." */
export function sayWeekendHours(days: DayHours[], opts: { nowMs: number; timeZone: string }): string {
  if (days.every((d) => d.intervals.length === 0)) {
    const next = days[days.length - 1]?.nextOpening;
    return next ? `We're closed this weekend. We open again ${sayWhen(next.epochMilliseconds, opts.nowMs, opts.timeZone)}.` : "We're closed this weekend.";
  }
  return `This weekend: ${sayDays(days.map((d) => ({ day: d.dayOfWeek, intervals: d.intervals })))}`;
}
