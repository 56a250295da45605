import type { AppointmentStatus } from '@domain/appointment-requests/state';
import type { HandoffSource } from '@domain/handoffs/state';
import type { RequestView } from '@contracts/appointment-requests';
import { formatCalendarDay, type Practice } from '@web/lib/format-date';
import type { CallbackResult, HandoffPriority, HandoffStatus, HandoffType, ResolutionOutcome } from '@contracts/handoffs';

export const TYPE_LABELS: Record<HandoffType, string> = {
  live_transfer: 'Live transfer',
  callback: 'Callback',
  appointment_request: 'Appointment request',
  message: 'Message',
  urgent: 'Urgent',
};

export const PRIORITY_LABELS: Record<HandoffPriority, string> = { urgent: 'Urgent', high: 'High', normal: 'Normal', low: 'Low' };

export const STATUS_LABELS: Record<HandoffStatus, string> = { open: 'Open', claimed: 'Claimed', resolved: 'Resolved', canceled: 'Canceled' };

export const SOURCE_LABELS: Record<HandoffSource, string> = { call: 'Call', web: 'Web', portal: 'Portal', staff: 'Staff', sms: 'Text message' };

export const REQUEST_STATUS_LABELS: Record<AppointmentStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  in_review: 'In review',
  scheduled: 'Scheduled',
  declined: 'Declined',
  canceled: 'Canceled',
};

/** Outcomes a person picks when resolving, in the order offered. */
export const RESOLVE_OUTCOMES: Record<ResolutionOutcome, string> = {
  completed: 'Done',
  patient_reached: 'Patient reached',
  appointment_scheduled: 'Appointment scheduled',
  message_delivered: 'Message passed on',
  no_action_needed: 'No action needed',
  unreachable: 'Could not reach the patient',
  duplicate: 'Duplicate',
  other: 'Other',
};

/** Every resolution the server may store, including those set when a request is decided. */
export function resolutionLabel(resolution: string | null): string {
  if (!resolution) return '';
  const automatic: Record<string, string> = { appointment_declined: 'Appointment declined', appointment_canceled: 'Appointment canceled', canceled: 'Canceled' };
  return (RESOLVE_OUTCOMES as Record<string, string | undefined>)[resolution] ?? automatic[resolution] ?? resolution.replace(/_/g, ' ');
}

export const CALLBACK_RESULTS: Record<CallbackResult, string> = {
  reached: 'Reached the patient',
  no_answer: 'No answer',
  voicemail: 'Left a voicemail',
  busy: 'Busy',
  wrong_number: 'Wrong number',
  failed: 'Call failed',
};

export const DAY_LABELS: Record<string, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** "from Tue, Dec 15" (US) / "from Tue 15 Dec" (UK): the earliest day the patient can come, as the practice writes dates. */
export function earliestDateLabel(isoDate: string, practice: Pick<Practice, 'country'> | null | undefined): string {
  return `from ${formatCalendarDay(isoDate, practice, { weekday: true, year: false })}`;
}

/**
 * "Tue, Thu · morning · from Wed, Apr 1": the patient's preferred days and times. The server
 * answers them as stored (the web form's and the phone agent's), so each part is read with care.
 */
export function describePreferences(p: RequestView['preferences'], none: string, practice?: Pick<Practice, 'country'> | null): string {
  const days = strings(p.days);
  const timesOfDay = strings(p.timesOfDay);
  const earliestDate = text(p.earliestDate);
  const parts = [
    days.length ? days.map((d) => DAY_LABELS[d] ?? d).join(', ') : null,
    timesOfDay.length ? timesOfDay.join(', ') : null,
    earliestDate ? earliestDateLabel(earliestDate, practice) : null,
    restates(text(p.text), [...days, ...timesOfDay]) ? null : text(p.text),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : none;
}

/** "Friday" beside the day already listed as "Fri": the caller's words add nothing. */
function restates(words: string | null, listed: string[]): boolean {
  if (!words || listed.length === 0) return false;
  const said = words.toLowerCase().split(/[^a-z]+/).filter((w) => w && !['and', 'or', 'on', 'the', 'in', 'any', 'please', 'a', 'an', 's'].includes(w));
  return said.length > 0 && said.every((w) => listed.some((l) => w.startsWith(l.toLowerCase().slice(0, 3))));
}
