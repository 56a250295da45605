import type { AppContext } from '../../app-context.js';
import { notFound } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import type { FailedJob, QueueHealth } from '../../../contracts/system.js';
import { recordAudit } from '../audit/index.js';
import { failedJobs, queueFigures, retryFailedJob, workersAlive } from './system.repository.js';

/** The job queue's figures now: by task and in all, the oldest waiting job's age, and the worker pools alive. */
export async function queueHealth(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<QueueHealth> {
  const [rows, workers] = await Promise.all([queueFigures(ctx.db), workersAlive(ctx.db)]);
  const sum = (k: 'waiting' | 'scheduled' | 'running' | 'failed') => rows.reduce((n, r) => n + r[k], 0);
  const ages = rows.map((r) => r.oldest_waiting_seconds).filter((a): a is number => a !== null);
  return {
    at: ctx.clock.now().toISOString(),
    waiting: sum('waiting'),
    scheduled: sum('scheduled'),
    running: sum('running'),
    failed: sum('failed'),
    oldestWaitingSeconds: ages.length ? Math.round(Math.max(...ages)) : null,
    workersAlive: workers,
    byTask: rows.map((r) => ({ task: r.task, waiting: r.waiting, scheduled: r.scheduled, running: r.running, failed: r.failed })),
  };
}

export async function listFailedJobs(ctx: AppContext): Promise<FailedJob[]> {
  return (await failedJobs(ctx.db, 100)).map((r) => ({
    id: r.id,
    task: r.task,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    // The error's message only: its stack stays in the error log.
    lastError: r.last_error ? r.last_error.split('\n')[0]!.slice(0, 500) : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

export async function retryJob(ctx: AppContext, actor: StaffActor, id: string): Promise<void> {
  const retried = await ctx.db.transaction(async (tx) => {
    const ok = await retryFailedJob(tx, id);
    if (ok) await recordAudit(tx, { action: 'job.retried', outcome: 'success', actor, recordType: 'job', recordId: id });
    return ok;
  });
  if (!retried) throw notFound('That failed job');
}
