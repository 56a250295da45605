import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/**
 * One-time sign-in codes of the patient portal. A row is written for every sign-in attempt,
 * matched or not, so the answer never tells whether a patient exists; only a matched row's code
 * is ever sent. The code is stored hashed; a row allows five tries and one use.
 */
export const portalCodes = pgTable(
  'portal_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    contactKind: text('contact_kind', { enum: ['email', 'phone'] }).notNull(),
    /** Lower-cased email or E.164 phone. */
    contact: text('contact').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    codeHash: text('code_hash').notNull(),
    matched: boolean('matched').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portal_codes_contact_idx').on(t.organizationId, t.contact, t.createdAt)],
);

/**
 * Patient portal sessions: separate from staff sessions (own table, own cookie), bound to one
 * practice and to the contact and date of birth that were proven with a code. The patient's
 * records are that practice's requests made with that contact and date of birth.
 */
export const patientSessions = pgTable(
  'patient_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    contactKind: text('contact_kind', { enum: ['email', 'phone'] }).notNull(),
    contact: text('contact').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('patient_sessions_org_idx').on(t.organizationId)],
);
