import type { DbOrTx } from '../../db/client.js';
import { findPatientByContact, insertPatient, updatePatientContact, type PatientRow } from './patients.repository.js';

export type { PatientRow };

/**
 * Finds the practice's patient with this date of birth and the same phone or email, or creates
 * one; a known patient's missing phone or email is completed. Names are not used to match
 * (people spell them differently each time).
 */
export async function findOrCreatePatient(
  db: DbOrTx,
  input: { organizationId: string; firstName: string; lastName: string; dateOfBirth: string; phone?: string | null; email?: string | null },
): Promise<PatientRow> {
  const email = input.email?.trim().toLowerCase() || null;
  const phone = input.phone || null;
  const found = await findPatientByContact(db, { organizationId: input.organizationId, dateOfBirth: input.dateOfBirth, phone, email });
  if (found) {
    const patch: { phone?: string; email?: string } = {};
    if (!found.phone && phone) patch.phone = phone;
    if (!found.email && email) patch.email = email;
    if (Object.keys(patch).length) await updatePatientContact(db, found.id, patch, new Date());
    return { ...found, ...patch };
  }
  return insertPatient(db, { organizationId: input.organizationId, firstName: input.firstName, lastName: input.lastName, dateOfBirth: input.dateOfBirth, phone, email });
}
