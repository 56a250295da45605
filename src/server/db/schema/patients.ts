import { index, pgTable, text, timestamp, uuid, date } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/** A patient as one practice knows them; the same person at two practices is two rows. */
export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    phone: text('phone'),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('patients_org_phone_idx').on(t.organizationId, t.phone), index('patients_org_email_idx').on(t.organizationId, t.email)],
);
