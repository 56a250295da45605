import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appointmentRequests } from '../../db/schema/index.js';
import type { AppointmentRequestRow } from './request-submission.service.js';

export type DraftColumns = Partial<
  Pick<
    typeof appointmentRequests.$inferInsert,
    | 'firstName'
    | 'lastName'
    | 'dateOfBirth'
    | 'phone'
    | 'email'
    | 'isNewPatient'
    | 'reason'
    | 'reasonOther'
    | 'preferences'
    | 'insurance'
    | 'notes'
    | 'consentToContact'
    | 'locale'
  >
>;

export async function insertDraft(
  db: DbOrTx,
  row: { organizationId: string; tokenHash: string; expiresAt: Date; locale: string; now: Date },
): Promise<AppointmentRequestRow> {
  const [created] = await db
    .insert(appointmentRequests)
    .values({
      organizationId: row.organizationId,
      source: 'web',
      status: 'draft',
      draftTokenHash: row.tokenHash,
      locale: row.locale,
      expiresAt: row.expiresAt,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .returning();
  return created!;
}

/** The request a draft cookie names (a draft, or the request it became). */
export async function findByDraftTokenHash(db: DbOrTx, tokenHash: string): Promise<AppointmentRequestRow | undefined> {
  const [row] = await db.select().from(appointmentRequests).where(eq(appointmentRequests.draftTokenHash, tokenHash)).limit(1);
  return row;
}

/** Saves fields of a draft; undefined when the row is no longer a draft. */
export async function updateDraft(db: DbOrTx, id: string, columns: DraftColumns, now: Date): Promise<AppointmentRequestRow | undefined> {
  const [row] = await db
    .update(appointmentRequests)
    .set({ ...columns, updatedAt: now })
    .where(and(eq(appointmentRequests.id, id), eq(appointmentRequests.status, 'draft')))
    .returning();
  return row;
}
