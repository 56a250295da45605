import type { DbOrTx } from '../../db/client.js';
import { publishLive } from '../live/index.js';
import { insertHandoffEvent } from './handoffs.repository.js';

/**
 * The result of a handoff's "call back" placed by the outbound queue (issue 16 §2) lands in the
 * handoff's history as a `callback_attempt`, by the system (no person acted), with the call.
 */
export async function noteOutboundCallBack(
  db: DbOrTx,
  entry: { handoffId: string; organizationId: string; result: string; outcome: string | null; callId: string | null; jobId: string; number: string; at: Date },
): Promise<void> {
  const body = entry.outcome ? `Outbound call: ${entry.result.replace(/_/g, ' ')} (${entry.outcome.replace(/_/g, ' ')}).` : `Outbound call: ${entry.result.replace(/_/g, ' ')}.`;
  await insertHandoffEvent(db, {
    handoffId: entry.handoffId,
    kind: 'callback_attempt',
    actorUserId: null,
    body,
    data: { result: entry.result, outcome: entry.outcome, number: entry.number, callId: entry.callId, outboundJobId: entry.jobId },
    at: entry.at,
  });
  await publishLive(db, { topic: 'handoffs', organizationId: entry.organizationId, type: 'updated', id: entry.handoffId, data: { action: 'callback' } });
}

/** What the person called back answered, in their words, on the handoff the call answers (issue 27 §2). */
export async function noteOutboundAnswer(db: DbOrTx, entry: { handoffId: string; organizationId: string; text: string; callId: string; jobId: string; at: Date }): Promise<void> {
  await insertHandoffEvent(db, {
    handoffId: entry.handoffId,
    kind: 'note',
    actorUserId: null,
    body: entry.text.slice(0, 2000),
    data: { callId: entry.callId, outboundJobId: entry.jobId },
    at: entry.at,
  });
  await publishLive(db, { topic: 'handoffs', organizationId: entry.organizationId, type: 'updated', id: entry.handoffId, data: { action: 'note' } });
}
