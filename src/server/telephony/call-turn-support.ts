import type { AppContext } from '../app-context.js';
import type { AgentReply, AgentState, CallInfo, OrganizationProfile, TurnEnv } from '../agent/agent-types.js';
import { outcomeOf, summaryOf } from '../agent/outcome.js';
import type { PendingEvent, TurnLog } from '../agent/turn-log.js';
import { notifyLive } from '../features/live/index.js';
import type { LiveEvent } from '../../contracts/live.js';
import { turnReads } from '../agent/turn-reads.js';
import type { CallPatch, CallSnapshot, CallStatus } from '../features/calls/index.js';
import type { LazyTransaction } from './lazy-transaction.js';

export const FINAL_STATUSES = new Set<CallStatus>(['completed', 'no_answer', 'busy', 'failed', 'canceled']);

/** How an adapter answers a reply (TwiML, JSON). Stored with the turn so a repeat gets the same. */
/** `hints`: names the caller may say, for ConversationRelay's recogniser (read when a relay session is connected). */
export type RenderReply = (reply: AgentReply, at: { callId: string; turn: number; org: OrganizationProfile; hints?: readonly string[] }) => string;

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
  | { kind: 'ok'; callId: string; organizationId: string; reply: AgentReply | null; response: string; replayed: boolean; ended: boolean; events: TurnEvent[]; /** The turn was answered again after a concurrent write (only the first attempt spoke). */ rerun?: boolean };

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

/** What a turn works with; what it reads about its organization is read in the turn (turn-reads.ts). */
export function turnEnv(ctx: AppContext, call: CallInfo, org: OrganizationProfile, state: AgentState, now: Date, log: TurnLog, lazy: LazyTransaction): TurnEnv {
  return {
    ctx,
    call,
    org,
    ...turnReads(() => lazy.reader, org, now),
    state,
    now,
    log,
    tx: () => lazy.get(),
    reader: () => lazy.reader,
  };
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

/**
 * Sends a turn's live events once it has committed (never for a rolled-back change), without
 * holding up the answer. Events of turns finishing in the same tick go in one statement: each
 * NOTIFY commit takes PostgreSQL's notify lock, so one per turn would queue busy calls behind
 * each other. A lost notification only delays a screen, which refetches when it reconnects.
 */
export function publishAfterCommit(ctx: AppContext, events: (LiveEvent | null)[]): void {
  const list = events.filter((e): e is LiveEvent => e !== null);
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
    notifyLive(ctx.pool, batch).catch((err: unknown) => ctx.log.debug({ message: (err as Error).message }, 'live update not sent'));
  });
}

export function presentEvents(events: PendingEvent[], firstSeq: number): TurnEvent[] {
  return events.map((e, i) => ({ seq: firstSeq + i, kind: e.kind, payload: e.payload, latencyMs: e.latencyMs, at: e.at.toISOString() }));
}
