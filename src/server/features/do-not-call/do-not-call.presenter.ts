import type { DoNotCallEntry } from '../../../contracts/do-not-call.js';
import type { DoNotCallRow } from './do-not-call.repository.js';

export function presentDoNotCallEntry(row: DoNotCallRow & { cursor: string }): DoNotCallEntry {
  return {
    id: row.id,
    organizationId: row.organizationId,
    phone: row.phone,
    reason: row.reason,
    source: row.source,
    callId: row.callId,
    createdAt: row.createdAt.toISOString(),
    cursor: row.cursor,
  };
}
