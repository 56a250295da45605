import type { AppContext } from '../app-context.js';
import { readAgentState } from '../agent/agent-state.js';
import { cutLastAgentSpeech, isUniqueViolation, loadCall, storeTurn, type CallRef } from '../features/calls/call-records.service.js';
import { callSnapshots } from './call-snapshot-cache.js';
import { FINAL_STATUSES } from './call-turn-support.js';

/**
 * Barge-in (issue 20): the caller cut the agent off after `heard`. The records keep what the
 * caller heard (the last agent speech event is cut, the full text kept as `said` and the event
 * marked `interrupted`), and so does the LLM brain's history — its last answer becomes the heard
 * part with a note that the caller interrupted there, so the model's next turn knows. The
 * built-in brain keeps no history of words. Returns false when there was nothing to cut.
 */
export async function recordInterruption(ctx: AppContext, ref: CallRef, callId: string, heard: string, durationMs: number | null): Promise<boolean> {
  const text = heard.trim();
  const cut = await cutLastAgentSpeech(ctx.pool, callId, text, durationMs);
  if (!cut) return false;
  for (let attempt = 1; attempt <= 3; attempt++) {
    callSnapshots(ctx).forget(ref);
    const snap = await loadCall(ctx.pool, ref, null);
    if (!snap || FINAL_STATUSES.has(snap.status)) return true;
    const state = readAgentState(snap.agentState);
    const last = state.llm.messages.findLast((m) => m.role === 'assistant' && typeof m.content === 'string' && m.content !== '');
    if (!last) return true;
    last.content = `${text}… [the caller interrupted you here and did not hear the rest]`;
    try {
      await storeTurn(ctx.pool, snap.id, snap.lastSeq, [], null, { agentState: state as unknown as Record<string, unknown>, at: ctx.clock.now() });
      return true;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  return true;
}
