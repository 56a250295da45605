import { MAX_UTTERANCE } from '../../domain/calls/vocabulary.js';
import type { AgentReply, CallerInput, Speak, TurnEnv } from './agent-types.js';
import { brainFor } from './brains/select-brain.js';
import { respondToEmergency } from './emergency-response.js';
import { noteCallerWords } from './caller-words.js';
import { detectCallLanguage, glossSpanish } from './nlu/language.js';
import { understand } from './nlu/understand.js';
import { speaksAsAClinician } from './nlu/urgency.js';
import { screeningSilence, screeningStep } from './screening.js';
import { say } from './messages/index.js';
import { createToolbox } from './tools/index.js';
import { cancelLiveTransfer } from '../features/handoff-records/index.js';

/** Replies before the agent wraps up a call that goes nowhere. */
const MAX_TURNS = 60;

/**
 * The one dialogue loop (PRODUCT §4): the adapters feed it what happened at the caller's end;
 * it answers silence, dial results and emergencies itself, asks the organization's brain for
 * everything else, and records every step in the turn's log. On a real-time line (`speak`) the
 * brain may hand on the reply's first sentences before it has decided the rest.
 */
export async function runAgentTurn(env: TurnEnv, input: CallerInput, speak?: Speak): Promise<AgentReply> {
  const { state } = env;
  // Every sentence is composed in the call's language (messages/); a real-time line is told which it is.
  if (speak) env.speak = (s) => (state.language === 'es' ? speak(s, 'es') : speak(s, 'en'));
  const reply = await respond(env, input);
  if (state.language === 'es') reply.language = 'es';
  if (reply.next.type === 'hangup') state.ended = true;
  else {
    state.turn++;
    state.lastPrompt = reply.text;
  }
  env.log.agentSaid(reply.text);
  return reply;
}

async function respond(env: TurnEnv, input: CallerInput): Promise<AgentReply> {
  const { state, org } = env;
  switch (input.kind) {
    case 'start':
      env.log.add('model_request', { brain: org.settings.brain, decision: 'greet' }, 0);
      state.llm.messages.push({ role: 'assistant', content: greeting(env) });
      return { text: greeting(env), next: { type: 'gather' } };
    case 'silence':
      return silence(env);
    case 'dial_result':
      return dialResult(env, input.status);
    case 'speech': {
      const text = (input.text || input.digits || '').trim().slice(0, MAX_UTTERANCE);
      if (!text) return silence(env);
      state.silences = 0;
      state.heardCaller = true;
      env.log.callerSaid(text, { ...(input.confidence !== undefined ? { confidence: input.confidence } : {}), ...(input.digits ? { digits: input.digits } : {}) });
      // One understanding of the utterance (issue 26 §1); its urgency is the safety of both brains.
      let understood = understand(text, { callLanguage: state.language, openMoment: openMoment(env), describing: describing(env, text) });
      const { urgency } = understood;
      const asked = chooseLanguage(env, text, urgency.level === 'emergency');
      // The answer to the screening question is judged by the screening (only the rules may overrule it: "none of those" is no alarm).
      // A clinician reporting an unstable patient (a home-health nurse, a care home, a lab) is put
      // through to whoever is on call as an urgent matter, not told to hang up and call 911 (issue 26 §4).
      const clinician = understood.intent === 'clinical_report' && understood.confidence >= CLINICIAN_SURE && speaksAsAClinician(text) && org.settings.brain === 'builtin' && OPEN_MOMENTS.has(state.builtin.flow);
      if (urgency.level === 'emergency' && !clinician && (!state.screening || urgency.by === 'rules')) return respondToEmergency(env, urgency, text);
      if (state.turn >= MAX_TURNS) return { text: say(env, 'call.noHelp', { practice: org.name }), next: { type: 'hangup' } };
      const screening = await screeningStep(env, text, understood);
      if (screening && 'reply' in screening) return screening.reply;
      if (asked) return asked;
      let said = text;
      if (screening) {
        said = screening.goOnWith;
        understood = understand(said, { callLanguage: state.language });
      }
      // The built-in brain understands Spanish through English glosses; what it stores stays in the caller's words.
      const heard = state.language === 'es' && org.settings.brain === 'builtin' ? glossSpanish(said) : said;
      if (heard !== said) noteCallerWords(env, heard, said);
      return brainFor(env).respond(env, createToolbox(env), heard, understood);
    }
  }
}

/** How sure the intent must be that a clinician is reporting, to put an alarming report through to the on-call person instead of the 911 message. */
const CLINICIAN_SURE = 0.8;

/** Moments where the caller says what they want (not mid-answer, where a Spanish name is just a name). */
const OPEN_MOMENTS = new Set(['idle', 'anything_else', 'offer_help']);

/**
 * Whether the caller is saying what they want rather than answering the agent's question: then a
 * health problem gets the screening question. The built-in brain's flow says; an answer to "is
 * this about A or B?" or "shall I connect you?" is not such a moment. The LLM brain keeps no flow:
 * its first caller turn is.
 */
function openMoment(env: TurnEnv): boolean {
  const { state, org } = env;
  if (org.settings.brain !== 'builtin') return state.turn <= 1;
  const b = state.builtin;
  return OPEN_MOMENTS.has(b.flow) && !b.step.startsWith('clarify:') && b.step !== 'offered_person';
}

/**
 * The caller tells something in their own words: at the steps that ask for them (the visit's
 * reason, the message, what a call-back is about), or with an answer longer than any question
 * asks for ("is this the best number?" — "it's about my son, he hit his head and keeps throwing
 * up"). Six words or more: in the corpus's answers, a long name or date of birth is then asked
 * the screening question 9 times in 1,138 and never escalated.
 */
function describing(env: TurnEnv, text: string): boolean {
  const b = env.state.builtin;
  if (env.org.settings.brain !== 'builtin') return false;
  const askedForWords = b.step === (b.flow === 'message' ? 'text' : 'reason') && ['appointment', 'message', 'callback'].includes(b.flow);
  return askedForWords || text.trim().split(/\s+/).length >= 6;
}

/**
 * The call's language (issue 15 §2): Spanish when the practice offers it and the caller asks for
 * it or speaks it; English again when they ask. A bare "español" is answered with the greeting in
 * Spanish; anything more goes on to the brain in the new language.
 */
function chooseLanguage(env: TurnEnv, text: string, emergency: boolean): AgentReply | null {
  const { state, org } = env;
  if (!org.settings.languages.includes('es')) return null;
  // An emergency said in Spanish is answered in Spanish wherever the call is; mid-answer only asking counts.
  const choice = detectCallLanguage(text, { relaxed: emergency, onlyAsked: !emergency && !OPEN_MOMENTS.has(state.builtin.flow) });
  if (!choice) return null;
  if (choice.language === (state.language ?? 'en')) return null;
  state.language = choice.language;
  env.log.add('model_request', { brain: org.settings.brain, decision: `language:${choice.language}`, asked: choice.asked }, 0);
  const rest = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\b(en|in|espanol|spanish|english|ingles|por favor|please|habla|hablan|usted|quiero|i want|can we|speak|hablar|si|yes|puede|podemos|castellano)\b/g, ' ')
    .replace(/[^a-z]+/g, ' ')
    .trim();
  if (!choice.asked || rest.split(' ').filter(Boolean).length > 1) return null;
  const text2 = choice.language === 'es' ? org.settings.greetingEs || say(env, 'language.switchedGreeting', { practice: org.name }) : say(env, 'language.switched');
  state.llm.messages.push({ role: 'assistant', content: text2 });
  return { text: text2, next: { type: 'gather' } };
}

function greeting(env: TurnEnv): string {
  return env.org.settings.greeting || say(env, 'call.greeting', { practice: env.org.name });
}

/** No input: ask again twice, then say goodbye. */
async function silence(env: TurnEnv): Promise<AgentReply> {
  const { state } = env;
  // No answer to "is anyone having trouble breathing…?" is not a no.
  if (state.screening) return screeningSilence(env);
  state.silences++;
  env.log.add('caller_speech', { text: '', noInput: true });
  if (state.silences >= 3) {
    env.log.add('model_request', { brain: 'builtin', decision: 'end_after_silence', silences: state.silences }, 0);
    return { text: say(env, 'call.silenceEnd', { practice: env.org.name }), next: { type: 'hangup' } };
  }
  env.log.add('model_request', { brain: 'builtin', decision: 'reprompt_after_silence', silences: state.silences }, 0);
  const again = state.lastPrompt || say(env, 'call.howCanIHelp');
  return { text: `${say(env, 'call.silence')} ${again}`, next: { type: 'gather' } };
}

/** The transferred call ended: answered (done), or nobody took it (offer a call-back). */
async function dialResult(env: TurnEnv, status: string): Promise<AgentReply> {
  const { state } = env;
  const pending = state.pendingTransfer;
  const target = pending?.target;
  const shown = target ? (target.type === 'user' ? { type: 'user', userId: target.userId, name: target.name } : { type: 'phone', phone: target.phone }) : null;
  env.log.add('transfer', { target: shown, result: status });
  if (status === 'completed' || status === 'answered') {
    state.done.transferred = { name: target?.name ?? 'staff' };
    return { text: '', next: { type: 'hangup' } };
  }
  if (status === 'canceled') return { text: '', next: { type: 'hangup' } };
  if (pending?.handoffId) await cancelLiveTransfer(env.ctx, await env.tx(), pending.handoffId, `The transfer was not answered (${status}).`);
  const text = target?.type === 'user' ? say(env, 'transfer.nameUnavailable', { name: target.name }) : say(env, 'transfer.teamUnavailable');
  const b = state.builtin;
  b.flow = 'callback';
  b.step = 'offer';
  // A clinician's report stays an urgent task for whoever is on call, in their words.
  b.cb = pending?.clinicalReport ? { reason: pending.clinicalReport, urgent: true, clinicalReport: true } : { reason: 'Asked for a person; the transfer was not answered' };
  state.llm.messages.push({ role: 'assistant', content: text });
  env.log.add('model_request', { brain: 'builtin', decision: 'offer_callback_after_transfer', dialStatus: status }, 0);
  return { text, next: { type: 'gather' } };
}
