import { formatWallTime } from '@domain/format/clock';
import type { CampaignStatus, OutboundAttemptResult, OutboundJobStatus, OutboundOutcome, OutboundProvider, OutboundPurpose } from '@contracts/outbound';
import type { BadgeProps } from '@web/components/ui/badge';
import { DAYS } from '@web/lib/weekdays';

export const PURPOSE_LABELS: Record<OutboundPurpose, string> = {
  appointment_reminder: 'Appointment reminder',
  recall: 'Recall (due for a visit)',
  callback: 'Call back',
  web_request_follow_up: 'Web request follow-up',
  custom: 'Other',
};

export const JOB_STATUS_LABELS: Record<OutboundJobStatus, string> = {
  scheduled: 'Scheduled',
  queued: 'Queued',
  dialing: 'Dialling',
  in_progress: 'On the call',
  completed: 'Done',
  no_answer: 'No answer',
  busy: 'Busy',
  failed: 'Failed',
  canceled: 'Canceled',
  blocked_dnc: 'Do not call',
};

export const JOB_STATUS_VARIANT: Record<OutboundJobStatus, BadgeProps['variant']> = {
  scheduled: 'neutral',
  queued: 'neutral',
  dialing: 'info',
  in_progress: 'info',
  completed: 'success',
  no_answer: 'warning',
  busy: 'warning',
  failed: 'destructive',
  canceled: 'neutral',
  blocked_dnc: 'destructive',
};

export const OUTCOME_LABELS: Record<OutboundOutcome, string> = {
  confirmed: 'Will come',
  booking_requested: 'Wants a visit (request created)',
  change_requested: 'Asked for a change',
  callback_requested: 'Wants a call back',
  declined: 'Declined',
  call_back_later: 'Call back later',
  wrong_number: 'Wrong number or moved',
  do_not_call: 'Asked not to be called',
  voicemail: 'Voicemail left',
  identity_not_confirmed: 'Identity not confirmed',
  emergency: 'Emergency',
  other: 'Other',
};

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  scheduled: 'Scheduled',
  running: 'Running',
  paused: 'Paused',
  completed: 'Completed',
  canceled: 'Canceled',
};

export const CAMPAIGN_STATUS_VARIANT: Record<CampaignStatus, BadgeProps['variant']> = {
  scheduled: 'neutral',
  running: 'info',
  paused: 'warning',
  completed: 'success',
  canceled: 'neutral',
};

export const PROVIDER_LABELS: Record<OutboundProvider, { name: string; description: string }> = {
  simulator: { name: 'Simulator', description: 'Calls are placed by the built-in simulator: no real phone rings. Simulated callees answer, do not answer, are busy or are voicemail boxes.' },
  twilio: { name: 'Twilio', description: 'Calls are placed through Twilio: real phones ring.' },
};

/** The calling window's days, from the one list of weekdays the editors share. */
export const WEEKDAYS: { value: number; short: string; long: string }[] = DAYS.map((d) => ({ value: d.day, short: d.short, long: d.name }));

export const ATTEMPT_RESULT_LABELS: Record<OutboundAttemptResult, string> = {
  answered: 'Answered',
  voicemail: 'Voicemail',
  no_answer: 'No answer',
  busy: 'Busy',
  failed: 'Failed',
  canceled: 'Canceled',
};

/** "9:00 AM–5:00 PM, Mon–Fri" / "09:00–17:00, every day": a calling window in a few words, in the clock of the practice's country (domain/format/clock.ts). */
export function windowSummary(window: { start: string; end: string; days: readonly number[] }, country?: string | null): string {
  const days = [...window.days].sort((a, b) => a - b);
  const key = days.join(',');
  const named = key === '1,2,3,4,5,6,7' ? 'every day' : key === '1,2,3,4,5' ? 'Mon–Fri' : key === '6,7' ? 'weekends' : days.map((d) => WEEKDAYS.find((w) => w.value === d)?.short ?? String(d)).join(', ');
  return `${formatWallTime(window.start, country)}–${formatWallTime(window.end, country)}, ${named}`;
}
