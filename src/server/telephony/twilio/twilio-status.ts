import type { DialStatus } from '../../agent/agent-types.js';
import type { CallStatus } from '../../features/calls/index.js';

/** Twilio's CallStatus values as ours; null for those that change nothing (queued, initiated). */
export function callStatusOf(twilioStatus: string): CallStatus | null {
  switch (twilioStatus) {
    case 'ringing':
      return 'ringing';
    case 'in-progress':
    case 'answered':
      return 'in_progress';
    case 'completed':
      return 'completed';
    case 'busy':
      return 'busy';
    case 'no-answer':
      return 'no_answer';
    case 'failed':
      return 'failed';
    case 'canceled':
      return 'canceled';
    default:
      return null;
  }
}

const DIAL_STATUSES = new Set<DialStatus>(['completed', 'answered', 'no-answer', 'busy', 'failed', 'canceled']);

/** DialCallStatus as the agent reads it (anything unexpected counts as a failed transfer). */
export function dialStatusOf(value: string): DialStatus {
  return DIAL_STATUSES.has(value as DialStatus) ? (value as DialStatus) : 'failed';
}
