import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { patients } from '../../db/schema/index.js';

export type PatientRow = typeof patients.$inferSelect;

/**
 * Finds the practice's patient with this date of birth and the same phone or email, or creates
 * one. Names are not used to match (people spell them differently each time).
 */
export async function findOrCreatePatient(
  db: DbOrTx,
  input: { organizationId: string; firstName: string; lastName: string; dateOfBirth: string; phone?: string | null; email?: string | null },
): Promise<PatientRow> {
  const email = input.email?.trim().toLowerCase() || null;
  const phone = input.phone || null;
  if (phone || email) {
    const contact = [phone ? eq(patients.phone, phone) : undefined, email ? sql`lower(${patients.email}) = ${email}` : undefined].filter(Boolean);
    const [found] = await db
      .select()
      .from(patients)
      .where(and(eq(patients.organizationId, input.organizationId), eq(patients.dateOfBirth, input.dateOfBirth), or(...contact)))
      .limit(1);
    if (found) {
      const patch: Partial<typeof patients.$inferInsert> = {};
      if (!found.phone && phone) patch.phone = phone;
      if (!found.email && email) patch.email = email;
      if (Object.keys(patch).length) await db.update(patients).set({ ...patch, updatedAt: new Date() }).where(eq(patients.id, found.id));
      return { ...found, ...patch };
    }
  }
  const [created] = await db
    .insert(patients)
    .values({ organizationId: input.organizationId, firstName: input.firstName, lastName: input.lastName, dateOfBirth: input.dateOfBirth, phone, email })
    .returning();
  return created!;
}
