import { inCallerWords } from '../../caller-words.js';
import { say } from '../../messages/index.js';
import { checkDateOfBirth, parseDateParts } from '../../nlu/dates.js';
import { extractReferenceCode } from '../../nlu/reference-code.js';
import { normalize } from '../../nlu/text.js';
import { readTimePick } from '../../nlu/time-pick.js';
import { yesNoAnswer } from '../../nlu/yes-no.js';
import { clinicianOf, offerSpeech, timeSaid } from '../../tools/booking-support.js';
import type { ToolResult } from '../../tools/tool-types.js';
import { startCallback } from './contact-flows.js';
import { anythingElse, decide, nameSaid, notUnderstood, type FlowCtx, type FlowReply } from './flow-context.js';

/**
 * Cancelling or moving a visit the caller booked (issue 31 §3), at a practice with calendars: who
 * the patient is (the reference code, or the name, and the date of birth), then their next visit
 * read back, then cancelled on a yes or moved to an open time of the same visit type. Not found,
 * too soon or not changed: the front desk calls back, as before.
 */

type Action = 'cancel' | 'move';

const CANCEL = /\b(cancel\w*|cancelar\w*|anular\w*)\b/;
const MOVE = /\b(reschedul\w*|re schedul\w*|move|moving|change|changing|another (time|day)|different (time|day)|push (it )?back|cambiar\w*|mover\w*|reprogramar\w*|otra (hora|fecha|dia|día))\b/;

/** "Cancel" or "move" in the caller's words (and, for a Spanish call, its gloss). */
export function actionSaid(fc: FlowCtx, text: string): Action | null {
  const said = `${normalize(text)} ${normalize(inCallerWords(fc.env, text))}`;
  if (CANCEL.test(said)) return 'cancel';
  if (MOVE.test(said)) return 'move';
  return null;
}

export function startChange(fc: FlowCtx, text: string): FlowReply {
  decide(fc, 'start_change');
  fc.b.flow = 'change';
  fc.b.change = { said: inCallerWords(fc.env, text).slice(0, 300), ...withAction(actionSaid(fc, text)) };
  return askWho(fc, text, say(fc.env, 'change.askWho'));
}

const withAction = (a: Action | null) => (a ? { action: a } : {});

function askWho(fc: FlowCtx, text: string, otherwise: string): FlowReply {
  const c = fc.b.change!;
  // Read in the caller's own words too: a Spanish call's gloss turns a spelled "Y" into "and".
  const code = extractReferenceCode(inCallerWords(fc.env, text)) ?? extractReferenceCode(text);
  if (code) {
    c.code = code;
    fc.b.step = 'dob';
    decide(fc, 'ask:dob');
    return { text: say(fc.env, 'change.askDateOfBirth') };
  }
  const named = nameSaid(fc, text, fc.b.step === 'who' ? 'full' : undefined);
  if (named?.first && named.last) {
    c.first = named.first;
    c.last = named.last;
    fc.b.step = 'dob';
    decide(fc, 'ask:dob');
    return { text: say(fc.env, 'change.askDateOfBirthOf', { name: named.first }) };
  }
  fc.b.step = 'who';
  return { text: otherwise };
}

/** Not found, too soon, not changed: the front desk calls back about it, in the caller's words. */
function callBack(fc: FlowCtx, said: string): FlowReply {
  decide(fc, 'change_by_staff');
  return startCallback(fc, fc.b.change?.said ?? null, said);
}

export async function changeTurn(fc: FlowCtx, text: string): Promise<FlowReply> {
  const { b, env } = fc;
  const c = (b.change ??= {});
  if (!c.action) Object.assign(c, withAction(actionSaid(fc, text)));
  switch (b.step) {
    case 'who': {
      const reply = askWho(fc, text, '');
      return reply.text ? reply : notUnderstood(fc, say(env, 'change.retryWho'));
    }
    case 'dob': {
      const parts = parseDateParts(text, { dayFirst: fc.dayFirst, today: fc.today });
      const check = parts ? checkDateOfBirth(parts, fc.today) : null;
      if (!check?.ok) return notUnderstood(fc, say(env, 'change.retryDateOfBirth'));
      decide(fc, 'find_my_visit');
      const who = c.code ? { referenceCode: c.code } : { firstName: c.first, lastName: c.last };
      const r = await fc.tools.run('find_my_visit', { ...who, dateOfBirth: check.iso });
      return afterFind(fc, r, '');
    }
    case 'which': {
      const yn = yesNoAnswer(text);
      if (yn === 'yes') return nextStep(fc, '');
      if (yn === 'no') {
        decide(fc, 'find_my_visit:next');
        return afterFind(fc, await fc.tools.run('find_my_visit', { next: true }), '');
      }
      return notUnderstood(fc, `${say(env, 'ack.notCaught')} ${say(env, 'ack.yesOrNo')}`);
    }
    case 'action':
      if (!c.action) return notUnderstood(fc, say(env, 'change.cancelOrMove'));
      return nextStep(fc, '');
    case 'confirm_cancel': {
      const yn = yesNoAnswer(text);
      if (yn === 'no') return kept(fc);
      if (yn !== 'yes') return notUnderstood(fc, say(env, 'change.confirmCancel'));
      decide(fc, 'cancel_visit');
      const r = await fc.tools.run('cancel_visit', { callerConfirmed: true });
      if (r.ok) return anythingElse(fc, r.speech);
      return callBack(fc, r.speech || say(env, 'change.notChanged'));
    }
    case 'time': {
      const offered = env.state.myVisit?.offered ?? [];
      const pick = readTimePick(env.state.language === 'es' ? inCallerWords(env, text) : text, offered, env.org.timeZone, fc.today);
      if (pick && 'pick' in pick) {
        const t = offered[pick.pick]!;
        c.pick = pick.pick + 1;
        b.step = 'confirm_move';
        decide(fc, `ask:confirm_move:${c.pick}`);
        return { text: say(env, 'change.confirmMove', { when: timeSaid(env, t.start, true), clinician: clinicianOf(t) }) };
      }
      if (pick && 'other' in pick) return callBack(fc, `${say(env, 'booking.noOthers')} ${say(env, 'change.callBack')}`);
      return notUnderstood(fc, `${say(env, 'ack.notCaught')} ${offerSpeech(env, offered)}`);
    }
    case 'confirm_move': {
      const yn = yesNoAnswer(text);
      if (yn === 'no') return kept(fc);
      if (yn !== 'yes') return notUnderstood(fc, `${say(env, 'ack.notCaught')} ${say(env, 'ack.yesOrNo')}`);
      decide(fc, `move_visit:${c.pick}`);
      const r = await fc.tools.run('move_visit', { option: c.pick });
      if (r.ok) return anythingElse(fc, r.speech);
      if (r.result.error === 'slot_taken' && Array.isArray(r.result.options) && r.result.options.length) {
        b.step = 'time';
        return { text: r.speech };
      }
      return callBack(fc, r.speech || say(env, 'change.notChanged'));
    }
    default:
      return anythingElse(fc, '');
  }
}

function kept(fc: FlowCtx): FlowReply {
  decide(fc, 'change_kept');
  return anythingElse(fc, say(fc.env, 'change.kept'));
}

/** The lookup's answer: not found (the front desk calls back), too soon, several (is it this one?), or on to cancel or move. */
async function afterFind(fc: FlowCtx, r: ToolResult, prefix: string): Promise<FlowReply> {
  if (!r.ok || r.result.found !== true) return callBack(fc, `${r.speech || say(fc.env, 'change.notFound')} ${say(fc.env, 'change.callBack')}`.trim());
  if (r.result.tooSoon === true) return callBack(fc, `${r.speech} ${say(fc.env, 'change.tooSoon')}`);
  if (r.result.more === true) {
    fc.b.step = 'which';
    decide(fc, 'ask:which_visit');
    return { text: `${prefix} ${r.speech}`.trim() };
  }
  return nextStep(fc, `${prefix} ${r.speech}`.trim());
}

/** Cancel: asks to confirm; move: offers open times; not said yet: asks which. */
async function nextStep(fc: FlowCtx, prefix: string): Promise<FlowReply> {
  const c = fc.b.change!;
  const join = (s: string) => ({ text: `${prefix} ${s}`.trim() });
  if (c.action === 'cancel') {
    fc.b.step = 'confirm_cancel';
    decide(fc, 'ask:confirm_cancel');
    return join(say(fc.env, 'change.confirmCancel'));
  }
  if (c.action === 'move') {
    decide(fc, 'move_visit:offer');
    const r = await fc.tools.run('move_visit', {});
    if (!r.ok) return callBack(fc, `${prefix} ${r.speech || say(fc.env, 'change.notChanged')}`.trim());
    if (!Array.isArray(r.result.options) || !r.result.options.length) return callBack(fc, `${prefix} ${r.speech} ${say(fc.env, 'change.callBack')}`.trim());
    fc.b.step = 'time';
    return join(r.speech);
  }
  fc.b.step = 'action';
  decide(fc, 'ask:cancel_or_move');
  return join(say(fc.env, 'change.cancelOrMove'));
}
