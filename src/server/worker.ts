import { EventEmitter } from 'node:events';
import { Logger, run, type Runner, type Task, type TaskList, type WorkerEvents } from 'graphile-worker';
import type { AppContext } from './app-context.js';
import { deliverOutboxMessageTask, demoTerminalOf, DELIVER_OUTBOX_TASK } from './features/outbox/index.js';
import { reportError } from './features/errors/index.js';
import { concernedOrganization, noteOrganization, taggedErrorOrganization, tagErrorOrganization, withOrganizationScope } from './policy/concerned-organization.js';
import { CLOSE_STALE_CALLS_CRONTAB, CLOSE_STALE_CALLS_TASK, closeStaleCallsTask } from './telephony/jobs/close-stale-calls.job.js';
import { SEED_DEMO_CALLS_TASK, seedDemoCallsTask } from './seed/demo-calls/seed-demo-calls.job.js';
import { SEED_DEMO_CAMPAIGN_TASK, seedDemoCampaignTask } from './seed/demo-campaign.job.js';
import { startAnalyticsDrain } from './features/analytics/index.js';
import { PURGE_RATE_LIMIT_COUNTERS_CRONTAB, PURGE_RATE_LIMIT_COUNTERS_TASK, purgeRateLimitCountersTask } from './http/purge-rate-limit-counters.job.js';
import { DISPATCH_CRONTAB, DISPATCH_TASK, outboundDispatchTask, wakeOutboundDispatcher } from './telephony/outbound/outbound-dispatch.job.js';
import { SIMULATE_CALLEE_TASK, simulateCalleeTask } from './telephony/outbound/simulated-callee.job.js';
import { deliverWebhookTask, DELIVER_WEBHOOK_TASK } from './features/webhooks/index.js';
import { PURGE_IDEMPOTENCY_KEYS_CRONTAB, PURGE_IDEMPOTENCY_KEYS_TASK, purgeIdempotencyKeysTask } from './features/api-keys/index.js';
import { WorkerLease } from './jobs/worker-lease.js';
import { textGatewayOf } from './telephony/messaging/text-gateway.js';
import { releaseJobsOfDeadWorkers } from './jobs/jobs.repository.js';
import { sendMissedCallTextTask, SEND_MISSED_CALL_TEXT_TASK } from './features/missed-calls/index.js';
import { RUN_AGENT_TESTS_TASK, runAgentTestsTask } from './telephony/agent-tests/run-agent-tests.job.js';
import { SEND_VISIT_REMINDERS_CRONTAB, SEND_VISIT_REMINDERS_TASK, sendVisitRemindersTask } from './features/visit-reminders/index.js';

/** The text-message gateway the outbox delivers through (decision 044), or none (`log`). */
function textDeliveryOf(ctx: AppContext) {
  const gateway = textGatewayOf(ctx.env, ctx.baseUrl);
  return gateway ? { gateway, perSecond: ctx.env.SMS_PER_SECOND } : null;
}

/** Every background task, by name: one job per file, named after what it does. */
export function taskList(ctx: AppContext): TaskList {
  const tasks: TaskList = {
    [DELIVER_OUTBOX_TASK]: deliverOutboxMessageTask(ctx.db, { smtpUrl: ctx.env.SMTP_URL, mailFrom: ctx.env.MAIL_FROM, texts: textDeliveryOf(ctx), printUndelivered: demoTerminalOf(ctx.env) }),
    [CLOSE_STALE_CALLS_TASK]: closeStaleCallsTask(ctx),
    [SEED_DEMO_CALLS_TASK]: seedDemoCallsTask(ctx),
    [SEED_DEMO_CAMPAIGN_TASK]: seedDemoCampaignTask(ctx),
    [PURGE_RATE_LIMIT_COUNTERS_TASK]: purgeRateLimitCountersTask(ctx),
    [DISPATCH_TASK]: outboundDispatchTask(ctx),
    [SIMULATE_CALLEE_TASK]: simulateCalleeTask(ctx),
    [DELIVER_WEBHOOK_TASK]: deliverWebhookTask(ctx),
    [PURGE_IDEMPOTENCY_KEYS_TASK]: purgeIdempotencyKeysTask(ctx),
    [SEND_MISSED_CALL_TEXT_TASK]: sendMissedCallTextTask(ctx),
    [SEND_VISIT_REMINDERS_TASK]: sendVisitRemindersTask(ctx),
    [RUN_AGENT_TESTS_TASK]: runAgentTestsTask(ctx),
  };
  return Object.fromEntries(Object.entries(tasks).map(([name, task]) => [name, scoped(task!)]));
}

/**
 * A job runs in an organization scope (policy/concerned-organization.ts): its failure is filed
 * under the organization its payload names or its work noted.
 */
function scoped(task: Task): Task {
  return (payload, helpers) =>
    withOrganizationScope(async () => {
      noteOrganization((payload as { organizationId?: unknown } | null)?.organizationId as string | undefined);
      try {
        return await task(payload, helpers);
      } catch (error) {
        tagErrorOrganization(error, concernedOrganization());
        throw error;
      }
    });
}

/** Recurring tasks (graphile-worker crontab lines). */
export function crontab(): string {
  return [CLOSE_STALE_CALLS_CRONTAB, PURGE_RATE_LIMIT_COUNTERS_CRONTAB, PURGE_IDEMPOTENCY_KEYS_CRONTAB, DISPATCH_CRONTAB, SEND_VISIT_REMINDERS_CRONTAB].join('\n');
}

/** How often a worker looks for jobs left locked by a worker process that died, and how old such a lock must be. */
const RELEASE_DEAD_WORKERS_EVERY_MS = 10_000;
const RELEASE_DEAD_WORKERS_GRACE_SECONDS = 5;

export async function startWorker(ctx: AppContext, opts: { concurrency?: number; pollInterval?: number } = {}): Promise<Runner> {
  // The lease is taken before the first job: jobs/worker-lease.ts.
  const lease = new WorkerLease(ctx.pool.options, ctx.log);
  await lease.open();
  const events = new EventEmitter() as WorkerEvents;
  events.on('pool:create', ({ workerPool }) => {
    lease.hold(workerPool.id).catch((err: unknown) => ctx.log.error({ message: (err as Error).message }, 'worker lease not taken'));
  });
  const logger = new Logger((scope) => (level, message, meta) => {
    const line = { scope, ...(meta ?? {}) };
    if (level === 'error') ctx.log.error(line, message);
    else if (level === 'warning') ctx.log.warn(line, message);
    else ctx.log.debug(line, message);
  });
  const runner = await run({
    pgPool: ctx.pool,
    taskList: taskList(ctx),
    crontab: crontab(),
    concurrency: opts.concurrency ?? 4,
    pollInterval: opts.pollInterval ?? 1000,
    noHandleSignals: true,
    logger,
    events,
  });
  await lease.ready();
  // Jobs a killed worker process had taken are run again by the living ones within seconds.
  const releaseDead = () =>
    releaseJobsOfDeadWorkers(ctx.db, RELEASE_DEAD_WORKERS_GRACE_SECONDS)
      .then((ids) => ids.length > 0 && ctx.log.warn({ workers: ids }, 'released the jobs of worker processes that are gone'))
      .catch((err: unknown) => ctx.log.warn({ message: (err as Error).message }, 'could not release the jobs of dead workers'));
  void releaseDead();
  // A process restarted after a kill finds its predecessor's jobs still inside the grace period:
  // one more look once it has passed frees them then, not at the first 10 s sweep.
  const afterGrace = setTimeout(releaseDead, (RELEASE_DEAD_WORKERS_GRACE_SECONDS + 1) * 1000);
  afterGrace.unref();
  const sweep = setInterval(releaseDead, RELEASE_DEAD_WORKERS_EVERY_MS);
  sweep.unref();
  // The analytics rollups are kept current by the worker alone, every few seconds (decision 046).
  const stopAnalyticsDrain = startAnalyticsDrain(ctx);
  runner.promise
    .finally(() => {
      clearTimeout(afterGrace);
      clearInterval(sweep);
      stopAnalyticsDrain();
      void lease.close();
    })
    .catch(() => undefined);
  runner.events.on('job:failed', ({ job, error }) => {
    void reportError(ctx.db, { source: 'worker', error, route: `job:${job.task_identifier}`, organizationId: taggedErrorOrganization(error), context: { jobId: job.id, attempts: job.attempts } });
  });
  // A process that died mid-campaign left work behind: the outbound queue is looked at at once, not at the next minute.
  await wakeOutboundDispatcher(ctx);
  return runner;
}
