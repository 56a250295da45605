import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { patients } from './patients.js';
import { handoffs } from './handoffs.js';
import { calls } from './calls.js';
import { users } from './auth.js';
import { appointmentRequests } from './appointment-requests.js';
import {
  CAMPAIGN_STATUSES,
  OUTBOUND_ATTEMPT_RESULTS,
  OUTBOUND_JOB_STATUSES,
  OUTBOUND_OUTCOMES,
  OUTBOUND_PLACEMENT_STATES,
  OUTBOUND_PROVIDERS,
  OUTBOUND_PURPOSES,
} from '../../../domain/outbound/vocabulary.js';

/**
 * Outbound calling (issue 16, decision 019). A campaign groups jobs; a job is one contact to reach
 * (a single call is a job without a campaign); every placement is an attempt with its own call
 * record. The queue itself is these rows: graphile-worker only wakes the dispatcher.
 * `calls.outbound_job_id` points back at the job (its foreign key and index are in migration 0013;
 * the calls schema keeps the plain column so the two files need not import each other).
 */
export const outboundCampaigns = pgTable(
  'outbound_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    purpose: text('purpose', { enum: OUTBOUND_PURPOSES }).notNull(),
    /** Guidance for the agent and the staff who follow up; never spoken (issue 27). */
    instructions: text('instructions').notNull().default(''),
    /** Said to the confirmed patient as written, after the purpose sentence (issue 27). */
    messageForPatient: text('message_for_patient').notNull().default(''),
    /** What the calls are about ("well-child check-up"): said after identity is confirmed. */
    visitType: text('visit_type').notNull().default(''),
    /** Left on an answering machine; never health details. */
    voicemailMessage: text('voicemail_message').notNull().default(''),
    /** Calling window in the callee's local time (HH:MM), on ISO weekdays 1 (Monday) – 7. */
    windowStart: text('window_start').notNull().default('09:00'),
    windowEnd: text('window_end').notNull().default('18:00'),
    windowDays: integer('window_days').array().notNull().default(sql`'{1,2,3,4,5}'::integer[]`),
    maxAttempts: integer('max_attempts').notNull().default(3),
    retryIntervalMinutes: integer('retry_interval_minutes').notNull().default(60),
    /** Simultaneous calls of this campaign (the organization's own limit applies too). */
    concurrency: integer('concurrency').notNull().default(2),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('scheduled'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbound_campaigns_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()), index('outbound_campaigns_status_idx').on(t.status)],
);

export const outboundJobs = pgTable(
  'outbound_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').references(() => outboundCampaigns.id, { onDelete: 'cascade' }),
    handoffId: uuid('handoff_id').references(() => handoffs.id, { onDelete: 'set null' }),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    contactName: text('contact_name').notNull().default(''),
    /** E.164. */
    phone: text('phone').notNull(),
    /** IANA zone of the callee when known (CSV column); else derived from the number, else the organization's. */
    timeZone: text('time_zone'),
    /** YYYY-MM-DD, for the identity check before anything about health is said. */
    dateOfBirth: text('date_of_birth'),
    purpose: text('purpose', { enum: OUTBOUND_PURPOSES }).notNull(),
    /** Guidance for the agent and the staff who follow up; never spoken (issue 27). */
    instructions: text('instructions').notNull().default(''),
    messageForPatient: text('message_for_patient').notNull().default(''),
    /** What the call is about; a campaign's contact may name its own (a CSV column). */
    visitType: text('visit_type').notNull().default(''),
    /** The reminded visit (appointment reminders). */
    appointmentAt: timestamp('appointment_at', { withTimezone: true }),
    status: text('status', { enum: OUTBOUND_JOB_STATUSES }).notNull().default('scheduled'),
    outcome: text('outcome', { enum: OUTBOUND_OUTCOMES }),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    retryIntervalMinutes: integer('retry_interval_minutes').notNull().default(60),
    /** When the dispatcher looks at the job next (its time, a retry, or the next window opening). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastResult: text('last_result', { enum: OUTBOUND_ATTEMPT_RESULTS }),
    /** What the callee said that decided the outcome, in their words. */
    response: text('response'),
    /** What the conversation created for staff: a request, or a handoff (besides the one a call-back answers). */
    appointmentRequestId: uuid('appointment_request_id').references(() => appointmentRequests.id, { onDelete: 'set null' }),
    resultHandoffId: uuid('result_handoff_id').references(() => handoffs.id, { onDelete: 'set null' }),
    /** A message is left on a machine once per contact. */
    voicemailLeftAt: timestamp('voicemail_left_at', { withTimezone: true }),
    /** Spreadsheet row of the import (2 = the first contact) and the columns no field took. */
    rowNumber: integer('row_number'),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The dispatcher's scan: due jobs waiting for a line.
    index('outbound_jobs_due_idx').on(t.nextAttemptAt).where(sql`status in ('scheduled', 'queued')`),
    index('outbound_jobs_campaign_idx').on(t.campaignId, t.status),
    index('outbound_jobs_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    index('outbound_jobs_handoff_idx').on(t.handoffId).where(sql`handoff_id is not null`),
    index('outbound_jobs_live_idx').on(t.organizationId).where(sql`status in ('dialing', 'in_progress')`),
  ],
);

/**
 * One placement of a job. The row is written (state `placing`) and committed before the provider
 * is asked; its id travels with the placement, so a crash between the two is reconciled by asking
 * the provider, never by placing again (decision 019).
 */
export const outboundAttempts = pgTable(
  'outbound_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => outboundJobs.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    attemptNo: integer('attempt_no').notNull(),
    provider: text('provider', { enum: OUTBOUND_PROVIDERS }).notNull(),
    placement: text('placement', { enum: OUTBOUND_PLACEMENT_STATES }).notNull().default('placing'),
    providerCallId: text('provider_call_id'),
    callId: uuid('call_id').references(() => calls.id, { onDelete: 'set null' }),
    result: text('result', { enum: OUTBOUND_ATTEMPT_RESULTS }),
    /** Twilio's AnsweredBy (human, machine_start, machine_end_beep, fax, unknown). */
    answeredBy: text('answered_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbound_attempts_job_no_uq').on(t.jobId, t.attemptNo),
    uniqueIndex('outbound_attempts_provider_call_uq').on(t.provider, t.providerCallId).where(sql`provider_call_id is not null`),
    index('outbound_attempts_open_idx').on(t.placement, t.claimedAt).where(sql`result is null`),
  ],
);

/**
 * An organization's outbound settings (migration 0022), edited on /outbound by supervisors: the
 * calling window of its single calls and call-backs (a campaign has its own) and its line limit.
 * No row: 08:00–21:00 every day and the deployment's `OUTBOUND_ORG_CONCURRENCY`.
 */
export const outboundSettings = pgTable('outbound_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Null: the deployment's default. */
  concurrency: integer('concurrency'),
  windowStart: text('window_start').notNull().default('08:00'),
  windowEnd: text('window_end').notNull().default('21:00'),
  windowDays: integer('window_days').array().notNull().default(sql`'{1,2,3,4,5,6,7}'::integer[]`),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
