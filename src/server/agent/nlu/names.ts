import { capitalizeName, editDistance, normalize } from './text.js';

/**
 * Names as callers give them: "my name is Jane Smith", "it's Jane, Smith, S-M-I-T-H", "first
 * name Jane, last name Smith", a bare "Jane Smith" when asked, or a spelling on its own. A
 * spelling always wins over the recognised word (speech recognition guesses names badly).
 */
export interface NameParts {
  first?: string;
  last?: string;
}

/** Words that follow "I'm" / "this is" but are not names ("I'm calling…", "this is for my son"). */
const NOT_NAMES = new Set(
  (
    'a an the calling call just trying looking wondering here not sick ill going having hoping ' +
    'new existing patient good fine okay ok well sorry afraid sure yes yeah no about for with from ' +
    'my your his her their our to in on at it is was be been being have has i me we you he she they ' +
    'and or but so because that this there what when where who why how please thanks thank ' +
    'appointment doctor dr nurse interested ready available concerned worried still also really actually ' +
    'born date birth number phone calling reaching returning phoning booking ' +
    // Contractions and everyday words a sentence starts with ("she's never been there").
    "she's he's they're we're you're i've i'd i'll we've they've there's that's what's who's let's " +
    "can't don't doesn't didn't won't isn't wasn't hasn't haven't never always been had did does do " +
    'could would should got get need needs want wants think know mean meant nope yep uh um ' +
    // "I'm running late", "call me back about…", "it's for my mother": not names (issue 15 §4).
    'running late back checking hoping trying wanting needing ringing phoning stuck on for'
  ).split(' '),
);

const STOP_AFTER_NAME = new Set([
  'and', 'my', 'i', "i'm", 'born', 'date', 'dob', 'calling', 'phone', 'number', 'from', 'for', 'i’m', 'im', 'but', 'with', 'who', 'the', 'birthday', 'd', 'o', 'b',
  'spelled', 'spelt', 'thats', "that's", 'that', 'it', "it's", 'its',
  // A verb ends the name: "my husband Raj Patel needs a checkup".
  'needs', 'need', 'needed', 'wants', 'want', 'wanted', 'has', 'have', 'had', 'is', 'was', 'are', 'were', 'would', 'could', 'should', 'got', 'gets', 'does', 'did',
]);

const PREFIXES: { re: RegExp; part: 'full' | 'first' | 'last' }[] = [
  { re: /\b(?:first name(?: is|'s)?|first name being)\s+/g, part: 'first' },
  { re: /\b(?:last name|surname|family name)(?: is|'s)?\s+/g, part: 'last' },
  { re: /\b(?:my name is|my name's|name is|name's|the name is|this is|i am|i'm|im|it's|it is|call me|speaking is|you're speaking with|you are speaking with)\s+/g, part: 'full' },
  // "for my daughter Emily", "my son, Tommy O'Neil", "my husband named Raj Patel".
  {
    re: /\bmy (?:son|daughter|child|kid|baby|boy|girl|husband|wife|partner|mother|mom|mum|father|dad|grandson|granddaughter|grandmother|grandfather)(?:'s name is|\s*,|\s+named|\s+called)?\s+/g,
    part: 'full',
  },
];

const LETTER_RUN = /\b[a-z](?:(?:\s*[-.]\s*|\s+)[a-z]\b){2,}/g;

/** Runs of spelled letters: "S-M-I-T-H", "s m i t h", "J.A.N.E" (three letters at least). */
export function spelledWords(text: string): string[] {
  const t = normalize(text).replace(/,/g, ' ');
  const out: string[] = [];
  for (const m of t.matchAll(LETTER_RUN)) {
    // "J-A-N-E S-M-I-T-H": hyphen groups split at spaces; plain spaced letters stay one word.
    const run = m[0];
    const groups = /[-.]/.test(run) ? run.split(/\s+/).map((g) => g.replace(/[-.\s]/g, '')) : [run.replace(/\s+/g, '')];
    for (const g of groups) if (g.length >= 2) out.push(g);
  }
  return out;
}

function nameWordsFrom(tokens: string[]): string[] {
  const out: string[] = [];
  for (const w of tokens) {
    const clean = w.replace(/[^a-z'-]/g, '');
    if (!clean || STOP_AFTER_NAME.has(clean)) break;
    if (clean.length === 1) break;
    out.push(clean);
    if (out.length === 3) break;
  }
  return out;
}

function splitFull(list: string[]): NameParts {
  if (list.length === 0) return {};
  if (list.length === 1) return { first: capitalizeName(list[0]!) };
  return { first: capitalizeName(list[0]!), last: capitalizeName(list.slice(1).join(' ')) };
}

/**
 * Name parts in `text`. With `expecting`, a bare answer ("Jane Smith") counts; without, only a
 * stated name ("my name is…") does, so other sentences are not mistaken for names.
 */
export function extractName(text: string, expecting?: 'full' | 'first' | 'last'): NameParts | null {
  const t = normalize(text).replace(/,/g, ' , ');
  let result: NameParts = {};
  for (const { re, part } of PREFIXES) {
    for (const m of t.matchAll(re)) {
      const after = t.slice(m.index! + m[0].length).split(/\s+/);
      const found = nameWordsFrom(after);
      if (found.length === 0 || NOT_NAMES.has(found[0]!)) continue;
      if (part === 'first') result.first = capitalizeName(found[0]!);
      else if (part === 'last') result.last = capitalizeName(found.join(' '));
      else if (!result.first && !result.last) result = { ...splitFull(found), ...result };
    }
  }
  if (!result.first && !result.last && expecting) {
    const tokens = t
      .replace(/^(?:(?:yes|yeah|sure|ok|okay|um|uh|so|well|it's|its|it is|that's|that is)\s+)+/, '')
      .split(/\s+/)
      .filter((w) => w !== ',');
    const found = nameWordsFrom(tokens).filter((w) => !NOT_NAMES.has(w));
    if (found.length && !NOT_NAMES.has(tokens[0]!.replace(/[^a-z'-]/g, ''))) {
      if (expecting === 'full') result = splitFull(found);
      else if (expecting === 'first') result = { first: capitalizeName(found[0]!) };
      else result = { last: capitalizeName(found.join(' ')) };
    }
  }
  if (expecting === 'full' && result.last && !result.first) {
    // "Jane, last name Smith": the bare words before the stated part are the first name.
    const lead = nameWordsFrom(t.split(/\s+/));
    if (lead.length === 1 && !NOT_NAMES.has(lead[0]!) && lead[0] !== 'last') result.first = capitalizeName(lead[0]!);
  }
  const spelled = spelledWords(text).map(capitalizeName);
  if (spelled.length >= 2 && expecting !== 'last') {
    result.first = spelled[0];
    result.last = spelled[spelled.length - 1];
  } else if (spelled.length === 1) {
    const s = spelled[0]!;
    // The spelling is of whichever spoken name it resembles; otherwise of the last name.
    if (expecting === 'first' || (result.first && !result.last && expecting !== 'last' && near(result.first, s) && !expectingLast(expecting))) result.first = s;
    else if (result.first && near(result.first, s) && result.last && !near(result.last, s)) result.first = s;
    else result.last = s;
  }
  return result.first || result.last ? result : null;
}

function expectingLast(e: string | undefined) {
  return e === 'last';
}

function near(a: string, b: string): boolean {
  return editDistance(a.toLowerCase(), b.toLowerCase()) <= Math.max(1, Math.floor(Math.min(a.length, b.length) / 3));
}

/** For a correction with one name ("no, it's Smyth"): which part it replaces. */
export function correctedPart(known: NameParts, word: string): 'first' | 'last' {
  if (known.first && !known.last) return 'last';
  const dFirst = known.first ? editDistance(known.first.toLowerCase(), word.toLowerCase()) : 99;
  const dLast = known.last ? editDistance(known.last.toLowerCase(), word.toLowerCase()) : 99;
  return dFirst < dLast ? 'first' : 'last';
}
