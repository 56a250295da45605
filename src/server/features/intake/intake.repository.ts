import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appointmentRequests, intakeLinks, intakeSubmissions } from '../../db/schema/index.js';
import type { IntakeAnswers } from '../../../domain/patient/intake-form.js';

export type IntakeRow = typeof intakeSubmissions.$inferSelect;

export async function findIntakeOfRequest(db: DbOrTx, appointmentRequestId: string): Promise<IntakeRow | undefined> {
  const [row] = await db.select().from(intakeSubmissions).where(eq(intakeSubmissions.appointmentRequestId, appointmentRequestId)).limit(1);
  return row;
}

export async function findIntake(db: DbOrTx, id: string): Promise<IntakeRow | undefined> {
  const [row] = await db.select().from(intakeSubmissions).where(eq(intakeSubmissions.id, id)).limit(1);
  return row;
}

export async function findRequest(db: DbOrTx, id: string) {
  const [row] = await db.select().from(appointmentRequests).where(eq(appointmentRequests.id, id)).limit(1);
  return row;
}

/**
 * Saves answers of a form still in progress (creating it on the first save); undefined when
 * the form was already submitted. Concurrent first saves meet on the unique request id.
 */
export async function saveAnswersIfInProgress(
  db: DbOrTx,
  row: { organizationId: string; appointmentRequestId: string; patientId: string | null; locale: string; answers: IntakeAnswers; formVersion: number },
  now: Date,
): Promise<IntakeRow | undefined> {
  const [saved] = await db
    .insert(intakeSubmissions)
    .values({ ...row, status: 'in_progress', createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: intakeSubmissions.appointmentRequestId,
      set: { answers: row.answers, locale: row.locale, updatedAt: now, version: sql`${intakeSubmissions.version} + 1` },
      setWhere: eq(intakeSubmissions.status, 'in_progress'),
    })
    .returning();
  return saved;
}

/** Submits once: the first caller gets the row, a second undefined. */
export async function submitIfInProgress(db: DbOrTx, id: string, signatureName: string, now: Date): Promise<IntakeRow | undefined> {
  const [row] = await db
    .update(intakeSubmissions)
    .set({ status: 'submitted', signatureName, submittedAt: now, updatedAt: now, version: sql`${intakeSubmissions.version} + 1` })
    .where(and(eq(intakeSubmissions.id, id), eq(intakeSubmissions.status, 'in_progress')))
    .returning();
  return row;
}

export async function insertIntakeLink(db: DbOrTx, row: typeof intakeLinks.$inferInsert): Promise<void> {
  await db.insert(intakeLinks).values(row);
}

/** The link stored under a token's hash, with its request. */
export async function findIntakeLinkByHash(db: DbOrTx, tokenHash: string) {
  const [found] = await db
    .select({ link: intakeLinks, request: appointmentRequests })
    .from(intakeLinks)
    .innerJoin(appointmentRequests, eq(appointmentRequests.id, intakeLinks.appointmentRequestId))
    .where(eq(intakeLinks.tokenHash, tokenHash))
    .limit(1);
  return found;
}
