import type { AppointmentRequest, AppointmentStatus, HandoffPriority, HandoffStatus, HandoffType } from './types';

export const TYPE_LABELS: Record<HandoffType, string> = {
  live_transfer: 'Live transfer',
  callback: 'Callback',
  appointment_request: 'Appointment request',
  message: 'Message',
  urgent: 'Urgent',
};

export const PRIORITY_LABELS: Record<HandoffPriority, string> = { urgent: 'Urgent', high: 'High', normal: 'Normal', low: 'Low' };

export const STATUS_LABELS: Record<HandoffStatus, string> = { open: 'Open', claimed: 'Claimed', resolved: 'Resolved', canceled: 'Canceled' };

export const SOURCE_LABELS: Record<string, string> = { call: 'Call', web: 'Web', portal: 'Portal', staff: 'Staff' };

export const REQUEST_STATUS_LABELS: Record<AppointmentStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  in_review: 'In review',
  scheduled: 'Scheduled',
  declined: 'Declined',
  canceled: 'Canceled',
};

/** Outcomes a person picks when resolving (the server's RESOLUTION_OUTCOMES). */
export const RESOLVE_OUTCOMES = {
  completed: 'Done',
  patient_reached: 'Patient reached',
  appointment_scheduled: 'Appointment scheduled',
  message_delivered: 'Message passed on',
  no_action_needed: 'No action needed',
  unreachable: 'Could not reach the patient',
  duplicate: 'Duplicate',
  other: 'Other',
} as const;
export type ResolveOutcome = keyof typeof RESOLVE_OUTCOMES;

/** Every resolution the server may store, including those set when a request is decided. */
export function resolutionLabel(resolution: string | null): string {
  if (!resolution) return '';
  const automatic: Record<string, string> = { appointment_declined: 'Appointment declined', appointment_canceled: 'Appointment canceled', canceled: 'Canceled' };
  return (RESOLVE_OUTCOMES as Record<string, string>)[resolution] ?? automatic[resolution] ?? resolution.replace(/_/g, ' ');
}

export const CALLBACK_RESULTS = {
  reached: 'Reached the patient',
  no_answer: 'No answer',
  voicemail: 'Left a voicemail',
  busy: 'Busy',
  wrong_number: 'Wrong number',
  failed: 'Call failed',
} as const;
export type CallbackResult = keyof typeof CALLBACK_RESULTS;

export const DAY_LABELS: Record<string, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/** "Tue, Thu · morning · from 2026-04-01": the patient's preferred days and times. */
export function describePreferences(p: AppointmentRequest['preferences'], none: string): string {
  const parts = [
    p.days?.length ? p.days.map((d) => DAY_LABELS[d] ?? d).join(', ') : null,
    p.timesOfDay?.length ? p.timesOfDay.join(', ') : null,
    p.earliestDate ? `from ${p.earliestDate}` : null,
    p.text ?? null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : none;
}
