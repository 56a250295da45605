import { pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/**
 * An organization's text-message sender and pace (migration 0027, decision 044). `sender` is the
 * E.164 number (or a Twilio Messaging Service SID, `MG…`) its texts come from — none: its first
 * phone number; `perSecond` its sending limit — none: the deployment's SMS_PER_SECOND.
 * `nextSendAt` is the pacing clock every worker process shares: each send takes the next free slot.
 */
export const messagingSettings = pgTable('messaging_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  sender: text('sender'),
  perSecond: real('per_second'),
  nextSendAt: timestamp('next_send_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
