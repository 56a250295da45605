/**
 * Who calls the demo practices: names, dates of birth said the way people say them, numbers,
 * reasons and messages. A seeded random generator keeps one seed's history reproducible.
 */
import type { Random } from '../../../domain/seeded-random.js';

export { seededRandom, type Random } from '../../../domain/seeded-random.js';

export const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

const FIRST = ['Jane', 'Maria', 'Robert', 'James', 'Linda', 'Michael', 'Sofia', 'David', 'Aisha', 'Kevin', 'Emily', 'Carlos', 'Grace', 'Omar', 'Hannah', 'Tom', 'Priya', 'Lucas', 'Ellen', 'Noah'];
const LAST = ['Smith', 'Lopez', 'Chen', 'Johnson', 'Okafor', 'Novak', 'Patel', 'Brown', 'Garcia', 'Kowalski', 'Murphy', 'Nguyen', 'Walsh', 'Rossi', 'Baker', 'Hughes', 'Kim', 'Singh', 'Turner', 'Evans'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth', 'twentieth', 'twenty first', 'twenty second', 'twenty third', 'twenty fourth', 'twenty fifth', 'twenty sixth', 'twenty seventh', 'twenty eighth'];
const YEAR_WORDS: Record<number, string> = { 0: 'oh', 1: 'one', 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine' };
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

export interface Persona {
  first: string;
  last: string;
  dob: { year: number; month: number; day: number };
  phone: string;
  /** Spells the last name when asked, or corrects the day of birth once. */
  quirk: 'none' | 'spells' | 'corrects_day' | 'all_at_once';
  reason: string;
  prefs: string;
  newPatient: boolean;
}

export function persona(r: Random, country: 'US' | 'GB', areaCode: string): Persona {
  const year = 1940 + Math.floor(r() * 78);
  const month = 1 + Math.floor(r() * 12);
  const day = 1 + Math.floor(r() * 28);
  const phone = country === 'GB' ? `+447700900${String(Math.floor(r() * 1000)).padStart(3, '0')}` : `+1${areaCode}${200 + Math.floor(r() * 799)}${String(Math.floor(r() * 10_000)).padStart(4, '0')}`;
  return {
    first: pick(r, FIRST),
    last: pick(r, LAST),
    dob: { year, month, day },
    phone,
    quirk: pick(r, ['none', 'none', 'spells', 'corrects_day', 'all_at_once'] as const),
    reason: pick(r, ['a follow-up', 'my annual physical', 'a flu shot', 'I have a sore throat and a fever', 'a new patient visit', 'my back has been hurting', 'a checkup for my blood pressure']),
    prefs: pick(r, ['mornings', 'Tuesday or Thursday afternoons', 'any time', 'weekday mornings', 'Friday', 'as soon as possible', 'evenings if possible']),
    newPatient: r() < 0.3,
  };
}

function spokenYear(y: number): string {
  if (y >= 2000) return y === 2000 ? 'two thousand' : `two thousand and ${y - 2000 < 10 ? YEAR_WORDS[y - 2000] : y - 2000}`;
  const rest = y % 100;
  const tail = rest === 0 ? 'hundred' : rest < 10 ? `oh ${YEAR_WORDS[rest]}` : rest < 20 ? String(rest) : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? ` ${YEAR_WORDS[rest % 10]}` : ''}`;
  return `nineteen ${tail}`;
}

/** The date of birth as this caller says it (several spoken and written forms). */
export function sayDob(r: Random, p: Persona, dayFirst: boolean, day = p.dob.day): string {
  const m = MONTHS[p.dob.month - 1]!;
  switch (Math.floor(r() * 4)) {
    case 0:
      return `${m} ${ORDINALS[day - 1]} ${spokenYear(p.dob.year)}`;
    case 1:
      return `the ${ORDINALS[day - 1]} of ${m} ${p.dob.year}`;
    case 2:
      return dayFirst ? `${day}/${p.dob.month}/${p.dob.year}` : `${p.dob.month}/${day}/${String(p.dob.year).slice(2)}`;
    default:
      return `${m} ${day}, ${p.dob.year}`;
  }
}

export const MESSAGES = [
  'Please ask the nurse to call me about my lab results',
  'I need a refill of my blood pressure medication, the pharmacy is on Main Street',
  "Tell the doctor the new medication is working and I'd like to keep the follow-up",
  'I have a question about my bill from last month',
  'Can someone send me a copy of my vaccination record',
];

export const CALLBACK_REASONS = ['a question about my bill', 'my insurance paperwork', 'changing my appointment next week', 'a referral to a specialist'];
