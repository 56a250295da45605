import type { AppContext } from '../app-context.js';
import { readAgentState } from '../agent/agent-state.js';
import { TurnLog } from '../agent/turn-log.js';
import { callSnapshots } from './call-snapshot-cache.js';
import { isUniqueViolation, loadCall, storeTurn, type CallPatch, type CallRef, type CallStatus } from '../features/calls/call-records.service.js';
import { endPatch, FINAL_STATUSES, liveEvent, presentEvents, publishAfterCommit, type PipelineOptions, type TurnEvent } from './call-turn-support.js';

/**
 * What happens to a call outside the conversation: the provider's status and recording
 * callbacks, the simulator's hang-up, and the worker closing calls whose end never came.
 */

export type LifecycleResult = { kind: 'unknown_call' } | { kind: 'ok'; callId: string; changed: boolean; events: TurnEvent[] };

export interface StatusChange {
  ref: CallRef;
  status: CallStatus;
  /** The provider's duration, when it gives one (Twilio's CallDuration). */
  durationSeconds?: number;
  dedupeKey: string;
  endedBy?: 'caller' | 'timeout';
  /** Recorded with the status event (e.g. why the worker closed the call). */
  reason?: string;
}

export async function applyStatus(ctx: AppContext, change: StatusChange, opts?: Pick<PipelineOptions, 'publish'>): Promise<LifecycleResult> {
  callSnapshots(ctx).forget(change.ref);
  return withRetry(async () => {
    const snap = await loadCall(ctx.pool, change.ref, change.dedupeKey);
    if (!snap) return { kind: 'unknown_call' };
    if (snap.replay) return { kind: 'ok', callId: snap.id, changed: false, events: [] };
    const now = ctx.clock.now();
    const state = readAgentState(snap.agentState);
    const from = snap.status;
    const to = change.status;
    const final = FINAL_STATUSES.has(to);
    const log = new TurnLog(() => now);
    let patch: Partial<CallPatch> = {};
    if (FINAL_STATUSES.has(from)) {
      // Already over (the agent hung up, or an earlier callback): only the provider's duration is news.
      if (!final || change.durationSeconds === undefined) return { kind: 'ok', callId: snap.id, changed: false, events: [] };
      patch = { durationSeconds: change.durationSeconds };
      if (from !== to) log.add('status', { from, to, durationSeconds: change.durationSeconds });
    } else {
      if (from === to) return { kind: 'ok', callId: snap.id, changed: false, events: [] };
      log.add('status', { from, to, ...(change.durationSeconds !== undefined ? { durationSeconds: change.durationSeconds } : {}), ...(change.reason ? { reason: change.reason } : {}) });
      if (final) {
        const endedAt = change.endedBy === 'timeout' ? snap.lastActivityAt : now;
        patch = endPatch(snap, state, endedAt, change.endedBy ?? 'caller', to, change.durationSeconds);
      } else {
        patch = { status: to, ...(to === 'in_progress' && !snap.answeredAt ? { answeredAt: now } : {}) };
      }
    }
    await storeTurn(
      ctx.pool,
      snap.id,
      snap.lastSeq,
      log.events,
      log.events.length ? change.dedupeKey : null,
      { agentState: state as unknown as Record<string, unknown>, at: now, ...patch, ...(final && !FINAL_STATUSES.has(from) ? { transcriptFinal: '' } : {}) },
    );
    publishAfterCommit(ctx, [liveEvent(opts, snap.organizationId, snap.id, final ? 'ended' : 'turn')]);
    return { kind: 'ok', callId: snap.id, changed: true, events: presentEvents(log.events, snap.lastSeq + 1) };
  });
}

export async function storeRecording(
  ctx: AppContext,
  rec: { ref: CallRef; url: string; durationSeconds: number | null; dedupeKey: string },
): Promise<LifecycleResult> {
  callSnapshots(ctx).forget(rec.ref);
  return withRetry(async () => {
    const snap = await loadCall(ctx.pool, rec.ref, rec.dedupeKey);
    if (!snap) return { kind: 'unknown_call' };
    if (snap.replay) return { kind: 'ok', callId: snap.id, changed: false, events: [] };
    const now = ctx.clock.now();
    const log = new TurnLog(() => now);
    log.add('recording', { url: rec.url, durationSeconds: rec.durationSeconds });
    await storeTurn(
      ctx.pool,
      snap.id,
      snap.lastSeq,
      log.events,
      rec.dedupeKey,
      { agentState: snap.agentState, at: FINAL_STATUSES.has(snap.status) ? snap.lastActivityAt : now, recordingUrl: rec.url, recordingDurationSeconds: rec.durationSeconds ?? undefined },
    );
    publishAfterCommit(ctx, [liveEvent(undefined, snap.organizationId, snap.id, 'turn')]);
    return { kind: 'ok', callId: snap.id, changed: true, events: presentEvents(log.events, snap.lastSeq + 1) };
  });
}

/** Closes a call the provider never reported as ended (completed when it was answered). */
export async function closeStaleCall(ctx: AppContext, callId: string, idleMinutes: number): Promise<LifecycleResult> {
  const snap = await loadCall(ctx.pool, { callId }, null);
  if (!snap) return { kind: 'unknown_call' };
  if (FINAL_STATUSES.has(snap.status)) return { kind: 'ok', callId, changed: false, events: [] };
  return applyStatus(ctx, {
    ref: { callId },
    status: snap.answeredAt ? 'completed' : 'failed',
    dedupeKey: 'closed-after-inactivity',
    endedBy: 'timeout',
    reason: `No final status arrived; closed after ${idleMinutes} minutes without activity.`,
  });
}

/** A concurrent write to the call took the event numbers first: read it again and redo. */
async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err) && attempt < 4) continue;
      throw err;
    }
  }
}
