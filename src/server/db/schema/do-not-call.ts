import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { calls } from './calls.js';

/**
 * Numbers an organization must never call (PRODUCT §4 outbound): added by the phone agent when a
 * caller asks, or by staff. One row per organization and number (E.164).
 */
export const doNotCall = pgTable(
  'do_not_call',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    reason: text('reason').notNull().default(''),
    source: text('source', { enum: ['call', 'staff', 'import', 'sms'] }).notNull().default('staff'),
    /** The call in which the caller asked, when it came from the phone agent. */
    callId: uuid('call_id').references(() => calls.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('do_not_call_org_phone_uq').on(t.organizationId, t.phone), index('do_not_call_phone_idx').on(t.phone)],
);
