import { Logger, run, type Runner, type TaskList } from 'graphile-worker';
import type { AppContext } from '../app-context.js';
import { deliverOutboxMessageTask } from '../features/outbox/deliver-outbox-message.job.js';
import { DELIVER_OUTBOX_TASK } from '../features/outbox/outbox.service.js';
import { reportError } from '../features/errors/errors.service.js';

/** Every background task, by name: one job per file, named after what it does. */
export function taskList(ctx: AppContext): TaskList {
  return {
    [DELIVER_OUTBOX_TASK]: deliverOutboxMessageTask(ctx.db, { smtpUrl: ctx.env.SMTP_URL, mailFrom: ctx.env.MAIL_FROM }),
  };
}

export async function startWorker(ctx: AppContext, opts: { concurrency?: number; pollInterval?: number } = {}): Promise<Runner> {
  const logger = new Logger((scope) => (level, message, meta) => {
    const line = { scope, ...(meta ?? {}) };
    if (level === 'error') ctx.log.error(line, message);
    else if (level === 'warning') ctx.log.warn(line, message);
    else ctx.log.debug(line, message);
  });
  const runner = await run({
    pgPool: ctx.pool,
    taskList: taskList(ctx),
    concurrency: opts.concurrency ?? 4,
    pollInterval: opts.pollInterval ?? 1000,
    noHandleSignals: true,
    logger,
  });
  runner.events.on('job:failed', ({ job, error }) => {
    void reportError(ctx.db, { source: 'worker', error, route: `job:${job.task_identifier}`, context: { jobId: job.id, attempts: job.attempts } });
  });
  return runner;
}
