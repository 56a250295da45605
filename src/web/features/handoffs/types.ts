/** Shapes of the handoff API (src/server/features/handoffs/handoffs.schemas.ts). */
import type { AppointmentStatus } from '@domain/appointment-requests/state';
import type { HandoffPriority, HandoffStatus, HandoffType } from '@domain/handoffs/state';

export type { AppointmentStatus, HandoffPriority, HandoffStatus, HandoffType };
export { HANDOFF_PRIORITIES, HANDOFF_TYPES } from '@domain/handoffs/state';
export const HANDOFF_TABS = ['open', 'mine', 'resolved'] as const;
export type HandoffTab = (typeof HANDOFF_TABS)[number];

export interface Person {
  id: string;
  name: string;
}

export interface HandoffSummary {
  id: string;
  organizationId: string;
  organizationName: string;
  type: HandoffType;
  priority: HandoffPriority;
  status: HandoffStatus;
  source: 'call' | 'web' | 'portal' | 'staff';
  reason: string;
  contactName: string | null;
  contactPhone: string | null;
  dueAt: string;
  createdAt: string;
  updatedAt: string;
  claimedAt: string | null;
  resolvedAt: string | null;
  resolution: string | null;
  assignee: Person | null;
  callId: string | null;
  appointmentRequestId: string | null;
  appointmentRequestStatus: AppointmentStatus | null;
  version: number;
}

export interface HandoffList {
  items: HandoffSummary[];
  total: number;
  page: number;
  pageSize: number;
  counts: { open: number; mine: number };
}

export type HandoffEventKind = 'created' | 'claimed' | 'assigned' | 'note' | 'callback_attempt' | 'resolved' | 'reopened' | 'canceled' | 'message_sent';

export interface HandoffEvent {
  id: number;
  kind: HandoffEventKind;
  body: string | null;
  data: Record<string, unknown>;
  at: string;
  actor: Person | null;
}

export interface AppointmentRequest {
  id: string;
  referenceCode: string | null;
  status: AppointmentStatus;
  source: 'web' | 'phone' | 'portal';
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  phone: string | null;
  email: string | null;
  isNewPatient: boolean | null;
  reason: string | null;
  reasonOther: string | null;
  preferences: { days?: string[]; timesOfDay?: string[]; earliestDate?: string; text?: string };
  insurance: { carrier?: string; memberId?: string };
  notes: string | null;
  consentToContact: boolean;
  locale: string;
  scheduledFor: string | null;
  declineReason: string | null;
  cancelReason: string | null;
  decidedBy: Person | null;
  version: number;
  submittedAt: string | null;
  createdAt: string;
  history: { fromStatus: string | null; toStatus: string; actorType: string; actorName: string | null; note: string | null; at: string }[];
}

export interface HandoffDetail {
  handoff: HandoffSummary & { details: Record<string, unknown> };
  organization: { id: string; name: string; timeZone: string };
  events: HandoffEvent[];
  call: {
    id: string;
    direction: string;
    status: string;
    outcome: string | null;
    fromNumber: string;
    toNumber: string;
    startedAt: string;
    durationSeconds: number | null;
    summary: string | null;
    turnCount: number;
    excerpt: { speaker: 'caller' | 'agent'; text: string; at: string }[];
  } | null;
  appointmentRequest: AppointmentRequest | null;
  patient: { id: string; firstName: string; lastName: string; dateOfBirth: string; phone: string | null; email: string | null } | null;
  history: { kind: 'call' | 'appointment_request' | 'handoff'; id: string; at: string; title: string; status: string }[];
  contact: { phone: string | null; email: string | null };
}

export interface AssigneeOptions {
  items: { id: string; name: string; role: string; onDuty: boolean }[];
  suggestedUserId: string | null;
  onDuty: { type: 'user' | 'phone'; userId: string | null; phone: string | null; name: string; scheduleName: string }[];
}
