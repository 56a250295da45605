import type { Task } from 'graphile-worker';
import type { AppContext } from '../../app-context.js';
import { attemptDelivery } from './webhooks.service.js';

/**
 * One attempt of one webhook delivery (webhooks.service.ts `attemptDelivery`). The retry
 * schedule is the delivery's own (a new job per attempt, run at its time); graphile-worker's
 * retries only cover a failure of ours (the database), and a repeat run of an attempt already
 * settled does nothing.
 */
export function deliverWebhookTask(ctx: AppContext): Task {
  return async (payload) => {
    const deliveryId = (payload as { deliveryId?: unknown } | null)?.deliveryId;
    if (typeof deliveryId !== 'string') return;
    await attemptDelivery(ctx, deliveryId);
  };
}
