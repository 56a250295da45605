/** Shapes of the calls API (src/server/features/calls/calls.schemas.ts). */

export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export const CALL_STATUSES = ['ringing', 'in_progress', 'completed', 'no_answer', 'busy', 'failed', 'canceled'] as const;
export const CALL_OUTCOMES = ['appointment_requested', 'question_answered', 'transferred', 'message_taken', 'emergency', 'voicemail', 'abandoned', 'other'] as const;
export const HANDOFF_TYPES = ['live_transfer', 'callback', 'appointment_request', 'message', 'urgent'] as const;
export const HANDOFF_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;

export type CallDirection = (typeof CALL_DIRECTIONS)[number];
export type CallStatus = (typeof CALL_STATUSES)[number];
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export type HandoffType = (typeof HANDOFF_TYPES)[number];
export type HandoffPriority = (typeof HANDOFF_PRIORITIES)[number];
export type CallSort = 'startedAt' | 'duration';

export interface CallListItem {
  id: string;
  organizationId: string;
  organizationName: string;
  direction: CallDirection;
  status: CallStatus;
  outcome: CallOutcome | null;
  live: boolean;
  provider: 'twilio' | 'simulator';
  fromNumber: string;
  toNumber: string;
  contactNumber: string;
  patientId: string | null;
  patientName: string | null;
  startedAt: string;
  answeredAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  summary: string | null;
  hasHandoff: boolean;
  hasRecording: boolean;
  /** With a text search: where it matched, matches between « and ». */
  match: string | null;
}

export interface CallListResponse {
  items: CallListItem[];
  nextCursor: string | null;
  prevCursor: string | null;
}

export type CallEventKind = 'status' | 'caller_speech' | 'agent_speech' | 'tool_call' | 'tool_result' | 'transfer' | 'model_request' | 'note' | 'recording' | 'error';

export interface CallEvent {
  seq: number;
  kind: CallEventKind;
  at: string;
  latencyMs: number | null;
  payload: Record<string, unknown>;
}

export interface CallNote {
  seq: number;
  at: string;
  authorId: string | null;
  authorName: string;
  text: string;
}

export interface LinkedHandoff {
  id: string;
  type: HandoffType;
  priority: HandoffPriority;
  status: 'open' | 'claimed' | 'resolved' | 'canceled';
  source: string;
  reason: string;
  dueAt: string;
  createdAt: string;
  assigneeName: string | null;
  resolution: string | null;
}

export interface LinkedAppointmentRequest {
  id: string;
  referenceCode: string | null;
  status: 'draft' | 'submitted' | 'in_review' | 'scheduled' | 'declined' | 'canceled';
  source: 'web' | 'phone' | 'portal';
  firstName: string | null;
  lastName: string | null;
  reason: string | null;
  createdAt: string;
  submittedAt: string | null;
}

export interface CallDetail {
  call: CallListItem & {
    brain: 'builtin' | 'llm';
    lastActivityAt: string;
    outboundJobId: string | null;
    recording: { url: string; durationSeconds: number | null } | null;
  };
  organization: { id: string; name: string; timeZone: string };
  patient: { id: string; firstName: string; lastName: string; dateOfBirth: string; phone: string | null; email: string | null } | null;
  handoffs: LinkedHandoff[];
  appointmentRequests: LinkedAppointmentRequest[];
  events: CallEvent[];
  notes: CallNote[];
}

export type { ChatStep, ChatTurn, ChatContextTotals } from '@domain/calls/chat-context';
import type { ChatContextTotals, ChatTurn } from '@domain/calls/chat-context';

export interface ChatContext {
  call: { id: string; organizationId: string; organizationName: string; brain: 'builtin' | 'llm'; status: CallStatus; live: boolean; startedAt: string; contactNumber: string };
  systemPrompt: string | null;
  turns: ChatTurn[];
  totals: ChatContextTotals;
}
