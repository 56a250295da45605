import { eq, getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { outboundCampaignImports } from '../../db/schema/index.js';

export type CampaignImportRow = typeof outboundCampaignImports.$inferSelect;

export async function insertCampaignImport(db: DbOrTx, row: typeof outboundCampaignImports.$inferInsert): Promise<CampaignImportRow> {
  const [created] = await db.insert(outboundCampaignImports).values(row).returning();
  return created!;
}

/** The import of a campaign, without its refused rows (they can be large). */
export async function findCampaignImportSummary(db: DbOrTx, campaignId: string) {
  const { rejectedRows: _rows, ...columns } = getTableColumns(outboundCampaignImports);
  const [row] = await db.select(columns).from(outboundCampaignImports).where(eq(outboundCampaignImports.campaignId, campaignId)).limit(1);
  return row;
}

export async function findCampaignImport(db: DbOrTx, campaignId: string): Promise<CampaignImportRow | undefined> {
  const [row] = await db.select().from(outboundCampaignImports).where(eq(outboundCampaignImports.campaignId, campaignId)).limit(1);
  return row;
}
