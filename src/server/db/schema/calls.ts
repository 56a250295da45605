import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { patients } from './patients.js';
import { CALL_DIRECTIONS, CALL_EVENT_KINDS, CALL_OUTCOMES, CALL_STATUSES } from '../../../domain/calls/vocabulary.js';

// A call's vocabularies live in the domain (shared with the API contracts and the web).
export { CALL_DIRECTIONS, CALL_EVENT_KINDS, CALL_OUTCOMES, CALL_STATUSES };

/**
 * One phone call (PRODUCT §5). Its transcript, chat context and timeline are views of its
 * ordered `call_events`; `transcript_text` is a denormalised copy of the spoken turns kept for
 * full-text search over a million calls. The table is stored with `fillfactor = 60` (migration
 * 0009, which drizzle's schema cannot express) so a live call's per-turn updates stay HOT.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: CALL_DIRECTIONS }).notNull(),
    status: text('status', { enum: CALL_STATUSES }).notNull().default('ringing'),
    outcome: text('outcome', { enum: CALL_OUTCOMES }),
    provider: text('provider', { enum: ['twilio', 'simulator'] }).notNull(),
    /** The provider's id for the call (Twilio CallSid); unique per provider, so repeated webhooks find the same call. */
    providerCallId: text('provider_call_id').notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    brain: text('brain', { enum: ['builtin', 'llm'] }).notNull().default('builtin'),
    /** The dialogue's working memory between turns (intent, filled slots, retries). */
    agentState: jsonb('agent_state').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    summary: text('summary'),
    transcriptText: text('transcript_text').notNull().default(''),
    recordingUrl: text('recording_url'),
    recordingDurationSeconds: integer('recording_duration_seconds'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the call was placed by the outbound queue. */
    outboundJobId: uuid('outbound_job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calls_provider_call_uq').on(t.provider, t.providerCallId),
    index('calls_from_idx').on(t.fromNumber),
    index('calls_status_idx').on(t.status).where(sql`status in ('ringing', 'in_progress')`),
    index('calls_transcript_fts_idx').using('gin', sql`to_tsvector('english', ${t.transcriptText})`),
    // The calls list (features/calls): keyset pages by (start time | duration, id), across all
    // organizations or within one, or of one outcome or status (rare ones would otherwise be
    // sought through thousands of rows), and the callee of outbound calls for the phone filter.
    index('calls_started_id_idx').on(t.startedAt.desc(), t.id.desc()),
    index('calls_org_started_id_idx').on(t.organizationId, t.startedAt.desc(), t.id.desc()),
    index('calls_duration_id_idx').on(sql`coalesce(${t.durationSeconds}, -1) desc nulls last`, t.id.desc()),
    index('calls_org_duration_id_idx').on(t.organizationId, sql`coalesce(${t.durationSeconds}, -1) desc nulls last`, t.id.desc()),
    index('calls_outcome_started_id_idx').on(t.outcome, t.startedAt.desc(), t.id.desc()),
    index('calls_status_started_id_idx').on(t.status, t.startedAt.desc(), t.id.desc()),
    index('calls_to_idx').on(t.toNumber),
  ],
);

/** Everything that happened on a call, in order (`seq` is per call). */
export const callEvents = pgTable(
  'call_events',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: CALL_EVENT_KINDS }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** Milliseconds the step took (a model request, a turn), where it applies. */
    latencyMs: real('latency_ms'),
    /** Idempotency: the provider request that produced this event (repeated webhooks are ignored). */
    dedupeKey: text('dedupe_key'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  // (call_id, seq) is the key: no surrogate id, so a turn's few events cost two index entries
  // each at most; only the first event of a provider request carries a dedupe key.
  (t) => [primaryKey({ name: 'call_events_pkey', columns: [t.callId, t.seq] }), uniqueIndex('call_events_dedupe_uq').on(t.callId, t.dedupeKey).where(sql`dedupe_key is not null`)],
);

/**
 * ConversationRelay sockets (issue 28): a call answered with <Connect><ConversationRelay> is
 * `awaiting` its socket; the first socket whose `setup` names the call while it is in progress
 * takes it (`sessionId`), and any other socket for it is refused until the call is answered with
 * a new <Connect> (after a transfer nobody took). In PostgreSQL, so every web process agrees.
 */
export const callRelaySockets = pgTable('call_relay_sockets', {
  callId: uuid('call_id')
    .primaryKey()
    .references(() => calls.id, { onDelete: 'cascade' }),
  awaiting: boolean('awaiting').notNull(),
  sessionId: text('session_id'),
  connectedAt: timestamp('connected_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
