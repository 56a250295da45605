import type { AppContext } from '../../app-context.js';
import { sendMessage } from '../../features/outbox/index.js';
import type { OnInboundText } from '../../features/sms-opt-outs/index.js';
import { receiveMissedCallReply } from '../../features/missed-calls/index.js';
import { receiveReminderReply } from '../../features/visit-reminders/index.js';
import { detectEmergency } from '../../agent/nlu/emergency.js';

/** The outbox template of what the practice texts back to a patient's text when the provider takes no answer in the webhook's response (Telnyx). */
export const TEXT_REPLY_TEMPLATE = 'text-reply';

/**
 * A text that is no keyword: an answer to a visit reminder confirms the visit or asks for another
 * time; a reply to a missed-call text (or to a text staff sent from a handoff) goes on its thread
 * (decisions 047, 048), judged for an emergency by the same model that listens to callers.
 */
export function threadReplies(ctx: AppContext): OnInboundText {
  return async (tx, text) =>
    // "C" or "R" answering a visit reminder (issue 31 §5) first; any other words go on a thread.
    (await receiveReminderReply(ctx, tx, text)) ?? receiveMissedCallReply(ctx, tx, { ...text, emergency: detectEmergency(text.body) !== null });
}

/**
 * The same, for a provider whose webhook answer carries no message (Telnyx): what the thread
 * answers (thanks, the emergency number, a confirmed visit) goes out as a text of its own, queued in
 * the outbox in the webhook's transaction — so a repeated webhook, which finds the text already
 * received, queues nothing — and sent once by the gateway like every other text (decision 044).
 */
export function threadRepliesAnsweredByText(ctx: AppContext): OnInboundText {
  const threads = threadReplies(ctx);
  return async (tx, text) => {
    const handled = await threads(tx, text);
    if (handled?.answer) {
      await sendMessage(tx, { channel: 'sms', recipient: text.from, body: handled.answer, template: TEXT_REPLY_TEMPLATE, organizationId: text.organization.id, language: handled.language });
    }
    return handled;
  };
}
