import { en, type MessageKey } from './en.js';
import { es } from './es.js';

export type { MessageKey };

/** The languages a call is held in. */
export type Language = 'en' | 'es';

/** A spoken value (a time, a date, hours…): words that depend on the language they are said in. */
export type Phrase = (language: Language) => string;

/** What fills a parameter: text said as it is (a name, digits), or a spoken value. */
export type Value = string | number | Phrase;

/** The {parameters} of a template: "Is {phone} the best number?" → 'phone'. */
type Names<S> = S extends `${string}{${infer P}}${infer Rest}` ? P | Names<Rest> : never;
export type ParamsOf<K extends MessageKey> = Record<Names<(typeof en)[K]>, Value>;
/** The keys said without parameters. */
export type PlainKey = { [K in MessageKey]: [Names<(typeof en)[K]>] extends [never] ? K : never }[MessageKey];
type Args<K extends MessageKey> = [Names<(typeof en)[K]>] extends [never] ? [] : [params: ParamsOf<K>];

/** The keys whose Spanish has other parameters than their English: none, or TypeScript names them here. */
type Mismatched = {
  [K in MessageKey]: [Names<(typeof en)[K]>] extends [Names<(typeof es)[K]>] ? ([Names<(typeof es)[K]>] extends [Names<(typeof en)[K]>] ? never : K) : K;
}[MessageKey];
type Assert<T extends true> = T;
export type _SameParameters = Assert<[Mismatched] extends [never] ? true : Mismatched>;

const CATALOGS: Record<Language, Record<MessageKey, string>> = { en, es };

/** The catalog of a language (for tests and checks). */
export function catalog(language: Language): Readonly<Record<MessageKey, string>> {
  return CATALOGS[language];
}

/** A language, or whatever carries the call's state (a turn's env): its language, English when absent. */
export type LanguageOf = Language | { state: { language?: Language } };

export function languageOf(of: LanguageOf): Language {
  return typeof of === 'string' ? of : (of.state.language ?? 'en');
}

/**
 * A sentence of the catalog in the call's language (the language when it is composed):
 * `say(env, 'appointment.askPhoneIsBest', { phone: sayPhone(own) })`.
 */
export function say<K extends MessageKey>(of: LanguageOf, key: K, ...[params]: Args<K>): string {
  const language = languageOf(of);
  const template = CATALOGS[language][key];
  if (!params) return template;
  const values = params as Record<string, Value>;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = values[name];
    return v === undefined ? whole : typeof v === 'function' ? v(language) : String(v);
  });
}

/** The {parameters} a template names, in order. */
export function parameterNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}
