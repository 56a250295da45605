import { and, eq, sql } from 'drizzle-orm';
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
 * Records a submitted appointment request (from the phone agent), links or creates the
 * patient, and puts an appointment-request handoff with its first history event in the queue —
 * in the caller's transaction and in one statement. The agent saves a request in the middle of
 * a call, where every round trip to the database is paid by the caller waiting on the line and
 * by every other call on the server (decision 012): the patient match, the request, its history
 * event, the handoff and the handoff's event are data-modifying parts of one query, after at
 * most one read for the deadline rules (none when the caller passes them, as the agent does).
 * The rules are the same as findOrCreatePatient's and createHandoff's.
 */
export async function createSubmittedRequest(
  ctx: AppContext,
  tx: DbOrTx,
  input: SubmittedRequest & { deadlineRules?: DeadlineRules },
): Promise<{ request: SubmittedRequestRef; handoffId: string }> {
  const now = ctx.clock.now();
  const dueAt = await handoffDueAt(tx, input.organizationId, 'normal', now, input.deadlineRules);
  const email = input.email?.trim().toLowerCase() || null;
  const phone = input.phone || null;
  const at = now.toISOString();
  const result = await tx.execute(sql`
    with patient_found as (
      select id from patients
      where organization_id = ${input.organizationId}::uuid and date_of_birth = ${input.dateOfBirth}::date
        and ((${phone}::text is not null and phone = ${phone}::text) or (${email}::text is not null and lower(email) = ${email}::text))
      limit 1
    ), patient_completed as (
      update patients set phone = coalesce(phone, ${phone}::text), email = coalesce(email, ${email}::text), updated_at = ${at}::timestamptz
      where id = (select id from patient_found) and ((phone is null and ${phone}::text is not null) or (email is null and ${email}::text is not null))
      returning id
    ), patient_created as (
      insert into patients (organization_id, first_name, last_name, date_of_birth, phone, email)
      select ${input.organizationId}::uuid, ${input.firstName}::text, ${input.lastName}::text, ${input.dateOfBirth}::date, ${phone}::text, ${email}::text
      where not exists (select 1 from patient_found)
      returning id
    ), patient as (
      select id from patient_found union all select id from patient_created
    ), request as (
      insert into appointment_requests (organization_id, patient_id, call_id, source, status, reference_code, first_name, last_name, date_of_birth, phone, email,
        is_new_patient, reason, reason_other, preferences, insurance, notes, consent_to_contact, locale, submitted_at, created_at, updated_at)
      select ${input.organizationId}::uuid, (select id from patient), ${input.callId ?? null}::uuid, ${input.source}::text, 'submitted', ${newReferenceCode()}::text,
        ${input.firstName}::text, ${input.lastName}::text, ${input.dateOfBirth}::date, ${input.phone ?? null}::text, ${input.email ?? null}::text, ${input.isNewPatient ?? null}::boolean,
        ${input.reason}::text, ${input.reasonOther ?? null}::text, ${JSON.stringify(input.preferences ?? {})}::jsonb, ${JSON.stringify(input.insurance ?? {})}::jsonb,
        ${input.notes ?? null}::text, ${input.consentToContact}::boolean, ${input.locale ?? 'en'}::text, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
      returning id, reference_code, status, patient_id
    ), request_event as (
      insert into appointment_request_events (appointment_request_id, from_status, to_status, actor_type, at)
      select id, null, 'submitted', ${input.source === 'phone' ? 'agent' : 'patient'}::text, ${at}::timestamptz from request
    ), handoff as (
      insert into handoffs (organization_id, type, priority, source, reason, call_id, appointment_request_id, patient_id, contact_name, contact_phone, details, due_at, created_at, updated_at)
      select ${input.organizationId}::uuid, 'appointment_request', 'normal', ${input.source === 'phone' ? 'call' : input.source}::text, ${submissionReason(input).slice(0, 2000)}::text,
        ${input.callId ?? null}::uuid, r.id, r.patient_id, ${`${input.firstName} ${input.lastName}`}::text, ${input.phone ?? null}::text, '{}'::jsonb, ${dueAt.toISOString()}::timestamptz,
        ${at}::timestamptz, ${at}::timestamptz
      from request r
      returning id
    ), handoff_event as (
      insert into handoff_events (handoff_id, kind, data, at)
      select id, 'created', ${JSON.stringify({ type: 'appointment_request', priority: 'normal' })}::jsonb, ${at}::timestamptz from handoff
    )
    select r.id, r.reference_code, r.status, r.patient_id, (select id from handoff) as handoff_id from request r`);
  const row = result.rows[0] as { id: string; reference_code: string; status: AppointmentRequestRow['status']; patient_id: string; handoff_id: string };
  await publishLive(tx, { topic: 'handoffs', organizationId: input.organizationId, type: 'created', id: row.handoff_id, data: { priority: 'normal', handoffType: 'appointment_request' } });
  await publishLive(tx, { topic: 'appointment-requests', organizationId: input.organizationId, type: 'created', id: row.id });
  return { request: { id: row.id, referenceCode: row.reference_code, status: row.status, patientId: row.patient_id }, handoffId: row.handoff_id };
}

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
