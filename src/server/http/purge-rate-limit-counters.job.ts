import type { Task } from 'graphile-worker';
import type { AppContext } from '../app-context.js';
import { purgeRateLimitCounters } from './rate-limit-store.js';

export const PURGE_RATE_LIMIT_COUNTERS_TASK = 'purge-rate-limit-counters';
/** Every ten minutes (graphile-worker crontab syntax): counters of ended windows are deleted. */
export const PURGE_RATE_LIMIT_COUNTERS_CRONTAB = `*/10 * * * * ${PURGE_RATE_LIMIT_COUNTERS_TASK} ?max=1`;

export function purgeRateLimitCountersTask(ctx: AppContext): Task {
  return async () => {
    const purged = await purgeRateLimitCounters(ctx.pool);
    if (purged) ctx.log.debug({ purged }, 'rate limit counters of ended windows deleted');
  };
}
