import { randomUUID } from 'node:crypto';
import type { AppContext } from '../app-context.js';
import { initialAgentState, organizationProfile, readAgentState } from '../agent/agent-state.js';
import type { AgentReply, CallerInput, CallInfo, OrganizationProfile, Speak } from '../agent/agent-types.js';
import { runAgentTurn } from '../agent/dialogue-loop.js';
import { say } from '../agent/messages/index.js';
import { TurnLog } from '../agent/turn-log.js';
import { findOrganizationForCall, findRelayHintNames, insertCall, isUniqueViolation, loadCall, storeTurn, type CallRef } from '../features/calls/index.js';
import { callInfo, endPatch, FINAL_STATUSES, liveEvent, presentEvents, publishAfterCommit, turnEnv, type PipelineOptions, type TurnOutcome } from './call-turn-support.js';
import { LazyTransaction } from './lazy-transaction.js';
import { noteOrganization } from '../policy/concerned-organization.js';
import { callSnapshots } from './call-snapshot-cache.js';
import { missedCallTextJob, queueMissedCallText } from '../features/missed-calls/index.js';

/**
 * The pipeline every adapter drives (Twilio webhooks, the simulator): a call starts, the
 * caller's turns are answered by the agent, and each turn's events and the call's new state are
 * stored together with the answer — repeated provider requests get the stored answer again.
 */

export interface NewInboundCall {
  provider: 'twilio' | 'simulator';
  providerCallId: string;
  from: string;
  to: string;
  direction: 'inbound' | 'outbound';
  /** The simulator names the organization; providers are routed by the number dialled. */
  organizationId?: string;
}

const MAX_ATTEMPTS = 4;

export async function startCall(ctx: AppContext, input: NewInboundCall, opts: PipelineOptions): Promise<TurnOutcome> {
  const ref: CallRef = { provider: input.provider, providerCallId: input.providerCallId };
  const by = input.organizationId ? { id: input.organizationId } : { number: input.direction === 'inbound' ? input.to : input.from };
  const row = await findOrganizationForCall(ctx.pool, by);
  if (!row || row.status === 'deactivated') return { kind: 'unknown_number' };
  const org = organizationProfile(row);
  noteOrganization(org.id);
  const now = ctx.clock.now();
  const state = initialAgentState();
  const call: CallInfo = { id: randomUUID(), organizationId: org.id, provider: input.provider, direction: input.direction, from: input.from, to: input.to, startedAt: now };
  const log = new TurnLog(() => now);
  const lazy = new LazyTransaction(ctx.db, ctx.pool);
  log.add('status', { from: 'ringing', to: 'in_progress' });
  let reply: AgentReply;
  if (org.status === 'paused') {
    reply = { text: closedMessage(org), next: { type: 'hangup' } };
    log.agentSaid(reply.text);
    state.ended = true;
  } else reply = await runAgentTurn(turnEnv(ctx, call, org, state, now, log, lazy), { kind: 'start' });
  await lazy.rollback(); // a greeting writes nothing
  const ended = reply.next.type === 'hangup';
  // A relay session is connected by this first answer: its recogniser is told the names to expect.
  const hints = org.settings.voiceMode === 'relay' && reply.next.type === 'gather' ? await findRelayHintNames(ctx.pool, org.id) : undefined;
  const response = opts.render(reply, { callId: call.id, turn: state.turn, org, ...(hints ? { hints } : {}) });
  log.events[0]!.payload.response = response;
  if (ended) log.add('status', { from: 'in_progress', to: 'completed' });
  const closing = ended ? endPatch({ answeredAt: now, startedAt: now }, state, now, 'agent', 'completed') : {};
  const inserted = await insertCall(
    ctx.pool,
    {
      id: call.id,
      organizationId: org.id,
      direction: input.direction,
      status: ended ? 'completed' : 'in_progress',
      provider: input.provider,
      providerCallId: input.providerCallId,
      fromNumber: input.from,
      toNumber: input.to,
      brain: org.settings.brain,
      agentState: state as unknown as Record<string, unknown>,
      transcriptText: ended ? log.transcript.join('\n') : '',
      startedAt: now,
      answeredAt: now,
      endedAt: closing.endedAt ?? null,
      durationSeconds: closing.durationSeconds ?? null,
      outcome: ended ? 'other' : null,
      summary: ended ? 'The practice is paused: the caller heard the closed message.' : null,
    },
    log.events,
    'start',
  );
  if (inserted === 'exists') {
    // A repeated webhook: answer what the first one stored.
    const again = await loadCall(ctx.pool, ref, 'start');
    if (again?.replay) return replayOf(again.id, again.organizationId, again.replay);
    return { kind: 'unknown_call' };
  }
  if (!ended) {
    callSnapshots(ctx).put({
      id: call.id,
      organizationId: org.id,
      providerCallId: input.providerCallId,
      status: 'in_progress',
      provider: input.provider,
      direction: input.direction,
      fromNumber: input.from,
      toNumber: input.to,
      agentState: state as unknown as Record<string, unknown>,
      startedAt: now,
      answeredAt: now,
      endedAt: null,
      lastActivityAt: now,
      organization: row,
      lastSeq: log.events.length,
      replay: null,
    });
  }
  publishAfterCommit(ctx, [liveEvent(opts, org.id, call.id, 'created')]);
  return { kind: 'ok', callId: call.id, organizationId: org.id, reply, response, replayed: false, ended, events: presentEvents(log.events, 1) };
}

export interface CallerTurn {
  ref: CallRef;
  /** The provider request's identity; a request seen before gets its stored answer. Null: number by turn. */
  dedupeKey: string | null;
  /** The turn the request answers (Twilio's action URL names it); an older one is answered with the current prompt. */
  expectTurn?: number;
  input: CallerInput;
  /**
   * A real-time line (ConversationRelay) takes the reply's sentences as the brain decides them.
   * Only the first attempt speaks: a turn run again after a concurrent write must not say it twice.
   */
  speak?: Speak;
}

/**
 * Answers one caller turn: the call is read (or taken from what this process last stored of
 * it), the agent runs (its tools write in a transaction begun only when one does), and the
 * turn's events and the call's new state are stored in one statement — in that transaction
 * when there is one — before the answer goes back.
 */
export async function continueCall(ctx: AppContext, turn: CallerTurn, opts: PipelineOptions): Promise<TurnOutcome> {
  const cache = callSnapshots(ctx);
  for (let attempt = 1; ; attempt++) {
    let snap = attempt === 1 ? cache.take(turn.ref) : undefined;
    if (snap && turn.expectTurn !== undefined && (snap.agentState as { turn?: number }).turn !== turn.expectTurn) snap = undefined;
    snap ??= await loadCall(ctx.pool, turn.ref, turn.dedupeKey);
    if (!snap) return { kind: 'unknown_call' };
    noteOrganization(snap.organizationId);
    if (snap.replay) return replayOf(snap.id, snap.organizationId, snap.replay);
    const state = readAgentState(snap.agentState);
    const org = organizationProfile(snap.organization);
    const base = { kind: 'ok' as const, callId: snap.id, organizationId: snap.organizationId, replayed: false, events: [] };
    if (state.ended || FINAL_STATUSES.has(snap.status)) {
      const reply: AgentReply = { text: '', next: { type: 'hangup' } };
      return { ...base, reply, response: opts.render(reply, { callId: snap.id, turn: state.turn, org }), ended: true };
    }
    if (turn.expectTurn !== undefined && turn.expectTurn !== state.turn) {
      const reply: AgentReply = { text: state.lastPrompt, next: { type: 'gather' }, ...(state.language === 'es' ? { language: 'es' as const } : {}) };
      return { ...base, reply, response: opts.render(reply, { callId: snap.id, turn: state.turn, org }), ended: false };
    }
    const now = ctx.clock.now();
    const log = new TurnLog(() => now);
    const lazy = new LazyTransaction(ctx.db, ctx.pool);
    const dedupeKey = turn.dedupeKey ?? `turn:${state.turn}`;
    try {
      const reply = await runAgentTurn(turnEnv(ctx, callInfo(snap), org, state, now, log, lazy), turn.input, attempt === 1 ? turn.speak : undefined);
      const response = opts.render(reply, { callId: snap.id, turn: state.turn, org });
      log.events[0]!.payload.response = response;
      const ended = reply.next.type === 'hangup';
      if (ended) log.add('status', { from: snap.status, to: 'completed' });
      const end = ended ? endPatch(snap, state, now, 'agent', 'completed') : null;
      const closing = end ? { ...end, transcriptFinal: log.transcript.join('\n') } : {};
      // The agent hung up on a caller it never heard: a missed call, which may get a text (decision 047).
      const textBack = end ? missedCallTextJob(snap, end.outcome, state.language) : null;
      if (textBack) await queueMissedCallText(await lazy.get(), textBack, now);
      await storeTurn(lazy.connection, snap.id, snap.lastSeq, log.events, dedupeKey, {
        agentState: state as unknown as Record<string, unknown>,
        at: now,
        patientId: state.patientId,
        ...closing,
      });
      await lazy.commit();
      if (!ended) cache.put({ ...snap, agentState: state as unknown as Record<string, unknown>, lastSeq: snap.lastSeq + log.events.length, lastActivityAt: now });
      if (opts.publish !== false) publishAfterCommit(ctx, [...lazy.liveEvents, liveEvent(opts, snap.organizationId, snap.id, ended ? 'ended' : 'turn')]);
      return { ...base, reply, response, ended, events: presentEvents(log.events, snap.lastSeq + 1), rerun: attempt > 1 };
    } catch (err) {
      await lazy.rollback();
      // Another request stored this turn first (a concurrent repeat): answer from what it stored.
      if (isUniqueViolation(err) && attempt < MAX_ATTEMPTS) continue;
      throw err;
    }
  }
}

function replayOf(callId: string, organizationId: string, payload: Record<string, unknown>): TurnOutcome {
  return { kind: 'ok', callId, organizationId, reply: null, response: String(payload.response ?? ''), replayed: true, ended: false, events: [] };
}

function closedMessage(org: OrganizationProfile): string {
  return `${say('en', 'call.paused', { practice: org.name })} ${org.settings.emergencyMessage}`.trim();
}
