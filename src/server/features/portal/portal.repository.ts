import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  appointmentRequestEvents,
  appointmentRequests,
  handoffEvents,
  handoffs,
  intakeSubmissions,
  patientSessions,
  portalCodes,
} from '../../db/schema/index.js';

export type PortalCodeRow = typeof portalCodes.$inferSelect;
export type PatientSessionRow = typeof patientSessions.$inferSelect;
export type RequestRow = typeof appointmentRequests.$inferSelect;

/** Who a portal session (or sign-in) stands for: a practice, a proven contact and a date of birth. */
export interface PatientIdentity {
  organizationId: string;
  contactKind: 'email' | 'phone';
  contact: string;
  dateOfBirth: string;
}

/**
 * The requests a person proved to be theirs: at that practice, made with this email or phone
 * and this date of birth. Matching the requests themselves (not the patient records they were
 * filed under) means a request someone else made with your phone number never opens your
 * records to them, and a new email address works from its first request on.
 */
function identityMatch(p: PatientIdentity): SQL {
  const contact = p.contactKind === 'email' ? sql`lower(${appointmentRequests.email}) = ${p.contact}` : eq(appointmentRequests.phone, p.contact);
  return and(eq(appointmentRequests.organizationId, p.organizationId), eq(appointmentRequests.dateOfBirth, p.dateOfBirth), ne(appointmentRequests.status, 'draft'), contact)!;
}

/** Whether anyone with this contact and date of birth has a request at the practice. */
export async function hasRequests(db: DbOrTx, p: PatientIdentity): Promise<boolean> {
  const [row] = await db.select({ id: appointmentRequests.id }).from(appointmentRequests).where(identityMatch(p)).limit(1);
  return !!row;
}

/** The person's requests at the practice (never drafts), newest first; or one of them. */
export async function requestsOf(db: DbOrTx, p: PatientIdentity, requestId?: string): Promise<RequestRow[]> {
  return db
    .select()
    .from(appointmentRequests)
    .where(and(identityMatch(p), requestId ? eq(appointmentRequests.id, requestId) : undefined))
    .orderBy(desc(appointmentRequests.createdAt))
    .limit(100);
}

export async function eventsOf(db: DbOrTx, requestIds: string[]) {
  if (!requestIds.length) return [];
  return db.select().from(appointmentRequestEvents).where(inArray(appointmentRequestEvents.appointmentRequestId, requestIds)).orderBy(asc(appointmentRequestEvents.at), asc(appointmentRequestEvents.id));
}

export async function intakesOf(db: DbOrTx, requestIds: string[]) {
  if (!requestIds.length) return [];
  return db.select({ appointmentRequestId: intakeSubmissions.appointmentRequestId, status: intakeSubmissions.status }).from(intakeSubmissions).where(inArray(intakeSubmissions.appointmentRequestId, requestIds));
}

/**
 * The conversations on the handoffs of these requests: what staff sent the patient and what the
 * patient replied, newest first.
 */
export async function messagesOf(db: DbOrTx, organizationId: string, requestIds: string[]) {
  if (!requestIds.length) return [];
  return db
    .select({ kind: handoffEvents.kind, body: handoffEvents.body, at: handoffEvents.at, data: handoffEvents.data, handoffId: handoffs.id, appointmentRequestId: handoffs.appointmentRequestId })
    .from(handoffEvents)
    .innerJoin(handoffs, eq(handoffs.id, handoffEvents.handoffId))
    .where(and(eq(handoffs.organizationId, organizationId), inArray(handoffEvents.kind, ['message_sent', 'patient_reply']), inArray(handoffs.appointmentRequestId, requestIds)))
    .orderBy(desc(handoffEvents.at), desc(handoffEvents.id))
    .limit(200);
}

// ── codes ──────────────────────────────────────────────────────────────────────────────────

export async function insertCode(db: DbOrTx, row: typeof portalCodes.$inferInsert): Promise<PortalCodeRow> {
  const [created] = await db.insert(portalCodes).values(row).returning();
  return created!;
}

export async function recentCodesSent(db: DbOrTx, organizationId: string, contact: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(portalCodes)
    .where(and(eq(portalCodes.organizationId, organizationId), eq(portalCodes.contact, contact), eq(portalCodes.matched, true), gt(portalCodes.createdAt, since)));
  return row?.n ?? 0;
}

export async function findCode(db: DbOrTx, id: string): Promise<PortalCodeRow | undefined> {
  const [row] = await db.select().from(portalCodes).where(eq(portalCodes.id, id)).limit(1);
  return row;
}

/** Codes made for a contact at a practice since `since` (sent or not), oldest first. */
export async function codesFor(db: DbOrTx, organizationId: string, contact: string, since: Date): Promise<Pick<PortalCodeRow, 'id' | 'createdAt'>[]> {
  return db
    .select({ id: portalCodes.id, createdAt: portalCodes.createdAt })
    .from(portalCodes)
    .where(and(eq(portalCodes.organizationId, organizationId), eq(portalCodes.contact, contact), gt(portalCodes.createdAt, since)))
    .orderBy(asc(portalCodes.createdAt))
    .limit(100);
}

/** Ends every unused, unexpired code of a contact at a practice; answers how many. */
export async function expireLiveCodes(db: DbOrTx, organizationId: string, contact: string, now: Date): Promise<number> {
  const rows = await db
    .update(portalCodes)
    .set({ expiresAt: now })
    .where(and(eq(portalCodes.organizationId, organizationId), eq(portalCodes.contact, contact), isNull(portalCodes.consumedAt), gt(portalCodes.expiresAt, now)))
    .returning({ id: portalCodes.id });
  return rows.length;
}

/** Counts a try on a live code (unused, unexpired, fewer than `maxTries`); undefined otherwise. */
export async function countTry(db: DbOrTx, id: string, now: Date, maxTries: number): Promise<PortalCodeRow | undefined> {
  const [row] = await db
    .update(portalCodes)
    .set({ attempts: sql`${portalCodes.attempts} + 1` })
    .where(and(eq(portalCodes.id, id), isNull(portalCodes.consumedAt), gt(portalCodes.expiresAt, now), lt(portalCodes.attempts, maxTries)))
    .returning();
  return row;
}

/** Uses a code once: the first caller gets the row, any other undefined. */
export async function consumeCode(db: DbOrTx, id: string, now: Date): Promise<PortalCodeRow | undefined> {
  const [row] = await db.update(portalCodes).set({ consumedAt: now }).where(and(eq(portalCodes.id, id), isNull(portalCodes.consumedAt))).returning();
  return row;
}

// ── sessions ───────────────────────────────────────────────────────────────────────────────

export async function insertSession(db: DbOrTx, row: typeof patientSessions.$inferInsert): Promise<PatientSessionRow> {
  const [created] = await db.insert(patientSessions).values(row).returning();
  return created!;
}

export async function findSessionByHash(db: DbOrTx, tokenHash: string): Promise<PatientSessionRow | undefined> {
  const [row] = await db.select().from(patientSessions).where(eq(patientSessions.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function touchSession(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(patientSessions).set({ lastActiveAt: now }).where(eq(patientSessions.id, id));
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(patientSessions).where(eq(patientSessions.id, id));
}
