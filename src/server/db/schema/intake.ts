import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appointmentRequests } from './appointment-requests.js';
import { organizations } from './organizations.js';
import { patients } from './patients.js';

/** A patient's intake form for one appointment request: saved as they go, submitted once. */
export const intakeSubmissions = pgTable(
  'intake_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    appointmentRequestId: uuid('appointment_request_id')
      .notNull()
      .unique()
      .references(() => appointmentRequests.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    formVersion: integer('form_version').notNull().default(1),
    status: text('status', { enum: ['in_progress', 'submitted'] }).notNull().default('in_progress'),
    /** section → field → value, as in src/domain/patient/intake-form.ts */
    answers: jsonb('answers').$type<Record<string, Record<string, string | boolean | string[]>>>().notNull().default(sql`'{}'::jsonb`),
    signatureName: text('signature_name'),
    locale: text('locale').notNull().default('en'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('intake_submissions_org_idx').on(t.organizationId, t.status)],
);

/**
 * Links to the intake form of one request (success page, portal, messages). The token is
 * random and stored hashed; the link opens only that request's form.
 */
export const intakeLinks = pgTable(
  'intake_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentRequestId: uuid('appointment_request_id')
      .notNull()
      .references(() => appointmentRequests.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    issuedVia: text('issued_via', { enum: ['success_page', 'confirmation', 'portal', 'message'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('intake_links_request_idx').on(t.appointmentRequestId)],
);
