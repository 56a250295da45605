import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '../domain/developer/webhook-events.js';
import { OUTBOUND_ATTEMPT_RESULTS, OUTBOUND_JOB_STATUSES, OUTBOUND_OUTCOMES, OUTBOUND_PURPOSES } from '../domain/outbound/vocabulary.js';

/**
 * Webhook endpoints, their delivery log (`/api/developer/webhooks…`) and the payloads of the
 * events (published in the public API document's `webhooks` section). Payload version 1: fields
 * may be added, never removed or changed in meaning.
 */

export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

export const WebhookDeliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

const Url = z.string().trim().min(1, 'Enter the address that receives the events.').max(2000, 'Use at most 2000 characters.');
const Events = z.array(WebhookEventType).min(1, 'Choose at least one event.').max(WEBHOOK_EVENT_TYPES.length);
const Description = z.string().trim().max(500, 'Use at most 500 characters.');

export const CreateWebhookEndpointBody = z.object({
  organizationId: z.uuid({ error: 'Choose an organization.' }),
  url: Url,
  events: Events,
  description: Description.default(''),
  enabled: z.boolean().default(true),
});
export type CreateWebhookEndpointBody = z.input<typeof CreateWebhookEndpointBody>;

export const UpdateWebhookEndpointBody = z.object({
  url: Url.optional(),
  events: Events.optional(),
  description: Description.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointBody = z.infer<typeof UpdateWebhookEndpointBody>;

export const RotateWebhookSecretBody = z.object({
  /** How long the old secret keeps signing beside the new one (0: not at all). */
  graceHours: z.number().int().min(0).max(168).default(24),
});

export const WebhookEndpointIdParams = z.object({ id: z.uuid({ error: 'Not a valid endpoint id.' }) });
export const WebhookDeliveryParams = z.object({
  id: z.uuid({ error: 'Not a valid endpoint id.' }),
  deliveryId: z.uuid({ error: 'Not a valid delivery id.' }),
});

export const WebhookEndpointListQuery = z.object({ organizationId: z.uuid({ error: 'Not a valid organization id.' }).optional() });

export const WebhookEndpointView = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    organizationName: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(WebhookEventType),
    enabled: z.boolean(),
    /** Why the endpoint was turned off by the server (sustained failure), if it was. */
    disabledReason: z.string().nullable(),
    /** Deliveries have failed since this time (null: the last one succeeded). */
    failingSince: z.string().nullable(),
    /** Until when the previous secret still signs after a rotation. */
    previousSecretValidUntil: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpointView = z.infer<typeof WebhookEndpointView>;

export const WebhookEndpointListResponse = z.object({ items: z.array(WebhookEndpointView) });
export type WebhookEndpointListResponse = z.infer<typeof WebhookEndpointListResponse>;

/** The signing secret (`whsec_…`, Standard Webhooks) is in this answer only. */
export const WebhookEndpointWithSecret = z.object({ endpoint: WebhookEndpointView, secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

export const WebhookDeliveryQuery = z.object({
  event: z.string().max(100).optional(),
  status: WebhookDeliveryStatus.optional(),
  /** The `cursor` of the last delivery of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,20}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Use the `cursor` of the last item of the previous page.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type WebhookDeliveryQuery = z.infer<typeof WebhookDeliveryQuery>;

export const WebhookAttemptView = z.object({
  attempt: z.number(),
  at: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  responseStatus: z.number().nullable(),
  /** The first 2 KB of the answer. */
  responseBody: z.string().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
});
export type WebhookAttemptView = z.infer<typeof WebhookAttemptView>;

export const WebhookDeliveryView = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: WebhookDeliveryStatus,
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastResponseStatus: z.number().nullable(),
  createdAt: z.string(),
  cursor: z.string(),
});
export type WebhookDeliveryView = z.infer<typeof WebhookDeliveryView>;

export const WebhookDeliveryListResponse = z.object({ items: z.array(WebhookDeliveryView) });
export type WebhookDeliveryListResponse = z.infer<typeof WebhookDeliveryListResponse>;

export const WebhookDeliveryDetail = WebhookDeliveryView.extend({
  /** The body as sent (the same bytes on every attempt). */
  payload: z.string(),
  attemptLog: z.array(WebhookAttemptView),
});
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetail>;

export const ReplayFailedBody = z.object({ since: z.iso.datetime({ offset: true, error: 'Use an ISO date-time.' }) });
export const ReplayResponse = z.object({ replayed: z.number() });
export type ReplayResponse = z.infer<typeof ReplayResponse>;
export const TestEventResponse = z.object({ deliveryId: z.string() });

// ——— Event payloads (version 1) ———

const Base = { organizationId: z.string().describe('The organization the record belongs to.') };
const CallData = z.object({
  callId: z.string(),
  ...Base,
  direction: z.enum(['inbound', 'outbound']),
  status: z.string(),
  startedAt: z.string(),
});
export const WEBHOOK_PAYLOADS = {
  'call.started': CallData.extend({ fromNumber: z.string(), toNumber: z.string() }),
  'call.completed': CallData.extend({
    outcome: z.string().nullable(),
    summary: z.string().nullable(),
    durationSeconds: z.number().nullable(),
    endedAt: z.string().nullable(),
  }),
  'handoff.created': z.object({
    handoffId: z.string(),
    ...Base,
    type: z.string(),
    priority: z.string(),
    status: z.string(),
    source: z.string(),
    callId: z.string().nullable(),
    appointmentRequestId: z.string().nullable(),
    reason: z.string(),
    dueAt: z.string(),
    resolution: z.string().nullable(),
    resolvedAt: z.string().nullable(),
    createdAt: z.string(),
  }),
  'handoff.resolved': z.object({
    handoffId: z.string(),
    ...Base,
    type: z.string(),
    status: z.literal('resolved'),
    resolution: z.string().nullable(),
    resolvedAt: z.string().nullable(),
  }),
  'appointment_request.submitted': z.object({
    appointmentRequestId: z.string(),
    ...Base,
    referenceCode: z.string().nullable(),
    source: z.string(),
    status: z.literal('submitted'),
    callId: z.string().nullable(),
    submittedAt: z.string().nullable(),
  }),
  'appointment_request.status_changed': z.object({
    appointmentRequestId: z.string(),
    ...Base,
    referenceCode: z.string().nullable(),
    status: z.string(),
    previousStatus: z.string(),
    scheduledFor: z.string().nullable(),
    updatedAt: z.string(),
  }),
  'intake.submitted': z.object({
    intakeId: z.string(),
    ...Base,
    appointmentRequestId: z.string(),
    formVersion: z.number(),
    submittedAt: z.string().nullable(),
  }),
  'outbound.call.completed': z.object({
    jobId: z.string().describe('The outbound call (`GET /api/v1/outbound/calls/{jobId}`).'),
    ...Base,
    campaignId: z.string().nullable(),
    handoffId: z.string().nullable().describe('The handoff this call returned, if it was a call-back.'),
    purpose: z.enum(OUTBOUND_PURPOSES),
    attemptId: z.string(),
    attemptNo: z.number().describe('1 for the first placement; each retry is the next attempt.'),
    result: z.enum(OUTBOUND_ATTEMPT_RESULTS).describe('How this attempt ended.'),
    answeredBy: z.string().nullable().describe('human or machine, when the provider detected it.'),
    callId: z.string().nullable().describe('The call record of this attempt (`GET /api/v1/calls/{callId}`); null when it was never placed.'),
    endedAt: z.string().nullable(),
    jobStatus: z.enum(OUTBOUND_JOB_STATUSES).describe('Where the outbound call stands after this attempt: `scheduled` again for a retry, or final.'),
    outcome: z.enum(OUTBOUND_OUTCOMES).nullable().describe('What the conversation achieved so far (confirmed, change requested, …).'),
    attempts: z.number(),
    maxAttempts: z.number(),
    final: z.boolean().describe('No further attempt will be made.'),
    nextAttemptAt: z.string().nullable().describe('When the retry is due, if there is one.'),
  }),
  'campaign.completed': z.object({
    campaignId: z.string(),
    ...Base,
    name: z.string(),
    purpose: z.enum(OUTBOUND_PURPOSES),
    status: z.literal('completed'),
    startAt: z.string(),
    completedAt: z.string().nullable(),
    contacts: z
      .object({ total: z.number(), completed: z.number(), noAnswer: z.number(), busy: z.number(), failed: z.number(), canceled: z.number(), blockedDoNotCall: z.number() })
      .describe('Contacts by final status.'),
    outcomes: z.record(z.enum(OUTBOUND_OUTCOMES), z.number()).describe('Contacts by outcome (only outcomes that occurred).'),
  }),
  'agent_test.run.completed': z.object({
    runId: z.string().describe('The run (`GET /api/v1/agent-tests/runs/{runId}`): results per scenario with transcripts.'),
    ...Base,
    suiteId: z.string(),
    suiteName: z.string().nullable(),
    status: z.enum(['passed', 'failed', 'canceled', 'error']).describe('passed: every scenario passed; failed: at least one failed; canceled; error: the run could not go on.'),
    settings: z.enum(['saved', 'draft']).describe('Played on the saved agent settings or on a draft.'),
    total: z.number(),
    completed: z.number(),
    passed: z.number(),
    failed: z.number(),
    emergency: z.object({ expected: z.number(), escalated: z.number() }).describe('Scenarios that expect an urgent handoff, and how many got one.'),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  }),
} satisfies Record<WebhookEventType, z.ZodType>;

/** The body of every delivery: `{ type, timestamp, data }` (Standard Webhooks). */
export const webhookEnvelope = <T extends z.ZodType>(type: string, data: T) =>
  z.object({ type: z.literal(type), timestamp: z.string().describe('When the event happened (ISO 8601).'), data });
