import { z } from 'zod';

/**
 * Staff find a practice's patient (`GET /api/organizations/{id}/patients`): by the start of a name
 * ("ali", "ali ros", "rossi"), by phone digits (at least four), or by date of birth (YYYY-MM-DD or
 * MM/DD/YYYY). Each patient shown is a view of health information, audited like the others.
 */

export const PatientSearchParams = z.object({ id: z.string().max(200) });

export const PatientSearchQuery = z.object({
  q: z.string({ error: 'Enter a name, phone number or date of birth.' }).trim().min(2, 'Enter at least 2 characters.').max(100, 'At most 100 characters.'),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export type PatientSearchQuery = z.infer<typeof PatientSearchQuery>;

export const PatientMatch = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** YYYY-MM-DD. */
    dateOfBirth: z.string(),
    /** E.164, when known. */
    phone: z.string().nullable(),
  })
  .meta({ id: 'PatientMatch' });
export type PatientMatch = z.infer<typeof PatientMatch>;

export const PatientSearchResult = z.object({ items: z.array(PatientMatch) }).meta({ id: 'PatientSearchResult' });
export type PatientSearchResult = z.infer<typeof PatientSearchResult>;
