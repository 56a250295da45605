import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryNamed } from '../../db/prepared.js';
import { appointmentRequestEvents, appointmentRequests } from '../../db/schema/index.js';

export type AppointmentRequestRow = typeof appointmentRequests.$inferSelect;

/** Locks a web draft for its submission; false when it is no longer a draft. */
export async function lockDraft(db: DbOrTx, draftId: string): Promise<boolean> {
  const [locked] = await db
    .select({ id: appointmentRequests.id })
    .from(appointmentRequests)
    .where(and(eq(appointmentRequests.id, draftId), eq(appointmentRequests.status, 'draft')))
    .for('update');
  return Boolean(locked);
}

export async function findRequestById(db: DbOrTx, id: string): Promise<AppointmentRequestRow | undefined> {
  const [row] = await db.select().from(appointmentRequests).where(eq(appointmentRequests.id, id)).limit(1);
  return row;
}

/**
 * A submitted request and its history event in one statement: a new row, or the web draft with
 * this id (its typed fields stay; it gets its patient, reference code and submission time). A row
 * that is no longer a draft is left alone. A reference code already taken fails the statement
 * (unique violation).
 */
const SAVE_SUBMITTED = `
  with r as (
    insert into appointment_requests (id, organization_id, patient_id, call_id, source, status, reference_code, first_name, last_name, date_of_birth, phone, email,
      is_new_patient, reason, reason_other, preferences, insurance, notes, consent_to_contact, locale, submitted_at, created_at, updated_at)
    values ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::text, 'submitted', $6::text, $7::text, $8::text, $9::date, $10::text, $11::text,
      $12::boolean, $13::text, $14::text, $15::jsonb, $16::jsonb, $17::text, $18::boolean, $19::text, $20::timestamptz, $20::timestamptz, $20::timestamptz)
    on conflict (id) do update set patient_id = excluded.patient_id, status = 'submitted', reference_code = excluded.reference_code,
      submitted_at = excluded.submitted_at, updated_at = excluded.updated_at, expires_at = null
      where appointment_requests.status = 'draft'
    returning id
  ), e as (
    insert into appointment_request_events (appointment_request_id, from_status, to_status, actor_type, at)
    select id, $21::text, 'submitted', $22::text, $20::timestamptz from r
  )
  select id from r`;

export interface SubmittedRequestRow {
  id: string;
  organizationId: string;
  patientId: string;
  callId: string | null;
  source: 'web' | 'phone' | 'portal';
  referenceCode: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phone: string | null;
  email: string | null;
  isNewPatient: boolean | null;
  reason: string;
  reasonOther: string | null;
  preferences: Record<string, unknown>;
  insurance: Record<string, unknown>;
  notes: string | null;
  consentToContact: boolean;
  locale: string;
  submittedAt: Date;
}

/** Stores the submission (see SAVE_SUBMITTED); false when the row was no longer a draft. */
export async function saveSubmittedRequest(
  db: DbOrTx,
  r: SubmittedRequestRow,
  history: { fromStatus: 'draft' | null; actorType: 'agent' | 'patient' },
): Promise<boolean> {
  const rows = await queryNamed(db, 'switchboard_save_submitted_request', SAVE_SUBMITTED, [
    r.id,
    r.organizationId,
    r.patientId,
    r.callId,
    r.source,
    r.referenceCode,
    r.firstName,
    r.lastName,
    r.dateOfBirth,
    r.phone,
    r.email,
    r.isNewPatient,
    r.reason,
    r.reasonOther,
    JSON.stringify(r.preferences),
    JSON.stringify(r.insurance),
    r.notes,
    r.consentToContact,
    r.locale,
    r.submittedAt.toISOString(),
    history.fromStatus,
    history.actorType,
  ]);
  return rows.length > 0;
}

/** A submitted request found by its reference code and the patient's date of birth (the agent's status lookup). */
export async function findRequestForStatus(db: DbOrTx, organizationId: string, referenceCode: string, dateOfBirth: string) {
  const [row] = await db
    .select({ id: appointmentRequests.id, status: appointmentRequests.status, scheduledFor: appointmentRequests.scheduledFor })
    .from(appointmentRequests)
    .where(
      and(
        eq(appointmentRequests.organizationId, organizationId),
        eq(appointmentRequests.referenceCode, referenceCode),
        eq(appointmentRequests.dateOfBirth, dateOfBirth),
        ne(appointmentRequests.status, 'draft'),
      ),
    )
    .limit(1);
  return row;
}

/**
 * A caller without the reference code (issue 15 §4): the most recent request for that name and
 * date of birth, names compared without case or surrounding spaces. Both must match.
 */
export async function findRequestForStatusByName(db: DbOrTx, organizationId: string, firstName: string, lastName: string, dateOfBirth: string) {
  const [row] = await db
    .select({ id: appointmentRequests.id, status: appointmentRequests.status, scheduledFor: appointmentRequests.scheduledFor })
    .from(appointmentRequests)
    .where(
      and(
        eq(appointmentRequests.organizationId, organizationId),
        eq(appointmentRequests.dateOfBirth, dateOfBirth),
        sql`lower(trim(${appointmentRequests.firstName})) = ${firstName.trim().toLowerCase()}`,
        sql`lower(trim(${appointmentRequests.lastName})) = ${lastName.trim().toLowerCase()}`,
        ne(appointmentRequests.status, 'draft'),
      ),
    )
    .orderBy(sql`${appointmentRequests.createdAt} desc`)
    .limit(1);
  return row;
}

/** Cancels a request that is still pending; undefined when it is not (any more). */
export async function cancelIfPending(db: DbOrTx, id: string, reason: string | null, now: Date): Promise<AppointmentRequestRow | undefined> {
  const [row] = await db
    .update(appointmentRequests)
    .set({ status: 'canceled', cancelReason: reason, version: sql`${appointmentRequests.version} + 1`, updatedAt: now })
    .where(and(eq(appointmentRequests.id, id), inArray(appointmentRequests.status, ['submitted', 'in_review'])))
    .returning();
  return row;
}

export async function insertCancelEvent(db: DbOrTx, requestId: string, fromStatus: string, note: string | null, at: Date): Promise<void> {
  await db.insert(appointmentRequestEvents).values({ appointmentRequestId: requestId, fromStatus, toStatus: 'canceled', actorType: 'patient', note, at });
}

/** Cancels a scheduled visit whose time has not come; undefined when it is not scheduled (any more) or already began. */
export async function cancelIfScheduled(db: DbOrTx, id: string, reason: string | null, now: Date): Promise<AppointmentRequestRow | undefined> {
  const [row] = await db
    .update(appointmentRequests)
    .set({ status: 'canceled', cancelReason: reason, version: sql`${appointmentRequests.version} + 1`, updatedAt: now })
    .where(and(eq(appointmentRequests.id, id), eq(appointmentRequests.status, 'scheduled'), sql`${appointmentRequests.scheduledFor} > ${now.toISOString()}::timestamptz`))
    .returning();
  return row;
}

/** Moves a scheduled request to its visit's new time, clinician and place; undefined when it is not scheduled (any more). */
export async function rescheduleIfScheduled(db: DbOrTx, id: string, to: { at: Date; clinician: string; location: string }, now: Date): Promise<AppointmentRequestRow | undefined> {
  const [row] = await db
    .update(appointmentRequests)
    .set({ scheduledFor: to.at, visitClinician: to.clinician, visitLocation: to.location, version: sql`${appointmentRequests.version} + 1`, updatedAt: now })
    .where(and(eq(appointmentRequests.id, id), eq(appointmentRequests.status, 'scheduled')))
    .returning();
  return row;
}

export async function insertRescheduleEvent(db: DbOrTx, requestId: string, note: string, at: Date, by: { actorType: 'staff' | 'agent'; actorUserId?: string }): Promise<void> {
  await db.insert(appointmentRequestEvents).values({ appointmentRequestId: requestId, fromStatus: 'scheduled', toStatus: 'scheduled', actorType: by.actorType, actorUserId: by.actorUserId ?? null, note, at });
}
