import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appointmentRequestEvents, appointmentRequests } from '../../db/schema/index.js';

export type AppointmentRequestRow = typeof appointmentRequests.$inferSelect;
export type NewAppointmentRequest = typeof appointmentRequests.$inferInsert;

/** Inserts a request; undefined when its reference code is taken already (the caller draws another). */
export async function insertRequestUnlessCodeTaken(db: DbOrTx, row: NewAppointmentRequest): Promise<AppointmentRequestRow | undefined> {
  const [created] = await db.insert(appointmentRequests).values(row).onConflictDoNothing({ target: appointmentRequests.referenceCode }).returning();
  return created;
}

/** Locks a web draft for its submission; false when it is no longer a draft. */
export async function lockDraft(db: DbOrTx, draftId: string): Promise<boolean> {
  const [locked] = await db
    .select({ id: appointmentRequests.id })
    .from(appointmentRequests)
    .where(and(eq(appointmentRequests.id, draftId), eq(appointmentRequests.status, 'draft')))
    .for('update');
  return Boolean(locked);
}

/** The draft as submitted: same row, now with its patient and reference code. */
export async function markDraftSubmitted(db: DbOrTx, draftId: string, set: { patientId: string; referenceCode: string; at: Date }): Promise<AppointmentRequestRow | undefined> {
  const [request] = await db
    .update(appointmentRequests)
    .set({ patientId: set.patientId, status: 'submitted', referenceCode: set.referenceCode, submittedAt: set.at, updatedAt: set.at, expiresAt: null })
    .where(and(eq(appointmentRequests.id, draftId), eq(appointmentRequests.status, 'draft')))
    .returning();
  return request;
}

export async function insertRequestEvent(db: DbOrTx, row: typeof appointmentRequestEvents.$inferInsert): Promise<void> {
  await db.insert(appointmentRequestEvents).values(row);
}
