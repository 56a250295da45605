import type { Task } from 'graphile-worker';
import type { AppContext } from '../../app-context.js';
import { purgeIdempotencyKeys } from './api-keys.service.js';

export const PURGE_IDEMPOTENCY_KEYS_TASK = 'purge-idempotency-keys';
/** Hourly (graphile-worker crontab syntax): answers kept for replay are deleted after their 24 hours. */
export const PURGE_IDEMPOTENCY_KEYS_CRONTAB = `17 * * * * ${PURGE_IDEMPOTENCY_KEYS_TASK} ?max=1`;

export function purgeIdempotencyKeysTask(ctx: AppContext): Task {
  return async () => {
    const purged = await purgeIdempotencyKeys(ctx.db, new Date(ctx.clock.now().getTime() - 86_400_000));
    if (purged) ctx.log.debug({ purged }, 'idempotency keys older than 24 hours deleted');
  };
}
