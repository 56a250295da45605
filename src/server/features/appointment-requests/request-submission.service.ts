import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { insertRequestEvent, insertRequestUnlessCodeTaken, lockDraft, markDraftSubmitted, type AppointmentRequestRow } from './appointment-requests.repository.js';
import { publishLive } from '../live/live.service.js';
import { createHandoff, type DeadlineRules } from '../handoffs/create-handoff.service.js';
import { findOrCreatePatient } from '../patients/patients.service.js';
import { newReferenceCode } from './reference-code.js';

export type { AppointmentRequestRow };

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
export interface SubmittedRequestRef {
  id: string;
  referenceCode: string;
  status: 'submitted';
  patientId: string;
}

/** Attempts at a free reference code (a taken one is one chance in billions). */
const CODE_ATTEMPTS = 5;

/**
 * Records a submitted appointment request (the agent's, or one made outside the web draft
 * flow), links or creates the patient, and puts an appointment-request handoff with its first
 * history event in the queue, in the caller's transaction. The same steps as a web draft's
 * submission (submitDraftRequest): findOrCreatePatient, then recordSubmission.
 */
export async function createSubmittedRequest(
  ctx: AppContext,
  tx: DbOrTx,
  input: SubmittedRequest & { deadlineRules?: DeadlineRules },
): Promise<{ request: SubmittedRequestRef; handoffId: string }> {
  const now = ctx.clock.now();
  const patient = await findOrCreatePatient(tx, input);
  for (let attempt = 1; ; attempt++) {
    const referenceCode = newReferenceCode();
    const request = await insertRequestUnlessCodeTaken(tx, {
        organizationId: input.organizationId,
        patientId: patient.id,
        callId: input.callId ?? null,
        source: input.source,
        status: 'submitted',
        referenceCode,
        firstName: input.firstName,
        lastName: input.lastName,
        dateOfBirth: input.dateOfBirth,
        phone: input.phone ?? null,
        email: input.email ?? null,
        isNewPatient: input.isNewPatient ?? null,
        reason: input.reason,
        reasonOther: input.reasonOther ?? null,
        preferences: input.preferences ?? {},
        insurance: input.insurance ?? {},
        notes: input.notes ?? null,
        consentToContact: input.consentToContact,
        locale: input.locale ?? 'en',
        submittedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    if (request) {
      const handoffId = await recordSubmission(ctx, tx, request, patient.id, input, null);
      return { request: { id: request.id, referenceCode, status: 'submitted', patientId: patient.id }, handoffId };
    }
    if (attempt >= CODE_ATTEMPTS) throw new Error('No free reference code was found.');
  }
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
  if (!(await lockDraft(tx, draftId))) return null;
  const now = ctx.clock.now();
  const patient = await findOrCreatePatient(tx, input);
  const request = await markDraftSubmitted(tx, draftId, { patientId: patient.id, referenceCode: newReferenceCode(), at: now });
  const handoffId = await recordSubmission(ctx, tx, request!, patient.id, input, 'draft');
  return { request: request!, handoffId };
}

/** The submission's history event, its appointment-request handoff and the live update. */
async function recordSubmission(
  ctx: AppContext,
  tx: DbOrTx,
  request: AppointmentRequestRow,
  patientId: string,
  input: SubmittedRequest & { deadlineRules?: DeadlineRules },
  fromStatus: 'draft' | null,
): Promise<string> {
  const now = request.submittedAt ?? ctx.clock.now();
  await insertRequestEvent(tx, {
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
    deadlineRules: input.deadlineRules,
    at: now,
  });
  await publishLive(tx, { topic: 'appointment-requests', organizationId: input.organizationId, type: 'created', id: request.id });
  return handoff.id;
}
