import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, conflict, invalid } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import type { HandoffTextBody, HandoffTexts } from '../../../contracts/handoffs.js';
import { handoffActionAllowed } from '../../../domain/handoffs/state.js';
import { practiceCountry } from '../../../domain/format/clock.js';
import { formatPhoneNumber } from '../../../domain/format/phone.js';
import { handoffText } from '../../../domain/messaging/handoff-texts.js';
import { mayReceiveTexts } from '../../../domain/messaging/textable.js';
import { recordAudit } from '../audit/index.js';
import { publishLive } from '../live/index.js';
import { findOrganizationById, phoneNumbersOf, type OrganizationRow } from '../organizations/index.js';
import { sendMessage } from '../outbox/index.js';
import { textOptOutOf } from '../sms-opt-outs/index.js';
import { howNumberWasConfirmed, latestHandoffTextTo, textThreadOf } from './handoff-texts.repository.js';
import { findHandoff, insertHandoffEvent, updateHandoffIfStatus, type HandoffListRow } from '../handoff-records/index.js';
import { contactFrom, loadHandoff, recordsOf } from './handoffs.service.js';

/**
 * Two-way texting from a handoff (issue 30 §3, decision 048). Staff text the patient's number
 * from one of the templates (English or Spanish, nothing about their health); a message of their
 * own only to a number the patient showed is theirs. Replies come back on the handoff
 * (missed-calls' reply routing, `latestHandoffTextTo`).
 */

export const HANDOFF_TEXT_TEMPLATE = 'handoff-text';

type Blocked = NonNullable<HandoffTexts['blocked']>;

interface TextState {
  h: HandoffListRow;
  org: OrganizationRow;
  phone: string | null;
  blocked: Blocked | null;
  confirmedBy: 'call' | 'text' | 'portal' | null;
  values: { practice: string; number: string };
}

async function textState(db: DbOrTx, h: HandoffListRow): Promise<TextState> {
  const org = (await findOrganizationById(db, h.organizationId))!;
  const { request, patient } = await recordsOf(db, h);
  const phone = contactFrom(h, request, patient).phone;
  const country = practiceCountry(org.address);
  const numbers = (await phoneNumbersOf(db, [org.id])).get(org.id) ?? [];
  const values = { practice: org.name, number: formatPhoneNumber(numbers[0]?.e164 ?? '', country) };
  let blocked: Blocked | null = null;
  if (!phone) blocked = { code: 'no_number', message: 'There is no phone number for this patient.' };
  else if (!mayReceiveTexts(phone)) blocked = { code: 'not_textable', message: `${formatPhoneNumber(phone, country)} cannot receive text messages (a landline, toll-free or invalid number). Call the patient instead.` };
  else {
    const optOut = await textOptOutOf(db, org.id, phone);
    if (optOut) {
      blocked = {
        code: 'opted_out',
        message: `${formatPhoneNumber(phone, country)} replied ${optOut.keyword} on ${optOut.at.toISOString().slice(0, 10)} and has opted out of texts from ${org.name}. It can be texted again only after the patient replies START.`,
      };
    } else if (!handoffActionAllowed('message', h.status)) {
      blocked = { code: 'closed', message: `This handoff is ${h.status}: reopen it to text the patient.` };
    }
  }
  const confirmedBy = phone ? await howNumberWasConfirmed(db, org.id, phone) : null;
  return { h, org, phone, blocked, confirmedBy, values };
}

async function present(db: DbOrTx, state: TextState): Promise<HandoffTexts> {
  const thread = await textThreadOf(db, state.h.id);
  return {
    phone: state.phone,
    blocked: state.blocked,
    confirmed: state.confirmedBy !== null,
    confirmedBy: state.confirmedBy,
    values: state.values,
    thread: thread.map((t) => ({
      id: t.id,
      direction: t.kind === 'message_sent' ? ('outbound' as const) : ('inbound' as const),
      body: t.body ?? '',
      at: t.at.toISOString(),
      by: t.kind === 'patient_reply' ? 'Patient' : (t.actorName ?? (t.automatic ? 'Sent automatically' : 'Staff')),
      status: t.status,
    })),
  };
}

/** The "Text the patient" panel: whether and what may be sent, and the texts both ways. */
export async function handoffTexts(ctx: AppContext, actor: StaffActor, id: string): Promise<HandoffTexts> {
  const h = await loadHandoff(ctx.db, actor, id);
  return present(ctx.db, await textState(ctx.db, h));
}

/** Said beside the message when the number is not one the patient confirmed. */
export const FREE_TEXT_NEEDS_CONFIRMED_NUMBER =
  'A message of your own can only go to a number the patient has called or texted from, or signed in to the portal with. Choose a template without a message, or call the patient.';

/**
 * Sends the text: the outbox row (delivered by the gateway, decision 044), the history event that
 * routes replies here, a live update and the audit record — one transaction. Refused (409) when
 * the number opted out, cannot take texts, is missing, or the handoff is closed; a message of one's
 * own to a number the patient did not confirm is refused beside its field (400).
 */
export async function textPatient(ctx: AppContext, actor: StaffActor, id: string, body: HandoffTextBody): Promise<HandoffTexts> {
  const h = await loadHandoff(ctx.db, actor, id);
  try {
    return await sendText(ctx, actor, h, body);
  } catch (e) {
    // A refused text is in the audit log too (who tried, to which handoff, and why), after the rollback.
    if (e instanceof AppError && (e.statusCode === 400 || e.statusCode === 409)) {
      await recordAudit(ctx.db, {
        action: 'handoff.text',
        outcome: 'denied',
        actor,
        organizationId: h.organizationId,
        recordType: 'handoff',
        recordId: h.id,
        details: { template: body.template, language: body.language, freeText: Boolean(body.text?.trim()), reason: e.code },
      });
    }
    throw e;
  }
}

async function sendText(ctx: AppContext, actor: StaffActor, h: Awaited<ReturnType<typeof loadHandoff>>, body: HandoffTextBody): Promise<HandoffTexts> {
  return ctx.db.transaction(async (tx) => {
    const state = await textState(tx, h);
    if (state.blocked) throw refusal(state.blocked);
    const text = body.text?.trim() || undefined;
    if (text && !state.confirmedBy) throw invalid({ text: FREE_TEXT_NEEDS_CONFIRMED_NUMBER });
    const now = ctx.clock.now();
    // Re-checked by the database: a handoff closed meanwhile is refused, not texted from.
    const row = await updateHandoffIfStatus(tx, h.id, ['open', 'claimed'], {}, now);
    if (!row) throw refusal({ code: 'closed', message: `This handoff is ${(await findHandoff(tx, h.id))?.status ?? 'closed'}: reopen it to text the patient.` });
    const words = handoffText(body.template, body.language, { ...state.values, text });
    const outbox = await sendMessage(tx, { channel: 'sms', recipient: state.phone!, body: words, template: HANDOFF_TEXT_TEMPLATE, organizationId: h.organizationId, language: body.language });
    const data = { channel: 'sms', outboxMessageId: outbox.id, notice: 'full_text', template: body.template, language: body.language, freeText: Boolean(text), to: state.phone };
    await insertHandoffEvent(tx, { handoffId: h.id, kind: 'message_sent', actorUserId: actor.userId, body: words, data, at: now });
    await publishLive(tx, { topic: 'handoffs', organizationId: h.organizationId, type: 'updated', id: h.id, data: { status: row.status, action: 'text' } });
    await recordAudit(tx, {
      action: 'handoff.text',
      outcome: 'success',
      actor,
      organizationId: h.organizationId,
      recordType: 'handoff',
      recordId: h.id,
      // What was sent, not its words: the words are on the handoff, under its access rules.
      details: { template: body.template, language: body.language, freeText: Boolean(text), to: state.phone, outboxMessageId: outbox.id, confirmedBy: state.confirmedBy },
    });
    return present(tx, state);
  });
}

function refusal(blocked: Blocked): AppError {
  return conflict(blocked.message, blocked.code === 'closed' ? 'invalid_transition' : blocked.code);
}

/** The handoff that last texted this number since `since` — where a reply from it belongs. */
export async function handoffThatTexted(db: DbOrTx, organizationId: string, phone: string, since: Date) {
  return latestHandoffTextTo(db, organizationId, phone, since);
}
