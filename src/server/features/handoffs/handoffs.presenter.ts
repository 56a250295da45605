import type { HandoffListRow, HandoffEventRow } from '../handoff-records/index.js';
import type { HandoffEvent, HandoffSummary } from '../../../contracts/handoffs.js';

export function presentHandoff(h: HandoffListRow): HandoffSummary {
  return {
    id: h.id,
    organizationId: h.organizationId,
    organizationName: h.organizationName,
    type: h.type,
    priority: h.priority,
    status: h.status,
    source: h.source,
    reason: h.reason,
    contactName: h.contactName,
    contactPhone: h.contactPhone,
    dueAt: h.dueAt.toISOString(),
    createdAt: h.createdAt.toISOString(),
    updatedAt: h.updatedAt.toISOString(),
    claimedAt: h.claimedAt?.toISOString() ?? null,
    resolvedAt: h.resolvedAt?.toISOString() ?? null,
    resolution: h.resolution,
    assignee: h.assigneeId ? { id: h.assigneeId, name: h.assigneeName ?? 'Former user' } : null,
    callId: h.callId,
    appointmentRequestId: h.appointmentRequestId,
    appointmentRequestStatus: h.requestStatus,
    version: h.version,
  };
}

export function presentEvent(e: HandoffEventRow & { actorName: string | null }): HandoffEvent {
  return {
    id: e.id,
    kind: e.kind,
    body: e.body,
    data: e.data,
    at: e.at.toISOString(),
    actor: e.actorUserId ? { id: e.actorUserId, name: e.actorName ?? 'Former user' } : null,
  };
}
