import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
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

/**
 * Saves fields of a draft; undefined when the row is no longer a draft. The columns are built
 * from the row as it is under a row lock: two saves at once (the form saves each field as the
 * patient leaves it) each add their keys to the JSON columns, neither overwrites the other's.
 */
export async function updateDraft(db: Db, id: string, columnsFrom: (current: AppointmentRequestRow) => DraftColumns, now: Date): Promise<AppointmentRequestRow | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(appointmentRequests)
      .where(and(eq(appointmentRequests.id, id), eq(appointmentRequests.status, 'draft')))
      .for('update');
    if (!current) return undefined;
    const [row] = await tx
      .update(appointmentRequests)
      .set({ ...columnsFrom(current), updatedAt: now })
      .where(eq(appointmentRequests.id, id))
      .returning();
    return row;
  });
}
