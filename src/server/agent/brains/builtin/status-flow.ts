import { say } from '../../messages/index.js';
import { checkDateOfBirth, parseDateParts } from '../../nlu/dates.js';
import { extractReferenceCode } from '../../nlu/reference-code.js';
import { normalize } from '../../nlu/text.js';
import { yesNoAnswer } from '../../nlu/yes-no.js';
import { MAX_LOOKUP_FAILURES } from '../../tools/lookup-request-status.tool.js';
import { offerCallback } from './contact-flows.js';
import { anythingElse, decide, nameSaid, notUnderstood, type FlowCtx, type FlowReply } from './flow-context.js';

/** "Where is my request?": reference code, then date of birth; nothing is revealed on a mismatch. */
export function startStatus(fc: FlowCtx, text: string): FlowReply {
  decide(fc, 'start_status');
  fc.b.flow = 'status';
  fc.b.status = {};
  const code = extractReferenceCode(text);
  if (code) {
    fc.b.status.code = code;
    fc.b.step = 'dob';
    return { text: say(fc.env, 'status.askDateOfBirth') };
  }
  fc.b.step = 'code';
  return { text: say(fc.env, 'status.askCode') };
}

/** "I don't have it", "I lost the code", "it's under Jane Smith": the lookup goes by name and date of birth instead. */
const NO_CODE =
  /\b(don'?t (have|know|remember)|do not (have|know)|lost|can'?t find|no code|not sure|by name|under (the name|my name)|without (it|the code)|no (?:lo|la) tengo|no tengo (?:el|ese|ningun) codigo|no (?:me )?acuerdo|no (?:lo|la) encuentro|(?:lo|la) perdi|no se cual es|por (?:el )?nombre)\b/;

function byName(fc: FlowCtx, text: string): FlowReply | null {
  // The question offers "or say the patient's name": a few words with no code may be just that ("Jordan Rivera").
  const named = nameSaid(fc, text, text.trim().split(/\s+/).length <= 4 ? 'full' : undefined);
  if (named?.first && named.last) {
    fc.b.status = { firstName: named.first, lastName: named.last };
    fc.b.step = 'dob';
    decide(fc, 'ask:dob');
    return { text: say(fc.env, 'status.askDateOfBirthOf', { name: named.first }) };
  }
  if (!NO_CODE.test(normalize(text))) return null;
  fc.b.status = {};
  fc.b.step = 'name';
  decide(fc, 'ask:name');
  return { text: say(fc.env, 'status.askName') };
}

export async function statusTurn(fc: FlowCtx, text: string): Promise<FlowReply> {
  const { b } = fc;
  if (b.step === 'code') {
    const code = extractReferenceCode(text);
    if (!code) {
      const named = byName(fc, text);
      if (named) return named;
      // A code not made out twice: looked up by name instead, rather than given up on.
      if (b.misunderstood === 0) return notUnderstood(fc, say(fc.env, 'status.retryCode'));
      b.misunderstood = 0;
      b.status = {};
      b.step = 'name';
      decide(fc, 'ask:name');
      return { text: say(fc.env, 'status.askNameInstead') };
    }
    b.status.code = code;
    b.step = 'dob';
    decide(fc, 'ask:dob');
    return { text: say(fc.env, 'status.askDateOfBirth') };
  }
  if (b.step === 'name') {
    const named = nameSaid(fc, text, 'full');
    if (!named?.first || !named.last) return notUnderstood(fc, say(fc.env, 'status.retryName'));
    b.status = { firstName: named.first, lastName: named.last };
    b.step = 'dob';
    decide(fc, 'ask:dob');
    return { text: say(fc.env, 'status.askDateOfBirthOf', { name: named.first }) };
  }
  if (b.step === 'dob') {
    const parts = parseDateParts(text, { dayFirst: fc.dayFirst, today: fc.today });
    const check = parts ? checkDateOfBirth(parts, fc.today) : null;
    if (!check?.ok) return notUnderstood(fc, say(fc.env, 'status.retryDateOfBirth'));
    decide(fc, 'lookup_request_status');
    const who = b.status.code ? { referenceCode: b.status.code } : { firstName: b.status.firstName, lastName: b.status.lastName };
    const r = await fc.tools.run('lookup_request_status', { ...who, dateOfBirth: check.iso });
    if (r.ok && r.result.found) return anythingElse(fc, r.speech);
    // Not found by name and date of birth: nothing better to try on this call, so a person looks into it.
    if (fc.env.state.lookupFailures >= MAX_LOOKUP_FAILURES || !r.ok || !b.status.code) return offerCallback(fc, r.speech, 'Question about an appointment request');
    b.step = 'retry';
    return { text: `${r.speech} ${say(fc.env, 'status.tryAgain')}` };
  }
  if (b.step === 'retry') {
    const yn = yesNoAnswer(text);
    if (yn === 'yes') {
      b.step = 'code';
      b.status = {};
      return { text: say(fc.env, 'status.askCodeAgain') };
    }
    if (yn === 'no') return offerCallback(fc, say(fc.env, 'ack.noProblem'), 'Question about an appointment request');
    const code = extractReferenceCode(text);
    if (code) {
      b.status = { code };
      b.step = 'dob';
      return { text: say(fc.env, 'status.askDateOfBirth') };
    }
    return notUnderstood(fc, say(fc.env, 'status.tryAgainRetry'));
  }
  return anythingElse(fc, '');
}
