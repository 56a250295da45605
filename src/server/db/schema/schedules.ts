import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SCHEDULE_PURPOSES } from '../../../domain/time/schedule.schema.js';
import { users } from './auth.js';
import { organizations } from './organizations.js';

/** Named on-duty rotas of an organization (front desk, on-call nurse). */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /**
     * `office_hours`: staffs the office while it is open (reception, duty doctor).
     * `after_hours`: puts a nurse or on-call clinician on duty for urgent transfers while the
     * office is closed. Patients only ever see office hours (`organization_hours`).
     */
    purpose: text('purpose', { enum: SCHEDULE_PURPOSES }).notNull().default('office_hours'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('schedules_org_name_unique').on(t.organizationId, sql`lower(${t.name})`),
    check('schedules_purpose_check', sql`${t.purpose} in ('office_hours', 'after_hours')`),
  ],
);

const assigneeTypes = ['user', 'phone'] as const;

/**
 * A weekly shift: on the chosen ISO weekdays (1 = Monday) from `start_time` to `end_time` in the
 * organization's zone (an end at or before the start runs past midnight). Exactly one of the
 * assignee columns is set, matching `assignee_type`.
 */
export const scheduleShifts = pgTable(
  'schedule_shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    assigneeType: text('assignee_type', { enum: assigneeTypes }).notNull(),
    assigneeUserId: text('assignee_user_id').references(() => users.id, { onDelete: 'cascade' }),
    assigneePhone: text('assignee_phone'),
    days: integer('days').array().notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }),
    effectiveTo: date('effective_to', { mode: 'string' }),
    precedence: integer('precedence').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedule_shifts_schedule_idx').on(t.scheduleId),
    check(
      'schedule_shifts_assignee_check',
      sql`(${t.assigneeType} = 'user' and ${t.assigneeUserId} is not null and ${t.assigneePhone} is null) or (${t.assigneeType} = 'phone' and ${t.assigneePhone} is not null and ${t.assigneeUserId} is null)`,
    ),
  ],
);

/**
 * A one-off change of who is on duty between two instants ("Dana covers for Lee from Fri 17:00
 * to Mon 08:00"). Entered as wall times in the organization's zone and stored as instants, so a
 * later change of zone does not move an arrangement already made.
 */
export const scheduleOverrides = pgTable(
  'schedule_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    assigneeType: text('assignee_type', { enum: assigneeTypes }).notNull(),
    assigneeUserId: text('assignee_user_id').references(() => users.id, { onDelete: 'cascade' }),
    assigneePhone: text('assignee_phone'),
    replacesType: text('replaces_type', { enum: assigneeTypes }),
    replacesUserId: text('replaces_user_id').references(() => users.id, { onDelete: 'cascade' }),
    replacesPhone: text('replaces_phone'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedule_overrides_schedule_idx').on(t.scheduleId, t.endsAt),
    check('schedule_overrides_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'schedule_overrides_assignee_check',
      sql`(${t.assigneeType} = 'user' and ${t.assigneeUserId} is not null and ${t.assigneePhone} is null) or (${t.assigneeType} = 'phone' and ${t.assigneePhone} is not null and ${t.assigneeUserId} is null)`,
    ),
  ],
);
