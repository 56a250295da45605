import { INTAKE_QUESTIONNAIRE_URL, INTAKE_SECTIONS, type IntakeField } from '../../../domain/patient/intake-form.js';
import type { IntakeRow } from './intake.repository.js';

type Answer = { valueString: string } | { valueDate: string } | { valueBoolean: boolean } | { valueCoding: { system: string; code: string; display: string } };

const GENDER_SYSTEM = 'http://hl7.org/fhir/administrative-gender';
const LANGUAGE_SYSTEM = 'urn:ietf:bcp:47';

function coding(field: IntakeField, sectionId: string, code: string) {
  if (field.id === 'sex') return { system: GENDER_SYSTEM, code, display: code[0]!.toUpperCase() + code.slice(1) };
  if (field.id === 'preferredLanguage' && code !== 'other') return { system: LANGUAGE_SYSTEM, code, display: code === 'es' ? 'Spanish' : 'English' };
  return { system: `${INTAKE_QUESTIONNAIRE_URL}/${sectionId}/${field.id}`, code, display: code.replace(/_/g, ' ') };
}

function answersOf(field: IntakeField, sectionId: string, value: unknown): Answer[] {
  if (value === undefined || value === null || value === '') return [];
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? [{ valueBoolean: value }] : [];
    case 'date':
      return [{ valueDate: String(value) }];
    case 'choice':
      if (value === 'yes' || value === 'no') return [{ valueBoolean: value === 'yes' }];
      return [{ valueCoding: coding(field, sectionId, String(value)) }];
    case 'multi':
      return Array.isArray(value) ? value.map((v) => ({ valueCoding: coding(field, sectionId, String(v)) })) : [];
    default:
      return [{ valueString: String(value) }];
  }
}

/**
 * The intake as a FHIR R4 QuestionnaireResponse: one group item per section, one item per
 * answered question (linkId `section.field`), `completed` once submitted.
 */
export function toQuestionnaireResponse(
  intake: IntakeRow,
  request: { firstName: string | null; lastName: string | null; referenceCode: string | null; patientId: string | null },
  baseUrl: string,
) {
  const items = INTAKE_SECTIONS.map((s) => ({
    linkId: s.id,
    text: s.text,
    item: s.fields
      .map((f) => ({ linkId: `${s.id}.${f.id}`, text: f.text, answer: answersOf(f, s.id, intake.answers[s.id]?.[f.id]) }))
      .filter((i) => i.answer.length > 0),
  })).filter((s) => s.item.length > 0);
  const name = [request.firstName, request.lastName].filter(Boolean).join(' ');
  return {
    resourceType: 'QuestionnaireResponse' as const,
    id: intake.id,
    meta: { lastUpdated: intake.updatedAt.toISOString() },
    identifier: { system: `${baseUrl}/fhir/intake-submissions`, value: intake.id },
    questionnaire: `${INTAKE_QUESTIONNAIRE_URL}|${intake.formVersion}`,
    status: intake.status === 'submitted' ? 'completed' : 'in-progress',
    subject: { ...(request.patientId ? { reference: `Patient/${request.patientId}` } : {}), display: name },
    source: { ...(request.patientId ? { reference: `Patient/${request.patientId}` } : {}), display: intake.signatureName ?? name },
    authored: (intake.submittedAt ?? intake.updatedAt).toISOString(),
    // FHIR JSON never carries empty arrays.
    ...(request.referenceCode ? { extension: [{ url: `${INTAKE_QUESTIONNAIRE_URL}/appointment-request-reference`, valueString: request.referenceCode }] } : {}),
    ...(items.length ? { item: items } : {}),
  };
}
