import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookedVisits } from './calendars.js';
import { organizations } from './organizations.js';

/**
 * A reminder sent before a booked visit (migration 0032, issue 31 §5): at most one per visit,
 * moment (`hoursBefore`) and channel — the unique key does that — with the patient's answer to
 * it (C confirms, R asks for another time).
 */
export const visitReminders = pgTable('visit_reminders', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  visitId: uuid('visit_id')
    .notNull()
    .references(() => bookedVisits.id, { onDelete: 'cascade' }),
  hoursBefore: integer('hours_before').notNull(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  recipient: text('recipient').notNull(),
  outboxMessageId: uuid('outbox_message_id'),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  answer: text('answer', { enum: ['confirmed', 'another_time'] }),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
});
