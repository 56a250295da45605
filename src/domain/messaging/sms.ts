/**
 * Text-message rules carriers impose (CTIA, and US carriers' 10DLC terms): every message says how
 * to stop them, and the standard keywords stop or restart them.
 */
export const OPT_OUT_NOTICE = 'Reply STOP to opt out.';
/** Carriers' keywords stay English; only the sentence around them is translated. */
const OPT_OUT_NOTICES = { en: OPT_OUT_NOTICE, es: 'Responda STOP para no recibir más mensajes.' } as const;

/** The words that stop texts (Twilio's default list) and those that start them again. */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

export type InboundKeyword = { action: 'opt_out' | 'opt_in' | 'help'; keyword: string } | { action: 'none'; keyword: null };

/**
 * What a text message asks for. Carriers match the whole message as one word, in any case, with
 * surrounding spaces or punctuation ("Stop.", " stop "); a sentence that merely contains "stop"
 * ("please don't stop calling") is not a keyword.
 */
export function keywordOf(body: string): InboundKeyword {
  const word = body
    .trim()
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
    .toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return { action: 'opt_out', keyword: word };
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return { action: 'opt_in', keyword: word };
  if ((HELP_KEYWORDS as readonly string[]).includes(word)) return { action: 'help', keyword: word };
  return { action: 'none', keyword: null };
}

/**
 * The body of every text message the product sends: the text, then the opt-out notice in the
 * text's language (once, however the text ends).
 */
export function smsBody(text: string, language: 'en' | 'es' = 'en'): string {
  const trimmed = text.trimEnd();
  if (/\b(reply|responda) stop\b/i.test(trimmed)) return trimmed;
  const sep = /[.!?]$/.test(trimmed) ? ' ' : trimmed ? '. ' : '';
  return `${trimmed}${sep}${OPT_OUT_NOTICES[language]}`;
}
