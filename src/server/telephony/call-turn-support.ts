import type { AppContext } from '../app-context.js';
import type { AgentReply, AgentState, CallInfo, OrganizationProfile, TurnEnv } from '../agent/agent-types.js';
import { outcomeOf, summaryOf } from '../agent/outcome.js';
import type { PendingEvent, TurnLog } from '../agent/turn-log.js';
import { notifyLive, type LiveEvent } from '../features/live/live.publisher.js';
import type { DeadlineRules } from '../features/handoffs/handoffs.repository.js';
import type { CallPatch, CallSnapshot, CallStatus } from './call-records.repository.js';
import type { LazyTransaction } from './lazy-transaction.js';
import { TurnEventSpacer } from './turn-event-spacing.js';

export const FINAL_STATUSES = new Set<CallStatus>(['completed', 'no_answer', 'busy', 'failed', 'canceled']);

/** How an adapter answers a reply (TwiML, JSON). Stored with the turn so a repeat gets the same. */
export type RenderReply = (reply: AgentReply, at: { callId: string; turn: number; org: OrganizationProfile }) => string;

export interface PipelineOptions {
  render: RenderReply;
  /** Live updates for staff screens (off while seeding history). */
  publish?: boolean;
}

/** An event as the adapters return it (this turn's events, for the playground). */
export interface TurnEvent {
  seq: number;
  kind: string;
  payload: Record<string, unknown>;
  latencyMs: number | null;
  at: string;
}

export type TurnOutcome =
  | { kind: 'unknown_number' }
  | { kind: 'unknown_call' }
  | { kind: 'ok'; callId: string; organizationId: string; reply: AgentReply | null; response: string; replayed: boolean; ended: boolean; events: TurnEvent[] };

export function callInfo(snap: CallSnapshot): CallInfo {
  return {
    id: snap.id,
    organizationId: snap.organizationId,
    provider: snap.provider,
    direction: snap.direction,
    from: snap.fromNumber,
    to: snap.toNumber,
    startedAt: snap.startedAt,
  };
}

export function turnEnv(ctx: AppContext, call: CallInfo, org: OrganizationProfile, state: AgentState, now: Date, log: TurnLog, lazy: LazyTransaction, rules: DeadlineRules): TurnEnv {
  return { ctx, call, org, rules, state, now, log, tx: () => lazy.get(), write: (write, written) => lazy.write(write, written), reader: () => lazy.open ?? ctx.db };
}

/** What ending a call sets: status, end time, duration, outcome and summary. */
export function endPatch(
  snap: Pick<CallSnapshot, 'answeredAt' | 'startedAt'>,
  state: AgentState,
  endedAt: Date,
  endedBy: 'agent' | 'caller' | 'timeout',
  status: CallStatus,
  durationSeconds?: number,
): Partial<CallPatch> {
  state.ended = true;
  const from = snap.answeredAt ?? snap.startedAt;
  return {
    status,
    endedAt,
    durationSeconds: durationSeconds ?? Math.max(0, Math.round((endedAt.getTime() - from.getTime()) / 1000)),
    outcome: outcomeOf(state, endedBy),
    summary: summaryOf(state, endedBy),
  };
}

export function liveEvent(opts: Pick<PipelineOptions, 'publish'> | undefined, organizationId: string, callId: string, type: 'created' | 'turn' | 'ended'): LiveEvent | null {
  return opts?.publish === false ? null : { topic: 'calls', organizationId, type, id: callId };
}

const pendingLive = new WeakMap<AppContext, LiveEvent[]>();
/** Events in one NOTIFY statement at most (each event is a separate notification). */
const LIVE_BATCH = 100;
/** A call's turn updates at most this often (turn-event-spacing.ts). */
const TURN_EVENT_SPACING_MS = 250;
const spacers = new WeakMap<AppContext, TurnEventSpacer>();

/**
 * Sends a turn's live events once it has committed. Events of turns finishing together go out
 * in one statement (a busy server sends a few statements, not one per turn), and a call's turn
 * updates are spaced out (TurnEventSpacer); a lost notification only delays a screen, which
 * refetches when it reconnects.
 */
export function publishAfterCommit(ctx: AppContext, events: (LiveEvent | null)[]): void {
  let spacer = spacers.get(ctx);
  if (!spacer) spacers.set(ctx, (spacer = new TurnEventSpacer(TURN_EVENT_SPACING_MS, (held) => send(ctx, held))));
  send(ctx, spacer.filter(events.filter((e): e is LiveEvent => e !== null)));
}

function send(ctx: AppContext, list: LiveEvent[]): void {
  if (list.length === 0) return;
  const pending = pendingLive.get(ctx);
  if (pending) {
    pending.push(...list);
    return;
  }
  pendingLive.set(ctx, list);
  setImmediate(() => {
    const batch = pendingLive.get(ctx) ?? [];
    pendingLive.delete(ctx);
    for (let i = 0; i < batch.length; i += LIVE_BATCH) {
      notifyLive(ctx.pool, batch.slice(i, i + LIVE_BATCH)).catch((err: unknown) => ctx.log.debug({ message: (err as Error).message }, 'live update not sent'));
    }
  });
}

export function presentEvents(events: PendingEvent[], firstSeq: number): TurnEvent[] {
  return events.map((e, i) => ({ seq: firstSeq + i, kind: e.kind, payload: e.payload, latencyMs: e.latencyMs, at: e.at.toISOString() }));
}
