import { say } from '../../messages/index.js';
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
  return { text: last ? say(fc.env, 'conversation.repeat', { last }) : say(fc.env, 'conversation.ofCourse') };
}

export function answerAreYouHuman(fc: FlowCtx): FlowReply {
  decide(fc, 'answer_are_you_human');
  fc.b.flow = 'idle';
  fc.b.step = 'offered_person';
  return { text: say(fc.env, 'conversation.automated', { practice: fc.env.org.name }) };
}

/** After "not a person": yes is a person, no goes on. */
export async function afterOfferedPerson(fc: FlowCtx, text: string, yn: 'yes' | 'no' | null): Promise<FlowReply | null> {
  if (fc.b.step !== 'offered_person') return null;
  fc.b.step = '';
  if (yn === 'yes') return startTransfer(fc, 'Asked for a person after hearing the agent is automated');
  if (yn === 'no' && normalize(text).split(' ').length <= 4) {
    decide(fc, 'ask:what_else');
    return { text: say(fc.env, 'conversation.goOn') };
  }
  return null;
}

export function answerWrongNumber(fc: FlowCtx): FlowReply {
  decide(fc, 'say_which_practice');
  return anythingElse(fc, say(fc.env, 'conversation.thisIs', { practice: fc.env.org.name }));
}

export function answerGreeting(fc: FlowCtx): FlowReply {
  decide(fc, 'greet');
  return { text: say(fc.env, 'conversation.hello') };
}

/** A nurse answers health questions: the person on duty, the on-call cover after hours, or a call-back. */
export async function clinicalQuestion(fc: FlowCtx, text: string): Promise<FlowReply> {
  decide(fc, 'clinical_question');
  const reply = await startTransfer(fc, text);
  return { ...reply, text: `${say(fc.env, 'conversation.noMedicalAdvice')} ${reply.text}` };
}

/**
 * A lab, a home-health nurse or a care home reporting about a patient: straight to whoever is on
 * duty (the on-call cover after hours); when nobody can take it, an urgent task with their number.
 */
export async function clinicalReport(fc: FlowCtx, text: string): Promise<FlowReply> {
  decide(fc, 'clinical_report');
  const r = await fc.tools.run('transfer_to_staff', { reason: `Clinical report: ${text.slice(0, 280)}`, urgent: true });
  if (r.next?.type === 'transfer') return { text: r.speech, next: r.next };
  const reply = startCallback(fc, text.slice(0, 300), say(fc.env, 'conversation.clinicalReport'));
  fc.b.cb.urgent = true;
  fc.b.cb.clinicalReport = true;
  return reply;
}

/** The intents a clarifying question can name (each has its words in the catalog, `clarify.<intent>`). */
const OPTIONS = ['appointment', 'change_appointment', 'running_late', 'request_status', 'message', 'callback', 'human', 'hours', 'location', 'practice_info', 'clinical_question', 'clinical_report'] as const;
type Option = (typeof OPTIONS)[number];
const isOption = (i: Intent): i is Option => (OPTIONS as readonly string[]).includes(i);

export function askToClarify(fc: FlowCtx, u: Understanding): FlowReply | null {
  // Asked once already and still unclear: the usual "didn't catch that" and, next, a person or a message.
  if (fc.b.misunderstood > 0) return null;
  const options = u.alternatives.map((a) => a.intent).filter(isOption);
  const [first, second] = [...new Set(options)];
  if (!first || !second) return null;
  decide(fc, `clarify:${first}|${second}`);
  fc.b.misunderstood++;
  fc.b.flow = 'idle';
  fc.b.step = `clarify:${first}|${second}`;
  return { text: say(fc.env, 'clarify.question', { first: say(fc.env, `clarify.${first}`), second: say(fc.env, `clarify.${second}`) }) };
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
