import { checkDateOfBirth, parseDateParts } from '../../nlu/dates.js';
import { extractName } from '../../nlu/names.js';
import { extractReferenceCode } from '../../nlu/reference-code.js';
import { normalize } from '../../nlu/text.js';
import { yesNo } from '../../nlu/yes-no.js';
import { MAX_LOOKUP_FAILURES } from '../../tools/lookup-request-status.tool.js';
import { offerCallback } from './contact-flows.js';
import { anythingElse, decide, notUnderstood, type FlowCtx, type FlowReply } from './flow-context.js';

/** "Where is my request?": reference code, then date of birth; nothing is revealed on a mismatch. */
export function startStatus(fc: FlowCtx, text: string): FlowReply {
  decide(fc, 'start_status');
  fc.b.flow = 'status';
  fc.b.status = {};
  const code = extractReferenceCode(text);
  if (code) {
    fc.b.status.code = code;
    fc.b.step = 'dob';
    return { text: "Thank you. And what's the patient's date of birth?" };
  }
  fc.b.step = 'code';
  return { text: "I can check on that. What's the reference code of your request? It has seven letters and numbers. If you don't have it, just say the patient's name." };
}

/** "I don't have it", "I lost the code", "it's under Jane Smith": the lookup goes by name and date of birth instead. */
const NO_CODE = /\b(don'?t (have|know|remember)|do not (have|know)|lost|can'?t find|no code|not sure|by name|under (the name|my name)|without (it|the code))\b/;

function byName(fc: FlowCtx, text: string): FlowReply | null {
  const named = extractName(text);
  if (named?.first && named.last) {
    fc.b.status = { firstName: named.first, lastName: named.last };
    fc.b.step = 'dob';
    decide(fc, 'ask:dob');
    return { text: `Thank you. And what's ${named.first}'s date of birth?` };
  }
  if (!NO_CODE.test(normalize(text))) return null;
  fc.b.status = {};
  fc.b.step = 'name';
  decide(fc, 'ask:name');
  return { text: "No problem, I can look it up by name. What's the patient's first and last name?" };
}

export async function statusTurn(fc: FlowCtx, text: string): Promise<FlowReply> {
  const { b } = fc;
  if (b.step === 'code') {
    const code = extractReferenceCode(text);
    if (!code) return byName(fc, text) ?? notUnderstood(fc, "Sorry, I didn't catch the code. Could you read it out one letter or number at a time? Or say the patient's name.");
    b.status.code = code;
    b.step = 'dob';
    decide(fc, 'ask:dob');
    return { text: "Thank you. And what's the patient's date of birth?" };
  }
  if (b.step === 'name') {
    const named = extractName(text, 'full');
    if (!named?.first || !named.last) return notUnderstood(fc, "Sorry, I didn't catch that. What's the patient's first and last name?");
    b.status = { firstName: named.first, lastName: named.last };
    b.step = 'dob';
    decide(fc, 'ask:dob');
    return { text: `Thank you. And what's ${named.first}'s date of birth?` };
  }
  if (b.step === 'dob') {
    const parts = parseDateParts(text, { dayFirst: fc.dayFirst, today: fc.today });
    const check = parts ? checkDateOfBirth(parts, fc.today) : null;
    if (!check?.ok) return notUnderstood(fc, "Sorry, I didn't catch the full date of birth. Could you say it like March 3rd, 1980?");
    decide(fc, 'lookup_request_status');
    const who = b.status.code ? { referenceCode: b.status.code } : { firstName: b.status.firstName, lastName: b.status.lastName };
    const r = await fc.tools.run('lookup_request_status', { ...who, dateOfBirth: check.iso });
    if (r.ok && r.result.found) return anythingElse(fc, r.speech);
    if (fc.env.state.lookupFailures >= MAX_LOOKUP_FAILURES || !r.ok) return offerCallback(fc, r.speech, 'Question about an appointment request');
    b.step = 'retry';
    return { text: `${r.speech} Would you like to try again?` };
  }
  if (b.step === 'retry') {
    const yn = yesNo(text);
    if (yn === 'yes') {
      b.step = 'code';
      b.status = {};
      return { text: "What's the reference code?" };
    }
    if (yn === 'no') return offerCallback(fc, 'No problem.', 'Question about an appointment request');
    const code = extractReferenceCode(text);
    if (code) {
      b.status = { code };
      b.step = 'dob';
      return { text: "Thank you. And what's the patient's date of birth?" };
    }
    return notUnderstood(fc, 'Would you like to try the reference code again? Please say yes or no.');
  }
  return anythingElse(fc, '');
}
