import type { AppContext } from '../app-context.js';
import { readAgentState } from '../agent/agent-state.js';
import { TurnLog } from '../agent/turn-log.js';
import { callSnapshots } from './call-snapshot-cache.js';
import { isUniqueViolation, loadCall, storeTurn, type CallPatch, type CallRef, type CallStatus } from '../features/calls/index.js';
import { endPatch, FINAL_STATUSES, liveEvent, presentEvents, publishAfterCommit, type PipelineOptions, type TurnEvent } from './call-turn-support.js';
import { cancelLiveTransfer, createHandoff } from '../features/handoff-records/index.js';
import { collectLiveEvents } from '../features/live/index.js';
import type { LiveEvent } from '../../contracts/live.js';
import { abandonedHandoff, abandonedSummary, abandonedWork, type AbandonedWork } from './abandoned-work.js';
import { missedCallTextJob, queueMissedCallText, type MissedCallTextJob } from '../features/missed-calls/index.js';

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
    let abandoned: AbandonedWork | null = null;
    let textBack: MissedCallTextJob | null = null;
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
        const endedBy = change.endedBy ?? 'caller';
        // Read before endPatch marks the dialogue ended: what the caller was in the middle of.
        abandoned = state.ended ? null : abandonedWork(state, snap.fromNumber);
        patch = endPatch(snap, state, endedAt, endedBy, to, change.durationSeconds);
        if (abandoned) {
          const weightier = patch.outcome === 'emergency' || patch.outcome === 'appointment_requested';
          const sentence = abandonedSummary(abandoned, endedBy);
          patch = { ...patch, outcome: weightier ? patch.outcome : 'abandoned', summary: weightier ? `${patch.summary} ${sentence}` : sentence };
          // The status event says what was left unfinished (the timeline shows it).
          log.events[log.events.length - 1]!.payload.abandoned = { doing: abandoned.doing, collected: abandoned.collected };
        }
        // A caller the practice missed may get a text (decision 047): looked at by a job, queued with the end.
        textBack = missedCallTextJob(snap, patch.outcome, state.language);
      } else {
        patch = { status: to, ...(to === 'in_progress' && !snap.answeredAt ? { answeredAt: now } : {}) };
      }
    }
    const callPatch = { agentState: state as unknown as Record<string, unknown>, at: now, ...patch, ...(final && !FINAL_STATUSES.has(from) ? { transcriptFinal: '' } : {}) };
    const dedupe = log.events.length ? change.dedupeKey : null;
    const handoffEvents: LiveEvent[] = [];
    if (abandoned || textBack) {
      // The call-back task, the missed-call text's job and the call's end in one transaction: a
      // repeated callback finds the stored end (its dedupe key) and creates nothing twice.
      const work = abandoned;
      const text = textBack;
      const endedBy = change.endedBy === 'timeout' ? 'timeout' : 'caller';
      await ctx.db.transaction(async (tx) => {
        collectLiveEvents(tx, handoffEvents);
        if (work) {
          const pending = state.pendingTransfer;
          if (work.kind === 'transfer' && pending?.handoffId) {
            await cancelLiveTransfer(ctx, tx, pending.handoffId, 'The caller left before the transfer was answered; a call-back task replaces it.');
          }
          const handoff = await createHandoff(ctx, tx, { ...abandonedHandoff(work, { id: snap.id, organizationId: snap.organizationId }, endedBy), at: now });
          (log.events[log.events.length - 1]!.payload.abandoned as Record<string, unknown>).handoffId = handoff.id;
        }
        await storeTurn(tx, snap.id, snap.lastSeq, log.events, dedupe, callPatch);
        if (text) await queueMissedCallText(tx, text, patch.endedAt ?? now);
      });
    } else {
      await storeTurn(ctx.pool, snap.id, snap.lastSeq, log.events, dedupe, callPatch);
    }
    publishAfterCommit(ctx, [...handoffEvents, liveEvent(opts, snap.organizationId, snap.id, final ? 'ended' : 'turn')]);
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
