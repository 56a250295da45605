import { z } from 'zod';

/**
 * Schemas of the public request flow. Every message is a key of
 * src/domain/patient/validation-messages.ts (the patient scope words it in the patient's
 * language). Checks that need the practice (its visit reasons, its country for phone numbers)
 * run in the service.
 */

export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;

const typeError = (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? 'required' : 'wrongType');
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

const days = z.array(z.enum(DAYS, { error: 'choice' }), { error: typeError }).max(7, { error: 'tooMany:7' });
const timesOfDay = z.array(z.enum(TIMES_OF_DAY, { error: 'choice' }), { error: typeError }).max(3, { error: 'tooMany:3' });

/** Step 1 as the patient completes it: everything required but email. */
export const Step1Body = z.object({
  firstName: text(60, { required: true, name: true }),
  lastName: text(60, { required: true, name: true }),
  dateOfBirth: birthDate(true),
  phone: phoneText(true),
  email: emailText(false),
  isNewPatient: z.boolean({ error: typeError }),
  reason: text(100, { required: true }),
  reasonOther: text(500, { free: true }).default(''),
});
export type Step1Input = z.infer<typeof Step1Body>;

/** Step 2: preferences and insurance optional, consent required. */
export const Step2Body = z.object({
  preferredDays: days.default([]),
  timesOfDay: timesOfDay.default([]),
  earliestDate: comingDate().default(''),
  insuranceCarrier: text(100).default(''),
  insuranceMemberId: text(40, { code: true }).default(''),
  notes: text(1000, { free: true }).default(''),
  consentToContact: z.literal(true, { error: 'required' }),
});
export type Step2Input = z.infer<typeof Step2Body>;

/** Saving as the patient types: any subset of fields, blanks allowed, nothing required. */
export const DraftPatchBody = z.object({
  firstName: text(60, { name: true }).optional(),
  lastName: text(60, { name: true }).optional(),
  dateOfBirth: birthDate().optional(),
  phone: phoneText().optional(),
  email: emailText().optional(),
  isNewPatient: z.boolean({ error: 'wrongType' }).nullable().optional(),
  reason: text(100).optional(),
  reasonOther: text(500, { free: true }).optional(),
  preferredDays: days.optional(),
  timesOfDay: timesOfDay.optional(),
  earliestDate: comingDate().optional(),
  insuranceCarrier: text(100).optional(),
  insuranceMemberId: text(40, { code: true }).optional(),
  notes: text(1000, { free: true }).optional(),
  consentToContact: z.boolean({ error: 'wrongType' }).optional(),
});
export type DraftPatch = z.infer<typeof DraftPatchBody>;

export const StartDraftBody = z.object({
  organization: z.string({ error: typeError }).trim().min(1, { error: 'required' }).max(60, { error: 'tooLong:60' }),
});

/** `website` is a honeypot: hidden from people, filled by bots. */
export const SubmitBody = z.object({ website: z.string({ error: 'wrongType' }).max(200, { error: 'tooLong:200' }).optional() });

export const DraftFields = z.object({
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  phone: z.string(),
  email: z.string(),
  isNewPatient: z.boolean().nullable(),
  reason: z.string(),
  reasonOther: z.string(),
  preferredDays: z.array(z.string()),
  timesOfDay: z.array(z.string()),
  earliestDate: z.string(),
  insuranceCarrier: z.string(),
  insuranceMemberId: z.string(),
  notes: z.string(),
  consentToContact: z.boolean(),
});
export type DraftFields = z.infer<typeof DraftFields>;

export const DraftResponse = z.object({
  organization: z.object({ slug: z.string(), name: z.string() }),
  status: z.enum(['draft', 'submitted']),
  fields: DraftFields,
  step1Complete: z.boolean(),
  step2Complete: z.boolean(),
  expiresAt: z.string(),
});

export const SubmitResponse = z.object({ referenceCode: z.string() });

const CallbackWindowSchema = z.object({
  kind: z.enum(['today', 'later_today', 'tomorrow', 'weekday', 'date', 'soon', 'unknown']),
  until: z.string().optional(),
  from: z.string().optional(),
  part: z.enum(['morning', 'afternoon', 'evening']).optional(),
  weekday: z.number().optional(),
  date: z.string().optional(),
});

export const SuccessResponse = z.object({
  referenceCode: z.string(),
  organization: z.object({ slug: z.string(), name: z.string(), phone: z.string().nullable(), message: z.string(), emergencyMessage: z.string(), emergencyNumber: z.string() }),
  callback: CallbackWindowSchema,
  contact: z.object({ phone: z.string().nullable(), email: z.string().nullable() }),
  intakeUrl: z.string(),
  portalUrl: z.string(),
});
