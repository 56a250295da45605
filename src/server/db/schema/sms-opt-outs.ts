import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { doNotCall } from './do-not-call.js';

/**
 * Numbers that replied STOP (or another carrier opt-out word) to an organization's texts: no text
 * message goes to them from that organization until they reply START. `doNotCallId` is the
 * do-not-call entry the STOP added (null when the number was already listed), so a START
 * removes only what the STOP put there.
 */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    keyword: text('keyword').notNull(),
    messageSid: text('message_sid'),
    doNotCallId: uuid('do_not_call_id').references(() => doNotCall.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'sms_opt_outs_pk', columns: [t.organizationId, t.phone] })],
);

/**
 * Inbound text messages as far as they were acted on: the keyword's action and the reply sent,
 * never the text itself (a patient may write about their health; a reply on a thread is kept on
 * its handoff, where staff read it under their access rules). The provider's MessageSid is
 * the key, so a repeated webhook gets the stored reply and changes nothing.
 */
export const smsInboundMessages = pgTable(
  'sms_inbound_messages',
  {
    messageSid: text('message_sid').primaryKey(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    /** `reply`: a text on a thread (a reply to a missed-call text, decision 047), whose words went to the thread's handoff. */
    action: text('action', { enum: ['opt_out', 'opt_in', 'help', 'none', 'reply'] }).notNull(),
    reply: text('reply'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_inbound_messages_org_received_idx').on(t.organizationId, t.receivedAt)],
);
