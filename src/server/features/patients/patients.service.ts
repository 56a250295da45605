import type { DbOrTx } from '../../db/client.js';
import { findOrCreatePatientRow, findPatientInOrganization, type PatientRow } from './patients.repository.js';

/**
 * Finds the practice's patient with this date of birth and the same phone or email, or creates
 * one; a known patient's missing phone or email is completed. Names are not used to match
 * (people spell them differently each time). Answers the patient's id.
 */
export async function findOrCreatePatient(
  db: DbOrTx,
  input: { organizationId: string; firstName: string; lastName: string; dateOfBirth: string; phone?: string | null; email?: string | null },
  at: Date,
): Promise<string> {
  return findOrCreatePatientRow(db, {
    organizationId: input.organizationId,
    dateOfBirth: input.dateOfBirth,
    phone: input.phone || null,
    email: input.email?.trim().toLowerCase() || null,
    firstName: input.firstName,
    lastName: input.lastName,
    at,
  });
}

/** The organization's patient with this id, or undefined (unknown, or another organization's). */
export async function findPatientOf(db: DbOrTx, organizationId: string, id: string): Promise<PatientRow | undefined> {
  return findPatientInOrganization(db, organizationId, id);
}
