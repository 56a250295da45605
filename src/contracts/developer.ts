import { z } from 'zod';

/**
 * The developer area: the outbox (`/api/developer/outbox`), the error log
 * (`/api/developer/errors…`, `/api/client-errors`), the audit log (`/api/audit`) and the
 * browser's settings before sign-in (`/api/public-config`).
 */

/**
 * Newest-first pages by `(created_at, id)`: the cursor is the last row's exact creation time in
 * microseconds and its id (the server's http/time-cursor.ts reads it).
 */
export const TimeCursor = z
  .string()
  .regex(/^\d{1,20}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Use the `cursor` of the last item of the previous page.')
  .optional();

const Before = z.iso.datetime({ offset: true, error: 'Use an ISO date-time.' }).optional().describe('Only items created before this time (use `cursor` to page).');
const Limit = z.coerce.number().int().min(1).max(200).default(50);

// ——— Outbox ———

export const OutboxChannel = z.enum(['email', 'sms']);
/** `sent`: handed to the transport; a text through a gateway then ends `delivered`, `undelivered` or `failed` as the provider reports. */
export const OutboxStatus = z.enum(['queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'suppressed']);
export type OutboxStatus = z.infer<typeof OutboxStatus>;

export const OutboxQuery = z.object({
  recipient: z.string().max(254).optional(),
  template: z.string().max(100).optional(),
  channel: OutboxChannel.optional(),
  before: Before,
  cursor: TimeCursor,
  limit: Limit,
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

export const OutboxMessage = z.object({
  id: z.string(),
  organizationId: z.string().nullable(),
  channel: OutboxChannel,
  recipient: z.string(),
  /** One-time codes and link tokens are masked (see `secret`). */
  subject: z.string().nullable(),
  /** The text as sent, secrets masked; null when it speaks of a patient and the viewer's role may not read patients (`bodyWithheld`). */
  body: z.string().nullable(),
  bodyWithheld: z.boolean(),
  /** The message carried a one-time sign-in code or a sign-in/password link: it was sent, and is never shown in full. */
  secret: z.enum(['code', 'link']).nullable(),
  template: z.string(),
  status: OutboxStatus,
  attempts: z.number(),
  lastError: z.string().nullable(),
  transport: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** A text through a gateway (Twilio, Telnyx): the provider's message id, its last reported status, error code and when. */
  provider: z
    .object({
      messageId: z.string().nullable(),
      status: z.enum(['queued', 'sent', 'delivered', 'undelivered', 'failed']).nullable(),
      errorCode: z.string().nullable(),
      statusAt: z.string().nullable(),
    })
    .nullable(),
  /** Pass as `cursor` to read the messages after this one. */
  cursor: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const OutboxListResponse = z.object({ items: z.array(OutboxMessage) });
export type OutboxListResponse = z.infer<typeof OutboxListResponse>;

// ——— Errors ———

export const ErrorSource = z.enum(['server', 'client', 'worker']);
export type ErrorSource = z.infer<typeof ErrorSource>;

export const ErrorListQuery = z.object({ source: ErrorSource.optional(), before: Before, cursor: TimeCursor, limit: Limit });
export type ErrorListQuery = z.infer<typeof ErrorListQuery>;

export const ErrorEvent = z.object({
  id: z.string(),
  /** The reference shown to people ("N7DKZ-LDP9Z"). */
  digest: z.string(),
  /** `server`, `client` or `worker` (older records may hold other words). */
  source: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  route: z.string().nullable(),
  method: z.string().nullable(),
  requestId: z.string().nullable(),
  userId: z.string().nullable(),
  statusCode: z.number().nullable(),
  sentryEventId: z.string().nullable(),
  /** The organization the failing request or job concerned; null: only admins read the error. */
  organizationId: z.string().nullable(),
  /** How many times it happened: a browser's report that repeats is counted on its first event. */
  count: z.number(),
  createdAt: z.string(),
  /** When it last happened (= `createdAt` until it repeats). */
  lastSeenAt: z.string(),
});
export type ErrorEvent = z.infer<typeof ErrorEvent>;

/** In a list, each error also carries the cursor of the page after it. */
export const ErrorListItem = ErrorEvent.extend({ cursor: z.string().describe('Pass as `cursor` to read the errors after this one.') });
export type ErrorListItem = z.infer<typeof ErrorListItem>;

export const ErrorListResponse = z.object({ items: z.array(ErrorListItem) });
export type ErrorListResponse = z.infer<typeof ErrorListResponse>;

export const ErrorDigestParams = z.object({ digest: z.string().trim().toUpperCase().max(40) });

export const ClientErrorBody = z.object({
  message: z.string().min(1).max(2000),
  stack: z.string().max(16_000).optional(),
  route: z.string().max(500).optional(),
  sentryEventId: z.string().max(64).optional(),
  /** The server error that caused it, when one did (the reference the page showed). */
  digest: z.string().max(64).optional(),
});
export type ClientErrorBody = z.infer<typeof ClientErrorBody>;

export const ClientErrorResponse = z.object({ digest: z.string() });
export type ClientErrorResponse = z.infer<typeof ClientErrorResponse>;

// ——— Audit ———

export const AuditQuery = z.object({
  action: z.string().max(100).optional().describe('An action (user.created), or a group of actions by its dotted prefix (auth, user).'),
  actorId: z.string().max(100).optional(),
  recordType: z.string().max(50).optional(),
  recordId: z.string().max(100).optional(),
  /** Id of the last event of the previous page: the events before it. */
  before: z.coerce.number().int().positive().optional(),
  limit: Limit,
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEvent = z.object({
  id: z.number(),
  at: z.string(),
  actorType: z.string(),
  actorId: z.string().nullable(),
  actorLabel: z.string().nullable(),
  organizationId: z.string().nullable(),
  action: z.string(),
  recordType: z.string().nullable(),
  recordId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  outcome: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditListResponse = z.object({ items: z.array(AuditEvent) });
export type AuditListResponse = z.infer<typeof AuditListResponse>;

// ——— Settings before sign-in ———

export const PublicConfigResponse = z.object({ sentryDsn: z.string().nullable(), environment: z.string() });
export type PublicConfigResponse = z.infer<typeof PublicConfigResponse>;

/**
 * `GET /api/developer/telephony`: what an integrator gives the telephony provider (issue 30 §4) —
 * the webhook addresses of this deployment, whether their signatures can be checked, who places
 * outbound calls, and the numbers of the organizations the viewer may see.
 */
export const TelephonySetupResponse = z
  .object({
    /** The address the provider reaches (`PUBLIC_URL`); the server's own address when it is unset. */
    publicUrl: z.string(),
    publicUrlConfigured: z.boolean(),
    /** ConversationRelay needs https (its WebSocket is wss). */
    https: z.boolean(),
    /** `TWILIO_AUTH_TOKEN` is set: Twilio's signatures are checked (without it, webhooks are refused). */
    twilioSignatures: z.boolean(),
    /** `TELNYX_PUBLIC_KEY` is set: Telnyx's Ed25519 signatures are checked. */
    telnyxSignatures: z.boolean(),
    /** Who places outbound calls: Twilio's REST API, or the built-in simulator. */
    outboundProvider: z.enum(['twilio', 'simulator']),
    /** Who sends text messages (decision 044): Twilio's or Telnyx's messaging API, or nobody (`log`: they stay in the outbox). */
    textGateway: z.enum(['twilio', 'telnyx', 'log']),
    webhooks: z.array(z.object({ id: z.string(), label: z.string(), method: z.enum(['POST', 'WebSocket']), url: z.string(), where: z.string() })),
    numbers: z.array(
      z.object({
        organizationId: z.string(),
        organizationName: z.string(),
        e164: z.string(),
        voiceMode: z.enum(['gather', 'relay']),
        /** The organization's texts come from this number (its messaging sender, else its first number). */
        sendsTexts: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'TelephonySetup' });
export type TelephonySetupResponse = z.infer<typeof TelephonySetupResponse>;
