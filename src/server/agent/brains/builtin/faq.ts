import MiniSearch, { type SearchOptions, type SearchResult } from 'minisearch';
import { editDistance } from '../../nlu/text.js';
import type { FaqEntry } from '../../../../domain/faq/faq-entries.js';

/**
 * Answers from the practice's FAQ entries (issue 26 §6, decision 035): BM25 over the entries'
 * questions (and, weighted lower, their answers) with minisearch, in English and Spanish.
 *
 * Words are folded (case, accents), stop words dropped and cut to a rough stem ("parking" →
 * park, "pacientes"/"paciente" → pacient), then matched exactly, by prefix ("estacion" finds
 * "estacionamiento") and within an edit or two (misheard words). BM25 scores grow and shrink
 * with the size of the FAQ, so the best entry is accepted by two ratios that do not: the share
 * of its own question that was asked, and the share of what was said that it accounts for.
 */

// Tuned on faq.unit.test.ts: paraphrases find their entry, other questions none.
/** The share of the score an entry's own question gets, in the question fields, that the caller's words must reach. */
const MIN_SHARE = 0.6;
/** Or: the share of the caller's words the entry must account for (`coverage`)… */
const MIN_COVERAGE = 0.7;
/** …or a bit of both. */
const PARTLY = { share: 0.4, coverage: 0.5 };
/** When the caller asks about the practice, the best entry answers if it scores this many times the next. */
const CLEARLY_AHEAD = 3;
/** What a word that matches no entry at all counts against one (callers add words of their own). */
const UNKNOWN = 0.6;

const EN_STOP = new Set(
  (
    'a able about actually after all also am an and any anybody anyone anything are as ask asking at be been being but by came can come coming could currently did do does doing done for from get gets getting go going got ' +
    'had has have having hello hey hi how i if in into is it its just know let like maybe me mine my myself need needs now of off okay ok on or our out please possible practice clinic office ' +
    'question quick rather really right see should so some somebody someone something still tell than thank thanks that the their them then there these they this those to too take takes taking took ' +
    'uh um us want wanted was we well were what whats when where which who why will with wonder wondering would yeah yes you your yours don t s m d ll re ve'
  ).split(' '),
);
const ES_STOP = new Set(
  (
    'a al algo alguien algun alguna alguno buenas buenos como con cual cuales cuando de del dias donde el ella ellos en es esa ese eso esta estan este esto estoy favor ' +
    'gracias hay hola la las le les lo los me mi mis muy necesito no nos o oiga para pero por porque pregunta puede pueden puedo pues que quien quiero quisiera saber se ' +
    'senor senora ser si son su sus tambien tardes tengo tiene tienen un una uno unos usted ustedes y ya yo consultorio clinica oficina hacer hace hacen ahora todavia ir'
  ).split(' '),
);

/** Lower case without accents ("¿Dónde?" → "donde"), split into words. */
function tokenize(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A rough English stem: plurals, -ing, -ed, -ation and a final e go ("accepting" → accept, "languages" → languag). */
function stemEn(word: string): string {
  let s = word;
  if (s.length <= 3) return s;
  if (s.endsWith('ies') && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (s.endsWith('sses')) s = s.slice(0, -2);
  else if (s.endsWith('s') && !/(ss|us|is)$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith('ation') && s.length >= 9) s = s.slice(0, -5);
  else if (s.endsWith('ing') && s.length >= 6) s = s.slice(0, -3);
  else if (s.endsWith('ed') && s.length >= 5) s = s.slice(0, -2);
  if (/([^aeiouylsz])\1$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith('e') && s.length >= 4) s = s.slice(0, -1);
  return s;
}

/** A rough Spanish stem: clitics, plurals, common verb endings and a final vowel go ("aceptan" → acept, "nuevos" → nuev). */
function stemEs(word: string): string {
  let s = word;
  if (s.length <= 3) return s;
  s = s.replace(/(ar|er|ir)(se|me|lo|la|le|nos|les)$/, '$1');
  if (/[ai]miento$/.test(s) && s.length >= 10) return s.slice(0, -7);
  if (s.endsWith('ciones')) s = s.slice(0, -2);
  else if (/[^aeiou]es$/.test(s) && s.length > 5) s = s.slice(0, -2);
  else if (s.endsWith('s') && s.length > 4) s = s.slice(0, -1);
  const verb = /(amos|emos|imos|aron|ieron|aban|ando|iendo|ar|er|ir|an|en)$/.exec(s);
  if (verb && s.length - verb[1]!.length >= 4) s = s.slice(0, -verb[1]!.length);
  if (/[aeo]$/.test(s) && s.length >= 5) s = s.slice(0, -1);
  return s;
}

/**
 * What practices' information sheets are about, in the words callers use for it: a word of a
 * group also stands for the group (`~park`), in the entries and in what was asked, so "is there a
 * garage", "¿dónde me estaciono?" and "where do I leave the car" find the entry about parking
 * whatever words the practice wrote it in. Words as callers say them, folded, in both languages.
 */
const TOPICS: Record<string, string> = {
  park: 'park parking parked garage garages lot lots car cars valet estacionar estaciono estacionarme estacionamiento estacionamientos parquear parqueo parqueadero aparcar carro coche',
  insurance: 'insurance insurances insured plan plans coverage covered cover network seguro seguros aseguranza aseguradora cobertura medicaid medicare husky',
  language: 'language languages speak speaks spoken speaking interpreter interpreters translator translate translation idioma idiomas hablan habla hablar interprete interpretes traductor traduccion',
  transit: 'bus buses train trains transit transport transportation subway metro station camion camiones autobus autobuses guagua tren trenes estacion',
  cost: 'cost costs price prices charge charges fee fees pay paying cash selfpay afford expensive cheap rate rates cuesta cuestan costo costos precio precios cobran cobra pagar pago tarifa caro barato',
  walkin: 'walk walkin walkins walking sincita',
  video: 'telehealth telemedicine video videos virtual online zoom computer videollamada videoconsulta telemedicina linea',
  records: 'records record chart charts file files paperwork expediente expedientes historial registros archivo',
};
const TOPIC_OF = new Map(Object.entries(TOPICS).flatMap(([topic, words]) => words.split(' ').map((w) => [w, `~${topic}`] as const)));
/** The word's stems, and the topic it stands for. */
const withTopic = (token: string, stems: (string | null)[]): string[] | null => {
  const out = [...new Set(stems.filter((x): x is string => !!x))];
  const topic = TOPIC_OF.get(token);
  if (topic) out.push(topic);
  return out.length ? out : null;
};

const stemOf = (field: string) => (field.endsWith('Es') ? (t: string) => withTopic(t, [ES_STOP.has(t) ? null : stemEs(t)]) : (t: string) => withTopic(t, [EN_STOP.has(t) ? null : stemEn(t)]));

type Language = 'en' | 'es';

/** The caller's words as query terms: a Spanish question is also read with English stems (names such as "Blue Cross" match English entries). */
function queryTerm(language: Language) {
  return (t: string): string[] | null => {
    if (language === 'en') return withTopic(t, [EN_STOP.has(t) ? null : stemEn(t)]);
    return withTopic(t, ES_STOP.has(t) ? [] : [stemEs(t), stemEn(t)]);
  };
}

const SEARCH: Record<Language, SearchOptions> = {
  en: { fields: ['question', 'answer'], boost: { question: 3, answer: 1 }, processTerm: queryTerm('en') },
  es: { fields: ['questionEs', 'answerEs', 'question', 'answer'], boost: { questionEs: 3, answerEs: 1, question: 2, answer: 0.7 }, processTerm: queryTerm('es') },
};
const QUESTION_FIELDS = new Set(['question', 'questionEs']);

// "estacion" finds "estacionamient"; short words only match whole (a two-letter prefix matches anything).
const prefixed = (term: string) => term.length >= 4;
const fuzziness = (term: string) => (term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0);
const MATCHING: SearchOptions = { prefix: prefixed, fuzzy: (term) => fuzziness(term) || false, weights: { fuzzy: 0.4, prefix: 0.6 } };

interface FaqIndex {
  entries: readonly FaqEntry[];
  search: MiniSearch<{ id: number }>;
  /** Per language and entry: the score its own question gets in the question fields, worked out when first needed (questionShare). */
  own: Record<Language, Map<number, number>>;
  /** Per entry: the terms its answers write with a capital inside a sentence (names: Aetna, Blue Cross, BART). */
  names: Set<string>[];
}

function build(entries: readonly FaqEntry[]): FaqIndex {
  const search = new MiniSearch<{ id: number }>({
    fields: ['question', 'answer', 'questionEs', 'answerEs'],
    tokenize,
    processTerm: (term, field) => stemOf(field ?? '')(term),
    searchOptions: MATCHING,
  });
  search.addAll(entries.map((e, id) => ({ id, question: e.question, answer: e.answer, questionEs: e.questionEs ?? '', answerEs: e.answerEs ?? '' })));
  return {
    entries,
    search,
    own: { en: new Map(), es: new Map() },
    names: entries.map((e) => new Set([...names(e.answer, stemEn), ...names(e.answerEs ?? '', stemEs)])),
  };
}

/**
 * How much of entry `id`'s question `asked` matches: its score in the question fields over the
 * score the question itself gets there (worked out once per entry and language).
 */
function questionShare(index: FaqIndex, language: Language, asked: string, id: number): number {
  const options = SEARCH[language];
  const inQuestions = { ...options, fields: options.fields!.filter((f) => QUESTION_FIELDS.has(f)), filter: (r: SearchResult) => r.id === id };
  const score = (text: string) => index.search.search(text, inQuestions)[0]?.score ?? 0;
  let own = index.own[language].get(id);
  if (own === undefined) {
    const e = index.entries[id]!;
    index.own[language].set(id, (own = score(language === 'es' ? e.questionEs || e.question : e.question)));
  }
  return own > 0 ? score(asked) / own : 0;
}

/** Words written with a capital that do not start a sentence ("Aetna", "(HUSKY"), as indexed. */
function names(text: string, stem: (w: string) => string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(^|[.?!:;]\s*|[\s(“"‘'])(\p{Lu}[\p{L}\p{M}\d-]*)/gu)) {
    if (m[1] === '' || /[.?!:;]/.test(m[1]!)) continue;
    out.push(...tokenize(m[2]!).map(stem));
  }
  return out;
}

/**
 * The index of an FAQ, built once per content (decision 035): a call keeps its organization's
 * row, so its entries are the same array every turn (the WeakMap), and calls of one practice
 * share one index by content (the Map, whose key is the entries themselves: an edited FAQ is a
 * new key, so no process ever answers from an old one). Building costs about half a millisecond
 * for ten entries and a few for a hundred, a search 0.1–0.3 ms; the agent-turn bar (p99 ≤ 25 ms
 * at 100 concurrent calls) has room for the first, not for it on every turn.
 */
const byList = new WeakMap<readonly FaqEntry[], FaqIndex>();
const byContent = new Map<string, FaqIndex>();
const MAX_INDEXES = 200;

function indexOf(entries: readonly FaqEntry[]): FaqIndex {
  const known = byList.get(entries);
  if (known) return known;
  const key = JSON.stringify(entries.map((e) => [e.question, e.answer, e.questionEs ?? '', e.answerEs ?? '']));
  let index = byContent.get(key);
  if (!index) {
    index = build(entries);
    if (byContent.size >= MAX_INDEXES) byContent.delete(byContent.keys().next().value!);
    byContent.set(key, index);
  }
  byList.set(entries, index);
  return index;
}

/** Does the indexed `term` match the query's `stem` the way the search does (whole, by prefix, or within the edit distance)? */
function matches(stem: string, term: string): boolean {
  if (term === stem || (prefixed(stem) && term.startsWith(stem))) return true;
  const k = fuzziness(stem);
  return k > 0 && Math.abs(term.length - stem.length) <= k && editDistance(stem, term) <= k;
}

/**
 * How much of what the caller said this entry accounts for. A word counts fully when it matches
 * the entry's question or a name in its answer, half when it matches only an ordinary word of
 * the answer (answers are long and share words like "free" or "text" with anything), and against
 * the entry when it matches only other entries (fully) or nothing at all (`UNKNOWN`: callers add
 * words of their own). `hit` is at least one whole word for an answer.
 */
function coverage(index: FaqIndex, best: SearchResult, others: SearchResult[], stemsOf: (token: string) => string[], asked: string): { hit: number; share: number } {
  const elsewhere = new Set(others.flatMap((r) => r.queryTerms));
  const names = index.names[best.id as number]!;
  let hit = 0;
  let miss = 0;
  for (const token of new Set(tokenize(asked))) {
    const stems = stemsOf(token);
    if (!stems.length) continue;
    const terms = best.terms.filter((t) => stems.some((s) => matches(s, t)));
    if (terms.length) hit += terms.some((t) => best.match[t]!.some((f) => QUESTION_FIELDS.has(f)) || names.has(t)) ? 1 : 0.5;
    else miss += stems.some((s) => elsewhere.has(s)) ? 1 : UNKNOWN;
  }
  return { hit, share: hit / (hit + miss || 1) };
}

/**
 * The entry that answers what the caller asked, in the caller's language: the Spanish answer
 * (and question) when there is one, else the English. Null when no entry is close enough: the
 * best entry by BM25 must either have most of its question asked (`MIN_SHARE` of the score its
 * own question gets) or account for most of what was said (`MIN_COVERAGE`) — or, when the
 * caller is known to ask about the practice (`infoQuestion`), be far ahead of every other entry.
 */
export function answerFromFaq(entries: readonly FaqEntry[], asked: string, language: Language, opts: { infoQuestion?: boolean } = {}): { answer: string; question: string } | null {
  if (!entries.length || !asked.trim()) return null;
  const index = indexOf(entries);
  const options = SEARCH[language];
  const [best, ...others] = index.search.search(asked, options);
  if (!best) return null;
  const id = best.id as number;
  // Matched in the answers only: none of the question was asked (and no second search is needed).
  const inQuestion = Object.values(best.match).some((fields) => fields.some((f) => QUESTION_FIELDS.has(f)));
  const share = inQuestion ? questionShare(index, language, asked, id) : 0;
  const stemsOf = (token: string) => {
    const s = options.processTerm!(token);
    return !s ? [] : Array.isArray(s) ? s : [s];
  };
  if (share < MIN_SHARE) {
    const said = coverage(index, best, others, stemsOf, asked);
    const enough = said.hit >= 1 && (said.share >= MIN_COVERAGE || (share >= PARTLY.share && said.share >= PARTLY.coverage));
    // A caller known to ask about the practice adds words of their own ("my husband uses a
    // wheelchair, is there somewhere close to the door to park"): the entry far ahead of the rest
    // answers, when one of its words was said.
    const clearlyAhead = opts.infoQuestion === true && said.hit >= 1 && best.score >= CLEARLY_AHEAD * (others[0]?.score ?? 0);
    if (!enough && !clearlyAhead) return null;
  }
  const e = index.entries[id]!;
  return language === 'es' && e.answerEs ? { answer: e.answerEs, question: e.questionEs || e.question } : { answer: e.answer, question: e.question };
}
