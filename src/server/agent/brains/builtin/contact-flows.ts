import { inCallerWords } from '../../caller-words.js';
import { say } from '../../messages/index.js';
import { checkDateOfBirth, parseDateParts } from '../../nlu/dates.js';
import { messageTopic } from '../../nlu/message-topics.js';
import { extractPhone, sayPhone } from '../../nlu/phone-numbers.js';
import { yesNoAnswer } from '../../nlu/yes-no.js';
import { callerNumber } from './appointment-slots.js';
import { anythingElse, decide, nameSaid, notUnderstood, type FlowCtx, type FlowReply } from './flow-context.js';

/**
 * Transfers, call-backs and messages. A transfer goes to the person on duty while the practice
 * is open; otherwise (or when nobody answers) the caller is offered a call-back.
 */
export async function startTransfer(fc: FlowCtx, text: string): Promise<FlowReply> {
  decide(fc, 'transfer_to_staff');
  const r = await fc.tools.run('transfer_to_staff', { reason: text.slice(0, 300) });
  if (r.next?.type === 'transfer') return { text: r.speech, next: r.next };
  if (r.result.offer === 'message') return startMessage(fc, r.speech);
  const reply = offerCallback(fc, r.speech, text);
  if (r.result.urgent === true) fc.b.cb.urgent = true;
  return reply;
}

export function offerCallback(fc: FlowCtx, said: string, reason: string | null): FlowReply {
  decide(fc, 'offer_callback');
  fc.b.flow = 'callback';
  fc.b.step = 'offer';
  fc.b.cb = { reason: reason ?? undefined };
  return { text: `${said} ${say(fc.env, 'callback.offer')}`.replace(/\s+/g, ' ').trim() };
}

/** A call-back asked for directly ("can someone call me back about my results?"): the caller's words are what it is about. */
export function startCallback(fc: FlowCtx, reason: string | null, prefix = say(fc.env, 'ack.sure')): FlowReply {
  decide(fc, 'start_callback');
  fc.b.flow = 'callback';
  fc.b.cb = { reason: reason ? inCallerWords(fc.env, reason) : undefined };
  return askCallbackNumber(fc, prefix);
}

function askCallbackNumber(fc: FlowCtx, prefix: string): FlowReply {
  const own = callerNumber(fc);
  fc.b.step = own ? 'phone' : 'phone_number';
  decide(fc, `ask:${fc.b.step}`);
  return { text: own ? `${prefix} ${say(fc.env, 'callback.askIsBest', { phone: sayPhone(own) })}` : `${prefix} ${say(fc.env, 'callback.askNumber')}` };
}

/** A whole date of birth in what was said, as YYYY-MM-DD (kept when given, never demanded). */
function dateOfBirthSaid(fc: FlowCtx, text: string): string | null {
  const parts = parseDateParts(text, { dayFirst: fc.dayFirst, today: fc.today });
  const check = parts ? checkDateOfBirth(parts, fc.today) : null;
  return check?.ok ? check.iso : null;
}

/** Handles "is this the best number?" and "what number?" for call-backs and messages. */
function numberStep(fc: FlowCtx, text: string, set: (phone: string) => void): FlowReply | 'done' {
  const typed = extractPhone(text, fc.env.org.country);
  if (typed) {
    set(typed);
    return 'done';
  }
  const own = callerNumber(fc);
  if (fc.b.step === 'phone') {
    const yn = yesNoAnswer(text);
    if (yn === 'yes' && own) {
      set(own);
      return 'done';
    }
    if (yn === 'no') {
      fc.b.step = 'phone_number';
      return { text: say(fc.env, 'phone.askDigits') };
    }
  }
  // Not the number, but worth keeping: who is calling, or more of what it is about.
  const kept = keptAside(fc, text);
  if (kept) {
    const key = fc.b.flow === 'callback' ? 'callback' : 'message';
    return { text: `${kept} ${fc.b.step === 'phone' && own ? say(fc.env, `${key}.askIsBest`, { phone: sayPhone(own) }) : say(fc.env, `${key}.askNumber`)}` };
  }
  if (fc.b.step === 'phone') return notUnderstood(fc, say(fc.env, 'phone.retryIsBest', { phone: sayPhone(own ?? '') }));
  return notUnderstood(fc, say(fc.env, 'phone.retryDigits'));
}

/**
 * An answer to "is this the best number?" that says something else the caller expected to be
 * asked: their name ("Kevin Oduya"), their date of birth, or more of the message ("it's about my
 * blood work, I want to know if he got it"). Kept, and the number asked for again; null when
 * the words are none of those.
 */
function keptAside(fc: FlowCtx, text: string): string | null {
  const { b } = fc;
  const words = text.trim().split(/\s+/).length;
  const dob = dateOfBirthSaid(fc, text);
  if (dob) {
    b.msg.dobIso = dob;
    b.appt.dobIso ??= dob;
    return say(fc.env, 'ack.thankYou');
  }
  if (words <= 4) {
    const name = nameSaid(fc, text, 'full');
    if (name?.first && name.last) {
      b.msg.name = `${name.first} ${name.last}`;
      b.appt.contactName ??= b.msg.name;
      return say(fc.env, 'ack.thankYou');
    }
    return null;
  }
  const more = inCallerWords(fc.env, text).trim();
  if (b.flow === 'message') b.msg.text = `${b.msg.text ?? ''} ${more}`.trim().slice(0, 2000);
  else b.cb.reason = `${b.cb.reason ?? ''} ${more}`.trim().slice(0, 500);
  return say(fc.env, 'ack.gotIt');
}

export async function callbackTurn(fc: FlowCtx, text: string): Promise<FlowReply> {
  const { b } = fc;
  if (b.step === 'offer') {
    const yn = yesNoAnswer(text);
    if (yn === 'yes') return askCallbackNumber(fc, say(fc.env, 'ack.ofCourse'));
    if (yn === 'no') return anythingElse(fc, say(fc.env, 'ack.noProblem'));
    return notUnderstood(fc, say(fc.env, 'callback.offerAgain'));
  }
  if (b.step === 'phone' || b.step === 'phone_number') {
    const r = numberStep(fc, text, (p) => (b.cb.phone = p));
    if (r !== 'done') return r;
    if (!b.cb.reason) {
      b.step = 'reason';
      decide(fc, 'ask:reason');
      return { text: say(fc.env, 'callback.askAbout') };
    }
    return saveCallback(fc);
  }
  if (b.step === 'reason') {
    if (!text.trim()) return notUnderstood(fc, say(fc.env, 'callback.askAboutAgain'));
    b.cb.reason = inCallerWords(fc.env, text).trim().slice(0, 500);
    return saveCallback(fc);
  }
  return anythingElse(fc, '');
}

async function saveCallback(fc: FlowCtx): Promise<FlowReply> {
  decide(fc, 'request_callback');
  const reason = fc.b.cb.reason ?? 'Call back requested';
  const r = await fc.tools.run('request_callback', {
    phone: fc.b.cb.phone,
    reason,
    topic: messageTopic(reason),
    ...(callerNameOf(fc) ? { name: callerNameOf(fc) } : {}),
    ...(fc.b.cb.urgent ? { urgent: true } : {}),
    ...(fc.b.cb.clinicalReport ? { clinicalReport: true } : {}),
  });
  return anythingElse(fc, r.speech);
}

export function startMessage(fc: FlowCtx, prefix = ''): FlowReply {
  decide(fc, 'start_message');
  fc.b.flow = 'message';
  fc.b.step = 'text';
  fc.b.msg = { name: fc.b.msg.name };
  return { text: `${prefix} ${say(fc.env, 'message.start')}`.trim() };
}

/**
 * A message said in the same breath as asking ("tell the doctor I need a refill", "I'm running
 * late"): kept word for word with what it is about; then who it is from and where to reply.
 */
export function startMessageWith(fc: FlowCtx, text: string): FlowReply {
  decide(fc, 'start_message');
  fc.b.flow = 'message';
  fc.b.msg = { name: fc.b.msg.name };
  return afterMessageText(fc, text);
}

function callerNameOf(fc: FlowCtx): string | undefined {
  const a = fc.b.appt;
  return (a.contactName ?? [a.first, a.last].filter(Boolean).join(' ')) || fc.b.msg.name || undefined;
}

function afterMessageText(fc: FlowCtx, text: string): FlowReply {
  const { b } = fc;
  b.msg.text = inCallerWords(fc.env, text).trim().slice(0, 2000);
  b.msg.topic = messageTopic(text);
  // The date of birth is kept when the caller gives it (staff find the chart by it), never demanded.
  const dob = dateOfBirthSaid(fc, text);
  if (dob) b.msg.dobIso = dob;
  else if (b.appt.dobIso) b.msg.dobIso = b.appt.dobIso;
  const known = callerNameOf(fc);
  if (known) b.msg.name = known;
  const got = say(fc.env, b.msg.topic === 'running_late' ? 'message.gotRunningLate' : b.msg.topic === 'cancel' ? 'message.gotCancellation' : 'ack.gotIt');
  if (!b.msg.name) {
    b.step = 'name';
    decide(fc, 'ask:name');
    return { text: `${got} ${say(fc.env, 'message.askFrom')}` };
  }
  return askMessageNumber(fc, got);
}

/**
 * Something said after a request went in ("no wait, my birthday is the 13th"): the request is
 * stored, so the words go to the team as a message about it rather than being lost to a goodbye.
 */
export async function messageAboutRequest(fc: FlowCtx, text: string, referenceCode: string): Promise<FlowReply> {
  startMessage(fc);
  decide(fc, 'message_about_request');
  const reply = await messageTurn(fc, `About appointment request ${referenceCode}: ${text.trim()}`);
  const lead = [say(fc.env, 'ack.thankYou'), say(fc.env, 'ack.gotIt')].find((s) => reply.text.startsWith(`${s} `));
  return { ...reply, text: `${say(fc.env, 'message.aboutRequest')} ${lead ? reply.text.slice(lead.length + 1) : reply.text}` };
}

export async function messageTurn(fc: FlowCtx, text: string): Promise<FlowReply> {
  const { b } = fc;
  if (b.step === 'text') {
    if (text.trim().length < 2) return notUnderstood(fc, say(fc.env, 'message.askText'));
    return afterMessageText(fc, text);
  }
  if (b.step === 'name') {
    const name = nameSaid(fc, text, 'full');
    if (!name) return notUnderstood(fc, say(fc.env, 'message.retryFrom'));
    b.msg.name = [name.first, name.last].filter(Boolean).join(' ');
    const dob = dateOfBirthSaid(fc, text);
    // The date of birth is kept when the caller gives it (staff find the chart by it), never demanded.
    if (dob) b.msg.dobIso = dob;
    return askMessageNumber(fc, say(fc.env, 'ack.thankYou'));
  }
  if (b.step === 'phone' || b.step === 'phone_number') {
    const r = numberStep(fc, text, (p) => (b.msg.phone = p));
    if (r !== 'done') return r;
    decide(fc, 'take_message');
    const saved = await fc.tools.run('take_message', {
      message: b.msg.text,
      name: b.msg.name,
      phone: b.msg.phone,
      ...(b.msg.topic ? { topic: b.msg.topic } : {}),
      ...(b.msg.dobIso ? { dateOfBirth: b.msg.dobIso } : {}),
    });
    return anythingElse(fc, saved.speech);
  }
  return anythingElse(fc, '');
}

function askMessageNumber(fc: FlowCtx, prefix = say(fc.env, 'ack.thankYou')): FlowReply {
  const own = callerNumber(fc);
  fc.b.step = own ? 'phone' : 'phone_number';
  decide(fc, `ask:${fc.b.step}`);
  return { text: own ? `${prefix} ${say(fc.env, 'message.askIsBest', { phone: sayPhone(own) })}` : `${prefix} ${say(fc.env, 'message.askNumber')}` };
}
