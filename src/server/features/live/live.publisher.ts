import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export const LIVE_CHANNEL = 'switchboard_live';

export interface LiveEvent {
  /** What changed, e.g. `calls`, `handoffs`, `appointment-requests`. Browsers subscribe by topic. */
  topic: string;
  organizationId: string;
  /** e.g. `created`, `updated`, `turn` */
  type: string;
  id: string;
  /** Small hints only (NOTIFY payloads are limited to 8 KB); clients refetch what they show. */
  data?: Record<string, unknown>;
}

/**
 * Publishes through PostgreSQL NOTIFY in the caller's transaction: delivered to every web
 * process on commit, never for a rolled-back change.
 */
export async function publishLive(db: DbOrTx, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}
