/**
 * The practice intake form, as data: the patient page renders it (labels come from its
 * dictionaries, keyed by these ids), the server validates answers against it and exports them
 * as a FHIR R4 QuestionnaireResponse (the English `text` below).
 */
export type IntakeFieldType = 'text' | 'textarea' | 'date' | 'phone' | 'choice' | 'multi' | 'boolean';

export interface IntakeField {
  id: string;
  type: IntakeFieldType;
  text: string;
  /** Characters for text; number of picks for `multi`. */
  max?: number;
  options?: readonly string[];
  /** Needed to submit (saving progress never needs it). */
  required?: boolean;
  /** Needed to submit when the other field of the section has this answer. */
  requiredWhen?: { field: string; equals: string };
  /**
   * Asked only when the other field of the section has this answer; otherwise hidden, and its
   * answer is cleared and never stored or submitted (withoutHiddenAnswers, on both sides).
   */
  shownWhen?: { field: string; equals: string };
  /** Person names: letters, spaces, hyphens, apostrophes, periods. */
  name?: boolean;
  /** Identifiers: letters, digits, hyphens. */
  code?: boolean;
  /** A boolean that must be true to submit. */
  mustAccept?: boolean;
}

export interface IntakeSection {
  id: string;
  text: string;
  fields: readonly IntakeField[];
}

export const INTAKE_FORM_VERSION = 1;
export const INTAKE_QUESTIONNAIRE_URL = 'urn:switchboard:questionnaire:patient-intake';

const YES_NO = ['yes', 'no'] as const;
const INSURED = { field: 'hasInsurance', equals: 'yes' };

export const INTAKE_SECTIONS: readonly IntakeSection[] = [
  {
    id: 'demographics',
    text: 'Demographics',
    fields: [
      { id: 'preferredName', type: 'text', text: 'Preferred name', max: 60, name: true },
      { id: 'sex', type: 'choice', text: 'Sex', options: ['female', 'male', 'other', 'unknown'] },
      { id: 'address', type: 'text', text: 'Street address', max: 200 },
      { id: 'city', type: 'text', text: 'City', max: 100 },
      { id: 'state', type: 'text', text: 'State or region', max: 60 },
      { id: 'postalCode', type: 'text', text: 'Postal code', max: 12, code: true },
      { id: 'preferredLanguage', type: 'choice', text: 'Preferred language', options: ['en', 'es', 'other'] },
    ],
  },
  {
    id: 'insurance',
    text: 'Insurance',
    fields: [
      { id: 'hasInsurance', type: 'choice', text: 'Has health insurance', options: YES_NO, required: true },
      { id: 'carrier', type: 'text', text: 'Insurance company', max: 100, requiredWhen: INSURED, shownWhen: INSURED },
      { id: 'memberId', type: 'text', text: 'Member ID', max: 40, code: true, requiredWhen: INSURED, shownWhen: INSURED },
      { id: 'groupNumber', type: 'text', text: 'Group number', max: 40, code: true, shownWhen: INSURED },
      { id: 'policyHolder', type: 'text', text: 'Policy holder', max: 120, name: true, shownWhen: INSURED },
      { id: 'relationship', type: 'choice', text: 'Relationship to policy holder', options: ['self', 'spouse', 'parent', 'other'], shownWhen: INSURED },
    ],
  },
  {
    id: 'medicalHistory',
    text: 'Medical history',
    fields: [
      {
        id: 'conditions',
        type: 'multi',
        text: 'Conditions',
        max: 8,
        options: ['asthma', 'diabetes', 'high_blood_pressure', 'heart_disease', 'cancer', 'depression_anxiety', 'none'],
      },
      { id: 'otherConditions', type: 'textarea', text: 'Other conditions', max: 1000 },
      { id: 'surgeries', type: 'textarea', text: 'Past surgeries and hospital stays', max: 1000 },
    ],
  },
  {
    id: 'medications',
    text: 'Medications',
    fields: [
      { id: 'takesMedications', type: 'choice', text: 'Takes medications', options: YES_NO, required: true },
      { id: 'list', type: 'textarea', text: 'Medications and doses', max: 2000, requiredWhen: { field: 'takesMedications', equals: 'yes' }, shownWhen: { field: 'takesMedications', equals: 'yes' } },
    ],
  },
  {
    id: 'allergies',
    text: 'Allergies',
    fields: [
      { id: 'hasAllergies', type: 'choice', text: 'Has allergies', options: YES_NO, required: true },
      { id: 'list', type: 'textarea', text: 'Allergies and reactions', max: 1000, requiredWhen: { field: 'hasAllergies', equals: 'yes' }, shownWhen: { field: 'hasAllergies', equals: 'yes' } },
    ],
  },
  {
    id: 'emergencyContact',
    text: 'Emergency contact',
    fields: [
      { id: 'name', type: 'text', text: 'Name', max: 120, name: true, required: true },
      { id: 'relationship', type: 'text', text: 'Relationship', max: 60 },
      { id: 'phone', type: 'phone', text: 'Phone', max: 30, required: true },
    ],
  },
  {
    id: 'consent',
    text: 'Consent',
    fields: [
      { id: 'treatment', type: 'boolean', text: 'I consent to examination and treatment', mustAccept: true },
      { id: 'privacy', type: 'boolean', text: "I have read the practice's notice of privacy practices", mustAccept: true },
      { id: 'signature', type: 'text', text: 'Signature (typed full name)', max: 120, name: true, required: true },
    ],
  },
];

/** Answers as stored and exchanged: section → field → value. */
export type IntakeAnswers = Record<string, Record<string, string | boolean | string[]>>;

export function intakeField(sectionId: string, fieldId: string): IntakeField | undefined {
  return INTAKE_SECTIONS.find((s) => s.id === sectionId)?.fields.find((f) => f.id === fieldId);
}

/** Whether a field is asked, given the other answers of its section. */
export function isShown(field: IntakeField, section: Record<string, unknown> | undefined): boolean {
  return !field.shownWhen || section?.[field.shownWhen.field] === field.shownWhen.equals;
}

/**
 * The answers without those of fields their section's answers hide ("No" to insurance: no
 * insurer, member id or relationship), so what a patient can no longer see is neither kept nor
 * sent. The page applies it before it saves; the server applies it to whatever it stores.
 */
export function withoutHiddenAnswers<T extends IntakeAnswers>(answers: T): T {
  const out = structuredClone(answers);
  for (const s of INTAKE_SECTIONS) {
    const section = out[s.id];
    if (!section) continue;
    for (const f of s.fields) if (f.id in section && !isShown(f, section)) delete section[f.id];
  }
  return out;
}
