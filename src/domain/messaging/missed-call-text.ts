/**
 * The text a caller the practice missed gets (issue 30 §2, decision 047): "sorry we missed you —
 * reply here or call us", with the practice's name, the number the caller dialled (as people of
 * the practice's country write it) and the emergency number. An organization may write its own
 * in English and Spanish; an empty one is the standard text. Shared by the server, which sends
 * it, and the organization form, which shows what callers will read.
 */
export const MISSED_CALL_TEXT_MAX = 320;

/** What `{…}` may name in an organization's own text. */
export const MISSED_CALL_PLACEHOLDERS = ['practice', 'number', 'emergency'] as const;
export type MissedCallPlaceholder = (typeof MISSED_CALL_PLACEHOLDERS)[number];

export const DEFAULT_MISSED_CALL_TEXTS = {
  en: '{practice}: sorry we missed you. Reply to this text and we will get back to you, or call us at {number}. In an emergency, call {emergency}.',
  es: '{practice}: sentimos no haberle atendido. Responda a este mensaje y le contestaremos, o llámenos al {number}. En una emergencia, llame al {emergency}.',
} as const;

/** At most one missed-call text per caller per organization within this many hours. */
export const MISSED_CALL_TEXT_WINDOW_HOURS = 24;

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The `{…}` names in a text that are not placeholders (misspelt ones would reach the patient as typed). */
export function unknownPlaceholders(template: string): string[] {
  const unknown = new Set<string>();
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (!(MISSED_CALL_PLACEHOLDERS as readonly string[]).includes(m[1]!.trim())) unknown.add(`{${m[1]}}`);
  }
  return [...unknown];
}

/** The text to send: the organization's own (or the standard one) with the placeholders filled in. */
export function missedCallText(template: string, language: 'en' | 'es', values: Record<MissedCallPlaceholder, string>): string {
  const text = template.trim() || DEFAULT_MISSED_CALL_TEXTS[language];
  return text.replace(PLACEHOLDER, (whole, name: string) => values[name.trim() as MissedCallPlaceholder] ?? whole);
}
