import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { SimulatedTurnStreamLine } from '../../../contracts/simulator.js';
import { invalid, notFound } from '../../http/errors.js';
import { canSeeOrganization, type StaffActor } from '../../policy/actor.js';
import { toE164 } from '../../../domain/phone.js';
import { isUuid, loadVisibleOrganization, organizationVisibleTo, findOrganizationByNumber } from '../../features/organizations/index.js';
import { applyStatus } from '../call-lifecycle.js';
import { findCallOwner, firstNumberOf } from '../../features/calls/index.js';
import { continueCall, startCall } from '../call-pipeline.js';
import type { PipelineOptions, TurnEvent } from '../call-turn-support.js';
import { recordWhatCallerHeard } from '../interruption.js';
import type { Speak } from '../../agent/agent-types.js';
import { sentencesOf, unsaidRest } from '../../agent/sentences.js';

/** A fictional caller (555-01xx numbers are reserved for fiction). */
export const SIMULATED_CALLER = '+12025550143';

/** The simulator answers with the reply itself; no TwiML, same pipeline and records. */
export const simulatorOptions: PipelineOptions = { render: (reply) => JSON.stringify(reply) };

export async function startSimulatedCall(ctx: AppContext, actor: StaffActor, body: { organizationId?: string; to?: string; from?: string }, opts = simulatorOptions) {
  let organizationId: string;
  let to: string;
  if (body.organizationId) {
    const org = await loadVisibleOrganization(ctx.db, actor, body.organizationId);
    organizationId = org.id;
    // The call "dials" the organization's first number, as a real caller would.
    to = (await firstNumberOf(ctx.db, org.id)) ?? 'simulator';
  } else {
    const e164 = toE164(body.to ?? '');
    if (!e164) throw invalid({ to: 'Enter a valid phone number, e.g. +1 860 555 0100.' });
    const org = await findOrganizationByNumber(ctx.db, e164);
    if (!org || !organizationVisibleTo(actor, org)) throw notFound('An organization with that number');
    organizationId = org.id;
    to = e164;
  }
  const from = body.from ? toE164(body.from) : SIMULATED_CALLER;
  if (!from) throw invalid({ from: 'Enter a valid phone number, e.g. +1 860 555 0123.' });
  const out = await startCall(ctx, { provider: 'simulator', providerCallId: `SIM-${randomUUID()}`, from, to, direction: 'inbound', organizationId }, opts);
  if (out.kind !== 'ok') throw notFound('That organization');
  return { callId: out.callId, organizationId: out.organizationId, agentText: out.reply?.text ?? '', ended: out.ended, events: out.events };
}

/** The simulated call, if the actor may see it (else "not found", never "forbidden"). */
async function visibleCall(ctx: AppContext, actor: StaffActor, id: string) {
  if (!isUuid(id)) throw notFound('That call');
  const row = await findCallOwner(ctx.db, id);
  if (!row || row.provider !== 'simulator' || !canSeeOrganization(actor, row.organizationId)) throw notFound('That call');
  return row;
}

/** The simulated call exists and the actor may see it (else "not found"): checked before a streamed answer begins. */
export async function assertSimulatedCallVisible(ctx: AppContext, actor: StaffActor, callId: string): Promise<void> {
  await visibleCall(ctx, actor, callId);
}

/** `speak`: the reply's sentences as the brain decides them (the playground's real-time replies). */
export async function simulateTurn(
  ctx: AppContext,
  actor: StaffActor,
  callId: string,
  body: { text: string; transferResult: 'completed' | 'no-answer' | 'busy' | 'failed' },
  opts = simulatorOptions,
  speak?: Speak,
) {
  await visibleCall(ctx, actor, callId);
  return playSimulatedTurn(ctx, callId, body, opts, speak);
}

/** One caller turn of a simulated call (the caller's visibility already checked, or an agent test's own call). */
export async function playSimulatedTurn(
  ctx: AppContext,
  callId: string,
  body: { text: string; transferResult: 'completed' | 'no-answer' | 'busy' | 'failed' },
  opts = simulatorOptions,
  speak?: Speak,
) {
  const text = body.text.trim();
  const first = await continueCall(ctx, { ref: { callId }, dedupeKey: null, input: text ? { kind: 'speech', text } : { kind: 'silence' }, ...(speak ? { speak } : {}) }, opts);
  if (first.kind !== 'ok') throw notFound('That call');
  const next = first.reply?.next;
  if (next?.type !== 'transfer') return { agentText: first.reply?.text ?? '', ended: first.ended, transfer: null, events: first.events };
  // No phone rings in the simulator: the transfer ends the way the playground chose.
  const dial = await continueCall(ctx, { ref: { callId }, dedupeKey: null, input: { kind: 'dial_result', status: body.transferResult } }, opts);
  if (dial.kind !== 'ok') throw notFound('That call');
  const events: TurnEvent[] = [...first.events, ...dial.events];
  const agentText = [first.reply?.text, dial.reply?.text].filter(Boolean).join(' ');
  return { agentText, ended: dial.ended, transfer: { target: next.target.name, result: body.transferResult }, events };
}

export async function hangUpSimulatedCall(ctx: AppContext, actor: StaffActor, callId: string) {
  await visibleCall(ctx, actor, callId);
  const out = await applyStatus(ctx, { ref: { callId }, status: 'completed', dedupeKey: 'hangup', endedBy: 'caller' });
  if (out.kind !== 'ok') throw notFound('That call');
  return { ended: true as const, events: out.events };
}

/** The caller interrupts the agent's last reply after `heard` (issue 20): the records and the LLM's history keep what was heard. */
export async function interruptSimulatedCall(ctx: AppContext, actor: StaffActor, callId: string, heard: string) {
  await visibleCall(ctx, actor, callId);
  return { cut: await recordWhatCallerHeard(ctx, { callId }, heard, 'interrupted') };
}

/**
 * A turn answered as it is decided (newline-delimited JSON lines, contracts/simulator.ts): the
 * sentences the brain hands on early, then the rest of the reply in sentences, then the whole
 * turn. `write` takes one line; the caller has already checked the call is visible.
 */
export async function simulateTurnStreamed(
  ctx: AppContext,
  actor: StaffActor,
  callId: string,
  body: { text: string; transferResult: 'completed' | 'no-answer' | 'busy' | 'failed' },
  write: (line: SimulatedTurnStreamLine) => void,
): Promise<void> {
  const early: string[] = [];
  const turn = await simulateTurn(ctx, actor, callId, body, simulatorOptions, (text) => {
    early.push(text);
    write({ type: 'sentence', text });
  });
  for (const text of sentencesOf(unsaidRest(turn.agentText, early))) write({ type: 'sentence', text });
  write({ type: 'turn', turn });
}
