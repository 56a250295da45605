import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { outboundSettings } from '../../db/schema/index.js';

export type OutboundSettingsRow = typeof outboundSettings.$inferSelect;

/** The stored settings of these organizations (an organization without a row has the defaults). */
export async function findOutboundSettings(db: DbOrTx, organizationIds: readonly string[]): Promise<Map<string, OutboundSettingsRow>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await db.select().from(outboundSettings).where(inArray(outboundSettings.organizationId, [...organizationIds]));
  return new Map(rows.map((r) => [r.organizationId, r]));
}

export async function upsertOutboundSettings(db: DbOrTx, row: Omit<OutboundSettingsRow, 'updatedAt'> & { updatedAt: Date }): Promise<OutboundSettingsRow> {
  const { organizationId, ...rest } = row;
  const [stored] = await db.insert(outboundSettings).values(row).onConflictDoUpdate({ target: outboundSettings.organizationId, set: rest }).returning();
  return stored!;
}
