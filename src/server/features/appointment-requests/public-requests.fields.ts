import { Temporal } from 'temporal-polyfill';
import { toE164 } from '../../../domain/phone.js';
import type { AppointmentRequestRow } from './request-submission.service.js';
import type { DraftColumns } from './public-requests.repository.js';
import { Step1Body, Step2Body, type DraftFields, type DraftPatch } from '../../../contracts/appointment-requests.js';
import { isRealDate } from '../../../contracts/patient-fields.js';
import type { PublicSettings } from '../public-practices/index.js';

export const OTHER_REASON = 'other';
const MAX_AGE_YEARS = 120;

/** The draft as the form shows it (blanks as ''). */
export function draftFields(r: AppointmentRequestRow): DraftFields {
  const p = r.preferences as { days?: string[]; timesOfDay?: string[]; earliestDate?: string };
  return {
    firstName: r.firstName ?? '',
    lastName: r.lastName ?? '',
    dateOfBirth: r.dateOfBirth ?? '',
    phone: r.phone ?? '',
    email: r.email ?? '',
    isNewPatient: r.isNewPatient,
    reason: r.reason ?? '',
    reasonOther: r.reasonOther ?? '',
    preferredDays: p.days ?? [],
    timesOfDay: p.timesOfDay ?? [],
    earliestDate: p.earliestDate ?? '',
    insuranceCarrier: r.insurance.carrier ?? '',
    insuranceMemberId: r.insurance.memberId ?? '',
    notes: r.notes ?? '',
    consentToContact: r.consentToContact,
  };
}

export interface Context {
  settings: PublicSettings;
  timeZone: string;
  now: Date;
}

/**
 * Checks that need the practice or today's date, on the fields present in `f`: date of birth
 * in the past and at most 120 years ago, earliest date from today to a year ahead, a phone
 * number that exists (normalised to E.164), a visit reason the practice offers. Answers the
 * message keys per field and the normalised phone.
 */
export function contextualCheck(f: Partial<DraftFields>, c: Context): { issues: Record<string, string>; phone?: string } {
  const issues: Record<string, string> = {};
  const today = Temporal.Instant.fromEpochMilliseconds(c.now.getTime()).toZonedDateTimeISO(c.timeZone).toPlainDate();
  if (f.dateOfBirth) {
    const dob = Temporal.PlainDate.from(f.dateOfBirth);
    if (Temporal.PlainDate.compare(dob, today) >= 0) issues.dateOfBirth = 'future';
    else if (Temporal.PlainDate.compare(dob, today.subtract({ years: MAX_AGE_YEARS })) < 0) issues.dateOfBirth = 'tooOld';
  }
  if (f.earliestDate) {
    const d = Temporal.PlainDate.from(f.earliestDate);
    if (Temporal.PlainDate.compare(d, today) < 0) issues.earliestDate = 'past';
    else if (Temporal.PlainDate.compare(d, today.add({ years: 1 })) > 0) issues.earliestDate = 'tooFar';
  }
  let phone: string | undefined;
  if (f.phone) {
    phone = toE164(f.phone, c.settings.country) ?? undefined;
    if (!phone) issues.phone = 'phoneFormat';
  }
  if (f.reason && f.reason !== OTHER_REASON && !c.settings.visitReasons.includes(f.reason)) issues.reason = 'unknown';
  if (f.reason === OTHER_REASON && f.reasonOther !== undefined && f.reasonOther.trim() === '') issues.reasonOther = 'required';
  return { issues, phone };
}

const CONTEXT_FIELDS = ['dateOfBirth', 'earliestDate', 'phone', 'reason', 'reasonOther'] as const;

/**
 * The fields of a body that failed its schema which are still fit for the contextual checks
 * (strings, not themselves invalid), so one answer names every problem of the form.
 */
export function checkableFields(body: unknown, invalid: Record<string, string>): Partial<DraftFields> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, string> = {};
  for (const k of CONTEXT_FIELDS) {
    const v = (body as Record<string, unknown>)[k];
    if (typeof v !== 'string' || k in invalid) continue;
    const trimmed = v.trim();
    if ((k === 'dateOfBirth' || k === 'earliestDate') && trimmed && !isRealDate(trimmed)) continue;
    out[k] = trimmed;
  }
  return out;
}

/** Columns to save for the fields present in a patch (phone already normalised). */
export function columnsOf(f: DraftPatch, current: AppointmentRequestRow, phone: string | undefined): DraftColumns {
  const cols: DraftColumns = {};
  const blank = (v: string) => (v === '' ? null : v);
  if (f.firstName !== undefined) cols.firstName = blank(f.firstName);
  if (f.lastName !== undefined) cols.lastName = blank(f.lastName);
  if (f.dateOfBirth !== undefined) cols.dateOfBirth = blank(f.dateOfBirth);
  if (f.phone !== undefined) cols.phone = f.phone === '' ? null : (phone ?? null);
  if (f.email !== undefined) cols.email = blank(f.email.toLowerCase());
  if (f.isNewPatient !== undefined) cols.isNewPatient = f.isNewPatient;
  if (f.reason !== undefined) cols.reason = blank(f.reason);
  if (f.reasonOther !== undefined) cols.reasonOther = blank(f.reasonOther);
  if (f.notes !== undefined) cols.notes = blank(f.notes);
  if (f.consentToContact !== undefined) cols.consentToContact = f.consentToContact;
  if (f.preferredDays !== undefined || f.timesOfDay !== undefined || f.earliestDate !== undefined) {
    const p = { ...(current.preferences as Record<string, unknown>) };
    if (f.preferredDays !== undefined) p.days = [...new Set(f.preferredDays)];
    if (f.timesOfDay !== undefined) p.timesOfDay = [...new Set(f.timesOfDay)];
    if (f.earliestDate !== undefined) p.earliestDate = f.earliestDate || undefined;
    cols.preferences = p;
  }
  if (f.insuranceCarrier !== undefined || f.insuranceMemberId !== undefined) {
    const i = { ...current.insurance };
    if (f.insuranceCarrier !== undefined) i.carrier = f.insuranceCarrier || undefined;
    if (f.insuranceMemberId !== undefined) i.memberId = f.insuranceMemberId || undefined;
    cols.insurance = JSON.parse(JSON.stringify(i)) as typeof i;
  }
  return cols;
}

/** Field keys of the first issue per field of a zod result. */
function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join('.') || '_'] ??= i.message;
  return out;
}

/** Whether each step of a stored draft is complete, and what is missing or wrong. */
export function completeness(fields: DraftFields, c: Context) {
  const step1Fields = {
    firstName: fields.firstName,
    lastName: fields.lastName,
    dateOfBirth: fields.dateOfBirth,
    phone: fields.phone,
    email: fields.email,
    isNewPatient: fields.isNewPatient,
    reason: fields.reason,
    reasonOther: fields.reasonOther,
  };
  const s1 = { ...issuesOf(Step1Body.safeParse(step1Fields)), ...contextualCheck(step1Fields, c).issues };
  const step2Fields = {
    preferredDays: fields.preferredDays,
    timesOfDay: fields.timesOfDay,
    earliestDate: fields.earliestDate,
    insuranceCarrier: fields.insuranceCarrier,
    insuranceMemberId: fields.insuranceMemberId,
    notes: fields.notes,
    consentToContact: fields.consentToContact,
  };
  const s2 = { ...issuesOf(Step2Body.safeParse(step2Fields)), ...contextualCheck({ earliestDate: fields.earliestDate }, c).issues };
  return { step1: s1, step2: s2 };
}
