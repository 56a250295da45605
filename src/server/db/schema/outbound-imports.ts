import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { outboundCampaigns } from './outbound.js';
import { users } from './auth.js';

/** A refused CSV row as it was in the file, with why (the rejected-rows download rebuilds the CSV from it). */
export interface StoredRejectedRow {
  row: number;
  cells: string[];
  problems: { code: string; column: string | null; message: string }[];
}

/**
 * The CSV file a campaign was created from (issue 16 §3): counts, and the rows that were not
 * imported, kept so they can be downloaded with their reasons, fixed and imported again. Owned by
 * the outbound-import feature; one per campaign.
 */
export const outboundCampaignImports = pgTable(
  'outbound_campaign_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => outboundCampaigns.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull().default(''),
    headers: jsonb('headers').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    rowCount: integer('row_count').notNull(),
    importedCount: integer('imported_count').notNull(),
    rejectedCount: integer('rejected_count').notNull(),
    rejectedRows: jsonb('rejected_rows').$type<StoredRejectedRow[]>().notNull().default(sql`'[]'::jsonb`),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('outbound_campaign_imports_campaign_uq').on(t.campaignId)],
);
