import { normalize } from './text.js';

/** Preferred days and times, in the web form's shape (`days: ['mon', …]`, `timesOfDay`). */
export interface Preferences {
  days: string[];
  timesOfDay: string[];
  /** What the caller said, for anything the fields cannot hold ("as soon as possible"). */
  text: string;
}

const DAYS: [RegExp, string[]][] = [
  [/\bmondays?\b/, ['mon']],
  [/\btuesdays?\b/, ['tue']],
  [/\bwednesdays?\b/, ['wed']],
  [/\bthursdays?\b/, ['thu']],
  [/\bfridays?\b/, ['fri']],
  [/\bsaturdays?\b/, ['sat']],
  [/\bsundays?\b/, ['sun']],
  [/\b(weekdays?|during the week)\b/, ['mon', 'tue', 'wed', 'thu', 'fri']],
  [/\bweekends?\b/, ['sat', 'sun']],
];
const TIMES: [RegExp, string][] = [
  [/\b(mornings?|early|before (noon|lunch)|am)\b/, 'morning'],
  [/\b(afternoons?|after (noon|lunch)|midday|lunchtime|pm)\b/, 'afternoon'],
  [/\b(evenings?|after work|late)\b/, 'evening'],
];
const ANY = /\b(any ?time|any day|whenever|doesn'?t matter|does not matter|no preference|flexible|as soon as possible|asap|soonest|earliest|anything)\b/;
const ORDER = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/**
 * Preferences in `text`; null when it says nothing about days or times. With `loose`, any day
 * or time word counts; otherwise only when stated as a preference ("mornings are best"), so
 * "I woke up this morning with a fever" is not taken for one.
 */
export function extractPreferences(text: string, loose: boolean): Preferences | null {
  const t = normalize(text);
  if (!loose && !/\b(prefer|preferably|best|works|work for me|good for me|available|free|ideally|if possible|would be (good|great|ideal))\b/.test(t)) return null;
  const days = new Set<string>();
  for (const [re, ds] of DAYS) if (re.test(t)) ds.forEach((d) => days.add(d));
  const times = new Set<string>();
  for (const [re, time] of TIMES) if (re.test(t)) times.add(time);
  const any = ANY.test(t);
  if (days.size === 0 && times.size === 0 && !any) return null;
  return { days: ORDER.filter((d) => days.has(d)), timesOfDay: ['morning', 'afternoon', 'evening'].filter((x) => times.has(x)), text: text.trim().slice(0, 300) };
}

const DAY_NAMES: Record<string, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

/** "Tuesday or Thursday mornings", "any time". */
export function sayPreferences(p: Preferences): string {
  const days = p.days.length === 5 && !p.days.includes('sat') ? ['weekdays'] : p.days.map((d) => `${DAY_NAMES[d]}s`);
  const times = p.timesOfDay.map((x) => `${x}s`);
  if (days.length === 0 && times.length === 0) return 'any time';
  const dayText = days.length > 1 ? `${days.slice(0, -1).join(', ')} or ${days[days.length - 1]}` : (days[0] ?? '');
  const timeText = times.length > 1 ? `${times.slice(0, -1).join(', ')} or ${times[times.length - 1]}` : (times[0] ?? '');
  if (!dayText) return timeText;
  if (!timeText) return dayText;
  return `${dayText}, ${timeText}`;
}
