import { Temporal } from 'temporal-polyfill';
import { normalize } from './text.js';

/**
 * "Are you open on Thanksgiving?", "open Christmas Eve?": the holiday an hours question names,
 * and its next date (today included) in the practice's calendar. The practice's own dated
 * exceptions are found by their labels first (the hours page's "Staff training day" included);
 * then the public holidays callers name most, by the country's rule.
 */
export interface HolidayAsked {
  name: string;
  /** YYYY-MM-DD, on or after today. */
  date: string;
}

type Rule = (year: number) => Temporal.PlainDate;

const fixed = (month: number, day: number): Rule => (year) => Temporal.PlainDate.from({ year, month, day });
/** The n-th given weekday (1 Monday – 7 Sunday) of a month; n = -1 for the last. */
const nth = (month: number, weekday: number, n: number): Rule => (year) => {
  if (n > 0) {
    const first = Temporal.PlainDate.from({ year, month, day: 1 });
    return first.add({ days: ((weekday - first.dayOfWeek + 7) % 7) + (n - 1) * 7 });
  }
  const last = Temporal.PlainDate.from({ year, month, day: 1 }).add({ months: 1 }).subtract({ days: 1 });
  return last.subtract({ days: (last.dayOfWeek - weekday + 7) % 7 });
};

interface Holiday {
  name: string;
  words: RegExp;
  countries: readonly string[];
  rule: Rule;
}

const ALL = ['US', 'CA', 'GB'];
// Eve before day: "christmas eve" must not read as Christmas Day.
const HOLIDAYS: Holiday[] = [
  { name: 'Christmas Eve', words: /\b(christmas|xmas) eve\b|\bnochebuena\b/, countries: ALL, rule: fixed(12, 24) },
  { name: 'Christmas Day', words: /\b(christmas|xmas)( day)?\b|\bnavidad\b/, countries: ALL, rule: fixed(12, 25) },
  { name: 'Boxing Day', words: /\bboxing day\b/, countries: ['GB', 'CA'], rule: fixed(12, 26) },
  { name: "New Year's Eve", words: /\bnew years? eve\b|\bnochevieja\b/, countries: ALL, rule: fixed(12, 31) },
  { name: "New Year's Day", words: /\bnew years?( day)?\b|\bano nuevo\b/, countries: ALL, rule: fixed(1, 1) },
  { name: 'Thanksgiving', words: /\bthanksgiving\b|\baccion de gracias\b/, countries: ['US'], rule: nth(11, 4, 4) },
  { name: 'Thanksgiving', words: /\bthanksgiving\b|\baccion de gracias\b/, countries: ['CA'], rule: nth(10, 1, 2) },
  { name: 'Independence Day', words: /\b(independence day|(fourth|4th|4) of july|july (fourth|4th|4))\b/, countries: ['US'], rule: fixed(7, 4) },
  { name: 'Memorial Day', words: /\bmemorial day\b/, countries: ['US'], rule: nth(5, 1, -1) },
  { name: 'Labor Day', words: /\blabou?r day\b/, countries: ['US', 'CA'], rule: nth(9, 1, 1) },
  { name: 'Canada Day', words: /\bcanada day\b/, countries: ['CA'], rule: fixed(7, 1) },
];

/** Lower case without accents or apostrophes ("Año Nuevo" → "ano nuevo", "New Year's" → "new years"). */
const plain = (s: string) => normalize(s.normalize('NFD').replace(/[\u0300-\u036f]/g, '')).replace(/'/g, '');

export function holidayAsked(text: string, opts: { today: string; country: string; overrides?: readonly { from: string; to: string; label: string }[] }): HolidayAsked | null {
  const t = plain(text);
  for (const o of opts.overrides ?? []) {
    const label = plain(o.label);
    if (label.length >= 4 && o.to >= opts.today && new RegExp(`\\b${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(t)) {
      return { name: o.label, date: o.from > opts.today ? o.from : opts.today };
    }
  }
  const today = Temporal.PlainDate.from(opts.today);
  const holiday = HOLIDAYS.find((h) => h.countries.includes(opts.country) && h.words.test(t));
  if (!holiday) return null;
  const thisYear = holiday.rule(today.year);
  const date = Temporal.PlainDate.compare(thisYear, today) >= 0 ? thisYear : holiday.rule(today.year + 1);
  return { name: holiday.name, date: date.toString() };
}
