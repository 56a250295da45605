import type { AppContext } from '../../app-context.js';
import { scriptedClock } from '../../lib/clock.js';
import { applyStatus, closeStaleCall } from '../../telephony/call-lifecycle.js';
import { continueCall, startCall } from '../../telephony/call-pipeline.js';
import type { PipelineOptions, TurnOutcome } from '../../telephony/call-turn-support.js';
import { simulatorOptions } from '../../telephony/simulator/simulator.service.js';
import type { DemoCaller } from './demo-caller.js';
import type { Random } from './demo-personas.js';

/** Seconds to say a line at a phone pace, plus a pause. */
const speaking = (text: string, r: Random) => Math.round((text.length / 14 + 0.8 + r() * 2.5) * 1000);

export interface DemoCallResult {
  callId: string;
  outcome: 'ended' | 'abandoned';
}

/**
 * Runs one scripted caller through the simulator adapter — the real pipeline, with the clock
 * moved to when the call "happened" — so the call, its events, requests and handoffs are the
 * genuine article. No live updates are sent for history.
 */
export async function runDemoCall(
  base: AppContext,
  call: { providerCallId: string; organizationId: string; to: string; from: string; startAt: Date; caller: DemoCaller; r: Random },
): Promise<DemoCallResult | null> {
  const clock = scriptedClock(call.startAt);
  const ctx: AppContext = { ...base, clock };
  const opts: PipelineOptions = { ...simulatorOptions, publish: false };
  const started = await startCall(ctx, { provider: 'simulator', providerCallId: call.providerCallId, from: call.from, to: call.to, direction: 'inbound', organizationId: call.organizationId }, opts);
  if (started.kind !== 'ok') return null;
  const ref = { callId: started.callId };
  let out: TurnOutcome = started;
  let move = call.caller.first();
  while (out.kind === 'ok' && !out.ended) {
    const agentText = out.reply?.text ?? '';
    clock.wait(speaking(agentText, call.r));
    if ('hangUp' in move) {
      await applyStatus(ctx, { ref, status: 'completed', dedupeKey: 'hangup', endedBy: 'caller' }, { publish: false });
      return { callId: started.callId, outcome: 'abandoned' };
    }
    if ('transfer' in move) {
      // A transfer that was answered: the caller talks with staff for a while.
      if (move.transfer === 'completed') clock.wait(60_000 + Math.round(call.r() * 240_000));
      else clock.wait(20_000);
      out = await continueCall(ctx, { ref, dedupeKey: null, input: { kind: 'dial_result', status: move.transfer } }, opts);
    } else if ('silence' in move) {
      clock.wait(5000);
      out = await continueCall(ctx, { ref, dedupeKey: null, input: { kind: 'silence' } }, opts);
    } else {
      clock.wait(speaking(move.say, call.r));
      out = await continueCall(ctx, { ref, dedupeKey: null, input: { kind: 'speech', text: move.say, confidence: 0.85 + call.r() * 0.14 } }, opts);
    }
    if (out.kind !== 'ok' || out.ended) break;
    move = call.caller.next(out.reply?.text ?? '', out.reply?.next.type === 'transfer');
  }
  return { callId: started.callId, outcome: 'ended' };
}

/**
 * Ends a demo call an interrupted seed left open (the worker was killed mid-call), as the
 * stale-call sweeper would, with the clock at its last activity: the history keeps no call open.
 */
export async function closeInterruptedDemoCall(base: AppContext, call: { id: string; lastActivityAt: Date }): Promise<void> {
  const ctx: AppContext = { ...base, clock: scriptedClock(new Date(call.lastActivityAt.getTime() + 60_000)) };
  await closeStaleCall(ctx, call.id, 1);
}
