import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organizations } from './organizations.js';
import { calls } from './calls.js';
import { outboxMessages } from './ops.js';
import { handoffs } from './handoffs.js';

/**
 * What became of each missed call that could have been texted (migration 0029, decision 047):
 * `sent` — the text is in the outbox (`outboxMessageId`); `skipped` — not sent, and `reason` says
 * why (texted within the window, opted out, called again, already handled…). One row per call:
 * the key makes a repeated job send nothing twice. A reply from the number opens the thread
 * `handoffId` (a message handoff), where later replies land too.
 */
export const missedCallTexts = pgTable(
  'missed_call_texts',
  {
    callId: uuid('call_id')
      .primaryKey()
      .references(() => calls.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    status: text('status', { enum: ['sent', 'skipped'] }).notNull(),
    reason: text('reason', { enum: ['recently_texted', 'opted_out', 'called_again', 'handled', 'turned_off', 'not_textable'] }),
    language: text('language', { enum: ['en', 'es'] }).notNull().default('en'),
    outboxMessageId: uuid('outbox_message_id').references(() => outboxMessages.id, { onDelete: 'set null' }),
    handoffId: uuid('handoff_id').references(() => handoffs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('missed_call_texts_sent_idx').on(t.organizationId, t.phone, t.createdAt.desc()).where(sql`status = 'sent'`)],
);
