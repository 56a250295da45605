import type { DbOrTx } from '../../db/client.js';
import { evidenceRowsOfCall, eventsOf, findCall } from './calls.repository.js';

/**
 * What one call left behind, as an agent test judges it (issue 32): the call's status and
 * outcome, its transcript by speaker, the appointment requests and handoffs it raised, and its
 * transfers — read from the stored records, the same rows staff would see.
 */
export interface CallEvidence {
  call: { status: string; outcome: string | null; summary: string | null } | null;
  transcript: { speaker: 'agent' | 'caller'; text: string; latencyMs: number | null }[];
  requests: { referenceCode: string | null; status: string; firstName: string | null; lastName: string | null; dateOfBirth: string | null; reason: string | null; isNewPatient: boolean | null }[];
  handoffs: { type: string; priority: string; reason: string }[];
  transfers: { target: string; result: string | null }[];
}

export async function evidenceOfCall(db: DbOrTx, callId: string): Promise<CallEvidence> {
  const [call, events, rows] = await Promise.all([findCall(db, callId), eventsOf(db, callId, ['agent_speech', 'caller_speech', 'transfer']), evidenceRowsOfCall(db, callId)]);
  const transcript: CallEvidence['transcript'] = [];
  const transfers: CallEvidence['transfers'] = [];
  for (const e of events) {
    const p = e.payload as { text?: string; target?: { name?: string }; result?: string };
    if (e.kind === 'transfer') {
      const target = p.target?.name ?? 'someone';
      const open = transfers.find((t) => t.target === target && t.result === null);
      if (open && p.result) open.result = p.result;
      else transfers.push({ target, result: p.result ?? null });
    } else if (typeof p.text === 'string') {
      transcript.push({ speaker: e.kind === 'agent_speech' ? 'agent' : 'caller', text: p.text, latencyMs: e.latencyMs ?? null });
    }
  }
  return {
    call: call ? { status: call.status, outcome: call.outcome ?? null, summary: call.summary ?? null } : null,
    transcript,
    requests: rows.requests,
    handoffs: rows.handoffs,
    transfers,
  };
}
