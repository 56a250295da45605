import type { CampaignView, OutboundAttempt, OutboundJobDetail, OutboundJobSummary } from '../../../contracts/outbound.js';
import { calleeZones } from '../../../domain/outbound/calling-window.js';
import type { AttemptRow, CampaignRow, JobListRow, JobRow, ProgressCounts } from './outbound.repository.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const FINAL = new Set(['completed', 'no_answer', 'busy', 'failed', 'canceled', 'blocked_dnc']);

export function presentJob(row: JobListRow, organizationZone: string): OutboundJobSummary {
  const zones = calleeZones(row, organizationZone);
  return {
    id: row.id,
    organizationId: row.organizationId,
    campaignId: row.campaignId,
    handoffId: row.handoffId,
    patientId: row.patientId,
    contactName: row.contactName,
    phone: row.phone,
    timeZone: zones.label,
    timeZoneSource: zones.source,
    purpose: row.purpose,
    status: row.status,
    outcome: row.outcome,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastResult: row.lastResult,
    nextAttemptAt: FINAL.has(row.status) || row.status === 'dialing' || row.status === 'in_progress' ? null : iso(row.nextAttemptAt),
    lastCallId: row.lastCallId,
    rowNumber: row.rowNumber,
    response: row.response,
    created: createdOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    cursor: row.cursor,
  };
}

function createdOf(row: JobListRow): OutboundJobSummary['created'] {
  if (row.appointmentRequestId) return { kind: 'appointment_request', handoffId: row.resultHandoffId, appointmentRequestId: row.appointmentRequestId, referenceCode: row.requestReference };
  if (row.resultHandoffId) return { kind: 'handoff', handoffId: row.resultHandoffId, appointmentRequestId: null, referenceCode: null };
  return null;
}

export function presentAttempt(a: AttemptRow): OutboundAttempt {
  return {
    id: a.id,
    attemptNo: a.attemptNo,
    provider: a.provider,
    placement: a.placement,
    callId: a.callId,
    result: a.result,
    answeredBy: a.answeredBy,
    claimedAt: a.claimedAt.toISOString(),
    placedAt: iso(a.placedAt),
    endedAt: iso(a.endedAt),
  };
}

export const jobCancelable = (job: Pick<JobRow, 'status'>) => job.status === 'scheduled' || job.status === 'queued';

export function presentJobDetail(row: JobListRow, organizationZone: string, attempts: AttemptRow[], canAct: boolean): OutboundJobDetail {
  return {
    ...presentJob(row, organizationZone),
    instructions: row.instructions,
    messageForPatient: row.messageForPatient,
    visitType: row.visitType,
    appointmentAt: iso(row.appointmentAt),
    dateOfBirth: row.dateOfBirth,
    fields: row.fields,
    attemptList: attempts.map(presentAttempt),
    cancelable: canAct && jobCancelable(row),
  };
}

const EMPTY: ProgressCounts = { total: 0, queued: 0, dialing: 0, inProgress: 0, answered: 0, voicemail: 0, noAnswer: 0, busy: 0, failed: 0, doNotCall: 0, canceled: 0, done: 0 };

export function presentCampaign(row: CampaignRow & { cursor: string }, progress: ProgressCounts | undefined, canManage: boolean): CampaignView {
  const open = row.status === 'scheduled' || row.status === 'running' || row.status === 'paused';
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    purpose: row.purpose,
    instructions: row.instructions,
    messageForPatient: row.messageForPatient,
    visitType: row.visitType,
    voicemailMessage: row.voicemailMessage,
    window: { start: row.windowStart, end: row.windowEnd, days: row.windowDays },
    maxAttempts: row.maxAttempts,
    retryIntervalMinutes: row.retryIntervalMinutes,
    concurrency: row.concurrency,
    status: row.status,
    startAt: row.startAt.toISOString(),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    completedAt: iso(row.completedAt),
    progress: progress ?? EMPTY,
    actions: {
      pause: canManage && (row.status === 'running' || row.status === 'scheduled'),
      resume: canManage && row.status === 'paused',
      cancel: canManage && open,
    },
    cursor: row.cursor,
  };
}
