import { z } from 'zod';

/**
 * The rules of the answers patients type (request form, portal sign-in, intake form). Every
 * message is a key of src/domain/patient/validation-messages.ts (the patient scope words it in
 * the patient's language). Checks that need the practice (its visit reasons, its country for
 * phone numbers) run in the server's services.
 */

export const typeError = (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? 'required' : 'wrongType');
/** Markup has no place in any answer; it is refused rather than silently stored. */
const MARKUP = /<\s*[a-z!/?]|[<>]\s*\/?\s*script/i;
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;
const CODE = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
const PHONE_CHARS = /^[0-9+()\-. ]+$/;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

interface TextRules {
  required?: boolean;
  name?: boolean;
  code?: boolean;
  /** Free text may hold anything but markup; short fields refuse < and > altogether. */
  free?: boolean;
}

/** A text answer: trimmed, at most `max` characters, '' meaning blank (refused when required). */
export function text(max: number, rules: TextRules = {}) {
  let s = z.string({ error: typeError }).trim().max(max, { error: `tooLong:${max}` });
  if (rules.required) s = s.min(1, { error: 'required' });
  return s
    .refine((v) => (rules.free ? !MARKUP.test(v) : !/[<>]/.test(v)), { error: 'markup', abort: true })
    .refine((v) => !rules.name || v === '' || NAME.test(v), { error: 'nameFormat' })
    .refine((v) => !rules.code || v === '' || CODE.test(v), { error: 'format' });
}

export function isRealDate(v: string): boolean {
  if (!ISO_DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A calendar date as YYYY-MM-DD that exists ('' blank). */
export function isoDate(required = false) {
  return z
    .string({ error: typeError })
    .trim()
    .max(10, { error: 'dateFormat' })
    .refine((v) => (required ? v !== '' : true), { error: 'required', abort: true })
    .refine((v) => v === '' || isRealDate(v), { error: 'dateFormat' });
}

const utcDay = (offsetDays = 0, offsetYears = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + offsetYears, d.getUTCMonth(), d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
};

/**
 * A date of birth: in the past, at most 120 years ago. Checked here against UTC so every
 * problem of a form comes back at once; the service checks again on the practice's calendar.
 */
export function birthDate(required = false) {
  return isoDate(required)
    .refine((v) => v === '' || !isRealDate(v) || v < utcDay(1), { error: 'future' })
    .refine((v) => v === '' || !isRealDate(v) || v >= utcDay(-1, -120), { error: 'tooOld' });
}

/** A date to come: from today (a day's grace for time zones) to a year ahead. */
export function comingDate() {
  return isoDate()
    .refine((v) => v === '' || !isRealDate(v) || v >= utcDay(-1), { error: 'past' })
    .refine((v) => v === '' || !isRealDate(v) || v <= utcDay(1, 1), { error: 'tooFar' });
}

export function phoneText(required = false) {
  return z
    .string({ error: typeError })
    .trim()
    .max(30, { error: 'tooLong:30' })
    .refine((v) => (required ? v !== '' : true), { error: 'required', abort: true })
    .refine((v) => v === '' || (PHONE_CHARS.test(v) && /\d{3}/.test(v.replace(/\D/g, ''))), { error: 'phoneFormat' });
}

export function emailText(required = false) {
  return z
    .string({ error: typeError })
    .trim()
    .max(254, { error: 'tooLong:254' })
    .refine((v) => (required ? v !== '' : true), { error: 'required', abort: true })
    .refine((v) => v === '' || EMAIL.test(v), { error: 'emailFormat' });
}
