import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { findRequestById, lockDraft, saveSubmittedRequest, type AppointmentRequestRow } from './appointment-requests.repository.js';

/** What the phone agent reads of requests (a caller asking about theirs). */
export { findRequestForStatus, findRequestForStatusByName } from './appointment-requests.repository.js';
import { publishLive } from '../live/index.js';
import { createHandoff, type DeadlineRules } from '../handoff-records/index.js';
import { findOrCreatePatient } from '../patients/index.js';
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

/**
 * Records a submitted appointment request (the agent's, or one made outside the web draft
 * flow) in the caller's transaction; the same steps as a web draft's submission (submit).
 */
export async function createSubmittedRequest(
  ctx: AppContext,
  tx: DbOrTx,
  input: SubmittedRequest & { deadlineRules?: DeadlineRules },
): Promise<{ request: SubmittedRequestRef; handoffId: string }> {
  const id = randomUUID();
  const referenceCode = newReferenceCode();
  const { patientId, handoffId } = await submit(ctx, tx, { id, referenceCode, fromStatus: null }, input);
  return { request: { id, referenceCode, status: 'submitted', patientId }, handoffId };
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
  const { handoffId } = await submit(ctx, tx, { id: draftId, referenceCode: newReferenceCode(), fromStatus: 'draft' }, input);
  return { request: (await findRequestById(tx, draftId))!, handoffId };
}

/**
 * The one way a request is submitted, whoever submits it: the patient matched or created, the
 * request stored as submitted with its history event, its appointment-request handoff queued,
 * and staff screens told.
 */
async function submit(
  ctx: AppContext,
  tx: DbOrTx,
  target: { id: string; referenceCode: string; fromStatus: 'draft' | null },
  input: SubmittedRequest & { deadlineRules?: DeadlineRules },
): Promise<{ patientId: string; handoffId: string }> {
  const now = ctx.clock.now();
  const patientId = await findOrCreatePatient(tx, input, now);
  await saveSubmittedRequest(
    tx,
    {
      id: target.id,
      organizationId: input.organizationId,
      patientId,
      callId: input.callId ?? null,
      source: input.source,
      referenceCode: target.referenceCode,
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
    },
    { fromStatus: target.fromStatus, actorType: input.source === 'phone' ? 'agent' : 'patient' },
  );
  const handoff = await createHandoff(ctx, tx, {
    organizationId: input.organizationId,
    type: 'appointment_request',
    priority: 'normal',
    source: input.source === 'phone' ? 'call' : input.source,
    reason: submissionReason(input),
    callId: input.callId ?? null,
    appointmentRequestId: target.id,
    patientId,
    contactName: `${input.firstName} ${input.lastName}`,
    contactPhone: input.phone ?? null,
    deadlineRules: input.deadlineRules,
    at: now,
  });
  await publishLive(tx, { topic: 'appointment-requests', organizationId: input.organizationId, type: 'created', id: target.id });
  return { patientId, handoffId: handoff.id };
}
