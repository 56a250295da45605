import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  timeZone: text('time_zone').notNull(),
  status: text('status', { enum: ['active', 'paused', 'deactivated'] }).notNull().default('active'),
  address: jsonb('address').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  agentSettings: jsonb('agent_settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  appointmentSettings: jsonb('appointment_settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  /** Texts to callers the practice missed (contracts' MissedCallTexts; `{}`: off, the standard words). Migration 0029, decision 047. */
  missedCallTexts: jsonb('missed_call_texts').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  /** Optimistic concurrency: an edit names the version it started from. */
  version: integer('version').notNull().default(1),
  /**
   * Set on a practice's hidden sandbox, where agent tests play (migration 0035, decision 056): the
   * practice it copies. Such an organization is never listed, dialled, counted or exported.
   */
  sandboxOf: uuid('sandbox_of'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userOrganizations = pgTable(
  'user_organizations',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] }), index('user_organizations_org_idx').on(t.organizationId)],
);
