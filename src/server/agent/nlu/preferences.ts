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
  const wanted = { days: new Set<string>(), times: new Set<string>() };
  const unwanted = { days: new Set<string>(), times: new Set<string>() };
  for (const clause of clauses(t)) {
    const into = NEGATION.test(clause) ? unwanted : wanted;
    for (const [re, ds] of DAYS) if (re.test(clause)) ds.forEach((d) => into.days.add(d));
    for (const [re, time] of TIMES) if (re.test(clause)) into.times.add(time);
  }
  // "Mornings, but not Mondays": the days left are the working week without the ones ruled out.
  const days = wanted.days.size ? wanted.days : unwanted.days.size ? new Set(WEEKDAYS.filter((d) => !unwanted.days.has(d))) : wanted.days;
  const times = wanted.times.size ? wanted.times : unwanted.times.size ? new Set(TIMES_OF_DAY.filter((x) => !unwanted.times.has(x))) : wanted.times;
  for (const d of unwanted.days) days.delete(d);
  for (const x of unwanted.times) times.delete(x);
  const any = ANY.test(t);
  if (days.size === 0 && times.size === 0 && !any && unwanted.days.size === 0 && unwanted.times.size === 0) return null;
  return { days: ORDER.filter((d) => days.has(d)), timesOfDay: TIMES_OF_DAY.filter((x) => times.has(x)), text: text.trim().slice(0, 300) };
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'];
const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'];
/** A clause that rules days or times out: "not Mondays", "except Fridays", "mornings are bad for me". */
const NEGATION = /\b(not|no|except|excluding|other than|can't|cant|cannot|don't|dont|doesn't|doesnt|won't|wont|isn't|aren't|avoid|never|bad|busy)\b/;

/**
 * The parts of an answer that a "not" reaches: split at commas and at "but" / "except" /
 * "other than" (which start the part they rule out). "Anything but Mondays" means except.
 */
function clauses(t: string): string[] {
  return t
    .replace(/\b(any ?time|any ?day|anything|whenever)\s+but\b/g, '$1 except')
    .split(/[,;.]|(?=\b(?:but|except|excluding|other than)\b)/)
    .map((c) => c.trim())
    .filter(Boolean);
}

const DAY_NAMES: Record<string, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

/** "Tuesday or Thursday mornings", "any time". */
export function sayPreferences(p: Preferences): string {
  const days = p.days.length === 5 && !p.days.includes('sat') ? ['weekdays'] : p.days.map((d) => `${DAY_NAMES[d]}s`);
  const times = p.timesOfDay.map((x) => `${x}s`);
  // Nothing the fields hold: the caller's own words, unless they said any time will do.
  if (days.length === 0 && times.length === 0) return p.text && !ANY.test(normalize(p.text)) ? p.text : 'any time';
  const dayText = days.length > 1 ? `${days.slice(0, -1).join(', ')} or ${days[days.length - 1]}` : (days[0] ?? '');
  const timeText = times.length > 1 ? `${times.slice(0, -1).join(', ')} or ${times[times.length - 1]}` : (times[0] ?? '');
  if (!dayText) return timeText;
  if (!timeText) return dayText;
  return `${dayText}, ${timeText}`;
}
