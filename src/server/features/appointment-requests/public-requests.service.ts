import type { AppContext } from '../../app-context.js';
import { toE164 } from '../../../domain/phone.js';
import { practiceCountry } from '../../../domain/format/clock.js';
import { formatPhoneNumber } from '../../../domain/format/phone.js';
import { AppError, conflict } from '../../http/errors.js';
import { patientInvalid } from '../../http/patient-scope.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { callbackWindow } from '../../../domain/patient/callback-window.js';
import type { PatientLocale } from '../../../domain/patient/locale.js';
import { recordAudit } from '../audit/index.js';
import { issueIntakeLink } from '../intake/index.js';
import { submitDraftRequest, type AppointmentRequestRow } from './request-submission.service.js';
import { sendSubmissionConfirmation } from './public-confirmation.js';
import { emergencyNumber, loadPublicPractice, loadPublicPracticeById, practiceHours, practicePhone, publicSettings } from '../public-practices/index.js';
import { checkableFields, columnsOf, completeness, contextualCheck, draftFields, type Context } from './public-requests.fields.js';
import { findByDraftTokenHash, insertDraft, updateDraft } from './public-requests.repository.js';
import type { DraftPatch, Step1Input, Step2Input } from '../../../contracts/appointment-requests.js';
import type { OrganizationRow } from '../organizations/index.js';

export const DRAFT_TTL_MS = 24 * 3_600_000;

export const draftNotFound = () => new AppError(404, 'draft_not_found', 'Your request form has expired or was not found. Start again.');
const requestsDisabled = () => conflict('This practice does not take appointment requests online. Please call the practice.', 'requests_disabled');
const alreadySubmitted = () => conflict('This request was already sent.', 'already_submitted');

interface Loaded {
  row: AppointmentRequestRow;
  org: OrganizationRow;
}

function contextOf(ctx: AppContext, org: OrganizationRow): Context {
  return { settings: publicSettings(org), timeZone: org.timeZone, now: ctx.clock.now() };
}

/**
 * The request a draft cookie names. A tampered, unknown or expired token is "not found" — the
 * page says the form has expired — and never someone else's draft (tokens are 256 random bits,
 * looked up by hash).
 */
export async function loadByToken(ctx: AppContext, token: string | undefined): Promise<Loaded> {
  if (!token || token.length > 100) throw draftNotFound();
  const row = await findByDraftTokenHash(ctx.db, hashToken(token));
  const now = ctx.clock.now().getTime();
  if (!row) throw draftNotFound();
  const since = row.status === 'draft' ? row.createdAt : (row.submittedAt ?? row.createdAt);
  if (now - since.getTime() > DRAFT_TTL_MS || (row.expiresAt && row.expiresAt.getTime() < now)) throw draftNotFound();
  const org = await loadPublicPracticeById(ctx.db, row.organizationId);
  return { row, org };
}

async function loadDraft(ctx: AppContext, token: string | undefined): Promise<Loaded> {
  const loaded = await loadByToken(ctx, token);
  if (loaded.row.status !== 'draft') throw alreadySubmitted();
  return loaded;
}

/** A typed phone as people of the practice's country write it, when it reads as a number there (the review shows it). */
function phoneDisplayOf(typed: string, org: OrganizationRow): string {
  if (!typed) return '';
  const e164 = toE164(typed, publicSettings(org).country);
  return e164 ? formatPhoneNumber(e164, practiceCountry(org.address)) : typed;
}

export function presentDraft(ctx: AppContext, { row, org }: Loaded) {
  const fields = draftFields(row);
  const c = completeness(fields, contextOf(ctx, org));
  return {
    organization: { slug: org.slug, name: org.name },
    status: row.status === 'draft' ? ('draft' as const) : ('submitted' as const),
    fields,
    phoneDisplay: phoneDisplayOf(fields.phone, org),
    step1Complete: Object.keys(c.step1).length === 0,
    step2Complete: Object.keys(c.step2).length === 0,
    expiresAt: new Date(row.createdAt.getTime() + DRAFT_TTL_MS).toISOString(),
  };
}

/**
 * Starts (or resumes) the draft for a practice. The same browser coming back to the same
 * practice within 24 hours continues its draft; otherwise a new one gets a new token.
 */
export async function startDraft(ctx: AppContext, slug: string, token: string | undefined, locale: PatientLocale, ip: string): Promise<Loaded & { token?: string }> {
  const org = await loadPublicPractice(ctx.db, slug);
  if (!publicSettings(org).requestsEnabled) throw requestsDisabled();
  if (token) {
    const existing = await loadByToken(ctx, token).catch(() => null);
    if (existing && existing.row.status === 'draft' && existing.org.id === org.id) return existing;
  }
  const fresh = newToken();
  const now = ctx.clock.now();
  const row = await insertDraft(ctx.db, { organizationId: org.id, tokenHash: fresh.hash, expiresAt: new Date(now.getTime() + DRAFT_TTL_MS), locale, now });
  await recordAudit(ctx.db, { action: 'appointment_request.draft_started', outcome: 'success', actor: { kind: 'anonymous' }, organizationId: org.id, recordType: 'appointment_request', recordId: row.id, ip });
  return { row, org, token: fresh.token };
}

/**
 * With the schema's problems (`invalid`), adds those that need the practice and refuses the
 * whole body: every problem of the form in one answer.
 */
function refuseWithContext(ctx: AppContext, org: OrganizationRow, body: unknown, invalid: Record<string, string>, forPatch: boolean): never {
  const fields = checkableFields(body, invalid);
  if (forPatch) delete fields.reasonOther;
  throw patientInvalid({ ...contextualCheck(fields, contextOf(ctx, org)).issues, ...invalid });
}

/** Saves the fields the patient changed (any subset); nothing is saved when one is invalid. */
export async function patchDraft(ctx: AppContext, token: string | undefined, patch: DraftPatch, locale: PatientLocale, invalid: Record<string, string> | null = null): Promise<Loaded> {
  const { row, org } = await loadDraft(ctx, token);
  if (invalid) refuseWithContext(ctx, org, patch, invalid, true);
  const { issues, phone } = contextualCheck({ ...patch, reasonOther: undefined }, contextOf(ctx, org));
  if (Object.keys(issues).length) throw patientInvalid(issues);
  const updated = await updateDraft(ctx.db, row.id, (current) => ({ ...columnsOf(patch, current, phone), locale }), ctx.clock.now());
  if (!updated) throw alreadySubmitted();
  return { row: updated, org };
}

/** Step 1 or 2 complete, as the page shows it: every field checked, all saved or none. */
export async function saveStep(
  ctx: AppContext,
  token: string | undefined,
  input: Step1Input | Step2Input,
  locale: PatientLocale,
  invalid: Record<string, string> | null = null,
): Promise<Loaded> {
  const { row, org } = await loadDraft(ctx, token);
  if (invalid) refuseWithContext(ctx, org, input, invalid, false);
  const { issues, phone } = contextualCheck(input, contextOf(ctx, org));
  if (Object.keys(issues).length) throw patientInvalid(issues);
  const patch: DraftPatch = { ...input };
  if ('reason' in input && input.reason !== 'other') patch.reasonOther = '';
  const updated = await updateDraft(ctx.db, row.id, (current) => ({ ...columnsOf(patch, current, phone), locale }), ctx.clock.now());
  if (!updated) throw alreadySubmitted();
  return { row: updated, org };
}

/**
 * Sends the request: the draft row becomes the submitted request and its handoff is queued, in
 * one transaction. A second submit (double click, retry, another tab) answers the same request.
 */
export async function submitDraft(ctx: AppContext, token: string | undefined, honeypot: string | undefined, ip: string): Promise<{ referenceCode: string }> {
  const { row, org } = await loadByToken(ctx, token);
  if (row.status !== 'draft') return { referenceCode: row.referenceCode! };
  if (honeypot) {
    await recordAudit(ctx.db, { action: 'appointment_request.rejected', outcome: 'denied', actor: { kind: 'anonymous' }, organizationId: org.id, recordType: 'appointment_request', recordId: row.id, ip, details: { reason: 'honeypot' } });
    throw new AppError(400, 'rejected', 'We could not accept this request. Please call the practice.');
  }
  if (!publicSettings(org).requestsEnabled) throw requestsDisabled();
  const f = draftFields(row);
  const c = completeness(f, contextOf(ctx, org));
  const issues = { ...c.step1, ...c.step2 };
  if (Object.keys(issues).length) throw new AppError(400, 'validation_failed', 'Some answers are missing.', { fields: issues, steps: { step1: Object.keys(c.step1).length === 0, step2: Object.keys(c.step2).length === 0 } });

  const result = await ctx.db.transaction(async (tx) => {
    const submitted = await submitDraftRequest(ctx, tx, row.id, {
      organizationId: org.id,
      source: 'web',
      firstName: f.firstName,
      lastName: f.lastName,
      dateOfBirth: f.dateOfBirth,
      phone: f.phone || null,
      email: f.email || null,
      isNewPatient: f.isNewPatient,
      reason: f.reason,
      reasonOther: f.reason === 'other' ? f.reasonOther : null,
      preferences: { days: f.preferredDays, timesOfDay: f.timesOfDay, ...(f.earliestDate ? { earliestDate: f.earliestDate } : {}) },
      insurance: { ...(f.insuranceCarrier ? { carrier: f.insuranceCarrier } : {}), ...(f.insuranceMemberId ? { memberId: f.insuranceMemberId } : {}) },
      notes: f.notes || null,
      consentToContact: f.consentToContact,
      locale: row.locale,
    });
    if (!submitted) return null;
    const intakeUrl = await issueIntakeLink(ctx, tx, submitted.request.id, 'confirmation');
    await sendSubmissionConfirmation(ctx, tx, submitted.request, org, intakeUrl);
    await recordAudit(tx, {
      action: 'appointment_request.submitted',
      outcome: 'success',
      actor: { kind: 'patient', label: 'web form' },
      organizationId: org.id,
      recordType: 'appointment_request',
      recordId: submitted.request.id,
      ip,
      details: { handoffId: submitted.handoffId },
    });
    return submitted.request;
  });
  if (result) return { referenceCode: result.referenceCode! };
  // A concurrent submit won; answer its request.
  const again = await loadByToken(ctx, token);
  return { referenceCode: again.row.referenceCode! };
}

/** What the success page shows: the reference, when the practice will call, the next links. */
export async function successView(ctx: AppContext, token: string | undefined) {
  const { row, org } = await loadByToken(ctx, token);
  if (row.status === 'draft') throw draftNotFound();
  const [hours, phone] = await Promise.all([practiceHours(ctx.db, org), practicePhone(ctx.db, org.id)]);
  const submittedAt = (row.submittedAt ?? ctx.clock.now()).getTime();
  const callback = hours.weekly.length || hours.overrides.length ? callbackWindow(hours, submittedAt) : { kind: 'unknown' as const };
  const intakeUrl = await issueIntakeLink(ctx, ctx.db, row.id, 'success_page');
  const settings = publicSettings(org);
  const country = practiceCountry(org.address);
  return {
    referenceCode: row.referenceCode!,
    organization: { slug: org.slug, name: org.name, phone, phoneDisplay: phone ? formatPhoneNumber(phone, country) : null, country, message: settings.requestMessage, emergencyNumber: emergencyNumber(settings.country) },
    callback,
    contact: { phone: row.phone, phoneDisplay: row.phone ? formatPhoneNumber(row.phone, country) : null, email: row.email },
    intakeUrl,
    portalUrl: `${ctx.baseUrl}/portal?org=${encodeURIComponent(org.slug)}`,
  };
}
