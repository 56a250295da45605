import type { Task } from 'graphile-worker';
import type { AppContext } from '../../app-context.js';
import { closeStaleCall } from '../call-lifecycle.js';
import { findStaleCalls } from '../../features/calls/index.js';

export const CLOSE_STALE_CALLS_TASK = 'close-stale-calls';
/** Every minute (graphile-worker crontab syntax); one run closes at most a batch. */
export const CLOSE_STALE_CALLS_CRONTAB = `* * * * * ${CLOSE_STALE_CALLS_TASK} ?max=1`;
const BATCH = 500;

/**
 * Closes calls whose final status never arrived (a lost status callback, a playground tab left
 * open): no activity for CALL_STALE_MINUTES → completed if answered, else failed, with the
 * outcome the conversation earned and a status event saying why. Each call is closed on its
 * own, through the same path as a provider's status callback, so a late callback is harmless.
 */
export async function closeStaleCalls(ctx: AppContext): Promise<number> {
  const minutes = ctx.env.CALL_STALE_MINUTES;
  const before = new Date(ctx.clock.now().getTime() - minutes * 60_000);
  let closed = 0;
  for (const { id } of await findStaleCalls(ctx.db, before, BATCH)) {
    const r = await closeStaleCall(ctx, id, minutes);
    if (r.kind === 'ok' && r.changed) closed++;
  }
  if (closed) ctx.log.info({ closed }, 'closed calls without a final status');
  return closed;
}

export function closeStaleCallsTask(ctx: AppContext): Task {
  return async () => {
    await closeStaleCalls(ctx);
  };
}
