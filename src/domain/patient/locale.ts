/** The languages of the patient pages. Everything a patient reads exists in each of them. */
export const PATIENT_LOCALES = ['en', 'es'] as const;
export type PatientLocale = (typeof PATIENT_LOCALES)[number];

/**
 * The patient's language from an `Accept-Language` header (or a bare tag such as `es`):
 * the first tag we speak wins, English otherwise.
 */
export function pickLocale(header: string | null | undefined): PatientLocale {
  if (!header) return 'en';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}
