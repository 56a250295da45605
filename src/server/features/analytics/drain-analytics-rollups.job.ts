import type { Task } from 'graphile-worker';
import type { AppContext } from '../../app-context.js';
import { drainRollups } from './analytics-rollups.service.js';

export const DRAIN_ANALYTICS_ROLLUPS_TASK = 'drain-analytics-rollups';
/**
 * Every minute: folds recent changes into the rollups so the queue of changes stays short even
 * when nobody opens analytics (each read drains too, so figures are never behind).
 */
export const DRAIN_ANALYTICS_ROLLUPS_CRONTAB = `* * * * * ${DRAIN_ANALYTICS_ROLLUPS_TASK} ?max=1`;

export function drainAnalyticsRollupsTask(ctx: AppContext): Task {
  return async () => {
    const changes = await drainRollups(ctx.db);
    if (changes) ctx.log.debug({ changes }, 'analytics rollups brought up to date');
  };
}
