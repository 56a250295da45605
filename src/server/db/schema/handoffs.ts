import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { calls } from './calls.js';
import { appointmentRequests } from './appointment-requests.js';
import { patients } from './patients.js';
import { users } from './auth.js';
import { HANDOFF_PRIORITIES, HANDOFF_SOURCES, HANDOFF_STATUSES, HANDOFF_TYPES } from '../../../domain/handoffs/state.js';

// The handoff state machine and its vocabularies live in the domain (shared with the web).
export { HANDOFF_PRIORITIES, HANDOFF_SOURCES, HANDOFF_STATUSES, HANDOFF_TYPES };

/** The human work queue: what the agent or the web form hands to people. */
export const handoffs = pgTable(
  'handoffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: HANDOFF_TYPES }).notNull(),
    priority: text('priority', { enum: HANDOFF_PRIORITIES }).notNull().default('normal'),
    status: text('status', { enum: HANDOFF_STATUSES }).notNull().default('open'),
    source: text('source', { enum: HANDOFF_SOURCES }).notNull(),
    callId: uuid('call_id').references(() => calls.id, { onDelete: 'set null' }),
    appointmentRequestId: uuid('appointment_request_id').references(() => appointmentRequests.id, { onDelete: 'set null' }),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    /** Who and why, in a line each (no need to open the call to triage). */
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    reason: text('reason').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
    /**
     * Made and resolved at once by the agent's own booking (decision 053): the request's record in
     * the queue, not work handed to a person. While it stays resolved, analytics and the calls list
     * do not count its call as handed off (db/handed-to-a-person.ts).
     */
    settledByAgent: boolean('settled_by_agent').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('handoffs_org_status_due_idx').on(t.organizationId, t.status, t.dueAt),
    index('handoffs_assignee_idx').on(t.assigneeId, t.status),
    index('handoffs_call_idx').on(t.callId),
  ],
);

/** Notes, claims, assignments, call-back attempts and status changes of a handoff, in order. */
export const handoffEvents = pgTable(
  'handoff_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    handoffId: uuid('handoff_id')
      .notNull()
      .references(() => handoffs.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['created', 'claimed', 'assigned', 'note', 'callback_attempt', 'resolved', 'reopened', 'canceled', 'message_sent', 'patient_reply'] }).notNull(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('handoff_events_handoff_idx').on(t.handoffId, t.at),
    // A text's reply finds the handoff that sent it by the outbox row (migration 0030, decision 048).
    index('handoff_events_outbox_message_idx').on(sql`(${t.data}->>'outboxMessageId')`).where(sql`kind = 'message_sent'`),
  ],
);

/**
 * Per-organization handoff deadlines, in minutes per priority (null: the default). Urgent
 * counts clock minutes; the other priorities count the organization's business hours.
 */
export const handoffSlaSettings = pgTable('handoff_sla_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  urgentMinutes: integer('urgent_minutes'),
  highMinutes: integer('high_minutes'),
  normalMinutes: integer('normal_minutes'),
  lowMinutes: integer('low_minutes'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
