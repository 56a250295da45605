import { parseDayNumber } from './numbers.js';
import { canBeName, isKnownName } from './name-words.js';
import { capitalizeName, editDistance, joinSpokenPunctuation, normalize, splitAtCorrection } from './text.js';
import { inlineSpellings, lettersAsSpelled, near, spelledWords } from './spelled-names.js';

export { spelledWords };

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
  // A spelling hint ends it too: "Smith with a y", "Jon without the h", "Smith as in…".
  'without', 'as', 'like',
]);

/** The same in a Spanish answer: "Rosa Pérez y su fecha…", "Luis que vive…", "Ana es de Puerto Rico", "Tomás con te". */
const SPANISH_STOP_AFTER_NAME = new Set(['y', 'que', 'es', 'son', 'era', 'fue', 'tiene', 'esta', 'con', 'pero', 'porque', 'nacio', 'naci', 'nacida', 'nacido', 'mi', 'su', 'se', 'sin', 'como']);

/** Hesitation inside a name ("it's uh John Doe", "Jane um Smith", "se llama este… Ramón"): skipped, not part of it. */
const HESITATIONS = new Set(['uh', 'um', 'er', 'erm', 'hmm', 'ah', 'eh', 'este', 'mmm']);

const MONTH_WORDS = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec']);

/** Number words end a name ("it's March third uh nineteen eighty" is a date). */
const NUMBER_WORDS = new Set(
  (
    'zero oh one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen ' +
    'twenty thirty forty fifty sixty seventy eighty ninety hundred thousand first second third fourth fifth sixth seventh eighth ninth tenth ' +
    'eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth thirtieth'
  ).split(' '),
);

/** Whom a Spanish caller names before the name: "mi hija, Sofía…", "para mi abuelito don Ramón…". */
const SPANISH_RELATIVES =
  'hijo|hija|nino|nina|nene|nena|bebe|nieto|nieta|bisnieto|bisnieta|esposo|esposa|marido|mujer|mama|mami|papa|papi|madre|padre|abuela|abuelita|abuelo|abuelito|bisabuela|bisabuelo|hermano|hermana|suegra|suegro|tia|tio|sobrino|sobrina|primo|prima|cunado|cunada|nuera|yerno|madrina|padrino|ahijado|ahijada|comadre|compadre|vecino|vecina|pareja|novio|novia|step\\w+|patrona|patron|cliente|residente|paciente';

const PREFIXES: { re: RegExp; part: 'full' | 'first' | 'last' }[] = [
  // "her first is Grace and her last is Park", "…, first is Marta".
  { re: /(?:^|, |\b(?:and|her|his|my|their|the) )first is\s+/g, part: 'first' },
  { re: /(?:^|, |\b(?:and|her|his|my|their|the) )last is\s+/g, part: 'last' },
  { re: /\b(?:first name(?: is|'s)?|first name being|(?:el |mi |su )?primer nombre(?: es)?|(?:el |mi |su )?nombre de pila(?: es)?)\s+/g, part: 'first' },
  { re: /\b(?:last name|surname|family name|(?:el |mi |su |los |sus |mis )?apellidos?)(?: is|'s| es| son)?\s+/g, part: 'last' },
  // Whom the call is for, before whoever is calling: "this is Greg Horton, his dad, calling for
  // Caleb Horton", "I'm Ingrid's daughter Beth, the appointment's for Ingrid Solberg", "habla su
  // hija Verónica, es para mi papá Tomás Arce", "de parte de la señora Evangelina Ruelas".
  {
    re: new RegExp(
      `\\b(?:(?:calling|call|here|ringing) (?:for|about|on behalf of)|on behalf of|(?:the )?(?:appointment|visit|booking)(?:'s| is)? for|(?:it's|its|it is|this is|that's|that is) for|(?:es )?para (?:mi|su|el|la) (?:${SPANISH_RELATIVES})(?: que se llama)?|de parte de(?: (?:la|el|mi|su) (?:senora|senor|senorita|don|dona|${SPANISH_RELATIVES}))?)\\s*,?\\s+`,
      'g',
    ),
    part: 'full',
  },
  // Twins, siblings booked together: "the first one is Ava Lopez", "el mayor se llama Mateo".
  {
    re: /\b(?:(?:the )?(?:first|second|third|other|older|oldest|younger|youngest|big|little) (?:one|twin|kid|child|boy|girl|son|daughter)(?:'s| is)(?: named| called)?|(?:el|la) (?:primer[oa]|segund[oa]|otr[oa]|mayor|menor|mayorcit[oa]|chiquit[oa])(?: se llama| es))\s+/g,
    part: 'full',
  },
  // The patient before whoever is calling: "this is Carl Webb and the patient is my wife Linda Webb".
  // "for my daughter Emily", "my son, Tommy O'Neil", "my husband named Raj Patel", "one of our residents, Walter…".
  {
    re: /\b(?:the patient(?:'s name)?(?: is)?(?:(?: uh| um)? my \w+(?: in law)?)?|(?:his|her|their) name(?: is|'s)|(?:it's |it is |put it |book it )?under (?:(?:my|his|her|their) )?(?:\w+'s )?name(?: which is| it's)?|(?:for|about) (?:one of )?our (?:residents?|patients?|clients?)|(?:my|our) (?:(?:step|god|great |great great )?(?:son|daughter|child|kid|baby|boy|girl|husband|wife|partner|mother|mom|mum|father|dad|grandson|granddaughter|grandmother|grandfather|grandma|grandpa|brother|sister|aunt|uncle|niece|nephew|cousin)(?: in law)?|stepdad|stepmom|fiance|fiancee|boyfriend|girlfriend|neighbou?r|friend|roommate|client|resident|patient)(?:'s name is|\s*,|\s+named|\s+called)?(?:\s+(?:she's|he's|shes|hes|it's|its|is))?(?:\s+(?:uh|um))?)\s+/g,
    part: 'full',
  },
  { re: /\b(?:my name is|my name's|name is|name's|the name is|this is|i am|i'm|im|it's|it is|call me|speaking is|you're speaking with|you are speaking with|se llama|it's for me|for me|su nombre es|a nombre de (?:(?:my|mi|su) \w+ )?)\s+/g, part: 'full' },
  // "la paciente es mi hija Valeria Soto": the patient before whoever is calling, in Spanish.
  { re: new RegExp(`\\b(?:el|la) paciente(?: es| se llama)?(?: (?:mi|su) (?:${SPANISH_RELATIVES}))?\\s*,?\\s+`, 'g'), part: 'full' },
  {
    re: new RegExp(
      `\\b(?:me llamo|mi nombre es|el nombre es|yo soy|soy|le habla|habla|(?:es )?para (?:mi|su|el|la) (?:${SPANISH_RELATIVES})(?: que se llama)?|(?:mi|su) (?:${SPANISH_RELATIVES})(?:\\s*,|\\s+se llama)?|(?:es )?para mi(?!\\s+(?:${SPANISH_RELATIVES})\\b))\\s+`,
      'g',
    ),
    part: 'full',
  },
];

/**
 * `bare`: the whole answer is a few words given when a name was asked for ("Min Park"): there
 * only the most frequent everyday words are ruled out; in a longer sentence any everyday word
 * that is nobody's name ends the name.
 */
/** How many words after position i could be part of a name, up to the first that cannot. */
function nameWordsAfter(list: string[], i: number): number {
  let n = 0;
  for (const w of list.slice(i + 1)) {
    const clean = w.replace(/[^a-z'-]/g, '');
    if (w === ',' || !clean || !canBeName(clean, { lenient: true })) break;
    n++;
  }
  return n;
}

function nameWordsFrom(tokens: string[], bare = false, spanish = false): string[] {
  const out: string[] = [];
  const list = tokens.filter((w) => !HESITATIONS.has(w.replace(/[^a-z]/g, '')));
  // "March third", "June 10th": a date, not April, May or June as a first name.
  if (MONTH_WORDS.has(list[0]?.replace(/[^a-z]/g, '') ?? '') && parseDayNumber(list.map((w) => w.replace(/[^a-z0-9]/g, '')), 1)) return [];
  for (let i = 0; i < list.length; i++) {
    const w = list[i]!;
    if (/\d/.test(w)) break;
    // "my son, Tommy…", "Aiden, A-I-D-E-N, Rivera": a pause before a name, or before a surname the
    // data knows, is not the end of it ("Emily, she's 7" is).
    if (w === ',') {
      if (out.length === 0 || isKnownName(list.slice(i + 1).find((x) => x !== ',') ?? '')) continue;
      break;
    }
    const clean = w.replace(/[^a-z'-]/g, '');
    // "Mrs. Eleanor Price", "doña Carmen": a title before the name is not part of it. A title that
    // is also a first name ("Nina Shaw", "Don Baker") is the name, unless two name words follow it
    // ("el niño Jayden Quezada").
    if (out.length === 0 && TITLES.has(clean) && !(isKnownName(clean) && nameWordsAfter(list, i) < 2)) continue;
    // "Will, Will Bishop", "Renee, uh, Renee Dubose": said twice is said once.
    if (clean === out[out.length - 1]) continue;
    // "Billie Jo Harper, Billie with an i e", "Robert James Tate, James is his middle name": a
    // word of the name said again after it starts a remark about the name.
    if (out.length >= 2 && out.includes(clean) && !PARTICLES.has(clean)) break;
    // "Maria de la Cruz", "Elena dos Santos", "Van der Berg": a particle inside a name, before more
    // of it; or starting a surname given alone ("de la Cruz", asked for the last name).
    if ((out.length > 0 || bare) && PARTICLES.has(clean) && list.slice(i + 1).some((n) => !PARTICLES.has(n) && canBeName(n, { lenient: true }))) {
      out.push(clean);
      continue;
    }
    if (!clean || STOP_AFTER_NAME.has(clean) || (spanish && SPANISH_STOP_AFTER_NAME.has(clean)) || NUMBER_WORDS.has(clean)) break;
    // "Tyler J. Brooks": a middle initial between names is skipped.
    if (clean.length === 1) {
      if (out.length > 0 && /^[a-z]\.?$/.test(w) && canBeName(list[i + 1] ?? '', { lenient: true })) continue;
      break;
    }
    // An everyday word that is nobody's name ends the name, or means there is none ("all stuffed up").
    // After a name the data knows, or a particle ("de la Fuente", "van der Berg"), a surname may be an everyday word.
    const prev = out[out.length - 1];
    // After a particle any surname goes, everyday word or not: "de la Fuente", "del Río".
    const afterParticle = prev !== undefined && PARTICLES.has(prev);
    // Only the second word leans on a known first name: a third word must be a name on its own
    // ("Sienna Holloway, like the color": "like" ends it, but "color" after "Holloway" would not).
    const leansOnPrevious = prev !== undefined && out.length === 1 && isKnownName(prev);
    if (!canBeName(clean, { spanish: spanish && !afterParticle, lenient: bare || afterParticle || leansOnPrevious })) break;
    out.push(clean);
    // "José Luis Ramírez Soto": two given names and two surnames.
    if (out.filter((x) => !PARTICLES.has(x)).length === 4) break;
  }
  while (out.length && (PARTICLES.has(out[out.length - 1]!) || (out.length > 2 && SUFFIXES.has(out[out.length - 1]!)))) out.pop();
  return joinedAfterParts(out);
}

/**
 * "Anne Marie Leclerc, Anne-Marie", "Keisha Dangelo, D'Angelo": a word said with its hyphen or
 * apostrophe after the words it joins stands in their place.
 */
function joinedAfterParts(out: string[]): string[] {
  const bare = (w: string) => w.replace(/['-]/g, '');
  for (let i = out.length - 1; i > 0; i--) {
    if (!/['-]/.test(out[i]!)) continue;
    for (let n = 1; n <= 3 && n <= i; n++)
      for (let from = 0; from + n <= i; from++) {
        if (out.slice(from, from + n).join('') !== bare(out[i]!)) continue;
        return joinedAfterParts([...out.slice(0, from), out[i]!, ...out.slice(from + n, i), ...out.slice(i + 1)]);
      }
  }
  return out;
}

const TITLES = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mister', 'missus', 'dr', 'doctor', 'don', 'dona', 'senor', 'senora', 'sr', 'sra', 'srta', 'senorita', 'la', 'el',
  'reverend', 'rev', 'pastor', 'father', 'sister', 'brother', 'captain', 'retired', 'sergeant', 'officer', 'professor', 'judge', 'nurse',
  'lieutenant', 'colonel', 'coach', 'deacon',
  // "el niño Jayden Quezada", "el licenciado Jaime Oropeza", "la maestra…": what the person is, said before the name.
  'nino', 'nina', 'nene', 'nena', 'bebe', 'joven', 'licenciado', 'licenciada', 'lic', 'ingeniero', 'ingeniera', 'ing', 'profesor', 'profesora', 'profe', 'maestro', 'maestra', 'doctora', 'dra', 'padre', 'hermano', 'hermana',
]);
/** "Marcus Hill Junior", "Frank Delgado Sr.": a generational suffix is not stored as part of the surname. */
const SUFFIXES = new Set(['jr', 'junior', 'sr', 'senior', 'ii', 'iii', 'iv', 'the second', 'the third']);
const PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'dos', 'das', 'da', 'di', 'du', 'van', 'von', 'der', 'den', 'le', 'st', 'saint', 'al', 'bin', 'ibn']);

function splitFull(list: string[]): NameParts {
  if (list.length === 0) return {};
  if (list.length === 1) return { first: capitalizeName(list[0]!) };
  return { first: capitalizeName(list[0]!), last: capitalizeName(list.slice(1).join(' ')) };
}

/**
 * Name parts in `text`. With `expecting`, a bare answer ("Jane Smith") counts; without, only a
 * stated name ("my name is…") does, so other sentences are not mistaken for names.
 */
export function extractName(text: string, expecting?: 'full' | 'first' | 'last', options: { language?: 'en' | 'es' } = {}): NameParts | null {
  // Read before "hyphen" said between two words is taken for the hyphen itself.
  const heard = normalize(text);
  const hyphen = HYPHEN_REMARK.exec(heard);
  const found = nameOf(lettersAsSpelled(joinSpokenPunctuation(hyphen ? heard.replace(HYPHEN_REMARK, ' ') : heard)), expecting, options.language === 'es');
  if (found && hyphen) joinAsRemarked(found, hyphen[1]);
  return found;
}

function nameOf(said: string, expecting: 'full' | 'first' | 'last' | undefined, spanish: boolean): NameParts | null {
  const stated = splitAtCorrection(said);
  const nickname = stated ? null : nicknameCorrected(said);
  const whole = nickname ? nameIn(nickname.after, 'full', spanish) : null;
  const corrected = stated ?? (whole?.first && whole.last ? nickname : null);
  if (corrected) {
    // "Jane Smith, sorry, Jane Smyth", "Jon, I mean John": the words after the correction win.
    const before = nameIn(corrected.before, expecting, spanish);
    const after = nameIn(corrected.after, expecting ?? 'full', spanish);
    if (after && before) {
      if (after.first && after.last) return after;
      const only = (after.first ?? after.last)!;
      return { ...before, [correctedPart(before, only)]: only };
    }
    if (after || before) return after ?? before;
  }
  return nameIn(said, expecting, spanish);
}

/**
 * "Tom, well, Thomas Beckett", "Memo, bueno, Guillermo Leal", "Alex — no, put Alexander Brandt":
 * the name said after a nickname is the one to store.
 */
function nicknameCorrected(said: string): { before: string; after: string } | null {
  const m = /[\s,]+(?:well|bueno|no put|put it as|put|mejor|o sea)[\s,]+/.exec(said);
  if (!m || m.index === 0) return null;
  return { before: said.slice(0, m.index), after: said.slice(m.index + m[0].length) };
}

/** "Aaliyah with two a's Brooks", "Yesenia con y griega Morales": the hint is read later, the surname after it is part of the name. */
const SPELLING_HINT_WORDS = /\b(?:(?:al final|al principio|at the (?:end|start|beginning))(?= |$)|(?:con|with) (?:(?:la|una|doble)\s+)?(?:(?:y|and|i) griega|i latina|(?:v|ve|b|be) (?:chiquita|chica|corta|pequena|grande|larga|alta|de (?:vaca|burro|baca))|jota|equis|ene|ye|ge|ce|ese|erre|zeta|hache|doble (?:ele|ve|u|erre|ese|ene)|ll)|con (?:(?:una?|la|el)\s+)?[a-z](?= |$)|(?:with|without) (?:(?:a|an|the|one|two|double|2)\s+)?[a-z](?:'?s)?|with an apostrophe(?: after the [a-z])?|(?:con|with) guion|(?:with|con) (?:(?:the|an|a|el|un)\s+)?(?:accent|acento|tilde)(?:\s+(?:on|en|in)\s+(?:(?:the|la|el)\s+)?[a-z]+)?|con (?:doble|dos) [a-z]+)\b/g;

/** "with a hyphen in between", "con guioncito", "double-barrelled", "the first name is hyphenated": which words, not said. */
const HYPHEN_REMARK = /\b(?:(?:it's |its |it is )?(?:with a|with the|there's a) (?:hyphen|dash)(?: in between| between them| in the middle)?|con (?:un )?guion(?:cito)?(?: en medio)?|(?:it's )?double barrell?ed(?: with a (?:dash|hyphen))?|(?:the )?(?:(first|last) name )?(?:is |it's )?hyphenated)\b/;

function nameIn(said: string, expecting: 'full' | 'first' | 'last' | undefined, spanish: boolean): NameParts | null {
  const text = said;
  const hints = said;

  // "sean spelled s e a n gallagher": the word that announces a spelling is not part of the name.
  said = said.replace(/\b(?:spelled|spelt|se escribe)\s+(?=[a-z](?:\s+|[-.'])[a-z]\b)/g, ' ');
  // "se llama a ver… don Ramón": a Spanish caller thinking aloud.
  if (spanish) said = said.replace(/\b(?:a ver|o sea|pues|deje ver|dejeme ver)\b/g, ' ');
  // Commas stand apart first, so a spelling between pauses ("Aiden, A I D E N, Rivera") is read as one.
  said = inlineSpellings(said.replace(SPELLING_HINT_WORDS, ' ').replace(/,/g, ' , ').replace(/\s+/g, ' ').trim());
  const t = said;
  let result: NameParts = {};
  for (const { re, part } of PREFIXES) {
    for (const m of t.matchAll(re)) {
      const after = t.slice(m.index! + m[0].length).split(/\s+/);
      // Said to be a first or last name, an everyday word can be one ("last name Park", "first is Rose").
      const found = nameWordsFrom(after, part !== 'full', spanish);
      if (found.length === 0 || NOT_NAMES.has(found[0]!)) continue;
      if (part === 'first') result.first = capitalizeName(found[0]!);
      else if (part === 'last') result.last = capitalizeName(found.join(' '));
      else if (!result.first && !result.last) result = { ...splitFull(found), ...result };
      // "her name's Priya and the last name is Raghunathan": the stated last name stands, the first comes from here.
      else if (!result.first && result.last && found[0] !== result.last.toLowerCase()) result.first = capitalizeName(found[0]!);
    }
  }
  if (!result.first && !result.last && expecting) {
    const tokens = t
      .replace(/^(?:(?:yes|yeah|yep|yup|sure|ok|okay|alright|um|uh|er|erm|hmm|mm|mhm|uh huh|oh|so|well|like|hi|hello|hey|it's me|it's|its|it is|that's gonna be|that'll be|that would be|that'd be|it'd be|it would be|it'll be|gonna be|that's|that is|es|soy|este|pues|bueno|mire|oiga|a ver|si|claro|ah|ay|eh|okey|ok)[\s,]+)+/, '')
      .split(/\s+/)
      .filter((w) => w !== ',');
    const found = nameWordsFrom(tokens, tokens.length <= 3, spanish).filter((w) => !NOT_NAMES.has(w));
    if (found.length && !NOT_NAMES.has(tokens[0]!.replace(/[^a-z'-]/g, ''))) {
      if (expecting === 'full') result = splitFull(found);
      else if (expecting === 'first') result = { first: capitalizeName(found[0]!) };
      else result = { last: capitalizeName(found.join(' ')) };
    }
  }
  statedParts(t, result, spanish);
  surnameSaidFirst(t, result, spanish);
  if (result.first && !result.last) restated(t, result, spanish);
  if (expecting === 'full' && result.last && !result.first) {
    // "Jane, last name Smith": the bare words before the stated part are the first name.
    const lead = nameWordsFrom(t.split(/\s+/), false, spanish);
    if (lead.length === 1 && !NOT_NAMES.has(lead[0]!) && lead[0] !== 'last' && lead[0] !== result.last.toLowerCase()) result.first = capitalizeName(lead[0]!);
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
    else {
      // "Mary Ann Kowalski, K-O-W-A-L-S-K-I": the spelling is of the surname's last word.
      const words = result.last?.split(' ') ?? [];
      if (words.length > 1 && near(words[words.length - 1]!, s)) result.last = [...words.slice(0, -1), s].join(' ');
      else result.last = s;
    }
  }
  if (result.first || result.last) applySpellingHint(hints.replace(/,/g, ' , '), result);
  return result.first || result.last ? result : null;
}

/** The hyphen a remark spoke of goes between the two words of the surname (or of the first name when it says so). */
function joinAsRemarked(result: NameParts, part: string | undefined): void {
  const last = result.last?.split(' ') ?? [];
  if (part === 'first' && result.first && last.length >= 2) {
    result.first = capitalizeName(`${result.first}-${last[0]}`.toLowerCase());
    result.last = last.slice(1).join(' ');
  } else if (last.length === 2 && !result.last!.includes('-')) result.last = capitalizeName(last.join('-').toLowerCase());
}

/** "Harris is the last name", "Kowalczyk, that's the last name", "Ana es el nombre": a remark after a word says which part it is. */
const PART_REMARK = /\b([a-z][a-z'-]+)\s*,?\s+(?:that's|that is|is|es|that'd be)\s+(?:the|my|his|her|their|el|su|mi)\s+(last name|surname|family name|apellido|first name|nombre|primer nombre|last|first|middle name|middle|segundo nombre)\b/g;

/**
 * "Fatima Zahra Benali, Fatima Zahra is the first name", "Mary Beth is her first name", "Juan de
 * Dios es su nombre": a given name of two or three words, said to be the first name.
 */
const GIVEN_NAMES_REMARK = /\b((?:[a-z][a-z'-]+\s+){1,3}[a-z][a-z'-]+)\s*,?\s+(?:that's|that is|is|es|are|son)\s+(?:the|my|his|her|their|el|su|mi|sus)\s+(?:first name|nombre|primer nombre|first names|nombres|given names?)\b/;

function compoundGivenName(t: string, result: NameParts): void {
  const m = GIVEN_NAMES_REMARK.exec(t);
  if (!m) return;
  const spoken = [result.first, result.last].filter(Boolean).join(' ').toLowerCase().split(' ');
  const words = m[1]!.split(/\s+/);
  // The longest end of the words before the remark that begins the name as it was said.
  for (let i = 0; i < words.length - 1; i++) {
    const given = words.slice(i);
    if (given.every((w, k) => spoken[k] === w) && spoken.length > given.length) {
      result.first = given.map((w) => (PARTICLES.has(w) ? w : capitalizeName(w))).join(' ');
      result.last = capitalizeName(spoken.slice(given.length).join(' '));
      return;
    }
  }
}

function statedParts(t: string, result: NameParts, spanish: boolean): void {
  compoundGivenName(t, result);
  if (GIVEN_NAMES_REMARK.test(t) && result.first?.includes(' ')) return;
  for (const m of t.matchAll(PART_REMARK)) {
    const [, word, part] = m as unknown as [string, string, string];
    if (!canBeName(word, { lenient: true, spanish })) continue;
    // "James is his middle name": not stored; it leaves the surname it was taken for.
    if (/middle|segundo/.test(part)) {
      const cap = capitalizeName(word);
      if (result.last?.startsWith(`${cap} `)) result.last = result.last.slice(cap.length + 1);
      continue;
    }
    const key = /first|nombre/.test(part) && !/apellido/.test(part) ? 'first' : 'last';
    const other = key === 'first' ? 'last' : 'first';
    // The word was taken for the other part ("Harris Tobias, Harris is the last name"): the parts swap.
    if (result[other]?.toLowerCase() === word) result[other] = result[key]?.toLowerCase() === word ? undefined : result[key];
    result[key] = capitalizeName(word);
  }
}

const LEADING_FILLER = /^(?:(?:yes|yeah|ok|okay|um|uh|so|well|it's|its|it is|that's|es|pues|bueno)\s+)+/;

/**
 * "Wong Mei Ling, Wong is the last name", "Tan Wei Jie, Tan is the family name": the family name
 * said first, as in much of East and Southeast Asia, then said to be the surname — the words
 * after it are the given name.
 */
function surnameSaidFirst(t: string, result: NameParts, spanish: boolean): void {
  const last = result.last?.toLowerCase();
  if (!last || last.includes(' ')) return;
  const tokens = t.replace(LEADING_FILLER, '').split(/\s+/).filter((w) => w !== ',');
  if (tokens[0] !== last) return;
  const given: string[] = [];
  for (const w of tokens.slice(1)) {
    if (w === last || given.length === 3 || STOP_AFTER_NAME.has(w) || !canBeName(w, { lenient: true, spanish })) break;
    given.push(w);
  }
  if (given.length && (!result.first || given[0] === result.first.toLowerCase())) result.first = given.map(capitalizeName).join(' ');
}

/**
 * "Linda, but everyone calls me Lindy, Linda Paulsen", "Tyler, uh, Tyler Brooks": the first name
 * said again later with a surname after it gives the surname.
 */
function restated(t: string, result: NameParts, spanish: boolean): void {
  const tokens = t.split(/\s+/);
  const first = result.first!.toLowerCase();
  for (let i = tokens.length - 1; i > 0; i--) {
    if (tokens[i] !== first || tokens[i - 1] === first) continue;
    const found = nameWordsFrom(tokens.slice(i), false, spanish);
    if (found.length >= 2) {
      result.last = capitalizeName(found.slice(1).join(' '));
      return;
    }
  }
}

/**
 * "Smith with a y", "Jon without the h", "Ann with an e", "Mathew with two t's": how people fix a
 * spelling by phone (speech recognition hears "Smith" whatever the caller spells). Changes the
 * name word the hint follows; a hint that fits nothing changes nothing.
 */
const HINT = /\b([a-z][a-z'-]+)\s+(with|without)\s+(?:(?:a|an|the|one|two|double|2)\s+)?([a-z])(?:'?s)?\b(?:\s+(at the end|on the end|instead|not an? [a-z]))?/;

function applySpellingHint(t: string, result: NameParts): void {
  // "Liam O Connor, with an apostrophe after the O": the letter and the word after it are one.
  const after = /\b(?:with an|there's an|an) apostrophe after the ([a-z])\b/.exec(t);
  if (after && result.last) {
    const letter = after[1]!;
    const words = result.last.split(' ');
    const at = words.findIndex((w, i) => w.toLowerCase() === letter && i + 1 < words.length);
    if (at >= 0) result.last = [...words.slice(0, at), capitalizeName(`${letter}'${words[at + 1]!.toLowerCase()}`), ...words.slice(at + 2)].join(' ');
  }
  const m = HINT.exec(t.replace(/,/g, ' '));
  if (!m) return;
  const [, spoken, how, letter, where] = m as unknown as [string, string, string, string, string | undefined];
  const part = (['first', 'last'] as const).find((k) => result[k]?.toLowerCase() === spoken);
  if (!part) return;
  const fixed = respell(spoken, how === 'without', letter, /\b(two|double|2)\s+[a-z]/.test(m[0]), where);
  if (fixed && fixed !== spoken) result[part] = capitalizeName(fixed);
}

/** Letters a caller swaps by naming the other one ("with a y" for an i, "with a k" for a c). */
const SWAPS: Record<string, string[]> = { y: ['i', 'ie', 'ey'], i: ['y', 'ey'], k: ['c', 'ck'], c: ['k'], f: ['ph'], z: ['s'], s: ['z'] };

function respell(name: string, without: boolean, letter: string, double: boolean, where: string | undefined): string | null {
  if (without) {
    const at = name.lastIndexOf(letter);
    return at > 0 ? name.slice(0, at) + name.slice(at + 1) : null;
  }
  if (double) {
    const at = name.indexOf(letter);
    return at >= 0 && !name.includes(letter + letter) ? name.slice(0, at) + letter + name.slice(at) : null;
  }
  if (where && /end/.test(where)) return name.endsWith(letter) ? null : name + letter;
  if (name.includes(letter)) return null;
  for (const from of SWAPS[letter] ?? []) {
    const at = name.lastIndexOf(from, name.length - 1);
    if (at > 0) return name.slice(0, at) + letter + name.slice(at + from.length);
  }
  // "Ann with an e", "Clark with an e", "Brown with an e": a silent final e.
  return letter === 'e' && /(?:([a-z])\1|[knr])$/.test(name) ? name + 'e' : null;
}

function expectingLast(e: string | undefined) {
  return e === 'last';
}

/** For a correction with one name ("no, it's Smyth"): which part it replaces. */
export function correctedPart(known: NameParts, word: string): 'first' | 'last' {
  if (known.first && !known.last) return 'last';
  const dFirst = known.first ? editDistance(known.first.toLowerCase(), word.toLowerCase()) : 99;
  const dLast = known.last ? editDistance(known.last.toLowerCase(), word.toLowerCase()) : 99;
  return dFirst < dLast ? 'first' : 'last';
}
