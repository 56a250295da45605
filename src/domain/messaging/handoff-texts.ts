/**
 * The texts staff send a patient from a handoff (issue 30 §3, decision 048): a short catalog in
 * English and Spanish that says nothing about the patient's health, and a free message that may
 * only go to a number the patient confirmed. Shared by the server, which sends them, and the
 * handoff page, which shows exactly what the patient will read.
 */
export const HANDOFF_TEXT_TEMPLATES = ['call_back', 'request_received', 'tried_to_reach', 'message'] as const;
export type HandoffTextTemplate = (typeof HANDOFF_TEXT_TEMPLATES)[number];
export const HANDOFF_TEXT_LANGUAGES = ['en', 'es'] as const;
export type HandoffTextLanguage = (typeof HANDOFF_TEXT_LANGUAGES)[number];

/** The most a free message may hold (with the template and the opt-out sentence it stays within three text segments). */
export const HANDOFF_TEXT_MAX = 300;

/** What staff pick, in the staff's language. */
export const HANDOFF_TEXT_LABELS: Record<HandoffTextTemplate, string> = {
  call_back: 'Please call us back',
  request_received: 'Your request was received',
  tried_to_reach: 'We tried to reach you',
  message: 'A message of your own',
};

export const HANDOFF_TEXT_LANGUAGE_LABELS: Record<HandoffTextLanguage, string> = { en: 'English', es: 'Spanish (español)' };

/** The words, per language; `{practice}` and `{number}` are filled in, `{text}` is the free message. */
export const HANDOFF_TEXTS: Record<HandoffTextLanguage, Record<HandoffTextTemplate, string>> = {
  en: {
    call_back: '{practice}: please call us back at {number}.',
    request_received: '{practice}: your appointment request was received. We will call you to arrange a time.',
    tried_to_reach: '{practice}: we tried to reach you by phone. Please call us at {number} or reply to this text.',
    message: '{practice}: {text}',
  },
  es: {
    call_back: '{practice}: por favor, llámenos al {number}.',
    request_received: '{practice}: recibimos su solicitud de cita. Le llamaremos para acordar una hora.',
    tried_to_reach: '{practice}: intentamos comunicarnos con usted por teléfono. Llámenos al {number} o responda a este mensaje.',
    message: '{practice}: {text}',
  },
};

export interface HandoffTextValues {
  practice: string;
  /** The practice's number as people of its country write it. */
  number: string;
  /** The free message: the whole text of `message`, or a line after a template's words. */
  text?: string;
}

/** The text the patient reads (before the opt-out sentence every text carries). */
export function handoffText(template: HandoffTextTemplate, language: HandoffTextLanguage, values: HandoffTextValues): string {
  const extra = values.text?.trim() ?? '';
  const filled = HANDOFF_TEXTS[language][template].replace(/\{(practice|number|text)\}/g, (_, name: 'practice' | 'number' | 'text') =>
    name === 'text' ? extra : values[name],
  );
  return template === 'message' || !extra ? filled : `${filled} ${extra}`;
}
