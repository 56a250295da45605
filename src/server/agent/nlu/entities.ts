import { checkDateOfBirth, parseDateParts } from './dates.js';
import { glossSpanish } from './language.js';
import { extractName } from './names.js';
import { extractPhone, type PhoneCountry } from './phone-numbers.js';
import type { Models } from './models.js';
import { patientTypeAnswer } from './visit-reasons.js';
import { yesNo, yesNoAnswer } from './yes-no.js';

/**
 * The value an answer gives for the slot the agent asked about, as the flows read it: the
 * corpus scores these (entities*.txt), so a change to any reader shows in the figures.
 */
export interface SlotContext {
  /** 3/4/80 is 3 April where the practice is. */
  dayFirst: boolean;
  today: string;
  country: PhoneCountry;
  /** The answer's language: a Spanish answer is read through its English gloss, except for names. */
  language?: 'en' | 'es';
  /** The models to read with (the corpus's cross-validation trains its own); the server's otherwise. */
  models?: Models;
}

export type SlotValue = { slot: 'name'; value: string | null } | { slot: 'dob'; value: string | null } | { slot: 'yes_no'; value: 'yes' | 'no' | 'unclear' } | { slot: 'patient_type'; value: 'new' | 'existing' | 'unclear' } | { slot: 'phone'; value: string | null };

export function readSlot(slot: SlotValue['slot'], said: string, ctx: SlotContext): SlotValue {
  // Names are read in the caller's own words: a gloss turns Julio into July and Dolores into pains.
  const text = ctx.language === 'es' && slot !== 'name' ? glossSpanish(said) : said;
  switch (slot) {
    case 'name': {
      const n = extractName(text, 'full', { language: ctx.language ?? 'en' });
      const full = [n?.first, n?.last].filter(Boolean).join(' ');
      return { slot, value: full || null };
    }
    case 'dob': {
      const parts = parseDateParts(text, ctx);
      const check = parts ? checkDateOfBirth(parts, ctx.today) : null;
      return { slot, value: check?.ok ? check.iso : null };
    }
    case 'yes_no':
      return { slot, value: yesNoAnswer(text, ctx.models) ?? 'unclear' };
    case 'patient_type': {
      const p = patientTypeAnswer(text, yesNo(text), ctx.models);
      return { slot, value: p === null ? 'unclear' : p ? 'new' : 'existing' };
    }
    case 'phone': {
      const p = extractPhone(text, ctx.country);
      return { slot, value: p ? p.replace(/^\+1/, '') : null };
    }
  }
}
