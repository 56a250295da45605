import { Temporal } from 'temporal-polyfill';
import { normalize } from './text.js';
import { yesNo } from './yes-no.js';

/**
 * Which of the times the agent offered the caller takes (issue 31 §3), in English or Spanish:
 * by its place in the list ("the first one", "the second", "the last", "la primera", a key
 * pressed), by its day ("Tuesday", "tomorrow", "la del martes", "December 2nd"), its time ("the
 * 2:10", "nine forty", "las dos y diez", "the morning one"), or its clinician ("with Dr. Ruiz").
 * What the caller names must fit exactly one offered time; naming something none of them is
 * ("anything on Friday?"), or turning them down ("none of those", "another day", "ninguna"),
 * asks for other times. Anything else is not understood (null) and the agent asks again.
 */
export interface PickOption {
  start: number;
  clinicianName: string;
}

export type TimePick = { pick: number } | { other: true } | null;

const DAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const DAYS_ES = ['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo'];
const MONTHS_EN = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTHS_ES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

const HOURS_EN: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };
const HOURS_ES: Record<string, number> = { una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, once: 11, doce: 12 };
const MINUTES_EN: Record<string, number> = {
  "o'clock": 0, oclock: 0, 'oh five': 5, five: 5, ten: 10, fifteen: 15, twenty: 20, 'twenty five': 25, thirty: 30, 'thirty five': 35, forty: 40, 'forty five': 45, fifty: 50, 'fifty five': 55,
};
const MINUTES_ES: Record<string, number> = {
  cinco: 5, diez: 10, quince: 15, cuarto: 15, veinte: 20, veinticinco: 25, treinta: 30, media: 30, 'treinta y cinco': 35, cuarenta: 40, 'cuarenta y cinco': 45, cincuenta: 50, 'cincuenta y cinco': 55,
};
const ORDINAL_WORDS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, eleventh: 11, twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15,
  sixteenth: 16, seventeenth: 17, eighteenth: 18, nineteenth: 19, twentieth: 20, 'twenty first': 21, 'twenty second': 22, 'twenty third': 23, 'twenty fourth': 24, 'twenty fifth': 25,
  'twenty sixth': 26, 'twenty seventh': 27, 'twenty eighth': 28, 'twenty ninth': 29, thirtieth: 30, 'thirty first': 31,
};
const NUMBERS_ES: Record<string, number> = { primero: 1, uno: 1, un: 1, ...HOURS_ES, trece: 13, catorce: 14, quince: 15, dieciseis: 16, diecisiete: 17, dieciocho: 18, diecinueve: 19, veinte: 20, treinta: 30 };

const alt = (words: Iterable<string>) => [...words].sort((a, b) => b.length - a.length).join('|');
const MINUTES_EN_RE = alt(Object.keys(MINUTES_EN));
const MINUTES_ES_RE = alt(Object.keys(MINUTES_ES));
const ORDINALS_RE = alt(Object.keys(ORDINAL_WORDS));

/** Turning the offered times down, or asking for others. */
const OTHER =
  /\b(none|neither|nothing|not those|none of (?:those|them|these)|(?:other|another|different) (?:time|times|day|days|option|options|date|dates|week)|something else|anything else|any other|anything (?:later|earlier|sooner|else|on|in|next|the)|later (?:in the week|that week|date|day|on)|earlier (?:in the week|date|day)|(?:don'?t|doesn'?t|do not|does not|won'?t|can'?t|cannot) (?:work|suit|make|do)|(?:is|are)(?: not|n'?t) (?:good|great|possible)|bad for me|ninguna|ninguno|ni una|otra hora|otro dia|otros dias|otras horas|otro horario|otra fecha|otra semana|algo mas|no me (?:viene|sirve|conviene|queda|va)|no puedo)\b/;
/** Whichever: the first offered (the soonest). */
const ANY = /\b(any|either|whichever|doesn'?t matter|does not matter|no preference|the (?:earliest|soonest|sooner|first available)|cualquiera|me da igual|la (?:mas )?(?:pronto|temprana|antes)|lo antes posible)\b/;

interface Facts {
  index: number;
  dayOfWeek: number;
  date: string;
  dayOfMonth: number;
  month: number;
  hour: number;
  minute: number;
  part: 'morning' | 'afternoon' | 'evening';
  family: string;
}

export function readTimePick(text: string, options: readonly PickOption[], zone: string, today: string): TimePick {
  if (options.length === 0) return null;
  const raw = normalize(text);
  const keys = /^\s*([1-9])\s*$/.exec(raw);
  if (keys) {
    const n = Number(keys[1]) - 1;
    return n < options.length ? { pick: n } : null;
  }
  const facts: Facts[] = options.map((o, index) => {
    const at = Temporal.Instant.fromEpochMilliseconds(o.start).toZonedDateTimeISO(zone);
    const words = normalize(o.clinicianName).replace(/[.,]/g, ' ').split(/\s+/).filter(Boolean);
    return {
      index,
      dayOfWeek: at.dayOfWeek,
      date: at.toPlainDate().toString(),
      dayOfMonth: at.day,
      month: at.month,
      hour: at.hour,
      minute: at.minute,
      part: at.hour < 12 ? 'morning' : at.hour < 17 ? 'afternoon' : 'evening',
      family: words.length > 1 ? words[words.length - 1]! : (words[0] ?? ''),
    };
  });
  let t = ` ${raw.replace(/[,;!?]/g, ' ').replace(/\s+/g, ' ')} `;
  const constraints: Set<number>[] = [];
  const where = (ok: (f: Facts) => boolean) => new Set(facts.filter(ok).map((f) => f.index));
  const take = (re: RegExp, each: (m: RegExpExecArray) => void) => {
    t = t.replace(re, (...args) => {
      each(args as unknown as RegExpExecArray);
      return ' ';
    });
  };

  // Part of the day ("the morning one", "por la mañana") before "mañana" (tomorrow).
  const parts = new Set<string>();
  take(/\b(?:por|de|en) la (manana|tarde|noche)\b/g, (m) => parts.add({ manana: 'morning', tarde: 'afternoon', noche: 'evening' }[m[1] as 'manana']!));
  take(/\b(morning|afternoon|evening)s?\b/g, (m) => parts.add(m[1]!));

  // Times: "2:10", "9:40 am", "2 pm", "at 2", "two ten", "nine forty", "las dos y diez", "a las 9".
  const times: { hour: number; minute: number | null; pm: boolean | null }[] = [];
  const ampm = (s: string | undefined) => (s ? s.startsWith('p') : null);
  take(/\b(\d{1,2})[:.](\d{2})\s*(a\.?m\.?|p\.?m\.?)?/g, (m) => times.push({ hour: Number(m[1]), minute: Number(m[2]), pm: ampm(m[3]) }));
  take(/\b(\d{1,2})\s*(a\.?m\.?|p\.?m\.?)(?=\s|$)/g, (m) => times.push({ hour: Number(m[1]), minute: null, pm: ampm(m[2]) }));
  take(new RegExp(String.raw`\b(${alt(Object.keys(HOURS_EN))}) (${MINUTES_EN_RE})(?: (a\.?m\.?|p\.?m\.?))?\b`, 'g'), (m) =>
    times.push({ hour: HOURS_EN[m[1]!]!, minute: MINUTES_EN[m[2]!]!, pm: ampm(m[3]) }),
  );
  take(new RegExp(String.raw`\b(?:at|around) (${alt(Object.keys(HOURS_EN))}|\d{1,2})(?: (a\.?m\.?|p\.?m\.?))?\b`, 'g'), (m) =>
    times.push({ hour: HOURS_EN[m[1]!] ?? Number(m[1]), minute: null, pm: ampm(m[2]) }),
  );
  take(new RegExp(String.raw`\b(?:a )?la(?:s)? (${alt(Object.keys(HOURS_ES))}|\d{1,2})(?: y (${MINUTES_ES_RE}|\d{1,2}))?\b`, 'g'), (m) =>
    times.push({ hour: HOURS_ES[m[1]!] ?? Number(m[1]), minute: m[2] ? (MINUTES_ES[m[2]] ?? Number(m[2])) : 0, pm: null }),
  );

  // Dates: "December 2nd", "the 2nd of December", "Tuesday the 1st", "2 de diciembre", "el martes 1".
  const days = new Set<number>();
  const dayNumber = (s: string) => (/^\d{1,2}(?:st|nd|rd|th)?$/.test(s) ? parseInt(s, 10) : (ORDINAL_WORDS[s] ?? NUMBERS_ES[s] ?? Number.NaN));
  take(new RegExp(String.raw`\b(${MONTHS_EN.join('|')}) (?:the )?(\d{1,2}(?:st|nd|rd|th)?|${ORDINALS_RE})\b`, 'g'), (m) => days.add(dayNumber(m[2]!)));
  take(new RegExp(String.raw`\b(?:the )?(\d{1,2}(?:st|nd|rd|th)?|${ORDINALS_RE}) of (?:${MONTHS_EN.join('|')})\b`, 'g'), (m) => days.add(dayNumber(m[1]!)));
  take(new RegExp(String.raw`\b(\d{1,2}|${alt(Object.keys(NUMBERS_ES))}) de (?:${MONTHS_ES.join('|')})\b`, 'g'), (m) => days.add(dayNumber(m[1]!)));
  const weekdays = new Set<number>();
  take(new RegExp(String.raw`\b(${DAYS_EN.join('|')})s?(?: the (\d{1,2}(?:st|nd|rd|th)?|${ORDINALS_RE}))?\b`, 'g'), (m) => {
    weekdays.add(DAYS_EN.indexOf(m[1]!) + 1);
    if (m[2]) days.add(dayNumber(m[2]));
  });
  take(new RegExp(String.raw`\b(${DAYS_ES.join('|')})(?: (\d{1,2}|primero))?\b`, 'g'), (m) => {
    weekdays.add(DAYS_ES.indexOf(m[1]!) + 1);
    if (m[2]) days.add(dayNumber(m[2]));
  });
  const dates = new Set<string>();
  const todayDate = Temporal.PlainDate.from(today);
  take(/\b(today|hoy)\b/g, () => dates.add(todayDate.toString()));
  take(/\b(tomorrow|manana)\b/g, () => dates.add(todayDate.add({ days: 1 }).toString()));
  // "the 2nd": a date when an offered time is on it, else the second offered.
  const suffixed: number[] = [];
  take(/\b(?:the |el )?(\d{1,2})(st|nd|rd|th)\b/g, (m) => suffixed.push(Number(m[1])));
  for (const n of suffixed) {
    if (facts.some((f) => f.dayOfMonth === n)) days.add(n);
    else if (n >= 1 && n <= 3) t += ` ${['first', 'second', 'third'][n - 1]} `;
  }

  // The clinician, by family name.
  const clinicians = where((f) => f.family.length >= 3 && new RegExp(`\\b${f.family.replace(/[^a-z0-9]/g, '')}\\b`).test(t));
  if (clinicians.size) constraints.push(clinicians);
  if (weekdays.size) constraints.push(where((f) => weekdays.has(f.dayOfWeek)));
  if (dates.size) constraints.push(where((f) => dates.has(f.date)));
  if (days.size) constraints.push(where((f) => days.has(f.dayOfMonth)));
  if (parts.size) constraints.push(where((f) => parts.has(f.part)));
  for (const x of times) {
    const atHour = (f: Facts) => (x.hour === f.hour || x.hour === (f.hour % 12 === 0 ? 12 : f.hour % 12)) && (x.pm === null || x.pm === f.hour >= 12);
    // "At 9" is 9 o'clock when one is offered, else any time in that hour.
    const onTheHour = where((f) => atHour(f) && f.minute === (x.minute ?? 0));
    constraints.push(x.minute !== null || onTheHour.size ? onTheHour : where(atHour));
  }

  // Its place in the list.
  const last = options.length - 1;
  const ordinal =
    /\b(?:option|number|numero|opcion) (one|1|uno)\b|\b(first|primera|primero)\b/.test(t) ? 0
    : /\b(?:option|number|numero|opcion) (two|2|dos)\b|\b(second|segunda|segundo)\b/.test(t) ? 1
    : /\b(?:option|number|numero|opcion) (three|3|tres)\b|\b(third|tercera|tercero)\b/.test(t) ? 2
    : /\b(last|latest|later one|ultima|ultimo|la mas tarde)\b/.test(t) ? last
    : null;
  if (ordinal !== null && ordinal <= last) constraints.push(new Set([ordinal]));

  // "Tuesday doesn't work", "none of those — anything Friday?": other times, whatever else was named.
  if (OTHER.test(t)) return { other: true };
  if (constraints.length) {
    const fits = [...constraints.reduce((a, b) => new Set([...a].filter((i) => b.has(i))))];
    if (fits.length === 1) return { pick: fits[0]! };
    // Named, but none of the offered times is that: the caller wants another.
    return fits.length === 0 ? { other: true } : null;
  }
  if (ANY.test(t)) return { pick: 0 };
  const yn = yesNo(text);
  if (yn === 'no') return { other: true };
  if (yn === 'yes' && options.length === 1) return { pick: 0 };
  return null;
}
