/**
 * The webhook events (issue 18 §3). Their payloads are documented in src/contracts/webhooks.ts;
 * the triggers of migrations 0017 and 0019 (outbound) write them. `webhook.test` is only sent by "Send test event".
 */
export const WEBHOOK_EVENT_TYPES = [
  'call.started',
  'call.completed',
  'handoff.created',
  'handoff.resolved',
  'appointment_request.submitted',
  'appointment_request.status_changed',
  'intake.submitted',
  'outbound.call.completed',
  'campaign.completed',
  'agent_test.run.completed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The Standard Webhooks retry schedule: the first attempt at once, then after these delays (ms)
 * — 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — eight attempts in all.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** The delay before attempt `n + 1` after attempt `n` failed (null: no attempt left). */
export function nextRetryDelayMs(attemptsMade: number): number | null {
  return WEBHOOK_RETRY_DELAYS_MS[attemptsMade - 1] ?? null;
}

/** The states of one webhook delivery: waiting for an attempt, answered 2xx, or out of attempts. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
