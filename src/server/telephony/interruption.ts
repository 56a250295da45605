import type { AppContext } from '../app-context.js';
import { readAgentState } from '../agent/agent-state.js';
import { cutLastAgentSpeech, isUniqueViolation, loadCall, storeTurn, type CallRef } from '../features/calls/index.js';
import { callSnapshots } from './call-snapshot-cache.js';
import { FINAL_STATUSES } from './call-turn-support.js';

const ATTEMPTS = 3;

/**
 * The caller heard less of the agent's last words than was stored, and the records must say
 * what they heard:
 * - `interrupted` — a barge-in (issue 20): the caller cut the agent off after `heard`;
 * - `rerun` — a real-time turn was answered again after a concurrent write, and the caller had
 *   already heard the first attempt's words (issue 29 §2): those are what was said.
 *
 * The last agent speech event keeps the stored text as `said` and becomes `heard`; an
 * `interruption` event records it; and the LLM brain's history gets the heard part (with a note
 * when the caller cut in), so the model's next turn knows. All of it is one write of the call's
 * state under the sequence-number check, like every turn: a turn stored meanwhile fails this
 * write, which reads the call again. Returns false when there was nothing to cut.
 */
export async function recordWhatCallerHeard(ctx: AppContext, ref: CallRef, heard: string, why: 'interrupted' | 'rerun', durationMs: number | null = null): Promise<boolean> {
  const text = heard.trim();
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    callSnapshots(ctx).forget(ref);
    const snap = await loadCall(ctx.pool, ref, null);
    if (!snap || FINAL_STATUSES.has(snap.status)) return false;
    const state = readAgentState(snap.agentState);
    const last = state.llm.messages.findLast((m) => m.role === 'assistant' && typeof m.content === 'string' && m.content !== '');
    if (last) last.content = why === 'interrupted' ? `${text}… [the caller interrupted you here and did not hear the rest]` : text;
    const now = ctx.clock.now();
    try {
      return await ctx.db.transaction(async (tx) => {
        if (!(await cutLastAgentSpeech(tx, snap.id, text, durationMs, why))) return false;
        const event = { kind: 'interruption' as const, payload: { heard: text, why, ...(durationMs === null ? {} : { heardMs: Math.round(durationMs) }) }, latencyMs: null, at: now };
        await storeTurn(tx, snap.id, snap.lastSeq, [event], null, { agentState: state as unknown as Record<string, unknown>, at: now });
        return true;
      });
    } catch (err) {
      if (!isUniqueViolation(err) || attempt === ATTEMPTS) throw err;
    } finally {
      callSnapshots(ctx).forget(ref);
    }
  }
  return false;
}
