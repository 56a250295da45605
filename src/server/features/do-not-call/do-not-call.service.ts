import type { DbOrTx } from '../../db/client.js';
import { insertDoNotCall } from './do-not-call.repository.js';

/** A caller asked not to be called again: the number goes on the organization's list. */
export async function addDoNotCallFromCall(db: DbOrTx, entry: { organizationId: string; phone: string; reason: string; callId: string }): Promise<void> {
  await insertDoNotCall(db, { ...entry, source: 'call' });
}
