import type { DbOrTx } from '../../db/client.js';
import { doNotCall } from '../../db/schema/index.js';

/** Adds a number to the organization's do-not-call list (already there: nothing changes). */
export async function insertDoNotCall(db: DbOrTx, row: { organizationId: string; phone: string; reason: string; callId: string | null; source: 'call' }): Promise<void> {
  await db.insert(doNotCall).values(row).onConflictDoNothing({ target: [doNotCall.organizationId, doNotCall.phone] });
}
