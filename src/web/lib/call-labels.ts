import type { AppointmentStatus } from '@domain/appointment-requests/state';
import type { CallDirection, CallOutcome, CallStatus } from '@contracts/calls';
import type { HandoffPriority, HandoffStatus, HandoffType } from '@contracts/handoffs';

export const DIRECTION_LABELS: Record<CallDirection, string> = { inbound: 'Inbound', outbound: 'Outbound' };

export const STATUS_LABELS: Record<CallStatus, string> = {
  ringing: 'Ringing',
  in_progress: 'In progress',
  completed: 'Completed',
  no_answer: 'No answer',
  busy: 'Busy',
  failed: 'Failed',
  canceled: 'Canceled',
};

export const OUTCOME_LABELS: Record<CallOutcome, string> = {
  appointment_requested: 'Appointment requested',
  question_answered: 'Question answered',
  transferred: 'Transferred',
  message_taken: 'Message taken',
  emergency: 'Emergency',
  voicemail: 'Voicemail',
  abandoned: 'Abandoned',
  other: 'Other',
};

export const HANDOFF_TYPE_LABELS: Record<HandoffType, string> = {
  live_transfer: 'Live transfer',
  callback: 'Callback',
  appointment_request: 'Appointment request',
  message: 'Message',
  urgent: 'Urgent case',
};

export const PRIORITY_LABELS: Record<HandoffPriority, string> = { urgent: 'Urgent', high: 'High', normal: 'Normal', low: 'Low' };

export const HANDOFF_STATUS_LABELS: Record<HandoffStatus, string> = { open: 'Open', claimed: 'Claimed', resolved: 'Resolved', canceled: 'Canceled' };

export const REQUEST_STATUS_LABELS: Record<AppointmentStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  in_review: 'In review',
  scheduled: 'Scheduled',
  declined: 'Declined',
  canceled: 'Canceled',
};

/**
 * Who the other party is, as staff say it: the caller of an inbound call, the person the practice
 * called on an outbound one (never "Caller" for someone who was dialled).
 */
export const PARTY_LABELS: Record<CallDirection, string> = { inbound: 'Caller', outbound: 'Person called' };
