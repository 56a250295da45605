import type { AppContext } from '../../app-context.js';
import { drainRollups } from './analytics-rollups.service.js';

/** How often the worker folds recent changes into the analytics rollups: the page is at most this much behind. */
export const ANALYTICS_DRAIN_EVERY_MS = 3_000;

/**
 * The worker's analytics drain (decision 046): every few seconds, folds the queued changes into
 * the rollups and records when, which the page shows as "as of". Pages never drain; several
 * worker processes may run this, their drains taking turns under the rollups' lock. One pass at a
 * time per process: a slow pass delays the next rather than piling up. Returns a stop function.
 */
export function startAnalyticsDrain(ctx: AppContext, everyMs = ANALYTICS_DRAIN_EVERY_MS): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const pass = async () => {
    try {
      const changes = await drainRollups(ctx.db);
      if (changes) ctx.log.debug({ changes }, 'analytics rollups brought up to date');
    } catch (err) {
      ctx.log.warn({ message: (err as Error).message }, 'analytics rollups not brought up to date; trying again shortly');
    }
    if (!stopped) {
      timer = setTimeout(() => void pass(), everyMs);
      timer.unref();
    }
  };
  void pass();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
