import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { patients } from '../../db/schema/index.js';

export type PatientRow = typeof patients.$inferSelect;
export type NewPatient = Pick<typeof patients.$inferInsert, 'organizationId' | 'firstName' | 'lastName' | 'dateOfBirth' | 'phone' | 'email'>;

/** The organization's patient with this date of birth and this phone or (lower-cased) email. */
export async function findPatientByContact(
  db: DbOrTx,
  by: { organizationId: string; dateOfBirth: string; phone: string | null; email: string | null },
): Promise<PatientRow | undefined> {
  const contact = [by.phone ? eq(patients.phone, by.phone) : undefined, by.email ? sql`lower(${patients.email}) = ${by.email}` : undefined].filter(Boolean);
  if (contact.length === 0) return undefined;
  const [found] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.organizationId, by.organizationId), eq(patients.dateOfBirth, by.dateOfBirth), or(...contact)))
    .limit(1);
  return found;
}

export async function updatePatientContact(db: DbOrTx, id: string, patch: { phone?: string; email?: string }, at: Date): Promise<void> {
  await db
    .update(patients)
    .set({ ...patch, updatedAt: at })
    .where(eq(patients.id, id));
}

export async function insertPatient(db: DbOrTx, row: NewPatient): Promise<PatientRow> {
  const [created] = await db.insert(patients).values(row).returning();
  return created!;
}
