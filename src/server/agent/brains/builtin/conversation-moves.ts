import type { Intent } from '../../nlu/intents.js';
import type { Understanding } from '../../nlu/understand.js';
import { normalize } from '../../nlu/text.js';
import { startCallback, startTransfer } from './contact-flows.js';
import { anythingElse, decide, type FlowCtx, type FlowReply } from './flow-context.js';

/**
 * What callers say about the conversation itself rather than a task (issue 26 §6): say that
 * again, am I talking to a robot, is this the right practice, hello. And the clarifying question
 * the agent asks when it is not sure what the caller wants (issue 26 §2): it names the likeliest
 * two and never guesses.
 */

/** "Say that again", "sorry?", "come again": repeat, at any step (the words are clear enough for a rule). */
export const ASKS_TO_REPEAT =
  /^(?:(?:um|uh|sorry|i'?m sorry|excuse me|pardon|what)[\s,.?]*)*(?:(?:can|could|would) you )?(?:please )?(?:say (?:that|it|this) again|repeat (?:that|it|this|yourself|the question)|come again|say again|one more time|what did you (?:just )?say|i didn'?t (?:catch|hear|get) (?:that|you|it|what you said)|(?:sorry|pardon|what|huh|excuse me)\??|otra vez|rep[ií]t(?:a|alo|ame)|puede repetir|me lo repite|c[oó]mo dijo|perd[oó]n)[\s,.?!]*(?:please|por favor)?[\s,.?!]*$/;

export function repeatLast(fc: FlowCtx): FlowReply {
  decide(fc, 'repeat');
  const last = fc.env.state.lastPrompt;
  return { text: last ? `Of course. ${last}` : 'Of course. How can I help you today?' };
}

export function answerAreYouHuman(fc: FlowCtx): FlowReply {
  decide(fc, 'answer_are_you_human');
  fc.b.flow = 'idle';
  fc.b.step = 'offered_person';
  return { text: `I'm ${fc.env.org.name}'s virtual assistant, an automated system, not a person. I can help with appointments, messages and questions, or connect you with a member of staff. Would you like me to connect you with someone?` };
}

/** After "not a person": yes is a person, no goes on. */
export async function afterOfferedPerson(fc: FlowCtx, text: string, yn: 'yes' | 'no' | null): Promise<FlowReply | null> {
  if (fc.b.step !== 'offered_person') return null;
  fc.b.step = '';
  if (yn === 'yes') return startTransfer(fc, 'Asked for a person after hearing the agent is automated');
  if (yn === 'no' && normalize(text).split(' ').length <= 4) {
    decide(fc, 'ask:what_else');
    return { text: 'No problem. How can I help you today?' };
  }
  return null;
}

export function answerWrongNumber(fc: FlowCtx): FlowReply {
  decide(fc, 'say_which_practice');
  return anythingElse(fc, `You've reached ${fc.env.org.name}.`);
}

export function answerGreeting(fc: FlowCtx): FlowReply {
  decide(fc, 'greet');
  return { text: "Hello! I'm here to help. What can I do for you today?" };
}

/** A nurse answers health questions: the person on duty, the on-call cover after hours, or a call-back. */
export async function clinicalQuestion(fc: FlowCtx, text: string): Promise<FlowReply> {
  decide(fc, 'clinical_question');
  const reply = await startTransfer(fc, text);
  return { ...reply, text: `I'm not able to give medical advice, but our clinical team can help. ${reply.text}` };
}

/**
 * A lab, a home-health nurse or a care home reporting about a patient: straight to whoever is on
 * duty (the on-call cover after hours); when nobody can take it, an urgent task with their number.
 */
export async function clinicalReport(fc: FlowCtx, text: string): Promise<FlowReply> {
  decide(fc, 'clinical_report');
  const r = await fc.tools.run('transfer_to_staff', { reason: `Clinical report: ${text.slice(0, 280)}`, urgent: true });
  if (r.next?.type === 'transfer') return { text: r.speech, next: r.next };
  const reply = startCallback(fc, text.slice(0, 300), "I'll pass this to the clinician on call as an urgent matter.");
  fc.b.cb.urgent = true;
  fc.b.cb.clinicalReport = true;
  return reply;
}

/** How an option is named in the clarifying question. */
const OPTION_WORDS: Partial<Record<Intent, string>> = {
  appointment: 'booking a visit',
  change_appointment: 'changing or cancelling a visit you already have',
  running_late: "letting us know you're running late",
  request_status: 'checking on a request you made',
  message: 'leaving a message for the practice',
  callback: 'getting a call back',
  human: 'speaking with a member of staff',
  hours: 'our opening hours',
  location: 'our address',
  practice_info: 'a question about the practice',
  clinical_question: 'a health question for our nurses',
  clinical_report: 'reporting about a patient',
};

export function askToClarify(fc: FlowCtx, u: Understanding): FlowReply | null {
  // Asked once already and still unclear: the usual "didn't catch that" and, next, a person or a message.
  if (fc.b.misunderstood > 0) return null;
  const options = u.alternatives.map((a) => a.intent).filter((i) => OPTION_WORDS[i]);
  const [first, second] = [...new Set(options)];
  if (!first || !second) return null;
  decide(fc, `clarify:${first}|${second}`);
  fc.b.misunderstood++;
  fc.b.flow = 'idle';
  fc.b.step = `clarify:${first}|${second}`;
  return { text: `Sorry, just so I get this right: is this about ${OPTION_WORDS[first]}, or ${OPTION_WORDS[second]}?` };
}

/** The answer to "is this about A, or B?": the option it names (or "the first"/"the second"), else null. */
export function clarifiedIntent(fc: FlowCtx, text: string, u: Understanding): Intent | null {
  const m = /^clarify:(\w+)\|(\w+)$/.exec(fc.b.step);
  if (!m) return null;
  fc.b.step = '';
  const [a, b] = [m[1] as Intent, m[2] as Intent];
  const t = normalize(text);
  if (/\b(first|former|the first one|primero|lo primero)\b/.test(t)) return a;
  if (/\b(second|latter|the second one|the other|segundo|lo segundo|lo otro)\b/.test(t)) return b;
  if (u.intent === a || u.intent === b) return u.intent;
  const ranked = [u.intent, ...u.alternatives.map((x) => x.intent)];
  const pick = ranked.find((i) => i === a || i === b);
  if (pick && u.yesNo !== 'no') return pick;
  return u.intent;
}
