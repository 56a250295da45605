import { keywordOf, OPT_OUT_NOTICE } from '../../../domain/messaging/sms.js';
import { practiceCountry } from '../../../domain/format/clock.js';
import { formatPhoneNumber } from '../../../domain/format/phone.js';
import { toE164 } from '../../../domain/phone.js';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../audit/index.js';
import { addDoNotCallFromText, removeDoNotCallFromText } from '../do-not-call/index.js';
import { deleteOptOut, findInbound, insertInbound, insertOptOut, linkDoNotCall, markReply } from './sms-opt-outs.repository.js';
import type { Tx } from '../../db/client.js';
import { findOrganizationByNumber, type OrganizationRow } from '../organizations/index.js';

export interface InboundSms {
  messageSid: string;
  from: string;
  to: string;
  body: string;
}

type Org = { id: string; name: string; address: { country?: unknown } };

/**
 * What to do with a text that is no keyword, in the webhook's transaction (the adapter passes
 * it: a reply to a missed-call text goes on its thread, decision 047). Answers what to text
 * back (null: nothing) and in which language it is written, or undefined when the text is not
 * for it — then it is not kept.
 */
export type OnInboundText = (
  tx: Tx,
  text: { organization: OrganizationRow; from: string; body: string; messageSid: string },
) => Promise<{ answer: string | null; language?: 'en' | 'es' } | undefined>;

/** The carrier-style confirmations (Twilio's default wording, with the practice's name). */
function replyFor(action: ReturnType<typeof keywordOf>['action'], org: Org, to: string): string | null {
  switch (action) {
    case 'opt_out':
      return `${org.name}: You have been unsubscribed and will receive no more text messages or automated calls from this number. Reply START to resubscribe.`;
    case 'opt_in':
      return `${org.name}: You have been resubscribed to text messages from this number. ${OPT_OUT_NOTICE}`;
    case 'help':
      return `${org.name}: messages about your appointment requests. For help call ${formatPhoneNumber(to, practiceCountry(org.address))}. ${OPT_OUT_NOTICE}`;
    case 'none':
      return null;
  }
}

/**
 * A text message to one of the organizations' numbers (the Twilio-compatible SMS webhook).
 * STOP and its synonyms opt the sender out of that organization's texts and put the number on its
 * do-not-call list ("STOP by text"); START and its synonyms undo both (the do-not-call entry only
 * if the STOP added it). Answers the confirmation to send back, or null for none.
 *
 * Idempotent per MessageSid: the first delivery stores the sid with its reply in the same
 * transaction as its effects, so a repeated webhook — even one that arrives concurrently — gets
 * the stored reply and changes nothing.
 */
export async function receiveInboundSms(ctx: AppContext, input: InboundSms, onText?: OnInboundText): Promise<string | null> {
  const seen = await findInbound(ctx.db, input.messageSid);
  if (seen) return seen.reply;
  const to = toE164(input.to) ?? input.to;
  // Only a phone number can be opted out or put on the do-not-call list: a sender that is not one
  // (a short code, an alphanumeric sender id, anything forged) is recorded and not acted on.
  const from = toE164(input.from, 'US');
  const org = to ? await findOrganizationByNumber(ctx.db, to) : undefined;
  const { action, keyword } = keywordOf(input.body);
  const reply = org && from ? replyFor(action, org, to) : null;

  return ctx.db.transaction(async (tx) => {
    const stored = await insertInbound(tx, { messageSid: input.messageSid, organizationId: org?.id ?? null, fromNumber: from ?? input.from, toNumber: to, action: from ? action : 'none', reply });
    if (!stored) return (await findInbound(tx, input.messageSid))?.reply ?? null;
    if (!org || !from) return reply;
    if (action === 'none' && onText) {
      const handled = await onText(tx, { organization: org, from, body: input.body, messageSid: input.messageSid });
      if (handled) await markReply(tx, input.messageSid, handled.answer);
      return handled?.answer ?? reply;
    }
    const actor = { kind: 'anonymous' as const, label: `text message from ${from}` };
    if (action === 'opt_out') {
      const doNotCallId = await addDoNotCallFromText(tx, { organizationId: org.id, phone: from });
      const added = await insertOptOut(tx, { organizationId: org.id, phone: from, keyword: keyword!, messageSid: input.messageSid, doNotCallId });
      // A second STOP keeps the first one's opt-out; if staff had taken the number off the
      // do-not-call list since, it is back on it, and a START takes it off again.
      if (!added && doNotCallId) await linkDoNotCall(tx, org.id, from, doNotCallId);
      if (added || doNotCallId) {
        await recordAudit(tx, {
          action: 'sms.opt_out',
          outcome: 'success',
          actor,
          organizationId: org.id,
          recordType: 'sms_opt_out',
          recordId: from,
          details: { phone: from, keyword, messageSid: input.messageSid, doNotCallId, alreadyOnDoNotCallList: doNotCallId === null },
        });
      }
    } else if (action === 'opt_in') {
      const removed = await deleteOptOut(tx, org.id, from);
      if (removed) {
        const doNotCallRemoved = removed.doNotCallId ? await removeDoNotCallFromText(tx, org.id, removed.doNotCallId) : false;
        await recordAudit(tx, {
          action: 'sms.opt_in',
          outcome: 'success',
          actor,
          organizationId: org.id,
          recordType: 'sms_opt_out',
          recordId: from,
          details: { phone: from, keyword, messageSid: input.messageSid, doNotCallRemoved },
        });
      }
    }
    return reply;
  });
}
