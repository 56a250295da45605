import type { AppContext } from '../../app-context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { enqueueJob } from '../../jobs/jobs.repository.js';
import { practiceCountry } from '../../../domain/format/clock.js';
import { formatPhoneNumber } from '../../../domain/format/phone.js';
import { missedCallText, MISSED_CALL_TEXT_WINDOW_HOURS } from '../../../domain/messaging/missed-call-text.js';
import { mayReceiveTexts } from '../../../domain/messaging/textable.js';
import { emergencyNumber } from '../../../domain/patient/emergency-number.js';
import { createHandoff, addSentText, addTextReply, raiseThreadToUrgent } from '../handoff-records/index.js';
import { handoffThatTexted } from '../handoffs/index.js';
import { findOrganizationById, missedCallTextsOf, type OrganizationRow } from '../organizations/index.js';
import { outboxBodyOf, sendMessage } from '../outbox/index.js';
import { textOptOutOf } from '../sms-opt-outs/index.js';
import {
  calledSince,
  callLeftWork,
  findCall,
  findDecision,
  insertDecision,
  lockCallerNumber,
  lockLatestTextTo,
  setOutboxMessage,
  setThread,
  textedSince,
  type MissedCallTextRow,
} from './missed-calls.repository.js';

/**
 * Texts to callers the practice missed (issue 30 §2, decision 047). A call that ends `abandoned`
 * — the caller hung up before the agent could help, while a transfer rang, or before saying a
 * word — at an organization that turned the texts on, from a number that may be a mobile, is
 * looked at again two minutes later by a job (queued in the transaction that ended the call).
 * The job sends one text ("sorry we missed you — reply here or call …") unless the call left work
 * after all, the number opted out, the practice and the caller have spoken since, or the number
 * was texted in the last 24 hours. A reply opens a message handoff: a thread staff answer from.
 */

export const SEND_MISSED_CALL_TEXT_TASK = 'send-missed-call-text';
export const MISSED_CALL_TEMPLATE = 'missed-call';
/** The text waits this long after the call: a caller who rings straight back is not texted. */
export const MISSED_CALL_TEXT_DELAY_MS = 2 * 60_000;
/** A text from the number this long after the missed-call text is still a reply to it. */
export const MISSED_CALL_REPLY_DAYS = 30;

export interface MissedCallTextJob {
  callId: string;
  organizationId: string;
  /** The language the call was held in: the text's. */
  language: 'en' | 'es';
}

export interface EndedCall {
  id: string;
  organizationId: string;
  organization: Pick<OrganizationRow, 'missedCallTexts'>;
  direction: string;
  provider: string;
  fromNumber: string;
}

/**
 * Whether an ended call may deserve a missed-call text: decided from what the pipeline holds,
 * without a query (the job looks at everything else). Never for the simulator — the playground
 * and the demo's history call from made-up numbers that may be somebody's.
 */
export function missedCallTextJob(call: EndedCall, outcome: string | null | undefined, language: 'en' | 'es' | undefined): MissedCallTextJob | null {
  if (outcome !== 'abandoned' || call.direction !== 'inbound' || call.provider === 'simulator') return null;
  if (!missedCallTextsOf(call.organization).enabled || !mayReceiveTexts(call.fromNumber)) return null;
  return { callId: call.id, organizationId: call.organizationId, language: language === 'es' ? 'es' : 'en' };
}

/** Queues the look two minutes after the call ended, in the transaction that ends it (one job per call). */
export async function queueMissedCallText(db: DbOrTx, job: MissedCallTextJob, endedAt: Date): Promise<void> {
  await enqueueJob(db, SEND_MISSED_CALL_TEXT_TASK, { ...job }, { runAt: new Date(endedAt.getTime() + MISSED_CALL_TEXT_DELAY_MS), maxAttempts: 5, jobKey: `missed-call-text:${job.callId}` });
}

type Reason = NonNullable<MissedCallTextRow['reason']>;

/**
 * The job: decides about one missed call and, when it should, puts the text in the outbox (the
 * gateway's delivery job sends it, decision 044). Decisions about one number are taken one at a
 * time, and each call's is recorded once, so a job run again or two calls ending together send
 * one text. Answers the decision (undefined: the call is gone).
 */
export async function sendMissedCallText(ctx: AppContext, job: MissedCallTextJob): Promise<MissedCallTextRow | undefined> {
  return ctx.db.transaction(async (tx) => {
    const call = await findCall(tx, job.callId);
    const org = call ? await findOrganizationById(tx, call.organizationId) : undefined;
    if (!call || !org) return undefined;
    const phone = call.fromNumber;
    await lockCallerNumber(tx, org.id, phone);
    const earlier = await findDecision(tx, call.id);
    if (earlier) return earlier;
    const now = ctx.clock.now();
    const reason = await reasonNotToText(tx, call, org, phone, now);
    const decision = await insertDecision(tx, { callId: call.id, organizationId: org.id, phone, status: reason ? 'skipped' : 'sent', reason, language: job.language, createdAt: now });
    if (!decision || reason) return decision ?? (await findDecision(tx, call.id));
    const settings = missedCallTextsOf(org);
    const country = practiceCountry(org.address);
    const body = missedCallText(job.language === 'es' ? settings.messageEs : settings.message, job.language, {
      practice: org.name,
      number: formatPhoneNumber(call.toNumber, country),
      emergency: emergencyNumber(country),
    });
    const outbox = await sendMessage(tx, { channel: 'sms', recipient: phone, body, template: MISSED_CALL_TEMPLATE, organizationId: org.id, language: job.language });
    await setOutboxMessage(tx, call.id, outbox.id);
    return { ...decision, outboxMessageId: outbox.id };
  });
}

async function reasonNotToText(tx: Tx, call: NonNullable<Awaited<ReturnType<typeof findCall>>>, org: OrganizationRow, phone: string, now: Date): Promise<Reason | null> {
  if (!missedCallTextsOf(org).enabled || org.status === 'deactivated') return 'turned_off';
  if (call.outcome !== 'abandoned' || (await callLeftWork(tx, call.id))) return 'handled';
  if (call.direction !== 'inbound' || call.provider === 'simulator' || !mayReceiveTexts(phone)) return 'not_textable';
  if (await textOptOutOf(tx, org.id, phone)) return 'opted_out';
  if (await calledSince(tx, call, phone)) return 'called_again';
  if (await textedSince(tx, org.id, phone, new Date(now.getTime() - MISSED_CALL_TEXT_WINDOW_HOURS * 3_600_000))) return 'recently_texted';
  return null;
}

export interface TextReply {
  organization: OrganizationRow;
  /** E.164. */
  from: string;
  body: string;
  messageSid: string;
  /** The words say something is an emergency (the caller-understanding model's judgement, made by the adapter). */
  emergency: boolean;
}

/**
 * A text from a number this organization sent a missed-call text to in the last 30 days (or whose
 * thread staff or the patient wrote on in that time): it goes on that text's thread — a message handoff opened by the first reply (urgent when the words say
 * an emergency), reopened by a reply after it was closed. Answers what to text back (thanks, or
 * the emergency number), or null for nothing; undefined when the number has no such thread (the
 * text is then not kept, as before).
 */
export async function receiveMissedCallReply(ctx: AppContext, tx: Tx, reply: TextReply): Promise<{ answer: string | null; language: 'en' | 'es'; handoffId: string } | undefined> {
  const now = ctx.clock.now();
  const org = reply.organization;
  const since = new Date(now.getTime() - MISSED_CALL_REPLY_DAYS * 86_400_000);
  const text = await lockLatestTextTo(tx, org.id, reply.from, since);
  // A text staff sent from a handoff (decision 048) more recently than the missed-call text: the
  // reply belongs on that handoff.
  const fromHandoff = await handoffThatTexted(tx, org.id, reply.from, since);
  if (fromHandoff && (!text || fromHandoff.at.getTime() > text.createdAt.getTime())) return replyOnHandoff(ctx, tx, reply, fromHandoff);
  if (!text) return undefined;
  const words = reply.body.trim() || '(A text with no words — perhaps a picture, which is not shown here.)';
  let handoffId = text.handoffId;
  let opened = false;
  if (!handoffId) {
    const handoff = await createHandoff(ctx, tx, {
      organizationId: org.id,
      type: 'message',
      priority: reply.emergency ? 'urgent' : 'normal',
      source: 'sms',
      reason: `Text reply after a missed call: “${oneLine(words, 300)}”`,
      callId: text.callId,
      contactPhone: reply.from,
      details: { missedCall: { callId: text.callId, outboxMessageId: text.outboxMessageId }, ...(reply.emergency ? { emergency: true } : {}) },
      at: now,
    });
    handoffId = handoff.id;
    opened = true;
    await setThread(tx, text.callId, handoffId);
    const sent = text.outboxMessageId ? await outboxBodyOf(tx, text.outboxMessageId) : null;
    if (sent) await addSentText(tx, handoffId, { body: sent, outboxMessageId: text.outboxMessageId, template: MISSED_CALL_TEMPLATE, at: text.createdAt });
  }
  const { reopened } = await addTextReply(tx, handoffId, words, { messageSid: reply.messageSid, from: reply.from }, now);
  if (reply.emergency && !opened) await raiseThreadToUrgent(ctx, tx, handoffId, 'Made urgent: the patient’s text mentions an emergency.', now);
  // A number that has since replied STOP gets nothing back; the practice still reads its words.
  const optedOut = await textOptOutOf(tx, org.id, reply.from);
  const answer = optedOut ? null : reply.emergency ? acknowledgement(org, text.language, true) : opened || reopened ? acknowledgement(org, text.language, false) : null;
  return { answer, language: text.language, handoffId };
}

/**
 * A reply to a text staff sent from a handoff: on that handoff's history (a closed one back in the
 * queue, an emergency made urgent), answered only when it reopened the handoff or speaks of an
 * emergency — the conversation is with a person, who answers.
 */
async function replyOnHandoff(ctx: AppContext, tx: Tx, reply: TextReply, sent: { handoffId: string; language: 'en' | 'es' }): Promise<{ answer: string | null; language: 'en' | 'es'; handoffId: string }> {
  const now = ctx.clock.now();
  const words = reply.body.trim() || '(A text with no words — perhaps a picture, which is not shown here.)';
  const { reopened } = await addTextReply(tx, sent.handoffId, words, { messageSid: reply.messageSid, from: reply.from }, now);
  if (reply.emergency) await raiseThreadToUrgent(ctx, tx, sent.handoffId, 'Made urgent: the patient’s text mentions an emergency.', now);
  const optedOut = await textOptOutOf(tx, reply.organization.id, reply.from);
  const answer = optedOut ? null : reply.emergency ? acknowledgement(reply.organization, sent.language, true) : reopened ? acknowledgement(reply.organization, sent.language, false) : null;
  return { answer, language: sent.language, handoffId: sent.handoffId };
}

/** What the patient reads back: thanks, and where to turn in an emergency. */
function acknowledgement(org: OrganizationRow, language: 'en' | 'es', emergency: boolean): string {
  const sos = emergencyNumber(practiceCountry(org.address));
  if (language === 'es') {
    return emergency
      ? `${org.name}: si es una emergencia médica, llame al ${sos} ahora. Recibimos su mensaje y le contestaremos lo antes posible.`
      : `${org.name}: gracias, recibimos su mensaje y le contestaremos lo antes posible. En una emergencia, llame al ${sos}.`;
  }
  return emergency
    ? `${org.name}: if this is a medical emergency, call ${sos} now. We have your message and will get back to you as soon as we can.`
    : `${org.name}: thank you, we have your message and will get back to you as soon as we can. In an emergency, call ${sos}.`;
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
