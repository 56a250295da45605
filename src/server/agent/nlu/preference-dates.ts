import { Temporal } from 'temporal-polyfill';
import { parseDateParts, type DateContext } from './dates.js';

/**
 * The dates in a caller's appointment preferences ("tomorrow afternoon", "this Friday", "next
 * week", "after the 15th", "not until December", "in two weeks"), judged from today in the
 * organization's zone (`DateContext.today`, which the brain takes from the call's clock).
 *
 * - `day`: one day ("tomorrow", "this Friday", "December 3rd"): its weekday is a preferred day too.
 * - `from`: any day from a date on ("after the 15th", "in two weeks", "not until December").
 * - `week`: any day from a week on ("next week", "the week of the 10th"): the week's Monday.
 * - `rest_of_week`: the days left this week ("later this week").
 */
export type DateKind = 'day' | 'from' | 'week' | 'rest_of_week';

export interface DateFinding {
  date: Temporal.PlainDate;
  kind: DateKind;
  /** Weekdays it names ('fri' for "this Friday", the rest of the week for "later this week"). */
  days: string[];
  /** "tonight" is an evening. */
  time?: string;
}

const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
export const DAY_CODES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const MONTH_WORDS = 'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
const ORDINAL_WORD =
  'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth';
const CARDINAL_WORD = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen';
const DAY_OF_MONTH = `(?:\\d{1,2}(?:st|nd|rd|th)?|(?:(?:twenty|thirty)\\s+)?(?:${ORDINAL_WORD}|${CARDINAL_WORD})|twenty|thirty)`;
/**
 * A date as said after "after", "from", "the week of": "the 15th", "15th", "December 3rd", "the
 * 3rd of December", "December twenty third 2026". An ordinal word needs "the" or a month
 * ("a second opinion", "first thing" are not dates).
 */
const DATE_WORDS = `(?:(?:the\\s+(?:\\d{1,2}(?:st|nd|rd|th)|(?:(?:twenty|thirty)\\s+)?(?:${ORDINAL_WORD}))|\\d{1,2}(?:st|nd|rd|th))(?:\\s+of\\s+(?:${MONTH_WORDS}))?|(?:${MONTH_WORDS})(?:\\s+(?:the\\s+)?${DAY_OF_MONTH})?(?:,?\\s+\\d{4})?)`;
const COUNT: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, 'a couple of': 2, 'a couple': 2, couple: 2, 'a few': 3, few: 3 };
const COUNT_WORDS = '\\d{1,2}|a couple of|a couple|couple|a few|few|an?|one|two|three|four|five|six';

const monday = (d: Temporal.PlainDate) => d.subtract({ days: d.dayOfWeek - 1 });
const code = (d: Temporal.PlainDate) => DAY_CODES[d.dayOfWeek - 1]!;

/** The coming `weekday` (1 = Monday): today counts for "this", not for "coming"; "next" is next week's. */
function weekdayDate(today: Temporal.PlainDate, weekday: number, which: string): Temporal.PlainDate {
  if (which === 'next') return monday(today).add({ days: 7 + weekday - 1 });
  const ahead = (weekday - today.dayOfWeek + 7) % 7;
  return today.add({ days: ahead === 0 && /coming/.test(which) ? 7 : ahead });
}

/**
 * A date as said, judged from today: a day of this month already gone is next month's, a day
 * of the year already gone is next year's; a month alone is its first day. Null when not a date.
 */
function spokenDate(text: string, ctx: DateContext, today: Temporal.PlainDate): { date: Temporal.PlainDate; monthOnly: boolean } | null {
  // parseDateParts takes "may" alone for the verb; after "in", "until" it is the month.
  const parts = text === 'may' ? { month: 5 } : parseDateParts(text, ctx);
  if (!parts || (parts.day === undefined && parts.month === undefined)) return null;
  try {
    if (parts.month === undefined) {
      let d = Temporal.PlainDate.from({ year: today.year, month: today.month, day: parts.day! }, { overflow: 'reject' });
      if (Temporal.PlainDate.compare(d, today) < 0) d = Temporal.PlainDate.from({ year: today.year, month: today.month, day: 1 }).add({ months: 1 }).with({ day: parts.day! }, { overflow: 'reject' });
      return { date: d, monthOnly: false };
    }
    const year = parts.year ?? today.year;
    let d = Temporal.PlainDate.from({ year, month: parts.month, day: parts.day ?? 1 }, { overflow: 'reject' });
    const end = parts.day === undefined ? d.add({ months: 1 }) : d.add({ days: 1 });
    if (parts.year === undefined && Temporal.PlainDate.compare(end, today) <= 0) d = d.add({ years: 1 });
    return { date: d, monthOnly: parts.day === undefined };
  } catch {
    return null;
  }
}

function nextOccurrence(today: Temporal.PlainDate, month: number, day: number): Temporal.PlainDate {
  const d = Temporal.PlainDate.from({ year: today.year, month, day });
  return Temporal.PlainDate.compare(d, today) < 0 ? d.add({ years: 1 }) : d;
}

type Rule = [RegExp, (m: RegExpExecArray, today: Temporal.PlainDate, ctx: DateContext, negated: boolean) => DateFinding | null];

const day = (date: Temporal.PlainDate, time?: string): DateFinding => ({ date, kind: 'day', days: [code(date)], ...(time ? { time } : {}) });
const from = (date: Temporal.PlainDate): DateFinding => ({ date, kind: 'from', days: [] });
const week = (date: Temporal.PlainDate): DateFinding => ({ date: monday(date), kind: 'week', days: [] });
function restOfWeek(date: Temporal.PlainDate): DateFinding {
  const days: string[] = [];
  for (let d = date; d.dayOfWeek <= 5 && Temporal.PlainDate.compare(monday(d), monday(date)) === 0; d = d.add({ days: 1 })) days.push(code(d));
  return { date, kind: 'rest_of_week', days };
}

/**
 * Phrases in the order they are tried; each takes its words out of the clause, so "not before
 * December 3rd" is not a "not" about days, and "early December" is not a morning.
 */
const RULES: Rule[] = [
  // "the second week of December": the week that day of the month falls in.
  [
    new RegExp(`\\b(?:the )?(first|second|third|fourth|last) week (?:of|in) (${MONTH_WORDS})\\b`),
    (m, today, ctx) => {
      const month = spokenDate(m[2]!, ctx, today);
      if (!month) return null;
      const first = month.date.with({ day: 1 });
      return week(m[1] === 'last' ? first.add({ months: 1 }).subtract({ days: 7 }) : first.add({ weeks: ['first', 'second', 'third', 'fourth'].indexOf(m[1]!) }));
    },
  ],
  [new RegExp(`\\b(?:the )?week (?:of|starting|beginning)\\s+(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\s+)?(${DATE_WORDS})\\b`), (m, today, ctx) => { const s = spokenDate(m[1]!, ctx, today); return s ? week(s.date) : null; }],
  // "not before December 3rd", "not until the 15th", "after the 15th", "from Monday the 7th on"
  [
    new RegExp(`\\b(not before|not until|not till|no earlier than|nothing before|on or after|starting(?: on| from)?|beginning|from|(?:any ?(?:day|time)|sometime|anything|only)? ?after|until after)\\s+(?:(?:early|mid|the start of|the beginning of)\\s+)?(${DATE_WORDS})(?:\\s+on(?:wards?)?)?\\b`),
    (m, today, ctx) => {
      const said = spokenDate(m[2]!, ctx, today);
      if (!said) return null;
      const after = /after/.test(m[1]!) && !/on or after/.test(m[1]!);
      return from(after ? (said.monthOnly ? said.date.add({ months: 1 }) : said.date.add({ days: 1 })) : said.date);
    },
  ],
  [/\b(?:after|not before|not until|not till|until after) (?:christmas|the holidays)\b/, (_m, today) => from(nextOccurrence(today, 12, 26))],
  [/\b(?:after|not before|not until|not till|until after) (?:the )?new year'?s?(?: day)?\b/, (_m, today) => from(nextOccurrence(today, 1, 2))],
  [/\b(?:(?:the )?week after next|in two weeks' time)\b/, (_m, today) => week(today.add({ weeks: 2 }))],
  [/\b(?:(?:sometime |any ?time |anytime |any day |early )?next week|(?:the )?following week)\b/, (_m, today) => week(today.add({ weeks: 1 }))],
  [/\b(?:later|late|end of|the end of|towards the end of|toward the end of) (?:this|the) week\b|\blater in the week\b/, (_m, today) => restOfWeek(today.add({ days: 1 }))],
  [/\b(?:sometime |any ?time |anytime |any day )?this week\b/, (_m, today, _c, negated) => (negated ? week(today.add({ weeks: 1 })) : restOfWeek(today))],
  [/\b(?:next|the following) month\b/, (_m, today) => from(today.with({ day: 1 }).add({ months: 1 }))],
  [
    new RegExp(`\\b(?:in|after|not for|not for another)\\s+(${COUNT_WORDS})\\s+(days?|weeks?|months?)(?:'? time)?\\b|\\b(${COUNT_WORDS})\\s+(days?|weeks?|months?)\\s+from (?:now|today)\\b`),
    (m, today) => {
      const n = COUNT[m[1] ?? m[3]!] ?? Number(m[1] ?? m[3]);
      const unit = (m[2] ?? m[4]!).replace(/s$/, '');
      return n > 0 ? from(today.add(unit === 'day' ? { days: n } : unit === 'week' ? { weeks: n } : { months: n })) : null;
    },
  ],
  [/\b(?:the )?day after tomorrow\b/, (_m, today, _c, negated) => (negated ? null : day(today.add({ days: 2 })))],
  [/\b(?:tomorrow|tomorow|tmrw)\b/, (_m, today, _c, negated) => (negated ? null : day(today.add({ days: 1 })))],
  [/\b(?:today|tonight)\b/, (m, today, _c, negated) => (negated ? from(today.add({ days: 1 })) : day(today, m[0] === 'tonight' ? 'evening' : undefined))],
  [
    /\b(this coming|this|next|coming) (monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/,
    (m, today, _c, negated) => (negated ? null : day(weekdayDate(today, WEEKDAY_NAMES.indexOf(m[2]!) + 1, m[1]!))),
  ],
  // A date on its own: "December 3rd works", "on the 15th", "in December".
  [
    new RegExp(`\\b(?:on |in |for |during |sometime in |early |mid |late |the start of |the beginning of )?(${DATE_WORDS})\\b`),
    (m, today, ctx, negated) => {
      if (/^may\b/.test(m[1]!) && !/^may \S/.test(m[1]!) && !/^(in|during|sometime in|early|mid|late)/.test(m[0])) return null;
      const said = negated ? null : spokenDate(m[1]!, ctx, today);
      if (!said) return null;
      return said.monthOnly ? from(said.date) : day(said.date);
    },
  ],
];

/** The date phrases of one clause (its words taken out of `clause.rest`). */
export function datesIn(clause: { rest: string; negated: boolean }, ctx: DateContext): DateFinding[] {
  const today = Temporal.PlainDate.from(ctx.today);
  const found: DateFinding[] = [];
  for (const [re, read] of RULES) {
    const m = re.exec(clause.rest);
    if (!m) continue;
    clause.rest = `${clause.rest.slice(0, m.index)} ${clause.rest.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim();
    const f = read(m, today, ctx, clause.negated);
    if (f) found.push(f);
  }
  return found;
}

/**
 * The earliest date several findings allow: the latest "from" among them, or the first of the
 * days named; never before today, and nothing more than a year ahead (a misheard date).
 */
export function combineDates(found: DateFinding[], todayIso: string): { date: string; kind: DateKind; days: string[]; times: string[] } | null {
  const today = Temporal.PlainDate.from(todayIso);
  const inRange = found.filter((f) => Temporal.PlainDate.compare(f.date, today.add({ years: 1 })) <= 0 && (f.kind !== 'day' || Temporal.PlainDate.compare(f.date, today) >= 0));
  if (!inRange.length) return null;
  const days = inRange.filter((f) => f.kind === 'day');
  const bounds = inRange.filter((f) => f.kind !== 'day');
  const latest = (list: DateFinding[]) => list.reduce((a, b) => (Temporal.PlainDate.compare(b.date, a.date) > 0 ? b : a));
  const earliest = (list: DateFinding[]) => list.reduce((a, b) => (Temporal.PlainDate.compare(b.date, a.date) < 0 ? b : a));
  const bound = bounds.length ? latest(bounds) : null;
  // "Not today, but tomorrow morning": a day named on or after the bound is the day.
  const daysAfter = days.filter((f) => !bound || Temporal.PlainDate.compare(f.date, bound.date) >= 0);
  let pick: DateFinding;
  if (daysAfter.length) pick = daysAfter.length === 1 ? daysAfter[0]! : { ...earliest(daysAfter), kind: 'from' };
  else pick = bound!;
  const date = Temporal.PlainDate.compare(pick.date, today) < 0 ? today : pick.date;
  // A bound at or before today says nothing: "after November 20, 2026" said on the 25th, "in November" said in November.
  if (pick.kind === 'from' && Temporal.PlainDate.compare(date, today) === 0 && !days.length) return null;
  const namedDays = [...new Set(inRange.flatMap((f) => f.days))];
  return { date: date.toString(), kind: pick.kind, days: namedDays, times: inRange.flatMap((f) => (f.time ? [f.time] : [])) };
}
