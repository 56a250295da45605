import { checkDateOfBirth, parseDateParts } from '../../nlu/dates.js';
import { extractReferenceCode } from '../../nlu/reference-code.js';
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
  return { text: "I can check on that. What's the reference code of your request? It has seven letters and numbers." };
}

export async function statusTurn(fc: FlowCtx, text: string): Promise<FlowReply> {
  const { b } = fc;
  if (b.step === 'code') {
    const code = extractReferenceCode(text);
    if (!code) return notUnderstood(fc, "Sorry, I didn't catch the code. Could you read it out one letter or number at a time?");
    b.status.code = code;
    b.step = 'dob';
    decide(fc, 'ask:dob');
    return { text: "Thank you. And what's the patient's date of birth?" };
  }
  if (b.step === 'dob') {
    const parts = parseDateParts(text, { dayFirst: fc.dayFirst, today: fc.today });
    const check = parts ? checkDateOfBirth(parts, fc.today) : null;
    if (!check?.ok) return notUnderstood(fc, "Sorry, I didn't catch the full date of birth. Could you say it like March 3rd, 1980?");
    decide(fc, 'lookup_request_status');
    const r = await fc.tools.run('lookup_request_status', { referenceCode: b.status.code, dateOfBirth: check.iso });
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
