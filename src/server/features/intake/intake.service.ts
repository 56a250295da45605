import type { AppContext } from '../../app-context.js';
import { practiceCountry } from '../../../domain/format/clock.js';
import { AppError, notFound } from '../../http/errors.js';
import { patientInvalid } from '../../http/patient-scope.js';
import { assertOrganizationVisible, type StaffActor } from '../../policy/actor.js';
import { toE164 } from '../../../domain/phone.js';
import { INTAKE_FORM_VERSION, INTAKE_SECTIONS, withoutHiddenAnswers, type IntakeAnswers } from '../../../domain/patient/intake-form.js';
import type { PatientLocale } from '../../../domain/patient/locale.js';
import { recordAudit, recordPhiView } from '../audit/index.js';
import { publishLive } from '../live/index.js';
import { isUuid } from '../organizations/index.js';
import { emergencyNumber, loadPublicPracticeById, publicSettings } from '../public-practices/index.js';
import { resolveIntakeToken } from './intake-links.service.js';
import { findIntake, findIntakeOfRequest, findRequest, saveAnswersIfInProgress, submitIfInProgress, type IntakeRow } from './intake.repository.js';
import type { IntakeAnswersInput } from '../../../contracts/intake.js';
import { toQuestionnaireResponse } from './intake-fhir.js';

const alreadySubmitted = () => new AppError(409, 'intake_submitted', 'This form was already sent to the practice and can no longer be changed.');
type Opened = Awaited<ReturnType<typeof resolveIntakeToken>>;

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0);
}

/** What is missing before the form can be sent (keys `answers.section.field`, as the body names them). */
export function missingAnswers(a: IntakeAnswers): Record<string, string> {
  const issues: Record<string, string> = {};
  for (const s of INTAKE_SECTIONS) {
    for (const f of s.fields) {
      const v = a[s.id]?.[f.id];
      const key = `answers.${s.id}.${f.id}`;
      if (f.mustAccept && v !== true) issues[key] = 'mustAccept';
      else if (f.required && isBlank(v)) issues[key] = 'required';
      else if (f.requiredWhen && a[s.id]?.[f.requiredWhen.field] === f.requiredWhen.equals && isBlank(v)) issues[key] = 'required';
    }
  }
  return issues;
}

function merge(current: IntakeAnswers, incoming: IntakeAnswersInput, country: 'US' | 'GB' | 'CA'): IntakeAnswers {
  const out: IntakeAnswers = structuredClone(current);
  const issues: Record<string, string> = {};
  for (const [sectionId, fields] of Object.entries(incoming)) {
    if (!fields) continue;
    const section = (out[sectionId] ??= {});
    for (const [fieldId, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const def = INTAKE_SECTIONS.find((s) => s.id === sectionId)?.fields.find((f) => f.id === fieldId);
      if (def?.type === 'phone' && typeof value === 'string' && value !== '') {
        const e164 = toE164(value, country);
        if (!e164) issues[`answers.${sectionId}.${fieldId}`] = 'phoneFormat';
        else section[fieldId] = e164;
      } else {
        section[fieldId] = value as string | boolean | string[];
      }
    }
  }
  if (Object.keys(issues).length) throw patientInvalid(issues);
  // Answers of fields the other answers hide are dropped (whatever a page sent, or kept).
  return withoutHiddenAnswers(out);
}

/** Answers the form starts with: what the request already told (insurance, language). */
function prefill(request: Opened['request']): IntakeAnswers {
  const insurance = request.insurance as { carrier?: string; memberId?: string };
  return {
    demographics: { preferredLanguage: request.locale === 'es' ? 'es' : 'en' },
    ...(insurance.carrier || insurance.memberId ? { insurance: { hasInsurance: 'yes', carrier: insurance.carrier ?? '', memberId: insurance.memberId ?? '', relationship: 'self' } } : {}),
  };
}

async function present(ctx: AppContext, opened: Opened, intake: IntakeRow | undefined) {
  const org = await loadPublicPracticeById(ctx.db, opened.request.organizationId);
  const settings = publicSettings(org);
  const r = opened.request;
  return {
    practice: { slug: org.slug, name: org.name, timeZone: org.timeZone, country: practiceCountry(org.address), emergencyNumber: emergencyNumber(settings.country) },
    request: { referenceCode: r.referenceCode, firstName: r.firstName, lastName: r.lastName, dateOfBirth: r.dateOfBirth },
    status: intake?.status ?? ('not_started' as const),
    answers: intake?.answers ?? prefill(r),
    submittedAt: intake?.submittedAt?.toISOString() ?? null,
    updatedAt: intake?.updatedAt.toISOString() ?? null,
  };
}

export async function openIntake(ctx: AppContext, token: string | undefined) {
  const opened = await resolveIntakeToken(ctx, token);
  return present(ctx, opened, await findIntakeOfRequest(ctx.db, opened.request.id));
}

/** Saves progress (answers merged by section and field); refused once the form was sent. */
export async function saveIntake(ctx: AppContext, token: string | undefined, answers: IntakeAnswersInput, locale: PatientLocale) {
  const opened = await resolveIntakeToken(ctx, token);
  const current = await findIntakeOfRequest(ctx.db, opened.request.id);
  if (current?.status === 'submitted') throw alreadySubmitted();
  const org = await loadPublicPracticeById(ctx.db, opened.request.organizationId);
  const merged = merge(current?.answers ?? prefill(opened.request), answers, publicSettings(org).country);
  const saved = await saveAnswersIfInProgress(
    ctx.db,
    { organizationId: org.id, appointmentRequestId: opened.request.id, patientId: opened.request.patientId, locale, answers: merged, formVersion: INTAKE_FORM_VERSION },
    ctx.clock.now(),
  );
  if (!saved) throw alreadySubmitted();
  return present(ctx, opened, saved);
}

/** Sends the form once (with its last answers); a second send answers the form as sent. */
export async function submitIntake(ctx: AppContext, token: string | undefined, answers: IntakeAnswersInput | undefined, locale: PatientLocale, ip: string) {
  const opened = await resolveIntakeToken(ctx, token);
  const existing = await findIntakeOfRequest(ctx.db, opened.request.id);
  if (existing?.status === 'submitted') return present(ctx, opened, existing);
  const view = answers ? await saveIntake(ctx, token, answers, locale) : null;
  const current = view ? await findIntakeOfRequest(ctx.db, opened.request.id) : existing;
  const missing = missingAnswers(current?.answers ?? prefill(opened.request));
  if (!current || Object.keys(missing).length) throw patientInvalid(missing);
  const signature = String(current.answers.consent?.signature ?? '');
  const submitted = await ctx.db.transaction(async (tx) => {
    const row = await submitIfInProgress(tx, current.id, signature, ctx.clock.now());
    if (!row) return undefined;
    await publishLive(tx, { topic: 'appointment-requests', organizationId: row.organizationId, type: 'updated', id: row.appointmentRequestId, data: { intake: 'submitted' } });
    await recordAudit(tx, { action: 'intake.submitted', outcome: 'success', actor: { kind: 'patient', label: 'intake link' }, organizationId: row.organizationId, recordType: 'intake_submission', recordId: row.id, ip });
    return row;
  });
  return present(ctx, opened, submitted ?? (await findIntakeOfRequest(ctx.db, opened.request.id)));
}

// ── staff ──────────────────────────────────────────────────────────────────────────────────

export async function staffRequestIntake(ctx: AppContext, actor: StaffActor, requestId: string) {
  if (!isUuid(requestId)) throw notFound('That request');
  const request = await findRequest(ctx.db, requestId);
  if (!request || request.status === 'draft') throw notFound('That request');
  assertOrganizationVisible(actor, request.organizationId, 'That request');
  const intake = await findIntakeOfRequest(ctx.db, requestId);
  if (intake) await recordPhiView(ctx.db, actor, { type: 'intake_submission', id: intake.id, organizationId: intake.organizationId });
  return {
    appointmentRequestId: requestId,
    intake: intake
      ? {
          id: intake.id,
          status: intake.status,
          answers: intake.answers,
          signatureName: intake.signatureName,
          submittedAt: intake.submittedAt?.toISOString() ?? null,
          updatedAt: intake.updatedAt.toISOString(),
          formVersion: intake.formVersion,
          fhirUrl: `/api/intake/${intake.id}/fhir`,
        }
      : null,
    form: INTAKE_SECTIONS.map((s) => ({ id: s.id, text: s.text, fields: s.fields.map((f) => ({ id: f.id, text: f.text, type: f.type })) })),
  };
}

export async function staffIntakeFhir(ctx: AppContext, actor: StaffActor, intakeId: string) {
  if (!isUuid(intakeId)) throw notFound('That intake form');
  const intake = await findIntake(ctx.db, intakeId);
  if (!intake) throw notFound('That intake form');
  assertOrganizationVisible(actor, intake.organizationId, 'That intake form');
  const request = await findRequest(ctx.db, intake.appointmentRequestId);
  await recordPhiView(ctx.db, actor, { type: 'intake_submission', id: intake.id, organizationId: intake.organizationId });
  return toQuestionnaireResponse(intake, request!, ctx.baseUrl);
}
