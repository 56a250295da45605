import { z } from 'zod';
import { cancelVisit, findVisit, findVisitWithNames } from '../../features/calendars/index.js';
import { followCancel } from '../../features/visit-changes/index.js';
import { say } from '../messages/index.js';
import { phoneBooker, refusal } from './booking-support.js';
import { currentVisit, tooSoonToChange, visitSaid } from './my-visit.js';
import type { ToolDefinition } from './tool-types.js';

const schema = z.object({
  callerConfirmed: z.literal(true).describe('True only after the caller clearly said yes to cancelling this visit'),
});

/** Why a visit is canceled by phone (the visit's and its request's reason). */
export const CANCELED_BY_CALLER = 'Canceled by the patient by phone.';

/**
 * Cancels the caller's visit found by find_my_visit (issue 31 §3), and the appointment request it
 * was booked with, as a patient cancels a scheduled request; in the turn's transaction.
 */
export const cancelVisitTool: ToolDefinition<typeof schema> = {
  name: 'cancel_visit',
  description: "Cancels the caller's visit found with find_my_visit, after you read it back and the caller clearly said yes to cancelling it. If it answers tooSoon, offer a call-back from staff (request_callback).",
  schema,
  async execute(env) {
    const mine = currentVisit(env);
    if (!mine) return { ok: false, result: { error: 'no_visit', message: 'Find the visit first (find_my_visit).' }, speech: '' };
    if (env.state.myVisit?.done === 'canceled') return { ok: true, result: { canceled: true }, speech: say(env, 'change.canceled', visitSaid(env, mine)) };
    const type = (await env.visitTypes()).find((t) => t.id === mine.visitTypeId);
    if (tooSoonToChange(mine.start, type?.minNoticeMinutes ?? 0, env.now.getTime())) return { ok: false, result: { error: 'too_soon', message: 'Too close to the visit to change by phone: offer a call-back from staff.' }, speech: say(env, 'change.tooSoon') };
    const tx = await env.tx();
    const visit = await findVisit(tx, mine.visitId);
    if (!visit) return { ok: false, result: { error: 'no_visit' }, speech: say(env, 'change.notChanged') };
    try {
      await cancelVisit({ db: tx, clock: env.ctx.clock }, visit, { reason: CANCELED_BY_CALLER }, phoneBooker(env));
    } catch (err) {
      const answer = refusal(err);
      if (answer) return { ...answer, speech: say(env, 'change.notChanged') };
      throw err;
    }
    // Its request, scheduled for it, is canceled as the patient cancels one (a request still pending is left to staff).
    await followCancel(env.ctx, tx, await env.organizationRow(), (await findVisitWithNames(tx, visit.id))!, CANCELED_BY_CALLER, { kind: 'caller' });
    env.state.myVisit!.done = 'canceled';
    return { ok: true, result: { canceled: true }, speech: say(env, 'change.canceled', visitSaid(env, mine)) };
  },
};
