import { z } from 'zod';
import { INTAKE_SECTIONS, type IntakeField } from '../domain/patient/intake-form.js';
import { isoDate, phoneText, text } from './patient-fields.js';

/** The intake form (`/api/intake…`): the patient fills it in with the token of its link; staff read it on the request and as FHIR. */

/** One answer's schema (blank allowed: saving progress never requires anything). */
function answerSchema(f: IntakeField) {
  switch (f.type) {
    case 'text':
      return text(f.max ?? 200, { name: f.name, code: f.code });
    case 'textarea':
      return text(f.max ?? 2000, { free: true });
    case 'date':
      return isoDate();
    case 'phone':
      return phoneText();
    case 'choice':
      return z.union([z.enum(f.options as [string, ...string[]]), z.literal('')], { error: 'choice' });
    case 'multi':
      return z.array(z.enum(f.options as [string, ...string[]], { error: 'choice' }), { error: 'wrongType' }).max(f.max ?? 10, { error: `tooMany:${f.max ?? 10}` });
    case 'boolean':
      return z.boolean({ error: 'wrongType' });
  }
}

const sectionShape = Object.fromEntries(
  INTAKE_SECTIONS.map((s) => [s.id, z.object(Object.fromEntries(s.fields.map((f) => [f.id, answerSchema(f).optional()])), { error: 'wrongType' }).optional()]),
);

/** Answers as the page saves them: any sections, any of their fields. */
export const IntakeAnswersInput = z.object(sectionShape, { error: 'wrongType' });
export type IntakeAnswersInput = z.infer<typeof IntakeAnswersInput>;

export const SaveIntakeBody = z.object({ answers: IntakeAnswersInput });
export type SaveIntakeBody = z.input<typeof SaveIntakeBody>;
export const SubmitIntakeBody = z.object({ answers: IntakeAnswersInput.optional() });
export type SubmitIntakeBody = z.input<typeof SubmitIntakeBody>;

const AnswerValue = z.union([z.string(), z.boolean(), z.array(z.string())]);
/** Answers as stored: section id → field id → value. */
const Answers = z.record(z.string(), z.record(z.string(), AnswerValue));
export type IntakeAnswers = z.infer<typeof Answers>;
export type IntakeAnswer = z.infer<typeof AnswerValue>;

export const IntakeIdParams = z.object({ id: z.string().max(100) });

export const PatientIntakeResponse = z.object({
  /** `timeZone` and `country`: the zone and clock the page says when the form was sent in. */
  practice: z.object({ slug: z.string(), name: z.string(), timeZone: z.string(), country: z.string(), emergencyNumber: z.string() }),
  request: z.object({ referenceCode: z.string().nullable(), firstName: z.string().nullable(), lastName: z.string().nullable(), dateOfBirth: z.string().nullable() }),
  status: z.enum(['not_started', 'in_progress', 'submitted']),
  answers: Answers,
  submittedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PatientIntakeResponse = z.infer<typeof PatientIntakeResponse>;

export const StaffIntakeResponse = z.object({
  appointmentRequestId: z.string(),
  intake: z
    .object({
      id: z.string(),
      status: z.enum(['in_progress', 'submitted']),
      answers: Answers,
      signatureName: z.string().nullable(),
      submittedAt: z.string().nullable(),
      updatedAt: z.string(),
      formVersion: z.number(),
      fhirUrl: z.string(),
    })
    .nullable(),
  form: z.array(z.object({ id: z.string(), text: z.string(), fields: z.array(z.object({ id: z.string(), text: z.string(), type: z.string() })) })),
});
export type StaffIntakeResponse = z.infer<typeof StaffIntakeResponse>;

/** A FHIR R4 QuestionnaireResponse (checked loosely: its shape is FHIR's, built by the server's intake-fhir.ts). */
export const FhirQuestionnaireResponse = z
  .object({ resourceType: z.literal('QuestionnaireResponse'), id: z.string(), status: z.string() })
  .loose()
  .meta({ id: 'FhirQuestionnaireResponse' });
