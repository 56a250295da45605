import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/*
 * Analytics rollups (decision 020). Buckets are the organization's local hours, stored as the
 * instant that hour began, so a day of 23 or 25 hours keeps every hour apart. Rows are
 * recomputed from the raw records for each (organization, hour) that changed: triggers on
 * calls, handoffs and appointment_requests (migration 0014) append to `analytics_dirty`, and
 * the analytics feature drains it. Nothing here is written by hand elsewhere.
 */

const org = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** Calls per organization × local hour started × direction. */
export const analyticsCallHours = pgTable(
  'analytics_call_hours',
  {
    organizationId: org(),
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    calls: integer('calls').notNull(),
    completed: integer('completed').notNull(),
    /** Completed with no caller turn: "hung up before speaking" (not answered, PRODUCT §6; migration 0026). */
    silent: integer('silent').notNull().default(0),
    contained: integer('contained').notNull(),
    handedOff: integer('handed_off').notNull(),
    handleSeconds: bigint('handle_seconds', { mode: 'number' }).notNull(),
    handleCount: integer('handle_count').notNull(),
    connected: integer('connected').notNull(),
    voicemail: integer('voicemail').notNull(),
    outcomeAppointmentRequested: integer('outcome_appointment_requested').notNull(),
    outcomeQuestionAnswered: integer('outcome_question_answered').notNull(),
    outcomeTransferred: integer('outcome_transferred').notNull(),
    outcomeMessageTaken: integer('outcome_message_taken').notNull(),
    outcomeEmergency: integer('outcome_emergency').notNull(),
    outcomeVoicemail: integer('outcome_voicemail').notNull(),
    outcomeAbandoned: integer('outcome_abandoned').notNull(),
    outcomeOther: integer('outcome_other').notNull(),
    outcomeNone: integer('outcome_none').notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_call_hours_pk', columns: [t.organizationId, t.bucketStart, t.direction] })],
);

/** Appointment requests per organization × local hour created × source (the funnel's cohort). */
export const analyticsRequestHours = pgTable(
  'analytics_request_hours',
  {
    organizationId: org(),
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['web', 'phone', 'portal'] }).notNull(),
    started: integer('started').notNull(),
    submitted: integer('submitted').notNull(),
    scheduled: integer('scheduled').notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_request_hours_pk', columns: [t.organizationId, t.bucketStart, t.source] })],
);

/** One row per handoff: its clock and business-hours durations (medians need the values). */
export const analyticsHandoffFacts = pgTable(
  'analytics_handoff_facts',
  {
    handoffId: uuid('handoff_id').primaryKey(),
    organizationId: org(),
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    claimSeconds: integer('claim_seconds'),
    resolveSeconds: integer('resolve_seconds'),
    claimBusinessSeconds: integer('claim_business_seconds'),
    resolveBusinessSeconds: integer('resolve_business_seconds'),
  },
  (t) => [index('analytics_handoff_facts_org_bucket_idx').on(t.organizationId, t.bucketStart)],
);

/** Changed (organization, instant) pairs waiting to be folded into the rollups. Append-only. */
export const analyticsDirty = pgTable('analytics_dirty', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  organizationId: uuid('organization_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/**
 * The version each organization-hour was last recomputed at (from `analytics_hour_version_seq`,
 * migration 0023): a process keeping handoff durations in memory fetches the hours newer than
 * the last version it saw (decision 034).
 */
export const analyticsHourVersions = pgTable(
  'analytics_hour_versions',
  {
    organizationId: org(),
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_hour_versions_pk', columns: [t.organizationId, t.bucketStart] }), index('analytics_hour_versions_version_idx').on(t.version)],
);
