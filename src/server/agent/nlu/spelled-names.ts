import { isKnownName } from './name-words.js';
import { editDistance, joinSpokenPunctuation, normalize } from './text.js';

/**
 * Names spelled out on the phone: letters in runs ("s m i t h", "J-A-N-E"), letters said with a
 * word ("b as in boy", "be de burro"), Spanish letter names ("ene", "i griega", "doble ele"), and
 * a spelling put in place of the word it spells. What the letters are, not whose name they make:
 * names.ts decides that.
 */

/** Runs of spelled letters: "S-M-I-T-H", "s m i t h", "J.A.N.E", "o apostrophe m a l l e y" (three letters at least). */
export function spelledWords(text: string): string[] {
  const words = joinSpokenPunctuation(normalize(text).replace(/,/g, ' ')).split(/\s+/).filter(Boolean);
  return letterRuns(words).flatMap((r) => twoNamesIn(r.spelled));
}

/**
 * "k e l s e y m o r r o w": a run that spells two names the name data knows, and is not one
 * itself, is the two names.
 */
function twoNamesIn(spelled: string): string[] {
  if (spelled.length < 6 || /['-]/.test(spelled) || isKnownName(spelled)) return [spelled];
  for (let at = 2; at <= spelled.length - 2; at++) {
    const [a, b] = [spelled.slice(0, at), spelled.slice(at)];
    if (a.length >= 3 && b.length >= 3 && isKnownName(a) && isKnownName(b)) return [a, b];
  }
  return [spelled];
}

/** One spelled letter, or letters joined by a spoken apostrophe or hyphen ("o'm", "l-s"). */
const LETTER_TOKEN = /^[a-z](?:['-][a-z])*$/;
/** A word spelled with a hyphen or a dot after each letter ("s-m-i-t-h", "j.a.n.e"). */
const DOTTED_WORD = /^[a-z](?:[-.][a-z]){2,}\.?$/;
/** Said while spelling, not letters: "m c capital a l l i s t e r", "s t period john". */
const CASE_WORDS = new Set(['capital', 'small', 'lowercase', 'uppercase', 'lower', 'upper', 'period', 'dot', 'mayuscula', 'minuscula', 'punto']);

/** Words that look like a spelled letter with an apostrophe but are said as words ("i'm a new patient"). */
const CONTRACTIONS = new Set(["i'm", "i'd", "i's", "y'a"]);

interface LetterRun {
  /** Index of the first word of the run and of the word after it. */
  from: number;
  to: number;
  spelled: string;
}

/** Where `words` spell something out, and what. */
function letterRuns(words: string[]): LetterRun[] {
  const runs: LetterRun[] = [];
  for (let i = 0; i < words.length; ) {
    if (DOTTED_WORD.test(words[i]!)) {
      runs.push({ from: i, to: i + 1, spelled: words[i]!.replace(/[-.]/g, '') });
      i++;
      continue;
    }
    let j = i;
    while (j < words.length && !(j === i && CONTRACTIONS.has(words[j]!)) && (LETTER_TOKEN.test(words[j]!) || (j > i && CASE_WORDS.has(words[j]!) && LETTER_TOKEN.test(words[j + 1] ?? '')))) j++;
    const spelled = words.slice(i, j).filter((w) => !CASE_WORDS.has(w)).join('');
    if (spelled.replace(/['-]/g, '').length >= 3 && j - i >= 2) {
      runs.push({ from: i, to: j, spelled });
      i = j;
    } else i = Math.max(j, i + 1);
  }
  return runs;
}

/** Spanish letter names, as a spelling says them ("be de burro", "ene", "i griega"). */
const SPANISH_LETTERS: Record<string, string> = {
  be: 'b', ve: 'v', uve: 'v', ce: 'c', de: 'd', efe: 'f', ge: 'g', hache: 'h', jota: 'j', ka: 'k', ele: 'l', eme: 'm', ene: 'n', pe: 'p', cu: 'q', erre: 'r', ere: 'r', ese: 's', te: 't', equis: 'x', zeta: 'z',
};

/**
 * Letters said with a word to make them clear ("b as in boy", "p like Paul", "be de burro", "ve
 * de vaca") are the letters. Spanish letter names count as letters only inside such a spelling.
 */
export function lettersAsSpelled(said: string): string {
  const words = said
    .replace(/(?<![a-z'])([a-z]) (?:as in|like|for) [a-z]+\b/g, '$1')
    .replace(/(?<![a-z'])(be|ve|uve|ce|de|efe|ge|hache|jota|ka|ele|eme|ene|pe|cu|erre|ere|ese|te|equis|zeta|[a-z]) de [a-z]{3,}\b/g, (_, l: string) => SPANISH_LETTERS[l] ?? l)
    .split(' ');
  // "b e ene a v i d e ese": a letter name between spelled letters is a letter too.
  const letter = (w: string | undefined) => w !== undefined && (/^[a-z]$/.test(w) || SPANISH_LETTERS[w] !== undefined);
  // Two-word letters inside a spelling: "i griega" (y), "doble ele" (l l), "doble u" / "doble ve" (w).
  for (let i = 0; i + 1 < words.length; i++) {
    const [a, b] = [words[i]!, words[i + 1]!];
    const inSpelling = letter(words[i - 1]) || letter(words[i + 2]);
    if (!inSpelling) continue;
    if (a === 'i' && b === 'griega') words.splice(i, 2, 'y');
    else if (a === 'doble' && (b === 'u' || b === 've' || b === 'uve')) words.splice(i, 2, 'w');
    else if (a === 'doble' && SPANISH_LETTERS[b]) words.splice(i, 2, SPANISH_LETTERS[b]!, SPANISH_LETTERS[b]!);
    else if (a === 'doble' && /^[a-z]$/.test(b)) words.splice(i, 2, b, b);
  }
  for (let pass = 0; pass < 2; pass++)
    for (let i = 0; i < words.length; i++) {
      const l = SPANISH_LETTERS[words[i]!];
      if (l && (letter(words[i - 1]) || letter(words[i + 1])) && (letter(words[i - 1]) ? letter(words[i - 2]) || letter(words[i + 1]) : letter(words[i + 2]))) words[i] = l;
    }
  return words.join(' ');
}

/**
 * Spellings put in place of the words they spell ("dwayne d w a y n e jackson" → "dwayne jackson",
 * "smith s m y t h" → "smyth", "e t h a n miller" → "ethan miller"): a run of letters that
 * resembles the word before it corrects that word, any other run is a word of its own. Then the
 * name's words are read in order, whatever was spelled and whatever was said.
 */
export function inlineSpellings(said: string): string {
  const words = said.split(/\s+/);
  const runs = letterRuns(words);
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    const run = runs.find((r) => r.from === i);
    if (!run) {
      out.push(words[i]!);
      i++;
      continue;
    }
    const bare = (w: string) => w.replace(/['-]/g, '');
    const pair = out.length >= 2 ? `${out[out.length - 2]}${out[out.length - 1]}` : '';
    // The word it spells, wherever it was said ("deandra white d e a n d r a").
    const at = out.findLastIndex((w) => /^[a-z'-]{2,}$/.test(w) && near(w, run.spelled));
    // Two words spelled in one run ("dawn fox d a w n f o x") stand as they were said.
    if (!(pair && bare(pair) === bare(run.spelled))) {
      const names = twoNamesIn(run.spelled);
      if (names.length === 2) out.push(...names);
      else if (at >= 0) out[at] = run.spelled;
      else out.push(run.spelled);
    }
    i = run.to;
  }
  return out.join(' ');
}

/** Whether two spellings of a name are near enough to be the same name misheard. */
export function near(a: string, b: string): boolean {
  return editDistance(a.toLowerCase(), b.toLowerCase()) <= Math.max(1, Math.floor(Math.min(a.length, b.length) / 3));
}
