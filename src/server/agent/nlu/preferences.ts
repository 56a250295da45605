import { Temporal } from 'temporal-polyfill';
import { MONTH_NAMES, type DateContext } from './dates.js';
import { combineDates, datesIn, type DateFinding, type DateKind } from './preference-dates.js';
import { normalize } from './text.js';

/** Preferred days and times, in the web form's shape (`days: ['mon', …]`, `timesOfDay`, `earliestDate`). */
export interface Preferences {
  days: string[];
  timesOfDay: string[];
  /** 'YYYY-MM-DD' in the practice's calendar, never before the day it was said: "tomorrow", "after the 15th". */
  earliestDate?: string;
  /** How the date was said, for reading it back ("tomorrow afternoon", "any day from the week of December 7"). */
  dateKind?: DateKind;
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
  // "am" and "pm" after a time only: "I am free next week" is not a morning.
  [/\b(mornings?|early|before (noon|lunch))\b|\d ?a\.?m\b/, 'morning'],
  [/\b(afternoons?|after (noon|lunch)|midday|lunchtime)\b|\d ?p\.?m\b/, 'afternoon'],
  [/\b(evenings?|after work|late)\b/, 'evening'],
];
const ANY = /\b(any ?time|any day|whenever|doesn'?t matter|does not matter|no preference|flexible|as soon as possible|asap|soonest|earliest|anything)\b/;
const ORDER = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/**
 * Preferences in `text`; null when it says nothing about days, times or dates. With `loose`, any
 * day or time word counts; otherwise only when stated as a preference ("mornings are best"), so
 * "I woke up this morning with a fever" is not taken for one. Dates ("tomorrow", "next week",
 * "after the 15th") are judged from `ctx.today`, today in the organization's zone.
 */
export function extractPreferences(text: string, loose: boolean, ctx: DateContext): Preferences | null {
  const t = normalize(text);
  if (!loose && !/\b(prefer|preferably|best|works|work for me|good for me|available|free|ideally|if possible|would be (good|great|ideal|perfect|fine))\b/.test(t)) return null;
  const wanted = { days: new Set<string>(), times: new Set<string>() };
  const unwanted = { days: new Set<string>(), times: new Set<string>() };
  const found: DateFinding[] = [];
  for (const part of clauses(t)) {
    // Dates first, their words taken out: "not before December 3rd" rules no day out.
    const clause = { rest: part, negated: NEGATION.test(part) };
    found.push(...datesIn(clause, ctx));
    const into = NEGATION.test(clause.rest) ? unwanted : wanted;
    for (const [re, ds] of DAYS) if (re.test(clause.rest)) ds.forEach((d) => into.days.add(d));
    for (const [re, time] of TIMES) if (re.test(clause.rest)) into.times.add(time);
  }
  const dated = combineDates(found, ctx.today);
  if (dated) {
    dated.days.forEach((d) => wanted.days.add(d));
    dated.times.forEach((x) => wanted.times.add(x));
  }
  // "Mornings, but not Mondays": the days left are the working week without the ones ruled out.
  const days = wanted.days.size ? wanted.days : unwanted.days.size ? new Set(WEEKDAYS.filter((d) => !unwanted.days.has(d))) : wanted.days;
  const times = wanted.times.size ? wanted.times : unwanted.times.size ? new Set(TIMES_OF_DAY.filter((x) => !unwanted.times.has(x))) : wanted.times;
  for (const d of unwanted.days) days.delete(d);
  for (const x of unwanted.times) times.delete(x);
  const any = ANY.test(t);
  if (days.size === 0 && times.size === 0 && !any && !dated && unwanted.days.size === 0 && unwanted.times.size === 0) return null;
  return {
    days: ORDER.filter((d) => days.has(d)),
    timesOfDay: TIMES_OF_DAY.filter((x) => times.has(x)),
    ...(dated ? { earliestDate: dated.date, dateKind: dated.kind } : {}),
    text: text.trim().slice(0, 300),
  };
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
    // "November 20, 2026": the comma before a year is inside the date.
    .split(/[;.]|,(?!\s*\d{4}\b)|(?=\b(?:but|except|excluding|other than)\b)/)
    .map((c) => c.trim())
    .filter(Boolean);
}

const DAY_NAMES: Record<string, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

const or = (list: string[]) => (list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}` : (list[0] ?? ''));

/** "Friday, December 4", or "today" / "tomorrow" when `today` is known. */
function sayDay(iso: string, today: string | undefined, withWeekday: boolean): string {
  const d = Temporal.PlainDate.from(iso);
  if (today && iso === today) return 'today';
  if (today && iso === Temporal.PlainDate.from(today).add({ days: 1 }).toString()) return 'tomorrow';
  const date = `${MONTH_NAMES[d.month - 1]} ${d.day}`;
  return withWeekday ? `${DAY_NAMES[ORDER[d.dayOfWeek - 1]!]}, ${date}` : date;
}

/**
 * "Tuesdays or Thursdays, mornings", "any time", "tomorrow afternoon", "Friday, December 4,
 * mornings", "any day from the week of December 7": short, for speech. `today` (in the
 * practice's zone) turns the nearest dates into "today" and "tomorrow".
 */
export function sayPreferences(p: Preferences, today?: string): string {
  const days = p.days.length === 5 && !p.days.includes('sat') ? ['weekdays'] : p.days.map((d) => `${DAY_NAMES[d]}s`);
  const times = p.timesOfDay.map((x) => `${x}s`);
  if (p.earliestDate) return sayDated(p, p.earliestDate, today, days, times);
  // Nothing the fields hold: the caller's own words, unless they said any time will do.
  if (days.length === 0 && times.length === 0) return p.text && !ANY.test(normalize(p.text)) ? p.text : 'any time';
  const dayText = or(days);
  const timeText = or(times);
  if (!dayText) return timeText;
  if (!timeText) return dayText;
  return `${dayText}, ${timeText}`;
}

function sayDated(p: Preferences, iso: string, today: string | undefined, days: string[], times: string[]): string {
  const timeText = or(times);
  const withTimes = (s: string) => (timeText ? `${s}, ${timeText}` : s);
  switch (p.dateKind) {
    case 'day': {
      const weekday = DAY_NAMES[ORDER[Temporal.PlainDate.from(iso).dayOfWeek - 1]!]!;
      const label = sayDay(iso, today, true);
      const others = p.days.filter((d) => DAY_NAMES[d] !== weekday).map((d) => `${DAY_NAMES[d]}s`);
      // "tomorrow afternoon", "this morning": one day and one part of it.
      if (!others.length && p.timesOfDay.length === 1 && (label === 'today' || label === 'tomorrow')) return label === 'today' ? `this ${p.timesOfDay[0]}` : `tomorrow ${p.timesOfDay[0]}`;
      return withTimes(or([label, ...others]));
    }
    case 'rest_of_week':
      return withTimes(today && iso === today ? 'this week' : 'later this week');
    case 'week':
      return withTimes(`${or(days) || 'any day'} from the week of ${sayDay(iso, undefined, false)}`);
    default:
      return withTimes(`${or(days) || 'any day'} from ${sayDay(iso, today, false)}`);
  }
}
