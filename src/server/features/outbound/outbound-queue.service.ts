/**
 * The outbound queue's state machine (issue 16 §1, decision 019), for the dispatcher and the
 * telephony adapters (src/server/telephony/outbound): which jobs are claimed now, placements
 * recorded, provider statuses applied (illegal transitions 409, repeats no-ops), retries; the
 * conversation's effects are outbound-conversation-end.service.ts's. The provider itself is telephony's; this file never dials.
 */
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict } from '../../http/errors.js';
import { enqueueJob } from '../../jobs/jobs.repository.js';
import { firstNumberOf, insertCall, linkCallToOutboundJob, loadCall, storeTurn } from '../calls/index.js';
import { doNotCallNumbers } from '../do-not-call/index.js';
import { noteOutboundCallBack } from '../handoff-records/index.js';
import { publishLive } from '../live/index.js';
import { findOrganizationById, type OrganizationRow } from '../organizations/index.js';
import { calleeZones, nextCallTime, type WindowSettings } from '../../../domain/outbound/calling-window.js';
import type { OutboundAttemptResult, OutboundOutcome, OutboundProvider } from '../../../domain/outbound/vocabulary.js';
import { findCampaign, findJob, type AttemptRow, type CampaignRow, type JobRow } from './outbound.repository.js';
import {
  blockJobs,
  claimJobs,
  completeFinishedCampaigns,
  deferJobs,
  findAttempt,
  linkedProviderCallIds,
  liveCounts,
  lockAttempt,
  lockDueJobs,
  lockJob,
  nextWorkAt,
  staleAttempts,
  startDueCampaigns,
  unplacedAttempts,
  updateAttempt,
  updateJob,
} from './outbound-queue.repository.js';
import { outboundSettingsOf } from './outbound-settings.service.js';
import { DISPATCH_TASK } from './outbound-tasks.js';

export type { AttemptRow, JobRow, CampaignRow };
export { findAttempt, unplacedAttempts, staleAttempts, linkedProviderCallIds, findJob, findCampaign, nextWorkAt };

const DAY_MS = 86_400_000;

/** What the placer needs for one claimed attempt. */
export interface Placement {
  attempt: AttemptRow;
  job: JobRow;
  /** The organization's number (caller id). */
  from: string;
}

interface OrgFacts {
  org: OrganizationRow;
  from: string | undefined;
  doNotCall: Set<string>;
  concurrency: number;
  /** The window of its single calls and call-backs. */
  window: WindowSettings;
}

async function orgFacts(ctx: AppContext, db: DbOrTx, ids: string[]): Promise<Map<string, OrgFacts>> {
  const out = new Map<string, OrgFacts>();
  const settings = await outboundSettingsOf(db, ids);
  for (const id of ids) {
    const org = await findOrganizationById(db, id);
    if (!org) continue;
    const own = settings.get(id)!;
    out.set(id, {
      org,
      from: await firstNumberOf(db, id),
      doNotCall: await doNotCallNumbers(db, id),
      concurrency: own.concurrency ?? ctx.env.OUTBOUND_ORG_CONCURRENCY,
      window: own.window,
    });
  }
  return out;
}

/** A campaign's contact: the campaign's window; a single call or call-back: the organization's. */
const windowOf = (job: { campaignId: string | null; campaignWindowStart: string | null; campaignWindowEnd: string | null; campaignWindowDays: number[] | null }, organizationWindow: WindowSettings): WindowSettings =>
  job.campaignId && job.campaignWindowStart && job.campaignWindowEnd && job.campaignWindowDays ? { start: job.campaignWindowStart, end: job.campaignWindowEnd, days: job.campaignWindowDays } : organizationWindow;

/**
 * One claim round, in one transaction: due jobs outside their calling window wait for its next
 * opening, numbers on the do-not-call list are blocked (checked now, at placement, not only at
 * import), and as many as the organization's and campaign's free lines allow are claimed — each
 * gets its attempt row, committed before anything is placed.
 */
export async function claimPlacements(ctx: AppContext, provider: OutboundProvider, opts: { batch: number; max: number }): Promise<Placement[]> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    for (const c of await startDueCampaigns(tx, now)) {
      await publishLive(tx, { topic: 'outbound', organizationId: c.organizationId, type: 'campaign', id: c.id, data: { status: c.status } });
    }
    const due = await lockDueJobs(tx, now, opts.batch);
    if (due.length === 0) return [];
    const orgIds = [...new Set(due.map((j) => j.organizationId))];
    const facts = await orgFacts(ctx, tx, orgIds);
    const live = await liveCounts(tx, orgIds);
    const deferred: { id: string; status: 'scheduled' | 'queued'; nextAttemptAt: Date }[] = [];
    const blocked: JobRow[] = [];
    const claims: { job: JobRow; attemptNo: number; from: string }[] = [];
    const t = now.getTime();
    for (const job of due) {
      const f = facts.get(job.organizationId);
      if (!f || f.org.status !== 'active') {
        deferred.push({ id: job.id, status: 'scheduled', nextAttemptAt: new Date(t + 3_600_000) });
        continue;
      }
      const zones = calleeZones(job, f.org.timeZone).zones;
      const at = nextCallTime(zones, windowOf(job, f.window), t);
      if (at === null || at > t) {
        deferred.push({ id: job.id, status: 'scheduled', nextAttemptAt: new Date(at ?? t + DAY_MS) });
        continue;
      }
      if (f.doNotCall.has(job.phone)) {
        blocked.push(job);
        continue;
      }
      const orgLive = live.byOrganization.get(job.organizationId) ?? 0;
      const campaignLive = job.campaignId ? (live.byCampaign.get(job.campaignId) ?? 0) : 0;
      const full = orgLive >= f.concurrency || (job.campaignId && campaignLive >= (job.campaignConcurrency ?? 1)) || claims.length >= opts.max || !f.from;
      if (full) {
        if (job.status !== 'queued') deferred.push({ id: job.id, status: 'queued', nextAttemptAt: job.nextAttemptAt });
        continue;
      }
      live.byOrganization.set(job.organizationId, orgLive + 1);
      if (job.campaignId) live.byCampaign.set(job.campaignId, campaignLive + 1);
      claims.push({ job, attemptNo: job.attempts + 1, from: f.from! });
    }
    await deferJobs(tx, deferred, now);
    await blockJobs(
      tx,
      blocked.map((j) => j.id),
      now,
    );
    const attempts = await claimJobs(
      tx,
      claims.map((c) => ({ jobId: c.job.id, organizationId: c.job.organizationId, attemptNo: c.attemptNo })),
      provider,
      now,
    );
    const byJob = new Map(attempts.map((a) => [a.jobId, a]));
    for (const j of blocked) await publishJob(tx, j, 'blocked_dnc');
    // A campaign whose last waiting contacts were all on the list ends here (no call will end it).
    for (const campaignId of new Set(blocked.map((j) => j.campaignId).filter((id): id is string => !!id))) {
      for (const c of await completeFinishedCampaigns(tx, now, campaignId)) {
        await publishLive(tx, { topic: 'outbound', organizationId: c.organizationId, type: 'campaign', id: c.id, data: { status: c.status } });
      }
    }
    for (const c of claims) await publishJob(tx, c.job, 'dialing');
    for (const campaignId of new Set(deferred.map((d) => due.find((j) => j.id === d.id)?.campaignId).filter(Boolean) as string[])) {
      const j = due.find((x) => x.campaignId === campaignId)!;
      await publishLive(tx, { topic: 'outbound', organizationId: j.organizationId, type: 'campaign', id: campaignId, data: {} });
    }
    return claims.map((c) => ({ attempt: byJob.get(c.job.id)!, job: { ...c.job, status: 'dialing' as const, attempts: c.attemptNo }, from: c.from }));
  });
}

async function publishJob(db: DbOrTx, job: Pick<JobRow, 'id' | 'organizationId' | 'campaignId'>, status: string): Promise<void> {
  await publishLive(db, { topic: 'outbound', organizationId: job.organizationId, type: 'job', id: job.id, data: { status, campaignId: job.campaignId } });
}

/**
 * The provider accepted the placement: the attempt is `placed` and its call record (outbound,
 * ringing) is created and linked to the job. Idempotent: the placer, a reconciliation and an early
 * status callback may all record the same placement. `alongside` runs in the same transaction
 * (the simulator enqueues its callee there, so recording and placing are one).
 */
export async function recordPlacement(
  ctx: AppContext,
  attemptId: string,
  providerCallId: string,
  alongside?: (tx: DbOrTx) => Promise<void>,
  known?: { job: JobRow; from: string },
): Promise<{ kind: 'ok'; callId: string } | { kind: 'unknown' }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, attemptId);
    if (!attempt) return { kind: 'unknown' as const };
    if (attempt.placement === 'placed') {
      if (attempt.providerCallId !== providerCallId) throw conflict('This attempt was placed as another call.', 'invalid_transition');
      return { kind: 'ok' as const, callId: attempt.callId! };
    }
    if (attempt.placement === 'not_placed') throw conflict('This attempt was never placed.', 'invalid_transition');
    const job = known?.job.id === attempt.jobId ? known.job : (await findJob(tx, attempt.jobId))!;
    const from = known?.job.id === attempt.jobId ? known.from : ((await firstNumberOf(tx, job.organizationId)) ?? '');
    const callId = crypto.randomUUID();
    const inserted = await insertCall(
      tx,
      {
        id: callId,
        organizationId: job.organizationId,
        direction: 'outbound',
        status: 'ringing',
        provider: attempt.provider,
        providerCallId,
        fromNumber: from,
        toNumber: job.phone,
        brain: 'builtin',
        agentState: { outbound: { jobId: job.id, attemptId: attempt.id } },
        transcriptText: '',
        startedAt: now,
        answeredAt: null,
        endedAt: null,
        durationSeconds: null,
        outcome: null,
        summary: null,
      },
      [{ kind: 'status', payload: { to: 'ringing', outboundJobId: job.id, attempt: attempt.attemptNo }, latencyMs: null, at: now }],
      'placed',
    );
    const linkedCallId = inserted === 'created' ? callId : (await loadCall(tx, { provider: attempt.provider, providerCallId }, null))!.id;
    await linkCallToOutboundJob(tx, linkedCallId, job.id);
    await updateAttempt(tx, attempt.id, { placement: 'placed', providerCallId, callId: linkedCallId, placedAt: now });
    if (alongside) await alongside(tx);
    // No live update here: the claim announced `dialing` already, and a NOTIFY per placement would
    // serialize these commits (PostgreSQL holds a global lock through each notifying commit).
    return { kind: 'ok' as const, callId: linkedCallId };
  });
}

/** The provider refused the placement (a bad number, an account problem): the attempt failed without a call. */
export async function recordPlacementRefused(ctx: AppContext, attemptId: string, reason: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, attemptId);
    if (!attempt || attempt.placement !== 'placing') return;
    await updateAttempt(tx, attempt.id, { placement: 'not_placed', result: 'failed', endedAt: now, answeredBy: null });
    await settleJob(ctx, tx, attempt, 'failed', null, null, now, reason);
  });
  await wakeDispatcher(ctx.db);
}

/** A claimed attempt the provider never received (found by reconciliation): placed as it stands, no new attempt. */
export async function attemptStillToPlace(db: DbOrTx, attemptId: string): Promise<Placement | null> {
  const attempt = await findAttempt(db, attemptId);
  if (!attempt || attempt.placement !== 'placing') return null;
  const job = await findJob(db, attempt.jobId);
  if (!job) return null;
  const from = await firstNumberOf(db, job.organizationId);
  return from ? { attempt, job, from } : null;
}

export type ProviderStatus = 'ringing' | 'in_progress' | 'completed' | 'no_answer' | 'busy' | 'failed' | 'canceled';
type Stage = 'ringing' | 'in_progress' | OutboundAttemptResult;

const FINAL_CALL_STATUS: Record<Exclude<ProviderStatus, 'ringing' | 'in_progress'>, true> = { completed: true, no_answer: true, busy: true, failed: true, canceled: true };
const isFinal = (s: ProviderStatus): s is keyof typeof FINAL_CALL_STATUS => s in FINAL_CALL_STATUS;
export const isMachine = (answeredBy: string | null | undefined) => !!answeredBy && /^(machine|fax)/.test(answeredBy);

function finalStatusOf(result: OutboundAttemptResult): ProviderStatus {
  return result === 'answered' || result === 'voicemail' ? 'completed' : result;
}

/** The attempt's conversation state, kept in its call's agent state. */
export interface OutboundCallState {
  jobId: string;
  attemptId: string;
  /** true: a machine answered; 'left': the message was said. */
  voicemail?: boolean | 'left';
  outcome?: OutboundOutcome | null;
  callAgainInMs?: number;
  [key: string]: unknown;
}

export interface StatusUpdate {
  attemptId: string;
  status: ProviderStatus;
  answeredBy?: string | null;
  durationSeconds?: number;
  /** The provider's call id, when the callback may come before the placement was recorded. */
  providerCallId?: string;
}

/**
 * A provider status for an attempt (PRODUCT §5): ringing → in_progress → completed, or ringing →
 * no_answer | busy | failed | canceled. The same status again changes nothing; a move backwards or
 * sideways out of a final status is refused (409).
 */
export async function applyAttemptStatus(ctx: AppContext, update: StatusUpdate): Promise<{ kind: 'unknown' } | { kind: 'ok'; changed: boolean }> {
  let attempt = await findAttempt(ctx.db, update.attemptId);
  if (!attempt) return { kind: 'unknown' };
  if (attempt.placement === 'placing' && update.providerCallId) {
    await recordPlacement(ctx, attempt.id, update.providerCallId);
    attempt = (await findAttempt(ctx.db, update.attemptId))!;
  }
  if (attempt.placement !== 'placed' || !attempt.callId) {
    if (attempt.placement === 'not_placed') throw conflict('This attempt was never placed, so its call has no status.', 'invalid_transition');
    return { kind: 'unknown' };
  }
  if (update.providerCallId && attempt.providerCallId !== update.providerCallId) return { kind: 'unknown' };
  const now = ctx.clock.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const a = (await lockAttempt(tx, attempt.id))!;
    const call = (await loadCall(tx, { callId: a.callId! }, null))!;
    const stage: Stage = a.result ?? (call.status === 'in_progress' ? 'in_progress' : 'ringing');
    const to = update.status;
    const refuse = (from: string) => conflict(`This call is ${from.replace(/_/g, ' ')}; it cannot become ${to.replace(/_/g, ' ')}.`, 'invalid_transition', { status: from });
    const state = (call.agentState.outbound ?? { jobId: a.jobId, attemptId: a.id }) as OutboundCallState;
    const answeredBy = update.answeredBy ?? a.answeredBy;
    if (a.result) {
      if (isFinal(to) && finalStatusOf(a.result) === to) return false;
      throw refuse(a.result);
    }
    if (to === 'ringing') {
      if (stage === 'ringing') return false;
      throw refuse(stage);
    }
    if (to === 'in_progress') {
      if (stage === 'in_progress') return false;
      await storeTurn(tx, call.id, call.lastSeq, [{ kind: 'status', payload: { from: 'ringing', to: 'in_progress', ...(answeredBy ? { answeredBy } : {}) }, latencyMs: null, at: now }], null, {
        agentState: { ...call.agentState, outbound: { ...state, voicemail: state.voicemail || isMachine(answeredBy) } },
        at: now,
        status: 'in_progress',
        answeredAt: now,
      });
      if (answeredBy) await updateAttempt(tx, a.id, { answeredBy });
      const job = await updateJob(tx, a.jobId, { status: 'in_progress', updatedAt: now });
      if (job) await publishJob(tx, job, 'in_progress');
      return true;
    }
    if (stage === 'in_progress' && to !== 'completed' && to !== 'failed' && to !== 'canceled') throw refuse(stage);
    const voicemail = !!state.voicemail || isMachine(answeredBy);
    const result: OutboundAttemptResult = to === 'completed' ? (voicemail ? 'voicemail' : 'answered') : to;
    const outcome: OutboundOutcome | null = result === 'voicemail' ? 'voicemail' : result === 'answered' ? (state.outcome ?? 'other') : null;
    const ended = now;
    const started = call.answeredAt ?? call.startedAt;
    await storeTurn(tx, call.id, call.lastSeq, [{ kind: 'status', payload: { from: stage, to, ...(answeredBy ? { answeredBy } : {}), ...(update.durationSeconds !== undefined ? { durationSeconds: update.durationSeconds } : {}) }, latencyMs: null, at: now }], null, {
      agentState: { ...call.agentState, outbound: { ...state, ended: true } },
      at: now,
      status: to,
      endedAt: ended,
      durationSeconds: update.durationSeconds ?? Math.max(0, Math.round((ended.getTime() - started.getTime()) / 1000)),
      outcome: callOutcomeOf(result, outcome),
      summary: summaryOf(result, outcome),
      transcriptFinal: '',
    });
    await updateAttempt(tx, a.id, { result, endedAt: now, ...(answeredBy ? { answeredBy } : {}) });
    await settleJob(ctx, tx, a, result, outcome, state.callAgainInMs ?? null, now, null);
    return true;
  });
  if (changed && isFinal(update.status)) await wakeDispatcher(ctx.db);
  return { kind: 'ok', changed };
}

function callOutcomeOf(result: OutboundAttemptResult, outcome: OutboundOutcome | null): string | undefined {
  if (result === 'voicemail') return 'voicemail';
  if (result !== 'answered') return undefined;
  if (outcome === 'emergency') return 'emergency';
  if (outcome === 'change_requested') return 'message_taken';
  return 'other';
}

function summaryOf(result: OutboundAttemptResult, outcome: OutboundOutcome | null): string {
  const words: Record<OutboundAttemptResult, string> = { answered: 'answered', voicemail: 'reached voicemail; the message was left', no_answer: 'not answered', busy: 'busy', failed: 'failed', canceled: 'canceled' };
  return `Outbound call ${words[result]}${outcome && result === 'answered' ? ` — ${outcome.replace(/_/g, ' ')}` : ''}.`;
}

/**
 * Where the job goes after an attempt: answered (or voicemail) completes it unless the callee asked
 * to be called later (a retry at that time); no-answer, busy and failed retry after the interval
 * while attempts remain — unless the campaign was canceled meanwhile; the result lands on a handoff
 * the job calls back.
 */
async function settleJob(ctx: AppContext, tx: DbOrTx, attempt: AttemptRow, result: OutboundAttemptResult, outcome: OutboundOutcome | null, callAgainInMs: number | null, now: Date, reason: string | null): Promise<void> {
  const job = await lockJob(tx, attempt.jobId);
  if (!job) return;
  const campaign = job.campaignId ? await findCampaign(tx, job.campaignId) : undefined;
  const stopped = campaign?.status === 'canceled' || job.status === 'canceled';
  let patch: Partial<JobRow>;
  if (result === 'answered' || result === 'voicemail') {
    if (outcome === 'call_back_later' && callAgainInMs && !stopped && job.attempts < job.maxAttempts + 2) {
      // Asked to be called later: once more at that time, a couple of times at most beyond the attempts set.
      patch = { status: 'scheduled', outcome, lastResult: result, nextAttemptAt: new Date(now.getTime() + callAgainInMs), maxAttempts: Math.max(job.maxAttempts, job.attempts + 1) };
    } else if (outcome === 'do_not_call') {
      patch = { status: 'blocked_dnc', outcome, lastResult: result, completedAt: now };
    } else patch = { status: 'completed', outcome, lastResult: result, completedAt: now };
  } else if (result === 'canceled') {
    patch = { status: 'canceled', lastResult: result, completedAt: now };
  } else if (job.attempts < job.maxAttempts && !stopped) {
    patch = { status: 'scheduled', lastResult: result, nextAttemptAt: new Date(now.getTime() + job.retryIntervalMinutes * 60_000) };
  } else {
    patch = { status: result, lastResult: result, completedAt: now };
  }
  const row = (await updateJob(tx, job.id, { ...patch, updatedAt: now }))!;
  await publishJob(tx, row, row.status);
  if (job.handoffId) {
    await noteOutboundCallBack(tx, { handoffId: job.handoffId, organizationId: job.organizationId, result: reason ? `${result} (${reason})` : result, outcome, callId: attempt.callId, jobId: job.id, number: job.phone, at: now });
  }
  if (campaign) {
    for (const c of await completeFinishedCampaigns(tx, now, campaign.id)) {
      await publishLive(tx, { topic: 'outbound', organizationId: c.organizationId, type: 'campaign', id: c.id, data: { status: c.status } });
    }
    await publishLive(tx, { topic: 'outbound', organizationId: campaign.organizationId, type: 'campaign', id: campaign.id, data: {} });
  }
}

/** The dispatcher looks at the queue now (a line freed, new work). */
export async function wakeDispatcher(db: DbOrTx, at?: Date): Promise<void> {
  await enqueueJob(db, DISPATCH_TASK, {}, at ? { jobKey: 'outbound-dispatch-next', runAt: at, maxAttempts: 3 } : { jobKey: 'outbound-dispatch-now', maxAttempts: 3 });
}
