/**
 * The words of outbound calling (PRODUCT §5 "Outbound job and campaign"), shared by the database
 * schema, the API contracts and the web's labels.
 */

/** Why the practice calls; the agent opens the conversation with it. */
export const OUTBOUND_PURPOSES = ['appointment_reminder', 'recall', 'callback', 'web_request_follow_up', 'custom'] as const;
export type OutboundPurpose = (typeof OUTBOUND_PURPOSES)[number];

/**
 * A job (one contact to reach): `scheduled → queued → dialing → in_progress → completed | no_answer
 * | busy | failed | canceled | blocked_dnc`. `scheduled` waits for its time or its calling window,
 * `queued` is due and waits for a free line; an attempt that ends no-answer, busy or failed with
 * attempts left goes back to `scheduled` for the retry (its result is in `lastResult`).
 */
export const OUTBOUND_JOB_STATUSES = ['scheduled', 'queued', 'dialing', 'in_progress', 'completed', 'no_answer', 'busy', 'failed', 'canceled', 'blocked_dnc'] as const;
export type OutboundJobStatus = (typeof OUTBOUND_JOB_STATUSES)[number];

export const OUTBOUND_FINAL_STATUSES: readonly OutboundJobStatus[] = ['completed', 'no_answer', 'busy', 'failed', 'canceled', 'blocked_dnc'];

/** What one attempt came to (the provider's final status, or the machine's answer). */
export const OUTBOUND_ATTEMPT_RESULTS = ['answered', 'voicemail', 'no_answer', 'busy', 'failed', 'canceled'] as const;
export type OutboundAttemptResult = (typeof OUTBOUND_ATTEMPT_RESULTS)[number];

/** Where an attempt's placement stands: claimed and being placed, accepted by the provider, or never placed. */
export const OUTBOUND_PLACEMENT_STATES = ['placing', 'placed', 'not_placed'] as const;
export type OutboundPlacementState = (typeof OUTBOUND_PLACEMENT_STATES)[number];

/**
 * What a completed job achieved (set by the conversation, or `voicemail`). Each names the record
 * staff act on (issue 27): `confirmed` — the patient will come to the reminded visit (the job
 * itself); `booking_requested` — an appointment request; `change_requested` and
 * `callback_requested` — a callback handoff with the callee's words; `declined`, `wrong_number`,
 * `do_not_call` — the contact's row (and the do-not-call list).
 */
export const OUTBOUND_OUTCOMES = [
  'confirmed',
  'booking_requested',
  'change_requested',
  'callback_requested',
  'declined',
  'call_back_later',
  'wrong_number',
  'do_not_call',
  'voicemail',
  'identity_not_confirmed',
  'emergency',
  'other',
] as const;
export type OutboundOutcome = (typeof OUTBOUND_OUTCOMES)[number];

/** A campaign: `scheduled` (waits for its start), `running`, `paused`, then `completed` or `canceled`. */
export const CAMPAIGN_STATUSES = ['scheduled', 'running', 'paused', 'completed', 'canceled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Who places outbound calls: Twilio's REST API when an account is configured, else the built-in simulator. */
export const OUTBOUND_PROVIDERS = ['twilio', 'simulator'] as const;
export type OutboundProvider = (typeof OUTBOUND_PROVIDERS)[number];

/** Quiet hours no window may cross: 08:00–21:00 in the callee's own time zone. */
export const CALLEE_DAY_START = '08:00';
export const CALLEE_DAY_END = '21:00';
