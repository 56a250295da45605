import type { DbOrTx } from '../../db/client.js';
import { findOptOut } from './sms-opt-outs.repository.js';

/**
 * What the outbox asks before a text goes out (kept apart from the inbound webhook's service so
 * the outbox depends on nothing but this read).
 */
export async function textOptOutOf(db: DbOrTx, organizationId: string, phone: string): Promise<{ at: Date; keyword: string } | null> {
  const row = await findOptOut(db, organizationId, phone);
  return row ? { at: row.createdAt, keyword: row.keyword } : null;
}
