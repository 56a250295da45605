import { Temporal } from 'temporal-polyfill';
import { sayDate } from '../nlu/dates.js';
import { sayPreferences, type Preferences } from '../nlu/preferences.js';
import type { Language, Phrase } from './say.js';

/**
 * The values the agent speaks inside its sentences, in each language: times, days and dates,
 * opening hours, preferred times, visit reasons. Each helper answers a Phrase, which say()
 * renders in the language of the sentence it fills. Digits read one by one (phone numbers,
 * reference codes) and names are the same in both languages and are passed as plain text.
 */

const DAY_NAMES: Record<Language, readonly string[]> = {
  en: ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  es: ['', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
};
const MONTHS_ES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const AND: Record<Language, string> = { en: 'and', es: 'y' };

/** "a, b and c" / "a, b y c". */
function listOf(items: string[], last: string): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}` : (items[0] ?? '');
}

/** "November 26" / "26 de noviembre". */
function monthDay(date: Temporal.PlainDate | Temporal.ZonedDateTime, language: Language): string {
  return language === 'es' ? `${date.day} de ${MONTHS_ES[date.month - 1]}` : date.toLocaleString('en-US', { month: 'long', day: 'numeric' });
}

/** "8 AM", "12:30 PM", "noon", "midnight" / "las 8 de la mañana", "la 1 de la tarde", "mediodía", "medianoche". */
export const timeOfDay =
  (hhmm: string): Phrase =>
  (language) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    const midnight = (h === 0 || h === 24) && m === 0;
    const noon = h === 12 && m === 0;
    const hour12 = h % 12 === 0 ? 12 : h % 12;
    const minutes = m ? `:${String(m).padStart(2, '0')}` : '';
    const morning = h < 12 || h === 24;
    if (language === 'es') {
      if (midnight) return 'medianoche';
      if (noon) return 'mediodía';
      const part = morning ? 'de la mañana' : hour12 >= 7 && hour12 !== 12 ? 'de la noche' : 'de la tarde';
      return `${hour12 === 1 ? 'la' : 'las'} ${hour12}${minutes} ${part}`;
    }
    if (midnight) return 'midnight';
    if (noon) return 'noon';
    return `${hour12}${minutes} ${morning ? 'AM' : 'PM'}`;
  };

/**
 * When something happens, from now: "today at 5 PM", "tomorrow at 8 AM", "on Monday at 8 AM",
 * "on Thursday, November 26 at 8 AM" / "hoy a las 5 de la tarde", "el jueves 26 de noviembre a
 * las 8 de la mañana". `timeIfToday`: only the time when it is today ("until 5 PM");
 * `withoutOn`: "Thursday, November 26 at 8 AM" ("scheduled for …").
 */
export const when =
  (atMs: number, nowMs: number, timeZone: string, form: 'full' | 'timeIfToday' | 'withoutOn' = 'full'): Phrase =>
  (language) => {
    const at = Temporal.Instant.fromEpochMilliseconds(atMs).toZonedDateTimeISO(timeZone);
    const now = Temporal.Instant.fromEpochMilliseconds(nowMs).toZonedDateTimeISO(timeZone);
    const days = now.toPlainDate().until(at.toPlainDate()).days;
    const time = timeOfDay(`${String(at.hour).padStart(2, '0')}:${String(at.minute).padStart(2, '0')}`)(language);
    const day = DAY_NAMES[language][at.dayOfWeek]!;
    if (days === 0 && form === 'timeIfToday') return time;
    if (language === 'es') {
      if (days === 0) return `hoy a ${time}`;
      if (days === 1) return `mañana a ${time}`;
      return days < 7 ? `el ${day} a ${time}` : `el ${day} ${monthDay(at, language)} a ${time}`;
    }
    if (days === 0) return `today at ${time}`;
    if (days === 1) return `tomorrow at ${time}`;
    const on = form === 'withoutOn' ? '' : 'on ';
    return days < 7 ? `${on}${day} at ${time}` : `${on}${day}, ${monthDay(at, language)} at ${time}`;
  };

/**
 * A date named from today, as the subject of a sentence and after "closed": "Today" / "today",
 * "Tomorrow, Saturday," / "tomorrow, Saturday", "On Saturday" / "on Saturday", "On Thursday,
 * December 24," / "on Thursday, December 24"; "Hoy", "Mañana, sábado,", "El sábado", "El jueves
 * 24 de diciembre".
 */
export function dayReference(date: string, dayOfWeek: number, today: string): { subject: Phrase; object: Phrase } {
  const offset = Temporal.PlainDate.from(today).until(Temporal.PlainDate.from(date)).days;
  const ref = (language: Language) => {
    const name = DAY_NAMES[language][dayOfWeek]!;
    const dated = monthDay(Temporal.PlainDate.from(date), language);
    if (language === 'es') {
      if (offset === 0) return { subject: 'Hoy', object: 'hoy' };
      if (offset === 1) return { subject: `Mañana, ${name},`, object: `mañana, ${name}` };
      if (offset < 7) return { subject: `El ${name}`, object: `el ${name}` };
      return { subject: `El ${name} ${dated}`, object: `el ${name} ${dated}` };
    }
    if (offset === 0) return { subject: 'Today', object: 'today' };
    if (offset === 1) return { subject: `Tomorrow, ${name},`, object: `tomorrow, ${name}` };
    if (offset < 7) return { subject: `On ${name}`, object: `on ${name}` };
    return { subject: `On ${name}, ${dated},`, object: `on ${name}, ${dated}` };
  };
  return { subject: (language) => ref(language).subject, object: (language) => ref(language).object };
}

/** Open all day: "all day" / "todo el día". */
export const allDay: Phrase = (language) => (language === 'es' ? 'todo el día' : 'all day');

/** "8 AM to noon and 1 PM to 5 PM" / "de las 8 de la mañana a mediodía y de la 1 de la tarde a las 5 de la tarde". */
export const hoursSpans =
  (intervals: { start: string; end: string }[]): Phrase =>
  (language) => {
    const spans = [...intervals]
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((iv) => (language === 'es' ? `de ${timeOfDay(iv.start)(language)} a ${timeOfDay(iv.end)(language)}` : `${timeOfDay(iv.start)(language)} to ${timeOfDay(iv.end)(language)}`));
    return listOf(spans, AND[language]);
  };

/**
 * Days of the week with their hours, consecutive days with the same hours said once: "Monday to
 * Friday, 8 AM to noon and 1 PM to 5 PM; Saturday, 9 AM to noon; closed Sunday." / "de lunes a
 * viernes, …; el sábado, …; cerrado el domingo."
 */
export const weekHours =
  (days: { day: number; intervals: { start: string; end: string }[] }[]): Phrase =>
  (language) => {
    const byDay = new Map<number, string>();
    for (const d of days) byDay.set(d.day, d.intervals.length ? hoursSpans(d.intervals)(language) : '');
    const groups: { from: number; to: number; text: string }[] = [];
    for (const { day: d } of days) {
      const text = byDay.get(d)!;
      const last = groups[groups.length - 1];
      if (last && last.text === text && last.to === d - 1) last.to = d;
      else groups.push({ from: d, to: d, text });
    }
    const names = DAY_NAMES[language];
    const range = (g: { from: number; to: number }) => {
      const [a, b] = [names[g.from], names[g.to]];
      if (language === 'es') return g.from === g.to ? `el ${a}` : g.to === g.from + 1 ? `${a} y ${b}` : `de ${a} a ${b}`;
      return g.from === g.to ? a : g.to === g.from + 1 ? `${a} and ${b}` : `${a} to ${b}`;
    };
    const sentences = groups.filter((g) => g.text).map((g) => `${range(g)}, ${g.text}`);
    const closed = groups.filter((g) => !g.text);
    if (closed.length) sentences.push(`${language === 'es' ? 'cerrado' : 'closed'} ${closed.map(range).join(` ${AND[language]} `)}`);
    return `${sentences.join('; ')}.`;
  };

/** A date of birth: "March 3rd, 1980" (or "3 March 1980" where the day comes first) / "3 de marzo de 1980". */
export const dateOfBirth =
  (iso: string, dayFirst: boolean): Phrase =>
  (language) => {
    if (language !== 'es') return sayDate(iso, dayFirst);
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
    return `${d} de ${MONTHS_ES[m - 1]} de ${y}`;
  };

/** The practice's standard visit reasons in Spanish (a reason the practice named otherwise is said as written). */
const REASONS_ES: Record<string, string> = {
  'new patient visit': 'visita de paciente nuevo',
  'follow-up': 'visita de seguimiento',
  'annual physical': 'examen físico anual',
  'sick visit': 'visita por enfermedad',
  vaccination: 'vacunación',
  other: 'otro motivo',
};

/** The reason of a request as read back: "a follow-up", "a sick visit (has a cough)", "this reason: …" / "visita de seguimiento", "este motivo: …". */
export const visitReason =
  (reason: string | undefined, other: string | null | undefined): Phrase =>
  (language) => {
    const named = reason?.toLowerCase() ?? '';
    const own = other ? ` (${other})` : '';
    if (reason === 'Other' || !reason) return language === 'es' ? `este motivo: ${other ?? 'una visita'}` : `this reason: ${other ?? 'a visit'}`;
    if (language === 'es') return `${REASONS_ES[named] ?? named}${own}`;
    return `${/^[aeiou]/.test(named) ? 'an' : 'a'} ${named}${own}`;
  };

/** Visit reasons as examples (lower case): "new patient visit, follow-up, annual physical". */
export const visitReasonList =
  (reasons: string[]): Phrase =>
  (language) =>
    (language === 'es' ? reasons.map((r) => REASONS_ES[r] ?? r) : reasons).join(', ');

/** "a new patient" / "a returning patient"; "paciente nuevo" / "ya ha venido antes". */
export const patientKind =
  (isNew: boolean | undefined): Phrase =>
  (language) =>
    language === 'es' ? (isNew ? 'paciente nuevo' : 'ya ha venido antes') : isNew ? 'a new patient' : 'a returning patient';

const DAYS_ES: Record<string, string> = { mon: 'lunes', tue: 'martes', wed: 'miércoles', thu: 'jueves', fri: 'viernes', sat: 'sábados', sun: 'domingos' };
const PART_ES: Record<string, string> = { morning: 'mañana', afternoon: 'tarde', evening: 'noche' };
const orEs = (list: string[]) => listOf(list, 'o');

/**
 * Preferred days and times, short for speech (nlu/preferences.ts's sayPreferences in English):
 * "Tuesdays or Thursdays, mornings", "tomorrow afternoon", "any day from the week of December 7"
 * / "los martes o jueves, por la mañana", "mañana por la tarde", "cualquier día a partir de la
 * semana del 7 de diciembre". None given: "any time" / "cualquier momento".
 */
export const preferences =
  (p: Preferences | undefined, today: string): Phrase =>
  (language) => {
    if (language !== 'es') return p ? sayPreferences(p, today) : 'any time';
    if (!p) return 'cualquier momento';
    const weekdays = (codes: string[]) => (codes.length ? `los ${orEs(codes.map((d) => DAYS_ES[d]!))}` : '');
    const days = p.days.length === 5 && !p.days.includes('sat') ? 'entre semana' : weekdays(p.days);
    const times = orEs(p.timesOfDay.map((x) => `por la ${PART_ES[x]}`));
    const withTimes = (s: string) => (times ? `${s}, ${times}` : s);
    if (p.earliestDate) {
      const iso = p.earliestDate;
      const date = Temporal.PlainDate.from(iso);
      const offset = Temporal.PlainDate.from(today).until(date).days;
      const dated = `${date.day} de ${MONTHS_ES[date.month - 1]}`;
      switch (p.dateKind) {
        case 'day': {
          const others = p.days.filter((d) => d !== ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'][date.dayOfWeek - 1]);
          if (!others.length && p.timesOfDay.length === 1 && (offset === 0 || offset === 1)) {
            return offset === 0 ? `esta ${PART_ES[p.timesOfDay[0]!]}` : `mañana por la ${PART_ES[p.timesOfDay[0]!]}`;
          }
          const label = offset === 0 ? 'hoy' : offset === 1 ? 'mañana' : `el ${DAY_NAMES.es[date.dayOfWeek]} ${dated}`;
          return withTimes(orEs([label, weekdays(others)].filter(Boolean)));
        }
        case 'rest_of_week':
          return withTimes(offset === 0 ? 'esta semana' : 'más adelante esta semana');
        case 'week':
          return withTimes(`${days || 'cualquier día'} a partir de la semana del ${dated}`);
        default:
          return withTimes(`${days || 'cualquier día'} a partir ${offset === 0 ? 'de hoy' : offset === 1 ? 'de mañana' : `del ${dated}`}`);
      }
    }
    // Nothing the fields hold: the caller's own words, unless they said any time will do.
    if (!days && !times) {
      const said = sayPreferences(p, today);
      return said === 'any time' ? 'cualquier momento' : said;
    }
    return days && times ? `${days}, ${times}` : days || times;
  };

/**
 * A clinician as said on the phone: a title and the family name ("Dr. Rebecca Hart" → "Dr. Hart",
 * "Nurse Tom Briggs" → "Nurse Briggs"); a name without a title as it is ("Dana Reyes").
 */
export function clinicianSaid(name: string): string {
  const m = /^(dr\.?|doctor|dra\.?|nurse|prof\.?|professor)\s+(?:\S+\s+)*?(\S+)$/i.exec(name.trim());
  return m && name.trim().split(/\s+/).length > 2 ? `${m[1]} ${m[2]}` : name.trim();
}

/**
 * An offered or booked visit's time, in the practice's zone: "Tuesday, December 1st at 9:40 AM"
 * (where the day comes first, "Tuesday 1 December at 9:40 AM"), "Wednesday the 2nd at 2:10 PM"
 * when the month was just said (`monthSaid`), "today at 3 PM", "tomorrow, Tuesday, December 1st
 * at 9:40 AM"; with `on`, "on Tuesday, …" where English needs it. In Spanish "el martes 1 de
 * diciembre a las 9:40 de la mañana", "el miércoles 2 a las 2:10 de la tarde", "hoy a las…",
 * "mañana, martes 1 de diciembre, a las…".
 */
export const visitTime =
  (atMs: number, nowMs: number, timeZone: string, opts: { dayFirst?: boolean; on?: boolean; monthSaid?: boolean } = {}): Phrase =>
  (language) => {
    const at = Temporal.Instant.fromEpochMilliseconds(atMs).toZonedDateTimeISO(timeZone);
    const days = Temporal.Instant.fromEpochMilliseconds(nowMs).toZonedDateTimeISO(timeZone).toPlainDate().until(at.toPlainDate()).days;
    const time = timeOfDay(`${String(at.hour).padStart(2, '0')}:${String(at.minute).padStart(2, '0')}`)(language);
    const day = DAY_NAMES[language][at.dayOfWeek]!;
    if (language === 'es') {
      const date = opts.monthSaid ? `${day} ${at.day}` : `${day} ${monthDay(at, language)}`;
      if (days === 0) return `hoy a ${time}`;
      if (days === 1) return `mañana, ${date}, a ${time}`;
      return `el ${date} a ${time}`;
    }
    const nth = `${at.day}${ordinalSuffix(at.day)}`;
    const date = opts.monthSaid ? `${day} the ${nth}` : opts.dayFirst ? `${day} ${at.day} ${MONTH_NAMES_EN[at.month - 1]}` : `${day}, ${MONTH_NAMES_EN[at.month - 1]} ${nth}`;
    if (days === 0) return `today at ${time}`;
    if (days === 1) return `tomorrow, ${date}, at ${time}`;
    return `${opts.on ? 'on ' : ''}${date} at ${time}`;
  };

const MONTH_NAMES_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ordinalSuffix = (n: number) => (n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th');

/**
 * Two or three offered times, each with its clinician (and its place, when they are not all at
 * one): "Tuesday, December 1st at 9:40 AM with Dr. Hart, or Wednesday the 2nd at 2:10 PM with
 * Dr. Ruiz" / "el martes 1 de diciembre a las 9:40 de la mañana con Dr. Hart, o el miércoles 2 a
 * las 2:10 de la tarde con Dr. Ruiz". A month is said once while it stays the same.
 */
export const offeredTimes =
  (times: { start: number; clinicianName: string; locationName: string }[], nowMs: number, timeZone: string, dayFirst = false): Phrase =>
  (language) => {
    const places = new Set(times.map((t) => t.locationName));
    const month = (ms: number) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).toPlainDate().toString().slice(0, 7);
    const items = times.map((t, i) => {
      const monthSaid = i > 0 && month(times[i - 1]!.start) === month(t.start);
      const when = visitTime(t.start, nowMs, timeZone, { dayFirst, monthSaid })(language);
      const who = `${language === 'es' ? 'con' : 'with'} ${clinicianSaid(t.clinicianName)}`;
      const where = places.size > 1 && t.locationName ? ` ${language === 'es' ? 'en' : 'at'} ${t.locationName}` : '';
      return `${when} ${who}${where}`;
    });
    if (items.length <= 1) return items[0] ?? '';
    const or = language === 'es' ? ' o ' : ', or ';
    return `${items.slice(0, -1).join(', ')}${or}${items[items.length - 1]}`;
  };
