import type { AgentState } from './agent-types.js';

export type CallOutcome = 'appointment_requested' | 'question_answered' | 'transferred' | 'message_taken' | 'emergency' | 'voicemail' | 'abandoned' | 'other';

/**
 * The call's outcome (PRODUCT §5) from what it achieved, the weightiest first: an emergency,
 * then an appointment request, a transfer, a message or call-back, an answered question.
 * Nothing achieved: abandoned when the caller left (or never spoke), otherwise other.
 */
export function outcomeOf(state: AgentState, endedBy: 'agent' | 'caller' | 'timeout'): CallOutcome {
  const d = state.done;
  if (d.emergency) return 'emergency';
  if (d.appointment) return 'appointment_requested';
  if (d.transferred) return 'transferred';
  if (d.message || d.callback) return 'message_taken';
  if (d.answered?.length) return 'question_answered';
  if (!state.heardCaller || endedBy !== 'agent') return 'abandoned';
  return 'other';
}

const TOPICS: Record<string, string> = { hours: 'opening hours', location: 'the address', faq: 'a common question', request_status: 'the status of a request' };

/** One line for the calls list: what happened, in the order that matters. */
export function summaryOf(state: AgentState, endedBy: 'agent' | 'caller' | 'timeout'): string {
  const d = state.done;
  const parts: string[] = [];
  if (d.emergency) parts.push(`Emergency (${d.emergency}): emergency message given, urgent handoff created.`);
  if (d.appointment?.booked) parts.push(`Appointment ${d.appointment.referenceCode} booked for ${d.appointment.name} (${d.appointment.reason}): ${d.appointment.booked}.`);
  else if (d.appointment) parts.push(`Appointment request ${d.appointment.referenceCode} for ${d.appointment.name} (${d.appointment.reason}).`);
  if (d.transferred) parts.push(`Transferred to ${d.transferred.name}.`);
  if (d.callback) parts.push('Call-back requested.');
  if (d.message) parts.push('Message taken for the practice.');
  if (d.answered?.length) parts.push(`Answered questions about ${d.answered.map((t) => TOPICS[t] ?? t).join(' and ')}.`);
  if (d.doNotCall) parts.push('Number added to the do-not-call list.');
  if (parts.length === 0) {
    if (!state.heardCaller) parts.push(endedBy === 'timeout' ? 'The call went silent and was closed.' : 'The caller said nothing.');
    else parts.push(endedBy === 'agent' ? 'The caller did not complete a request.' : 'The caller hung up before completing a request.');
  } else if (endedBy === 'timeout') parts.push('No final status arrived; closed after inactivity.');
  return parts.join(' ');
}
