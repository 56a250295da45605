import type { DbOrTx } from '../../db/client.js';
import { cancelIfPending, insertCancelEvent, type AppointmentRequestRow } from './appointment-requests.repository.js';

/**
 * A patient cancels their own request while it is still pending, with its history event; undefined
 * when the practice decided it meanwhile.
 */
export async function cancelPendingByPatient(
  tx: DbOrTx,
  request: { id: string; status: string },
  reason: string | null,
  at: Date,
): Promise<AppointmentRequestRow | undefined> {
  const canceled = await cancelIfPending(tx, request.id, reason, at);
  if (canceled) await insertCancelEvent(tx, request.id, request.status, reason, at);
  return canceled;
}
