import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** Text content (a calendar file is text). */
  content: string;
}

/** Every email and text message; a worker job delivers it (SMTP when configured). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    template: text('template').notNull(),
    /** Files sent with an e-mail (a visit's calendar file), kept so every attempt sends the same. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * `queued → sending → sent`, then for a text handed to a gateway the provider's final word:
     * `delivered | undelivered | failed` (migration 0027). `suppressed`: held back (STOP).
     */
    status: text('status', { enum: ['queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'suppressed'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    transport: text('transport'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the attempt now (or last) sending this text claimed it, before asking the provider. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The gateway's id of the message (Twilio's MessageSid, Telnyx's message id): at most one per row. */
    providerMessageId: text('provider_message_id'),
    /** The provider's last word: `queued | sent | delivered | undelivered | failed`. */
    providerStatus: text('provider_status', { enum: ['queued', 'sent', 'delivered', 'undelivered', 'failed'] }),
    providerErrorCode: text('provider_error_code'),
    providerStatusAt: timestamp('provider_status_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_recipient_idx').on(t.recipient),
    uniqueIndex('outbox_provider_message_idx').on(t.transport, t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
  ],
);

/**
 * The error log. An event belongs to the organization the failing request or job concerned
 * (null: admins only). Browser reports that repeat (same `fingerprint`) are one event with a
 * `count` and the time last seen; `reporter_ip` caps how many new ones an address may store.
 */
export const errorEvents = pgTable(
  'error_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    digest: text('digest').notNull().unique(),
    source: text('source', { enum: ['server', 'client', 'worker'] }).notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    fingerprint: text('fingerprint').unique(),
    count: integer('count').notNull().default(1),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    reporterIp: text('reporter_ip'),
    message: text('message').notNull(),
    stack: text('stack'),
    route: text('route'),
    method: text('method'),
    requestId: text('request_id'),
    userId: text('user_id'),
    statusCode: integer('status_code'),
    sentryEventId: text('sentry_event_id'),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('error_events_created_idx').on(t.createdAt), index('error_events_organization_created_idx').on(t.organizationId, t.createdAt)],
);

/** Who did what to which record, never the record's content. Append-only. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorType: text('actor_type', { enum: ['staff', 'patient', 'api_key', 'system', 'anonymous'] }).notNull(),
    actorId: text('actor_id'),
    actorLabel: text('actor_label'),
    organizationId: uuid('organization_id'),
    action: text('action').notNull(),
    recordType: text('record_type'),
    recordId: text('record_id'),
    ipAddress: text('ip_address'),
    outcome: text('outcome', { enum: ['success', 'failure', 'denied'] }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('audit_at_idx').on(t.at), index('audit_record_idx').on(t.recordType, t.recordId), index('audit_actor_idx').on(t.actorId)],
);

/**
 * Request counters of the rate limits on public routes (http/rate-limit-store.ts), shared by
 * every web process. UNLOGGED (migration 0010): a counter lost in a crash only restarts a window.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
