import { bigint, customType, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/*
 * Analytics rollups (decisions 020 and 046). Buckets are the organization's local hours, stored as the
 * instant that hour began, so a day of 23 or 25 hours keeps every hour apart. Rows are
 * recomputed from the raw records for each (organization, hour) that changed: triggers on
 * calls, handoffs and appointment_requests (migration 0014) append to `analytics_dirty`, and
 * the analytics feature drains it. Nothing here is written by hand elsewhere. Each organization-
 * local date also has a daily row (the sum of its hours), which long windows read (migration 0028).
 */

/** Bytes read as they are stored: a percentile sketch of durations (domain/analytics/duration-sketch.ts, varint pairs), or a day's calls by hour. */
const sketch = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

const callCounts = () => ({
  direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
  calls: integer('calls').notNull(),
  completed: integer('completed').notNull(),
  silent: integer('silent').notNull(),
  contained: integer('contained').notNull(),
  handedOff: integer('handed_off').notNull(),
  handleSeconds: bigint('handle_seconds', { mode: 'number' }).notNull(),
  handleCount: integer('handle_count').notNull(),
  connected: integer('connected').notNull(),
  voicemail: integer('voicemail').notNull(),
  outcomes: jsonb('outcomes').$type<Record<string, number>>().notNull(),
});

const sketches = () => ({
  claim: sketch('claim').notNull(),
  resolve: sketch('resolve').notNull(),
  claimBusiness: sketch('claim_business').notNull(),
  resolveBusiness: sketch('resolve_business').notNull(),
});

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
    /** Calls per outcome (`none` while no outcome is set), keys from CALL_OUTCOMES: a new outcome needs no column (migration 0028). */
    outcomes: jsonb('outcomes').$type<Record<string, number>>().notNull().default({}),
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

/** Percentile sketches of the handoffs created in an organization-hour: clock and business-hours times to claim and to resolve. */
export const analyticsHandoffHours = pgTable(
  'analytics_handoff_hours',
  { organizationId: org(), bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(), ...sketches() },
  (t) => [primaryKey({ name: 'analytics_handoff_hours_pk', columns: [t.organizationId, t.bucketStart] })],
);

/** The daily rollups: per organization-local date, the sum of its hours (the hours whose local date it is). */
export const analyticsCallDays = pgTable(
  'analytics_call_days',
  {
    organizationId: org(),
    day: date('day').notNull(),
    ...callCounts(),
    /**
     * The heatmap's input: each hour of the date that had calls, as its starting instant (Unix
     * seconds, int8) and its calls (int4), big-endian, in order (decision 046).
     */
    callsByHour: sketch('calls_by_hour').notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_call_days_pk', columns: [t.organizationId, t.day, t.direction] })],
);

export const analyticsRequestDays = pgTable(
  'analytics_request_days',
  {
    organizationId: org(),
    day: date('day').notNull(),
    source: text('source', { enum: ['web', 'phone', 'portal'] }).notNull(),
    started: integer('started').notNull(),
    submitted: integer('submitted').notNull(),
    scheduled: integer('scheduled').notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_request_days_pk', columns: [t.organizationId, t.day, t.source] })],
);

export const analyticsHandoffDays = pgTable(
  'analytics_handoff_days',
  { organizationId: org(), day: date('day').notNull(), ...sketches() },
  (t) => [primaryKey({ name: 'analytics_handoff_days_pk', columns: [t.organizationId, t.day] })],
);

/** One row: when the last drain began that left nothing behind it — what the page reads "as of". */
export const analyticsDrainState = pgTable('analytics_drain_state', {
  id: smallint('id').primaryKey().default(1),
  drainedAt: timestamp('drained_at', { withTimezone: true }),
});
