/**
 * The words of a call record (PRODUCT §5), shared by the database schema, the API contracts and
 * the web's labels.
 */
export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

export const CALL_STATUSES = ['ringing', 'in_progress', 'completed', 'no_answer', 'busy', 'failed', 'canceled'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export const CALL_OUTCOMES = ['appointment_requested', 'question_answered', 'transferred', 'message_taken', 'emergency', 'voicemail', 'abandoned', 'other'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** What a call's ordered events can be. */
export const CALL_EVENT_KINDS = [
  'status',
  'caller_speech',
  'agent_speech',
  'tool_call',
  'tool_result',
  'transfer',
  'model_request',
  'note',
  'recording',
  'error',
  /** What the caller heard of the agent's words when fewer than all of them (a barge-in, a turn answered again). */
  'interruption',
] as const;
export type CallEventKind = (typeof CALL_EVENT_KINDS)[number];

/** Longest caller utterance the agent reads; speech recognisers never send more in one turn. */
export const MAX_UTTERANCE = 2000;
