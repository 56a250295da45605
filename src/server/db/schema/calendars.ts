import { sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { BOOKING_CHANNELS, EXCEPTION_KINDS, VISIT_STATUSES } from '../../../domain/calendars/visits.js';
import { users } from './auth.js';
import { organizations } from './organizations.js';

/**
 * Clinicians' calendars (migration 0031, decision 050). The constraints that keep the data true
 * live in the migration: (id, organization_id) foreign keys, so a row can only name records of its
 * own organization, and booked_visits' exclusion constraint, so one clinician's visits never
 * overlap. Drizzle reads and writes the plain columns; `booked_visits.during` is generated from
 * starts_at and occupied_until and is not declared here.
 */

export const locations = pgTable('locations', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const visitTypes = pgTable('visit_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  nameEn: text('name_en').notNull(),
  nameEs: text('name_es').notNull(),
  lengthMinutes: integer('length_minutes').notNull(),
  bufferMinutes: integer('buffer_minutes').notNull().default(0),
  newPatientsAllowed: boolean('new_patients_allowed').notNull().default(true),
  minNoticeMinutes: integer('min_notice_minutes').notNull().default(0),
  maxDaysAhead: integer('max_days_ahead').notNull().default(60),
  channels: text('channels', { enum: BOOKING_CHANNELS }).array().notNull().default(sql`'{phone,web,staff}'::text[]`),
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const clinicians = pgTable('clinicians', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** A user of the organization, or null for a named outside clinician. */
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  title: text('title').notNull().default(''),
  active: boolean('active').notNull().default(true),
  /** Covers the clinician's name, visit types and weekly availability (all saved with it). */
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const clinicianVisitTypes = pgTable(
  'clinician_visit_types',
  {
    clinicianId: uuid('clinician_id').notNull(),
    visitTypeId: uuid('visit_type_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
  },
  (t) => [primaryKey({ name: 'clinician_visit_types_pk', columns: [t.clinicianId, t.visitTypeId] })],
);

export const clinicianAvailability = pgTable('clinician_availability', {
  id: uuid('id').primaryKey().defaultRandom(),
  clinicianId: uuid('clinician_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  /** ISO weekday, 1 = Monday. */
  day: smallint('day').notNull(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  locationId: uuid('location_id').notNull(),
});

export const clinicianExceptions = pgTable('clinician_exceptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  clinicianId: uuid('clinician_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  toDate: date('to_date', { mode: 'string' }).notNull(),
  kind: text('kind', { enum: EXCEPTION_KINDS }).notNull(),
  intervals: jsonb('intervals').$type<{ start: string; end: string }[]>().notNull().default(sql`'[]'::jsonb`),
  locationId: uuid('location_id'),
  note: text('note').notNull().default(''),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const bookedVisits = pgTable('booked_visits', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  clinicianId: uuid('clinician_id').notNull(),
  locationId: uuid('location_id').notNull(),
  visitTypeId: uuid('visit_type_id').notNull(),
  status: text('status', { enum: VISIT_STATUSES }).notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  /** The end of the visit itself. */
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** The end of the visit's buffer: the clinician is taken until then. */
  occupiedUntil: timestamp('occupied_until', { withTimezone: true }).notNull(),
  heldUntil: timestamp('held_until', { withTimezone: true }),
  channel: text('channel', { enum: BOOKING_CHANNELS }).notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  phone: text('phone'),
  email: text('email'),
  isNewPatient: boolean('is_new_patient'),
  patientId: uuid('patient_id'),
  appointmentRequestId: uuid('appointment_request_id'),
  callId: uuid('call_id'),
  notes: text('notes').notNull().default(''),
  /** Whether reminders go before it (decision 052); the demo's made-up patients get none. */
  sendReminders: boolean('send_reminders').notNull().default(true),
  cancelReason: text('cancel_reason'),
  bookedAt: timestamp('booked_at', { withTimezone: true }),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
