// Only the two languages callers speak: the package's root loads all fifteen of its locales.
import * as chronoEnglish from 'chrono-node/en';
import * as chronoSpanish from 'chrono-node/es';
import { normalize, splitAtCorrection, words } from './text.js';
import { glossSpanish } from './language.js';
import { parseDayNumber, parseYear, TEENS, TENS, UNITS } from './numbers.js';

/**
 * Dates of birth as people say them: "March third nineteen eighty", "3/3/80", "the third of
 * March 1980", "March 3rd, 1980", "1980-03-03". Parts may be missing ("no, the 4th" is a day
 * only) so a correction can change one part of a date already given.
 */
export interface DateParts {
  day?: number;
  month?: number;
  year?: number;
}

export interface DateContext {
  /** How to read 3/4/80: March 4th (US) or 3 April (GB). */
  dayFirst: boolean;
  /** Today, YYYY-MM-DD, in the organization's zone: two-digit years and the future are judged by it. */
  today: string;
}

const MONTHS: Record<string, number> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6,
  july: 7, jul: 7, august: 8, aug: 8, september: 9, sep: 9, sept: 9, october: 10, oct: 10, november: 11, nov: 11,
  december: 12, dec: 12,
};

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function pivotFor(today: string) {
  const thisYear = Number(today.slice(0, 4));
  return (yy: number) => (2000 + yy > thisYear ? 1900 + yy : 2000 + yy);
}

function numericDate(text: string, ctx: DateContext): DateParts | null {
  const iso = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(text);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  const m = /\b(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{2}|\d{4})\b/.exec(text);
  if (!m) return null;
  let a = Number(m[1]);
  let b = Number(m[2]);
  const yearRaw = m[3]!;
  const year = yearRaw.length === 2 ? pivotFor(ctx.today)(Number(yearRaw)) : Number(yearRaw);
  // The reading that makes a real date wins when only one does (13/3/80 is day-first anywhere).
  let dayFirst = ctx.dayFirst;
  if (a > 12 && b <= 12) dayFirst = true;
  else if (b > 12 && a <= 12) dayFirst = false;
  if (dayFirst) [a, b] = [b, a];
  return { month: a, day: b, year };
}

/** The parts of a date found in `text` (null when there is none at all). */
export function parseDateParts(text: string, ctx: DateContext): DateParts | null {
  // "July 9 2001, wait, no, 2002", "the third… no sorry, the fourth": what follows the correction changes what came before.
  const corrected = splitAtCorrection(normalize(text), { bareNo: true });
  if (corrected) {
    const before = spokenDateParts(corrected.before, ctx);
    // "two thousand fourteen, no sorry, fifteen": a number said alone replaces the last number said.
    const replaced = spokenDateParts(withLastNumberReplaced(corrected.before, corrected.after), ctx);
    if (before && replaced?.day && replaced.month && replaced.year && isBareNumber(corrected.after)) return replaced;
    const after = spokenDateParts(corrected.after, ctx);
    if (after) return before ? mergeDateParts(before, after) : after;
  }
  const parts = spokenDateParts(text, ctx);
  if (parts?.day && parts.month && parts.year) return parts;
  const found = chronoDate(text, ctx) ?? parts;
  // A Spanish date in a call held in English ("el 5 de mayo del 70"): read through the English gloss
  // (a call held in Spanish reaches here glossed already).
  if (!(found?.day && found.month && found.year) && SPANISH_MONTH.test(normalize(text))) {
    const glossed = glossSpanish(text);
    if (!SPANISH_MONTH.test(normalize(glossed))) return parseDateParts(glossed, ctx) ?? found;
  }
  return found;
}

const SPANISH_MONTH = /\b(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)\b/;

const NUMBER_WORD = (w: string) => /^\d+$/.test(w) || w in UNITS || w in TEENS || w in TENS;
const BARE_LEAD = /^(?:(?:the|of|del|de|el|it's|its|is|es)\s+)+/;

/** A correction that is only a number ("fifteen", "del catorce", "the fourth" is not: it names a day). */
function isBareNumber(after: string): boolean {
  const list = words(normalize(after).replace(BARE_LEAD, ''));
  return list.length > 0 && list.length <= 2 && list.every(NUMBER_WORD);
}

/** `before` with its last number word (or tens-and-unit pair) replaced by the corrected number. */
function withLastNumberReplaced(before: string, after: string): string {
  const list = words(normalize(before));
  const said = words(normalize(after).replace(BARE_LEAD, ''));
  let end = list.length - 1;
  while (end >= 0 && !NUMBER_WORD(list[end]!)) end--;
  if (end < 0) return before;
  const start = end > 0 && list[end - 1]! in TENS && list[end]! in UNITS && said.length === 2 ? end - 1 : end;
  return [...list.slice(0, start), ...said, ...list.slice(end + 1)].join(' ');
}

/**
 * chrono-node (English and Spanish) where the spoken-digit reader finds no whole date: it knows
 * forms ours does not ("1974 01 22", "the 8th of May, 1981"). Taken only when it is sure of the
 * day, the month and the year; ours is better at spoken years and digit runs, so it goes first.
 */
function chronoDate(text: string, ctx: DateContext): DateParts | null {
  const reference = new Date(`${ctx.today}T12:00:00Z`);
  for (const parser of [chronoEnglish.casual, chronoSpanish.casual]) {
    const found = parser.parse(text, reference)[0]?.start;
    if (found && found.isCertain('day') && found.isCertain('month') && found.isCertain('year')) return { day: found.get('day')!, month: found.get('month')!, year: found.get('year')! };
  }
  return null;
}

/**
 * Birthdays said as the day they fall on ("Christmas Eve nineteen ninety", "cinco de mayo
 * sixty six", "el día de reyes del 2015"): the fixed-date holidays, as the month and day.
 */
const HOLIDAYS: [RegExp, string][] = [
  [/\bchristmas eve\b|\bnochebuena\b/, 'december 24'],
  [/\bchristmas(?: day)?\b|\bnavidad\b/, 'december 25'],
  [/\bnew year'?s eve\b/, 'december 31'],
  [/\bnew year'?s(?: day)?\b|\bano nuevo\b/, 'january 1'],
  [/\bvalentine'?s(?: day)?\b|\bdia del amor y la amistad\b|\bsan valentin\b/, 'february 14'],
  [/\b(?:saint|st) patrick'?s(?: day)?\b/, 'march 17'],
  [/\b(?:the )?fourth of july\b|\bindependence day\b/, 'july 4'],
  [/\bhalloween\b/, 'october 31'],
  [/\bveterans'? day\b/, 'november 11'],
  [/\bgroundhog day\b/, 'february 2'],
  [/\bleap day\b/, 'february 29'],
  [/\bcinco de mayo\b/, 'may 5'],
  [/\bpi day\b/, 'march 14'],
  [/\b(?:el )?dia de (?:los )?reyes\b/, 'january 6'],
  [/\b(?:el )?dia de las madres\b/, 'may 10'],
];

function spokenDateParts(text: string, ctx: DateContext): DateParts | null {
  let said = normalize(text);
  for (const [re, day] of HOLIDAYS) if (re.test(said)) said = said.replace(re, ` ${day} `);
  text = said;
  const numeric = numericDate(normalize(text), ctx);
  if (numeric) return numeric;
  // "March third, uh, nineteen eighty": hesitations between the parts are not there; nor are the
  // Spanish words left between them in a glossed date ("march 12 de 1988", "march el twelve del 88").
  const list = words(text)
    .filter((w) => !HESITATIONS.has(w))
    .flatMap((w, i, all) => (!SPANISH_GLUE.has(w) ? [w] : (w === 'de' || w === 'del') && all[i - 1]! in MONTHS ? ['of'] : []));
  if (!list.some((w) => w in MONTHS)) {
    const run = numberRunDate(list);
    if (run) return numericDate(run, ctx);
  }
  const pivot = pivotFor(ctx.today);
  // Every month word is a candidate ("Jan" may be a name): the one with the most parts wins.
  let best: DateParts | null = null;
  for (let monthAt = 0; monthAt < list.length; monthAt++) {
    const w = list[monthAt]!;
    if (!(w in MONTHS) || (w === 'may' && !looksLikeDateAround(list, monthAt))) continue;
    const parts = partsAroundMonth(list, monthAt, pivot);
    if (!best || Object.keys(parts).length > Object.keys(best).length) best = parts;
  }
  if (best) return best;
  // No month: "the 4th", "the fourth", a year on its own ("1981", "nineteen eighty one"), or both
  // ("no, third 1960" corrects the day and says the year again).
  let year: number | undefined;
  for (let i = 0; i < list.length && year === undefined; i++) {
    const y = parseYear(list, i, pivot);
    if (y && (list[i]!.length === 4 || y.next - i >= 2)) year = y.value;
  }
  const day = dayWithoutMonth(list);
  if (year === undefined && day === undefined) return null;
  return { ...(day !== undefined ? { day } : {}), ...(year !== undefined ? { year } : {}) };
}

/** "the 4th", "the fourth", "twenty third": a day said without its month. */
function dayWithoutMonth(list: string[]): number | undefined {
  const the = list.findIndex((w, i) => w === 'the' && parseDayNumber(list, i + 1) !== null);
  if (the >= 0) return parseDayNumber(list, the + 1)!.value;
  const ordinal = list.findIndex((w) => /^\d{1,2}(st|nd|rd|th)$/.test(w) || /^(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)$/.test(w));
  if (ordinal < 0) return undefined;
  return parseDayNumber(list, ordinal > 0 && (list[ordinal - 1] === 'twenty' || list[ordinal - 1] === 'thirty') ? ordinal - 1 : ordinal)?.value;
}

const HESITATIONS = new Set(['uh', 'um', 'er', 'erm', 'hmm', 'ah', 'umm', 'uhh']);
/** Left out of a glossed date, but "de" and "del" right after the month are "of" ("marzo del 14" is March 2014, not the 14th). */
const SPANISH_GLUE = new Set(['de', 'del', 'el', 'ano', 'dia', 'mes']);

const RUN_GLUE = new Set(['uh', 'um', 'and', 'slash', 'dash', 'stroke', 'of', 'its', "it's", 'is', 'born', 'on', 'the', 'my', 'birthday', 'date', 'birth', 'dob', 'd', 'o', 'b', 'y', 'i', 'was']);

/**
 * A date said as numbers only (issue 15 §4): "oh three oh five nineteen ninety", "three five
 * ninety", "03 05 1990", "zero three zero five one nine nine zero", "03051990". Returns
 * "m/d/yyyy"-like text for numericDate, which applies the organization's day/month order.
 * Hand-written: chrono-node and the like read written dates ("5/3/90", "May 5 1972", which
 * parseDateParts already takes) but not digit runs as speech recognition returns them.
 */
function numberRunDate(list: string[]): string | null {
  const groups: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const w = list[i]!;
    if (/^\d+$/.test(w)) groups.push(w);
    // "eight twelve two thousand", "nine eleven two thousand (and) twelve": a year in thousands.
    else if (w === 'thousand' && groups[groups.length - 1] === '2') {
      let i2 = list[i + 1] === 'and' ? i + 2 : i + 1;
      let rest = 0;
      const n = list[i2];
      if (n !== undefined && n in TEENS) rest = TEENS[n]!;
      else if (n !== undefined && n in TENS) {
        rest = TENS[n]!;
        if (list[i2 + 1] !== undefined && list[i2 + 1]! in UNITS) rest += UNITS[list[++i2]!]!;
      } else if (n !== undefined && n in UNITS) rest = UNITS[n]!;
      else i2--;
      groups[groups.length - 1] = String(2000 + rest);
      i = i2;
    } else if (w in UNITS) groups.push(String(UNITS[w]));
    else if (w in TEENS) groups.push(String(TEENS[w]));
    else if (w in TENS) {
      const unit = list[i + 1] !== undefined && list[i + 1]! in UNITS && UNITS[list[i + 1]!]! > 0 ? UNITS[list[i + 1]!]! : 0;
      if (unit) i++;
      groups.push(String(TENS[w]! + unit));
    } else if (groups.length && !RUN_GLUE.has(w)) break;
    else if (!groups.length && !RUN_GLUE.has(w) && i > 3) return null;
  }
  if (groups.length < 3 && !(groups.length === 1 && /^\d{6}$|^\d{8}$/.test(groups[0]!))) return null;
  let g = groups;
  const singles = g.every((x) => x.length === 1);
  if (g.length === 1 || (singles && (g.length === 6 || g.length === 8))) {
    const d = g.join('');
    if (d.length !== 6 && d.length !== 8) return null;
    return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
  }
  // "oh three" is 03; "nineteen ninety" and "twenty ten" are one year.
  const merged: string[] = [];
  for (let i = 0; i < g.length; i++) {
    if (g[i] === '0' && g[i + 1]?.length === 1) {
      merged.push(`0${g[i + 1]}`);
      i++;
    } else merged.push(g[i]!);
  }
  g = merged;
  if (g.length === 4 && /^(19|20)$/.test(g[2]!) && g[3]!.length === 2) g = [g[0]!, g[1]!, `${g[2]}${g[3]}`];
  if (g.length !== 3 || g[0]!.length > 2 || g[1]!.length > 2 || !(g[2]!.length === 2 || g[2]!.length === 4)) return null;
  return `${g[0]}/${g[1]}/${g[2]}`;
}

function partsAroundMonth(list: string[], monthAt: number, pivot: (yy: number) => number): DateParts {
  const parts: DateParts = { month: MONTHS[list[monthAt]!] };
  // "nineteen eighty three may second", "two thousand eleven august the ninth": the year first,
  // when a day follows the month (else "three" of "eighty three" would be read as the day).
  const yearFirst = yearEndingAt(list, monthAt, pivot);
  const dayAfter = parseDayNumber(list, list[monthAt + 1] === 'the' ? monthAt + 2 : monthAt + 1);
  if (yearFirst && dayAfter && !parseYear(list, dayAfter.next, pivot)) return { ...parts, day: dayAfter.value, year: yearFirst };
  // "the third of March", "3 March", "third March"
  let before = monthAt - 1;
  if (list[before] === 'of') before--;
  const dayBefore = findDayEndingAt(list, before);
  let after = monthAt + 1;
  if (dayBefore) parts.day = dayBefore;
  else {
    if (list[after] === 'the') after++;
    const day = parseDayNumber(list, after);
    // "March nineteen eighty" is a month and a year, not the 19th; "March twenty nineteen
    // eighty" is the 20th: the reading that accounts for more words wins, a tie goes to the year.
    const asYear = parseYear(list, after, pivot);
    const dayThenYear = day ? parseYear(list, day.next + (list[day.next] === 'of' ? 1 : 0), pivot) : null;
    const dayReadingEnd = dayThenYear ? dayThenYear.next : (day?.next ?? -1);
    // One number alone after the month ("March 14", "marzo veintitrés") is its day: a year said
    // on its own is four digits or more than one word.
    const oneShortNumber = asYear !== null && asYear.next === after + 1 && !/^\d{4}$/.test(list[after]!);
    if (day && (!asYear || dayReadingEnd > asYear.next || (dayReadingEnd === asYear.next && oneShortNumber))) {
      parts.day = day.value;
      after = day.next;
    }
  }
  // "…of 1985", "…in the year 2005".
  while (['of', 'in', 'the', 'year'].includes(list[after] ?? '')) after++;
  const year = parseYear(list, after, pivot) ?? ohYear(list, after, pivot) ?? yearLaterOn(list, after, pivot);
  if (year) parts.year = year.value;
  else if (!dayBefore) {
    // The year first: "nineteen eighty, March third", "in 1980 on March 3rd".
    const y = yearEndingAt(list, monthAt, pivot);
    if (y) parts.year = y;
  }
  return parts;
}

/**
 * A year said further on, after words of its own ("March 3rd, and the year is 1985", "he's a
 * ninety seven baby", "may the fourth be with you, two thousand eleven"): 19xx or 20xx in digits;
 * in words, one that starts as years do (nineteen…, two thousand…, twenty…) or follows "year",
 * "was", "born", "in", "a", "he's", "she's". Not "at ten forty five", nor the end of a phone number.
 */
function yearLaterOn(list: string[], from: number, pivot: (yy: number) => number): { value: number; next: number } | null {
  for (let i = from; i < list.length; i++) {
    if (/^\d+$/.test(list[i - 1] ?? '')) continue;
    const y = parseYear(list, i, pivot);
    if (!y) continue;
    if (/^(?:19|20)\d\d$/.test(list[i]!)) return y;
    if (y.next - i >= 2 && (YEAR_START.has(list[i]!) || YEAR_INTRO.has(list[i - 1] ?? ''))) return y;
  }
  return null;
}
const YEAR_START = new Set(['nineteen', 'two', 'twenty']);
const YEAR_INTRO = new Set(['year', 'was', 'born', 'in', 'a', "he's", 'hes', "she's", 'shes']);

/** A year said just before the month (or before "on" the month): 1980, "nineteen eighty". */
function yearEndingAt(list: string[], monthAt: number, pivot: (yy: number) => number): number | undefined {
  const end = list[monthAt - 1] === 'on' ? monthAt - 1 : monthAt;
  for (let i = Math.max(0, end - 4); i < end; i++) {
    const y = parseYear(list, i, pivot);
    if (y && y.next === end && (list[i]!.length === 4 || end - i >= 2)) return y.value;
  }
  return undefined;
}

/** "July fourth, oh five": a year said as two digits starting with oh (2005; 1905 only when 2005 is still to come). */
function ohYear(list: string[], i: number, pivot: (yy: number) => number): { value: number; next: number } | null {
  const unit = list[i + 1] !== undefined ? UNITS[list[i + 1]!] : undefined;
  if (!['oh', 'o', 'zero'].includes(list[i] ?? '') || unit === undefined || list[i + 2] !== undefined && list[i + 2]! in UNITS) return null;
  return { value: pivot(unit), next: i + 2 };
}

function looksLikeDateAround(list: string[], i: number): boolean {
  return parseDayNumber(list, i + 1) !== null || (list[i + 1] === 'the' && parseDayNumber(list, i + 2) !== null) || parseDayNumber(list, i - 1) !== null || (list[i - 1] === 'of' && parseDayNumber(list, i - 2) !== null);
}

/** A day number that ends right at index `end` (inclusive): "third", "twenty third", "3". */
function findDayEndingAt(list: string[], end: number): number | undefined {
  for (const start of [end - 1, end]) {
    if (start < 0) continue;
    const day = parseDayNumber(list, start);
    if (day && day.next === end + 1) return day.value;
  }
  return undefined;
}

/** Merges a correction into what was known: "no, the 4th" changes only the day. */
export function mergeDateParts(known: DateParts | undefined, change: DateParts): DateParts {
  return { ...known, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
}

export type DateCheck = { ok: true; iso: string } | { ok: false; missing: ('day' | 'month' | 'year')[] } | { ok: false; invalid: 'not_a_date' | 'future' | 'too_old' };

/** A complete, real date of birth: not in the future and not more than 120 years ago. */
export function checkDateOfBirth(parts: DateParts, today: string): DateCheck {
  const missing = (['month', 'day', 'year'] as const).filter((k) => parts[k] === undefined);
  if (missing.length) return { ok: false, missing };
  const { day, month, year } = parts as Required<DateParts>;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return { ok: false, invalid: 'not_a_date' };
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (iso > today) return { ok: false, invalid: 'future' };
  if (year < Number(today.slice(0, 4)) - 120) return { ok: false, invalid: 'too_old' };
  return { ok: true, iso };
}

const ORDINAL_SUFFIX = (n: number) => (n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th');

/** "March 3rd, 1980" (US) or "3 March 1980" (day first). */
export function sayDate(iso: string, dayFirst = false): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return dayFirst ? `${d} ${MONTH_NAMES[m - 1]} ${y}` : `${MONTH_NAMES[m - 1]} ${d}${ORDINAL_SUFFIX(d)}, ${y}`;
}
