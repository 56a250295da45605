import { inCallerWords } from '../../caller-words.js';
import { say } from '../../messages/index.js';
import type { Intent } from '../../nlu/intents.js';
import { understand, type Understanding } from '../../nlu/understand.js';
import { normalize } from '../../nlu/text.js';
import { describesHealthProblem } from '../../nlu/urgency.js';
import { afterYesNo } from '../../nlu/yes-no.js';
import { startAppointment } from './appointment-flow.js';
import { startCallback, startTransfer } from './contact-flows.js';
import { anythingElse, decide, type FlowCtx, type FlowReply } from './flow-context.js';

/**
 * What callers say about the conversation itself rather than a task (issue 26 §6): say that
 * again, am I talking to a robot, is this the right practice, hello. And the clarifying question
 * the agent asks when it is not sure what the caller wants (issue 26 §2): it names the likeliest
 * two and never guesses.
 */

export function repeatLast(fc: FlowCtx): FlowReply {
  decide(fc, 'repeat');
  // Asked twice: "Of course." once.
  const last = fc.env.state.lastPrompt.replace(/^(?:Of course\.|Claro\.)\s+/, '');
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
  // "Ok, can I book an appointment?": a request of its own after the "ok" is handled, not read as a yes.
  if (yn === 'yes' && asksForSomethingElse(fc, afterYesNo(text))) return null;
  // Their words go with the transfer: "yes, my daughter has a high fever" reaches the on-call cover after hours.
  if (yn === 'yes') return startTransfer(fc, text);
  if (yn === 'no' && normalize(text).split(' ').length <= 4) {
    decide(fc, 'ask:what_else');
    return { text: say(fc.env, 'conversation.goOn') };
  }
  return null;
}

/** After "would you like me to request a visit?": yes books it with what the caller said, no goes to a nurse. */
export async function afterOfferedVisit(fc: FlowCtx, text: string, yn: 'yes' | 'no' | null): Promise<FlowReply | null> {
  if (fc.b.step !== 'offered_visit') return null;
  const said = fc.b.clarifying?.said ?? text;
  fc.b.step = '';
  fc.b.clarifying = undefined;
  // "Yes, it's for my son Sam": what follows the yes belongs with the request; "yes please" does not.
  const more = afterYesNo(text);
  if (yn === 'yes') return startAppointment(fc, more.split(/\s+/).length >= 3 ? `${said}. ${more}` : said);
  if (yn === 'no') return toANurse(fc, said);
  return null;
}

/** What the agent handles itself without a person (a health question still goes to one). */
const HANDLED_HERE = new Set<Intent>(['appointment', 'change_appointment', 'running_late', 'request_status', 'message', 'hours', 'location', 'practice_info', 'do_not_call', 'wrong_number']);

function asksForSomethingElse(fc: FlowCtx, rest: string): boolean {
  if (rest.split(/\s+/).length < 3) return false;
  const wants = understand(rest, { callLanguage: fc.env.state.language }).intent;
  return wants !== null && HANDLED_HERE.has(wants);
}

export function answerWrongNumber(fc: FlowCtx): FlowReply {
  decide(fc, 'say_which_practice');
  return anythingElse(fc, say(fc.env, 'conversation.thisIs', { practice: fc.env.org.name }));
}

export function answerGreeting(fc: FlowCtx): FlowReply {
  decide(fc, 'greet');
  return { text: say(fc.env, 'conversation.hello') };
}

/** "Should I bring him in?", "do I need to be seen?", "¿lo llevo al doctor?": the question is whether to come in. */
const ASKS_TO_BE_SEEN =
  /\b(?:bring (?:him|her|them|my \w+|\w+) in|come in|coming in|be seen|get seen|get (?:him|her|them|it) (?:seen|checked)|see (?:the|a) doctor|take (?:him|her|them) in|llevarl[oa]s?|lo llevo|la llevo|que lo vea|que la vea|que me vea|ir a consulta|ir al doctor|ir al medico)\b/;

/**
 * A nurse answers health questions: the person on duty, the on-call cover after hours, or a
 * call-back. A caller asking whether to come in is offered the visit first (yes books it with
 * what they said; no goes on to a nurse): the agent gives no advice, but it can book.
 */
export async function clinicalQuestion(fc: FlowCtx, text: string): Promise<FlowReply> {
  decide(fc, 'clinical_question');
  if (fc.env.org.appointments.enabled && ASKS_TO_BE_SEEN.test(normalize(inCallerWords(fc.env, text)))) return offerVisit(fc, text, 'conversation.offerVisit');
  return toANurse(fc, text);
}

/**
 * A health problem told without a request ("I got bitten by the neighbour's dog, it broke the
 * skin", often after the screening question found no danger), when no clarifying question can
 * name two likely requests: what a practice offers is a visit (yes books it with what was said,
 * no goes to a nurse), not its menu.
 */
export function offerVisitForProblem(fc: FlowCtx, text: string): FlowReply | null {
  // The dialogue hears a Spanish caller through the gloss, which the symptom words read.
  if (!fc.env.org.appointments.enabled || !describesHealthProblem(text)) return null;
  return offerVisit(fc, text, 'conversation.offerVisitForProblem');
}

function offerVisit(fc: FlowCtx, text: string, key: 'conversation.offerVisit' | 'conversation.offerVisitForProblem'): FlowReply {
  decide(fc, 'offer_visit');
  fc.b.flow = 'idle';
  fc.b.step = 'offered_visit';
  fc.b.clarifying = { said: text, options: ['appointment', 'clinical_question'] };
  return { text: say(fc.env, key) };
}

async function toANurse(fc: FlowCtx, text: string): Promise<FlowReply> {
  const reply = await startTransfer(fc, text);
  return { ...reply, text: `${say(fc.env, 'conversation.noMedicalAdvice')} ${reply.text}` };
}

/**
 * A clinician's own words that a report cannot wait: a critical or panic value, an unstable
 * patient, a dangerous interaction, "I need the on-call doctor now" — in English or Spanish.
 */
const CRITICAL =
  /\b(critical|critically|panic (?:value|result)|stat|unstable|emergency|urgent|urgently|dangerous|serious interaction|right away|right now|immediately|asap|as soon as possible|on[- ]call|cr[ií]tic[oa]s?|urgente|grave|inestable|de inmediato|ahora mismo|peligros[oa])\b/i;
/** "Nothing urgent", "not critical", "no rush": the clinician says it can wait. */
const CAN_WAIT = /\b(?:(?:nothing|not|non|no es|nada)[\s-]+(?:too |that |muy )?(?:urgent\w*|critical|an emergency|emergent|urgente|grave)|no rush|no hurry|when (?:you|someone|the doctor) (?:get|gets|has) a (?:chance|minute)|cuando (?:pueda|puedan|tenga))\b/i;

/**
 * A lab, a home-health nurse, a care home or a pharmacy calling about a patient (issue 26 §4).
 * Urgent — put through to whoever is on duty (the on-call cover after hours) as an urgent
 * matter, or an urgent task when nobody can take it — when the patient sounds unwell enough to
 * screen (`alarming`, from the understanding) or the clinician says it cannot wait. Anything
 * else (a dose to clarify, orders to sign, a discharge summary, results to send) is what a
 * practice calls back about: put through when someone is free, else a call-back with their words.
 */
export async function clinicalReport(fc: FlowCtx, text: string, alarming = false): Promise<FlowReply> {
  const heard = inCallerWords(fc.env, text);
  const urgent = alarming || ((CRITICAL.test(text) || CRITICAL.test(heard)) && !CAN_WAIT.test(heard));
  decide(fc, urgent ? 'clinical_report' : 'clinical_report:routine');
  const r = await fc.tools.run('transfer_to_staff', { reason: `Clinical report: ${text.slice(0, 280)}`, urgent });
  if (r.next?.type === 'transfer') {
    const pending = fc.env.state.pendingTransfer;
    if (pending) pending.clinicalReport = inCallerWords(fc.env, text).slice(0, 300);
    return { text: r.speech, next: r.next };
  }
  const reply = startCallback(fc, text.slice(0, 300), urgent ? say(fc.env, 'conversation.clinicalReport') : undefined);
  // Only an urgent report is a task for the clinician on call; a routine one is an ordinary call-back.
  fc.b.cb.urgent = urgent;
  fc.b.cb.clinicalReport = urgent;
  return reply;
}

/** The intents a clarifying question can name (each has its words in the catalog, `clarify.<intent>`). */
const OPTIONS = ['appointment', 'change_appointment', 'running_late', 'request_status', 'message', 'callback', 'human', 'hours', 'location', 'practice_info', 'clinical_question', 'clinical_report'] as const;
type Option = (typeof OPTIONS)[number];
const isOption = (i: Intent): i is Option => (OPTIONS as readonly string[]).includes(i);

export function askToClarify(fc: FlowCtx, text: string, u: Understanding): FlowReply | null {
  // Asked once already and still unclear: the usual "didn't catch that" and, next, a person or a message.
  if (fc.b.misunderstood > 0) return null;
  const options = u.alternatives.map((a) => a.intent).filter(isOption);
  const [first, second] = [...new Set(options)];
  if (!first || !second) return null;
  decide(fc, `clarify:${first}|${second}`);
  fc.b.misunderstood++;
  fc.b.flow = 'idle';
  fc.b.step = `clarify:${first}|${second}`;
  fc.b.clarifying = { said: text, options: [first, second] };
  return { text: say(fc.env, 'clarify.question', { first: say(fc.env, `clarify.${first}`), second: say(fc.env, `clarify.${second}`) }) };
}

/**
 * The answer to "is this about A, or B?": the option it names ("the first", "booking"), or what
 * the answer asks for itself, and the request it was asked about (which keeps what the caller
 * said first: a date, a reason, what a call-back is about). Null when no question was pending.
 */
export function clarifiedIntent(fc: FlowCtx, text: string, u: Understanding): { intent: Intent | null; said: string } | null {
  const pending = fc.b.clarifying;
  if (!pending || !fc.b.step.startsWith('clarify:')) return null;
  fc.b.step = '';
  fc.b.clarifying = undefined;
  const [a, b] = pending.options as [Intent, Intent];
  // The first request holds the details; an answer that says more ("booking, for my son") adds them.
  const said = `${pending.said}. ${text}`;
  const t = normalize(text);
  // Only a short answer is an ordinal: "changing my appointment on the first" is a date.
  if (t.split(' ').length <= 4) {
    if (/\b(first|former|the first one|primero|primera|lo primero|la primera)\b/.test(t)) return { intent: a, said: pending.said };
    if (/\b(second|latter|the second one|the other|segundo|segunda|lo segundo|la segunda|lo otro|la otra)\b/.test(t)) return { intent: b, said: pending.said };
  }
  const echoed = echoedOption(fc, t, [a, b]);
  if (echoed) return { intent: echoed, said: pending.said };
  if (u.intent === a || u.intent === b) return { intent: u.intent, said };
  const ranked = [u.intent, ...u.alternatives.map((x) => x.intent)];
  const pick = ranked.find((i) => i === a || i === b);
  if (pick && u.yesNo !== 'no') return { intent: pick, said: pending.said };
  return { intent: u.intent, said: u.intent ? text : said };
}

const NOT_CONTENT = new Set(['the', 'and', 'for', 'about', 'our', 'your', 'you', 'with', 'this', 'that', 'its', 'del', 'los', 'las', 'una', 'sobre', 'con', 'para', 'que', 'nuestra', 'nuestro', 'nuestros', 'nuestras', 'usted']);
/** Content words cut to a stem, so "booking" meets "book" and "nurses" meets "nurse". */
const stems = (t: string) => new Set(normalize(t).split(/[^\p{L}]+/u).filter((w) => w.length >= 3 && !NOT_CONTENT.has(w)).map((w) => w.slice(0, 5)));

/** The option whose own words the answer repeats ("a question about the practice", "the address"), when only one does. */
function echoedOption(fc: FlowCtx, answer: string, options: [Intent, Intent]): Intent | null {
  const heard = stems(answer);
  const shared = options.map((o) => (isOption(o) ? [...stems(say(fc.env, `clarify.${o}`))].filter((w) => heard.has(w)).length : 0));
  if (shared[0]! > shared[1]!) return options[0];
  if (shared[1]! > shared[0]!) return options[1];
  return null;
}
