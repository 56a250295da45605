import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { runStatementWrite, type StatementWrite } from '../../db/statement-write.js';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { appointmentRequestEvents, appointmentRequests } from '../../db/schema/index.js';
import { publishLive } from '../live/live.publisher.js';
import { createHandoff, handoffDueAt, type DeadlineRules } from '../handoffs/handoffs.core.js';
import { findOrCreatePatient } from '../patients/patients.core.js';
import { newReferenceCode } from './reference-code.js';

export type AppointmentRequestRow = typeof appointmentRequests.$inferSelect;

export interface SubmittedRequest {
  organizationId: string;
  source: 'web' | 'phone' | 'portal';
  callId?: string | null;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** E.164 */
  phone?: string | null;
  email?: string | null;
  isNewPatient?: boolean | null;
  reason: string;
  reasonOther?: string | null;
  preferences?: { days?: string[]; timesOfDay?: string[]; earliestDate?: string; text?: string };
  insurance?: { carrier?: string; memberId?: string };
  notes?: string | null;
  consentToContact: boolean;
  locale?: string;
}

/** What a new submitted request tells its caller (the agent reads the code out). */
export type SubmittedRequestRef = Pick<AppointmentRequestRow, 'id' | 'referenceCode' | 'status' | 'patientId'>;

/**
 * Records a submitted appointment request, links or creates the patient, and puts an
 * appointment-request handoff with its first history event in the queue — in the caller's
 * transaction and in one statement (see submittedRequestWrite).
 */
export async function createSubmittedRequest(
  ctx: AppContext,
  tx: DbOrTx,
  input: SubmittedRequest & { deadlineRules?: DeadlineRules },
): Promise<{ request: SubmittedRequestRef; handoffId: string }> {
  const { write, request, handoffId } = await submittedRequestWrite(ctx, tx, input);
  const row = await runStatementWrite<{ patient_id: string }>(tx, write);
  return { request: { ...request, patientId: row.patient_id }, handoffId };
}

/**
 * A submitted request as one statement (a StatementWrite): the patient match, the request, its
 * history event, the handoff and the handoff's event are data-modifying parts of one query,
 * after at most one read for the deadline rules (none when the caller passes them, as the agent
 * does). The agent saves a request in the middle of a call, where every round trip to the
 * database is paid by the caller waiting on the line and by every other call on the server
 * (decision 012), so the ids and the reference code are made here and the statement can ride
 * in the turn's own. A reference code already taken fails it with a unique violation (one in
 * billions; the agent's turn is then run again). The rules are findOrCreatePatient's and
 * createHandoff's.
 */
export async function submittedRequestWrite(
  ctx: AppContext,
  db: DbOrTx,
  input: SubmittedRequest & { deadlineRules?: DeadlineRules },
): Promise<{ write: StatementWrite; request: { id: string; referenceCode: string; status: 'submitted' }; handoffId: string }> {
  const now = ctx.clock.now();
  const dueAt = await handoffDueAt(db, input.organizationId, 'normal', now, input.deadlineRules);
  const email = input.email?.trim().toLowerCase() || null;
  const phone = input.phone || null;
  const at = now.toISOString();
  const request = { id: randomUUID(), referenceCode: newReferenceCode(), status: 'submitted' as const };
  const handoffId = randomUUID();
  const write: StatementWrite = {
    name: 'submit_request',
    ctes: SUBMIT_REQUEST,
    values: [
      input.organizationId,
      input.dateOfBirth,
      phone,
      email,
      at,
      input.firstName,
      input.lastName,
      input.callId ?? null,
      input.source,
      request.referenceCode,
      input.phone ?? null,
      input.email ?? null,
      input.isNewPatient ?? null,
      input.reason,
      input.reasonOther ?? null,
      JSON.stringify(input.preferences ?? {}),
      JSON.stringify(input.insurance ?? {}),
      input.notes ?? null,
      input.consentToContact,
      input.locale ?? 'en',
      input.source === 'phone' ? 'agent' : 'patient',
      input.source === 'phone' ? 'call' : input.source,
      submissionReason(input).slice(0, 2000),
      `${input.firstName} ${input.lastName}`,
      dueAt.toISOString(),
      request.id,
      handoffId,
    ],
    live: [
      { topic: 'handoffs', organizationId: input.organizationId, type: 'created', id: handoffId, data: { priority: 'normal', handoffType: 'appointment_request' } },
      { topic: 'appointment-requests', organizationId: input.organizationId, type: 'created', id: request.id },
    ],
    patientColumn: 'patient_id',
  };
  return { write, request, handoffId };
}

/**
 * $1 organization, $2 date of birth, $3 phone and $4 email to match the patient by (normalised),
 * $5 now, $6/$7 first/last name, $8 call, $9 source, $10 reference code, $11/$12 phone and email
 * as given, $13 new patient?, $14 reason, $15 other reason, $16 preferences, $17 insurance,
 * $18 notes, $19 consent, $20 locale, $21 history actor, $22 handoff source, $23 handoff reason,
 * $24 contact name, $25 due, $26 request id, $27 handoff id.
 */
const SUBMIT_REQUEST = `
  w_patient_found as (
    -- One branch per contact, each skipped when its value is null (a prepared statement's plan
    -- serves every call; an OR across both would scan the organization's patients).
    (select id from patients where $3::text is not null and organization_id = $1::uuid and phone = $3::text and date_of_birth = $2::date limit 1)
    union all
    (select id from patients where $4::text is not null and organization_id = $1::uuid and lower(email) = $4::text and date_of_birth = $2::date limit 1)
    limit 1
  ), w_patient_completed as (
    update patients set phone = coalesce(phone, $3::text), email = coalesce(email, $4::text), updated_at = $5::timestamptz
    where id = (select id from w_patient_found) and ((phone is null and $3::text is not null) or (email is null and $4::text is not null))
    returning id
  ), w_patient_created as (
    insert into patients (organization_id, first_name, last_name, date_of_birth, phone, email)
    select $1::uuid, $6::text, $7::text, $2::date, $3::text, $4::text
    where not exists (select 1 from w_patient_found)
    returning id
  ), w_patient as (
    select id from w_patient_found union all select id from w_patient_created
  ), w_request as (
    insert into appointment_requests (id, organization_id, patient_id, call_id, source, status, reference_code, first_name, last_name, date_of_birth, phone, email,
      is_new_patient, reason, reason_other, preferences, insurance, notes, consent_to_contact, locale, submitted_at, created_at, updated_at)
    select $26::uuid, $1::uuid, (select id from w_patient), $8::uuid, $9::text, 'submitted', $10::text, $6::text, $7::text, $2::date, $11::text, $12::text,
      $13::boolean, $14::text, $15::text, $16::jsonb, $17::jsonb, $18::text, $19::boolean, $20::text, $5::timestamptz, $5::timestamptz, $5::timestamptz
    returning id, patient_id
  ), w_request_event as (
    insert into appointment_request_events (appointment_request_id, from_status, to_status, actor_type, at)
    select id, null, 'submitted', $21::text, $5::timestamptz from w_request
  ), w_handoff as (
    insert into handoffs (id, organization_id, type, priority, source, reason, call_id, appointment_request_id, patient_id, contact_name, contact_phone, details, due_at, created_at, updated_at)
    select $27::uuid, $1::uuid, 'appointment_request', 'normal', $22::text, $23::text, $8::uuid, r.id, r.patient_id, $24::text, $11::text, '{}'::jsonb, $25::timestamptz, $5::timestamptz, $5::timestamptz
    from w_request r
    returning id
  ), w_handoff_event as (
    insert into handoff_events (handoff_id, kind, data, at)
    select id, 'created', '{"type":"appointment_request","priority":"normal"}'::jsonb, $5::timestamptz from w_handoff
  ), w_written as (
    select r.id, r.patient_id from w_request r
  )`;

/** The handoff's reason line for a submitted request. */
function submissionReason(input: Pick<SubmittedRequest, 'reason' | 'reasonOther'>): string {
  return `Appointment request: ${input.reason}${input.reasonOther ? ` — ${input.reasonOther}` : ''}`;
}

/**
 * Turns a web draft (a row in status `draft`) into the submitted request — the same row, so
 * its id and what the patient typed stay — and queues its handoff, in the caller's
 * transaction. Null when the row is no longer a draft (already submitted by a concurrent
 * call): the caller answers with the request as it is.
 */
export async function submitDraftRequest(
  ctx: AppContext,
  tx: DbOrTx,
  draftId: string,
  input: SubmittedRequest,
): Promise<{ request: AppointmentRequestRow; handoffId: string } | null> {
  const [locked] = await tx
    .select({ id: appointmentRequests.id })
    .from(appointmentRequests)
    .where(and(eq(appointmentRequests.id, draftId), eq(appointmentRequests.status, 'draft')))
    .for('update');
  if (!locked) return null;
  const now = ctx.clock.now();
  const patient = await findOrCreatePatient(tx, input);
  const [request] = await tx
    .update(appointmentRequests)
    .set({
      patientId: patient.id,
      status: 'submitted',
      referenceCode: newReferenceCode(),
      submittedAt: now,
      updatedAt: now,
      expiresAt: null,
    })
    .where(and(eq(appointmentRequests.id, draftId), eq(appointmentRequests.status, 'draft')))
    .returning();
  const handoffId = await recordSubmission(ctx, tx, request!, patient.id, input, 'draft');
  return { request: request!, handoffId };
}

/** The submission's history event, its appointment-request handoff and the live update. */
async function recordSubmission(ctx: AppContext, tx: DbOrTx, request: AppointmentRequestRow, patientId: string, input: SubmittedRequest, fromStatus: 'draft' | null): Promise<string> {
  const now = request.submittedAt ?? ctx.clock.now();
  await tx.insert(appointmentRequestEvents).values({
    appointmentRequestId: request.id,
    fromStatus,
    toStatus: 'submitted',
    actorType: input.source === 'phone' ? 'agent' : 'patient',
    at: now,
  });
  const handoff = await createHandoff(ctx, tx, {
    organizationId: input.organizationId,
    type: 'appointment_request',
    priority: 'normal',
    source: input.source === 'phone' ? 'call' : input.source,
    reason: submissionReason(input),
    callId: input.callId ?? null,
    appointmentRequestId: request.id,
    patientId,
    contactName: `${input.firstName} ${input.lastName}`,
    contactPhone: input.phone ?? null,
  });
  await publishLive(tx, { topic: 'appointment-requests', organizationId: input.organizationId, type: 'created', id: request.id });
  return handoff.id;
}
