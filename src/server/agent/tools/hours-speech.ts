import { Temporal } from 'temporal-polyfill';
import type { WeeklyInterval } from '../../../domain/time/index.js';

const DAY_NAMES = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "8 AM", "12:30 PM", "noon", "midnight". */
export function sayTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  if ((h === 0 || h === 24) && m === 0) return 'midnight';
  if (h === 12 && m === 0) return 'noon';
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 || h === 24 ? 'AM' : 'PM'}`;
}

function sayIntervals(list: WeeklyInterval[]): string {
  const parts = [...list].sort((a, b) => a.start.localeCompare(b.start)).map((iv) => `${sayTime(iv.start)} to ${sayTime(iv.end)}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : (parts[0] ?? '');
}

/** "Monday to Friday, 8 AM to noon and 1 PM to 5 PM; Saturday, 9 AM to noon; closed Sunday." */
export function sayWeeklyHours(weekly: WeeklyInterval[]): string {
  if (weekly.length === 0) return 'We have no regular opening hours set.';
  const byDay = new Map<number, string>();
  for (let d = 1; d <= 7; d++) byDay.set(d, sayIntervals(weekly.filter((w) => w.day === d)));
  const groups: { from: number; to: number; text: string }[] = [];
  for (let d = 1; d <= 7; d++) {
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
