import type { Task } from 'graphile-worker';
import type { AppContext } from '../../app-context.js';
import { applyAttemptStatus, attemptStillToPlace, claimPlacements, nextWorkAt, staleAttempts, unplacedAttempts, wakeDispatcher, type Placement, DISPATCH_TASK } from '../../features/outbound/index.js';
import { outboundDialer } from './outbound-dialer.js';

export { DISPATCH_TASK };
/** A safety net: the dispatcher also runs every minute (wake-ups are only hints). */
export const DISPATCH_CRONTAB = `* * * * * ${DISPATCH_TASK} ?max=1`;

/** One key for the whole deployment: one dispatcher at a time, so placements are paced and never doubled. */
const LOCK_KEY = 0x5b0d_0016;
const BATCH = 200;
/** A run yields after this long (the next run is queued at once), so one campaign cannot hold a worker. */
const RUN_BUDGET_MS = 20_000;
/** With the rate limit off, placements in flight at once. */
const PARALLEL = 32;
const POLL_WHILE_WAITING_MS = 30_000;

const lastPlacement = new WeakMap<AppContext, number>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The outbound dispatcher (decision 019). Holds a session advisory lock for its run — released by
 * PostgreSQL if the process dies, so a kill -9 never leaves the queue locked — then: attempts
 * claimed but never recorded as placed are reconciled with the provider (placed if it never got
 * them, recorded if it did); calls whose final status never came are asked about; due jobs are
 * claimed and placed at the provider's rate. Then it books its next run at the next due moment.
 */
export async function dispatchOutbound(ctx: AppContext): Promise<{ placed: number; reconciled: number }> {
  const client = await ctx.pool.connect();
  let locked = false;
  try {
    locked = (await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [LOCK_KEY])).rows[0]!.ok;
    if (!locked) {
      await wakeDispatcher(ctx.db, new Date(ctx.clock.now().getTime() + 1000));
      return { placed: 0, reconciled: 0 };
    }
    return await dispatchLocked(ctx);
  } finally {
    if (locked) await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

async function dispatchLocked(ctx: AppContext): Promise<{ placed: number; reconciled: number }> {
  const dialer = outboundDialer(ctx);
  const started = Date.now();
  let reconciled = 0;
  let placed = 0;
  let unsure = false;

  // We hold the lock, so no placer is alive: every `placing` attempt is an orphan of a crash.
  for (const orphan of await unplacedAttempts(ctx.db, BATCH)) {
    const p = await attemptStillToPlace(ctx.db, orphan.id);
    if (!p) continue;
    try {
      const verdict = orphan.provider === dialer.name ? await dialer.reconcile(ctx, orphan, p.from) : 'placed';
      if (verdict === 'not_placed') {
        await pace(ctx);
        await dialer.place(ctx, p);
        placed++;
      }
      reconciled++;
    } catch (error) {
      unsure = true;
      ctx.log.warn({ err: error, attemptId: orphan.id }, 'outbound placement could not be reconciled yet');
    }
  }

  const staleBefore = new Date(ctx.clock.now().getTime() - ctx.env.OUTBOUND_STALE_SECONDS * 1000);
  for (const stale of await staleAttempts(ctx.db, staleBefore, BATCH)) {
    if (stale.provider !== dialer.name) continue;
    try {
      const update = await dialer.fetchStatus(ctx, stale);
      if (update && update.status !== 'ringing' && update.status !== 'in_progress') await applyAttemptStatus(ctx, update);
    } catch (error) {
      ctx.log.warn({ err: error, attemptId: stale.id }, 'outbound call status could not be fetched');
    }
  }

  const perSecond = ctx.env.OUTBOUND_CALLS_PER_SECOND;
  for (;;) {
    const batch = await claimPlacements(ctx, dialer.name, { batch: BATCH, max: perSecond > 0 ? Math.max(1, Math.ceil(perSecond * 5)) : BATCH });
    if (batch.length === 0) break;
    const results = perSecond > 0 ? await placeInTurn(ctx, batch) : await placeInParallel(ctx, batch);
    placed += results.placed;
    unsure ||= results.unsure;
    if (Date.now() - started > RUN_BUDGET_MS) {
      await wakeDispatcher(ctx.db);
      return { placed, reconciled };
    }
  }

  const now = ctx.clock.now().getTime();
  const next = await nextWorkAt(ctx.db);
  const retryUnsure = unsure ? now + 5_000 : Infinity;
  // A call on the line whose final status may never come (a callback lost while we were down) is asked about when it turns stale.
  const [oldestOpen] = await staleAttempts(ctx.db, new Date('9999-01-01T00:00:00Z'), 1);
  const askAbout = oldestOpen?.placedAt ? Math.max(now + 1_000, oldestOpen.placedAt.getTime() + ctx.env.OUTBOUND_STALE_SECONDS * 1000 + 500) : Infinity;
  // Due jobs left waiting for a line are woken when a call ends; the poll is only a safety net.
  const at = Math.min(retryUnsure, askAbout, next ? Math.max(next.getTime(), now + POLL_WHILE_WAITING_MS * (next.getTime() <= now ? 1 : 0)) : Infinity);
  if (Number.isFinite(at)) await wakeDispatcher(ctx.db, new Date(at));
  return { placed, reconciled };
}

/** Waits until the provider account may place the next call (calls per second). */
async function pace(ctx: AppContext): Promise<void> {
  const perSecond = ctx.env.OUTBOUND_CALLS_PER_SECOND;
  if (perSecond <= 0) return;
  const gap = 1000 / perSecond;
  const wait = (lastPlacement.get(ctx) ?? 0) + gap - Date.now();
  if (wait > 0) await sleep(wait);
  lastPlacement.set(ctx, Date.now());
}

async function placeOne(ctx: AppContext, p: Placement): Promise<boolean> {
  try {
    await outboundDialer(ctx).place(ctx, p);
    return true;
  } catch (error) {
    // Unknown outcome (a timeout, a 5xx): the attempt stays `placing` and is reconciled next run.
    ctx.log.warn({ err: error, attemptId: p.attempt.id }, 'outbound placement outcome unknown; it will be reconciled');
    return false;
  }
}

async function placeInTurn(ctx: AppContext, batch: Placement[]): Promise<{ placed: number; unsure: boolean }> {
  let placed = 0;
  let unsure = false;
  for (const p of batch) {
    await pace(ctx);
    if (await placeOne(ctx, p)) placed++;
    else unsure = true;
    // The next request leaves a whole gap after this one was answered, not after it was begun: a
    // slow first request (the client warming up, a loaded machine) must not bring the next one
    // closer to it at the provider than the account's rate allows.
    if (ctx.env.OUTBOUND_CALLS_PER_SECOND > 0) lastPlacement.set(ctx, Date.now());
  }
  return { placed, unsure };
}

async function placeInParallel(ctx: AppContext, batch: Placement[]): Promise<{ placed: number; unsure: boolean }> {
  let placed = 0;
  let unsure = false;
  let i = 0;
  const lane = async () => {
    while (i < batch.length) {
      const p = batch[i++]!;
      if (await placeOne(ctx, p)) placed++;
      else unsure = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, lane));
  return { placed, unsure };
}

export function outboundDispatchTask(ctx: AppContext): Task {
  return async () => {
    await dispatchOutbound(ctx);
  };
}

/** At worker start: whatever a killed process left (orphaned claims, due jobs) is looked at now. */
export async function wakeOutboundDispatcher(ctx: AppContext): Promise<void> {
  await wakeDispatcher(ctx.db);
}
