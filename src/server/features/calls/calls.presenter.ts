import type { CallDetail, CallListItem } from '../../../contracts/calls.js';
import { LIVE_STATUSES, type CallEventRow, type CallListRow, type CallRow, type OrganizationZoneRow } from './calls.repository.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const isLive = (status: CallRow['status']) => (LIVE_STATUSES as readonly string[]).includes(status);

/** The other party: the caller of an inbound call, the person called on an outbound one. */
export const contactNumberOf = (c: { direction: CallRow['direction']; fromNumber: string; toNumber: string }) => (c.direction === 'outbound' ? c.toNumber : c.fromNumber);

export function presentCallListItem(r: CallListRow): CallListItem {
  return {
    id: r.id,
    organizationId: r.organizationId,
    organizationName: r.organizationName,
    direction: r.direction,
    status: r.status,
    outcome: r.outcome,
    live: isLive(r.status),
    provider: r.provider,
    fromNumber: r.fromNumber,
    toNumber: r.toNumber,
    contactNumber: contactNumberOf(r),
    patientId: r.patientId,
    patientName: r.patientFirstName || r.patientLastName ? `${r.patientFirstName ?? ''} ${r.patientLastName ?? ''}`.trim() : null,
    startedAt: r.startedAt.toISOString(),
    answeredAt: iso(r.answeredAt),
    endedAt: iso(r.endedAt),
    durationSeconds: r.durationSeconds,
    summary: r.summary,
    hasHandoff: r.hasHandoff,
    hungUpBeforeSpeaking: r.hungUpBeforeSpeaking,
    hasRecording: r.hasRecording,
    match: r.match,
  };
}

/** Model requests are summarised on the call page; the full context is under /chat-context. */
const MODEL_REQUEST_SUMMARY_KEYS = ['brain', 'model', 'intent', 'decision', 'promptTokens', 'completionTokens', 'fellBackToBuiltin'];

export function presentEvent(e: CallEventRow) {
  const payload =
    e.kind === 'model_request'
      ? Object.fromEntries(Object.entries(e.payload ?? {}).filter(([k]) => MODEL_REQUEST_SUMMARY_KEYS.includes(k)))
      : (e.payload ?? {});
  return { seq: e.seq, kind: e.kind, at: e.at.toISOString(), latencyMs: e.latencyMs, payload };
}

export function presentNote(e: CallEventRow) {
  const p = e.payload as { authorId?: unknown; authorName?: unknown; text?: unknown };
  return {
    seq: e.seq,
    at: e.at.toISOString(),
    authorId: typeof p.authorId === 'string' ? p.authorId : null,
    authorName: typeof p.authorName === 'string' ? p.authorName : 'Staff',
    text: typeof p.text === 'string' ? p.text : '',
  };
}

export interface CallDetailParts {
  call: CallRow;
  organization: OrganizationZoneRow;
  patient: { id: string; firstName: string; lastName: string; dateOfBirth: string; phone: string | null; email: string | null } | undefined;
  events: CallEventRow[];
  handoffs: { id: string; type: string; priority: string; status: string; source: string; reason: string; dueAt: Date; createdAt: Date; assigneeName: string | null; resolution: string | null; settledByAgent: boolean }[];
  appointmentRequests: { id: string; referenceCode: string | null; status: string; source: string; firstName: string | null; lastName: string | null; reason: string | null; createdAt: Date; submittedAt: Date | null }[];
}

export function presentCallDetail(d: CallDetailParts, recordingPath: string): CallDetail {
  const c = d.call;
  const patientName = d.patient ? `${d.patient.firstName} ${d.patient.lastName}`.trim() : null;
  return {
    call: {
      id: c.id,
      organizationId: c.organizationId,
      organizationName: d.organization.name,
      direction: c.direction,
      status: c.status,
      outcome: c.outcome,
      live: isLive(c.status),
      provider: c.provider,
      fromNumber: c.fromNumber,
      toNumber: c.toNumber,
      contactNumber: contactNumberOf(c),
      patientId: c.patientId,
      patientName,
      startedAt: c.startedAt.toISOString(),
      answeredAt: iso(c.answeredAt),
      endedAt: iso(c.endedAt),
      durationSeconds: c.durationSeconds,
      summary: c.summary,
      // The rule of src/server/db/handed-to-a-person.ts: a handoff settled by the agent's own booking is not one.
      hasHandoff: d.handoffs.some((h) => !(h.settledByAgent && h.status === 'resolved')),
      // The rule of src/server/db/caller-spoke.ts, on the events at hand.
      hungUpBeforeSpeaking: c.direction === 'inbound' && c.status === 'completed' && !d.events.some((e) => e.kind === 'caller_speech' && typeof e.payload.text === 'string' && e.payload.text !== ''),
      hasRecording: c.recordingUrl !== null,
      match: null,
      brain: c.brain,
      lastActivityAt: c.lastActivityAt.toISOString(),
      outboundJobId: c.outboundJobId,
      recording: c.recordingUrl ? { url: recordingPath, durationSeconds: c.recordingDurationSeconds } : null,
    },
    organization: { id: d.organization.id, name: d.organization.name, timeZone: d.organization.timeZone },
    patient: d.patient
      ? { id: d.patient.id, firstName: d.patient.firstName, lastName: d.patient.lastName, dateOfBirth: d.patient.dateOfBirth, phone: d.patient.phone, email: d.patient.email }
      : null,
    handoffs: d.handoffs.map(({ settledByAgent: _, ...h }) => ({ ...h, dueAt: h.dueAt.toISOString(), createdAt: h.createdAt.toISOString() })) as CallDetail['handoffs'],
    appointmentRequests: d.appointmentRequests.map((a) => ({ ...a, createdAt: a.createdAt.toISOString(), submittedAt: iso(a.submittedAt) })) as CallDetail['appointmentRequests'],
    events: d.events.map(presentEvent),
    notes: d.events.filter((e) => e.kind === 'note').map(presentNote),
  };
}
