import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { patients } from './patients.js';
import { calls } from './calls.js';
import { users } from './auth.js';
import { APPOINTMENT_SOURCES, APPOINTMENT_STATUSES } from '../../../domain/appointment-requests/state.js';

// The statuses, their transitions and the sources are the domain's (src/domain/appointment-requests/state.ts).
export { APPOINTMENT_SOURCES, APPOINTMENT_STATUSES };

/**
 * The same record whether the patient asked by phone (the agent's tool) or on the web form.
 * A web draft is a row in status `draft`, found by the hash of the token in its cookie.
 */
export const appointmentRequests = pgTable(
  'appointment_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    callId: uuid('call_id').references(() => calls.id, { onDelete: 'set null' }),
    source: text('source', { enum: APPOINTMENT_SOURCES }).notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('draft'),
    /** Short, unambiguous reference given to the patient (null while a draft). */
    referenceCode: text('reference_code').unique(),
    draftTokenHash: text('draft_token_hash').unique(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    dateOfBirth: date('date_of_birth'),
    phone: text('phone'),
    email: text('email'),
    isNewPatient: boolean('is_new_patient'),
    reason: text('reason'),
    reasonOther: text('reason_other'),
    /** { days: ['mon', …], timesOfDay: ['morning' | 'afternoon' | 'evening'], earliestDate?: 'YYYY-MM-DD' } */
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    insurance: jsonb('insurance').$type<{ carrier?: string; memberId?: string }>().notNull().default(sql`'{}'::jsonb`),
    notes: text('notes'),
    consentToContact: boolean('consent_to_contact').notNull().default(false),
    locale: text('locale').notNull().default('en'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /** The scheduled visit's length, place and clinician (migration 0020; free text, as the scheduler entered them). */
    visitMinutes: integer('visit_minutes'),
    visitLocation: text('visit_location'),
    visitClinician: text('visit_clinician'),
    declineReason: text('decline_reason'),
    cancelReason: text('cancel_reason'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Optimistic concurrency for staff transitions. */
    version: integer('version').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('appointment_requests_org_status_idx').on(t.organizationId, t.status, t.createdAt), index('appointment_requests_patient_idx').on(t.patientId)],
);

/** Status history of a request, shown to staff and (without staff names) to the patient. */
export const appointmentRequestEvents = pgTable(
  'appointment_request_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    appointmentRequestId: uuid('appointment_request_id')
      .notNull()
      .references(() => appointmentRequests.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorType: text('actor_type', { enum: ['staff', 'patient', 'agent', 'system'] }).notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('appointment_request_events_req_idx').on(t.appointmentRequestId, t.at)],
);
