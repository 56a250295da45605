import type { Task } from 'graphile-worker';
import type { AppContext } from '../../app-context.js';
import { sendMissedCallText, type MissedCallTextJob } from './missed-calls.service.js';

/**
 * Two minutes after a call ended abandoned, at an organization that texts missed callers: one
 * text, or a recorded reason not to (missed-calls.service.ts, decision 047). Run again, it finds
 * the decision it recorded and sends nothing twice.
 */
export function sendMissedCallTextTask(ctx: AppContext): Task {
  return async (payload) => {
    const p = (payload ?? {}) as Partial<MissedCallTextJob>;
    if (typeof p.callId !== 'string' || typeof p.organizationId !== 'string') return;
    await sendMissedCallText(ctx, { callId: p.callId, organizationId: p.organizationId, language: p.language === 'es' ? 'es' : 'en' });
  };
}
