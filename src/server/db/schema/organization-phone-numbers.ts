import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/**
 * The numbers callers dial. A number routes calls to exactly one organization, so the E.164
 * form is unique across the whole deployment, not per organization.
 */
export const organizationPhoneNumbers = pgTable(
  'organization_phone_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    e164: text('e164').notNull().unique(),
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organization_phone_numbers_org_idx').on(t.organizationId)],
);
