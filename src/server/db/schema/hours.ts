import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { HoursOverride, WeeklyInterval } from '../../../domain/time/index.js';
import { users } from './auth.js';
import { organizations } from './organizations.js';

/**
 * One row per organization: its weekly intervals and date overrides exactly as the domain's
 * `Hours` type holds them (the zone is the organization's), so a read builds `Hours` without
 * joins or reshaping. `version` is the optimistic-concurrency token of every edit and the key
 * under which parsed hours are cached.
 */
export const organizationHours = pgTable('organization_hours', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  weekly: jsonb('weekly').$type<WeeklyInterval[]>().notNull().default(sql`'[]'::jsonb`),
  overrides: jsonb('overrides').$type<HoursOverride[]>().notNull().default(sql`'[]'::jsonb`),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
