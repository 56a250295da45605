import { catalog, type Language } from '../messages/index.js';
import { sentencesOf } from '../sentences.js';

/**
 * For tests: the sentences of a reply that are not sentences of the language's catalog (nor of
 * the practice's own texts, `own`). A catalog sentence matches with any words in its
 * {parameters} (a name, a time, the hours); an empty answer means everything said came from
 * the catalog of that language.
 */
export function sentencesOutsideCatalog(text: string, language: Language, own: string[] = []): string[] {
  const allowed = new Set(own.flatMap(sentencesOf));
  const patterns = patternsOf(language);
  return sentencesOf(text).filter((s) => !allowed.has(s) && !patterns.some((p) => p.test(s)));
}

const cache = new Map<Language, RegExp[]>();

/** Each sentence of each template as a whole-sentence pattern; a sentence that is only parameters is left out (it would match anything). */
function patternsOf(language: Language): RegExp[] {
  let patterns = cache.get(language);
  if (!patterns) {
    patterns = Object.values(catalog(language))
      .flatMap(sentencesOf)
      .filter((s) => /\p{L}/u.test(s.replace(/\{\w+\}/g, '')))
      .map((s) => new RegExp(`^${s.split(/\{\w+\}/).map(escape).join('.+')}$`, 'u'));
    cache.set(language, patterns);
  }
  return patterns;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
