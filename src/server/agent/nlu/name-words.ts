import { readFileSync } from 'node:fs';
import path from 'node:path';
import { appRoot } from '../../app-root.js';

/**
 * Whether a word can be part of a person's name, from data rather than a list of exceptions
 * (data/name-words.json, built by scripts/build-name-data.mjs): a known first or last name
 * always can; an everyday English or Spanish word that is nobody's name ("all", "stuffed",
 * "retired", "porque") never can; a word in neither list (a rare surname) can.
 */
let words: { names: Set<string>; common: Set<string>; frequent: Set<string>; spanishCommon: Set<string> } | undefined;

function load() {
  const raw = JSON.parse(readFileSync(path.join(appRoot, 'src/server/agent/nlu/data/name-words.json'), 'utf8')) as Record<'names' | 'common' | 'frequent' | 'spanishCommon', string>;
  const set = (k: keyof typeof raw) => new Set(raw[k].split(' '));
  return { names: set('names'), common: set('common'), frequent: set('frequent'), spanishCommon: set('spanishCommon') };
}

export function isKnownName(word: string): boolean {
  words ??= load();
  return words.names.has(fold(word));
}

/**
 * `lenient`: the word follows a first name the data knows ("Leo Park", "Oliver Twist"), or is
 * the whole of a short answer to "what's your name?": only the most frequent everyday words
 * (function words, common verbs) are ruled out there. `spanish`: the answer is in Spanish, where
 * everyday Spanish words are not names even when another language's data lists them ("ella",
 * "esta", "ay"); Spanish names that are everyday words too (Cruz, Luz, Guerra) stay names.
 */
export function canBeName(word: string, options: { lenient?: boolean; spanish?: boolean } = {}): boolean {
  words ??= load();
  const w = fold(word);
  if (w.length < 2) return false;
  if (options.spanish && words.spanishCommon.has(w)) return false;
  // "o'neill", "garcia-lopez", "st james": each part judged on its own; a one-letter prefix (O', D') is fine.
  // A short part before an apostrophe is a prefix too (De'Andre, La'Shawn, D'Angelo).
  const parts = w.split(/[-']/).filter((p, i, all) => p.length > (i === 0 && all.length > 1 && w[p.length] === "'" ? 2 : 1));
  if (parts.length === 0) return false;
  const ruledOut = options.lenient ? words.frequent : words.common;
  // "translating", "wondering": a word the name data does not know, said as a verb, is not a name
  // (Manning, Fleming, Sterling are in the data).
  return parts.every((p) => words!.names.has(p) || (!ruledOut.has(p) && !/^[a-z]{4,}ing$/.test(p)));
}

function fold(word: string): string {
  return word.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}
