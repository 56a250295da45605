import { MAX_UTTERANCE } from '../../domain/calls/vocabulary.js';
import type { AgentReply, CallerInput, TurnEnv } from './agent-types.js';
import { brainFor } from './brains/select-brain.js';
import { respondToEmergency } from './emergency-response.js';
import { detectEmergency } from './nlu/emergency.js';
import { createToolbox } from './tools/index.js';
import { cancelLiveTransfer } from '../features/handoffs/create-handoff.service.js';

/** Replies before the agent wraps up a call that goes nowhere. */
const MAX_TURNS = 60;

/**
 * The one dialogue loop (PRODUCT §4): the adapters feed it what happened at the caller's end;
 * it answers silence, dial results and emergencies itself, asks the organization's brain for
 * everything else, and records every step in the turn's log.
 */
export async function runAgentTurn(env: TurnEnv, input: CallerInput): Promise<AgentReply> {
  const reply = await respond(env, input);
  const { state } = env;
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
      const emergency = detectEmergency(text);
      if (emergency) return respondToEmergency(env, emergency, text);
      if (state.turn >= MAX_TURNS) return { text: `I'm sorry, I haven't been able to help. Please call us again, or ask for a member of staff. Thank you for calling ${org.name}.`, next: { type: 'hangup' } };
      return brainFor(env).respond(env, createToolbox(env), text);
    }
  }
}

function greeting(env: TurnEnv): string {
  return env.org.settings.greeting || `Thank you for calling ${env.org.name}. I'm the practice's virtual assistant. How can I help you today?`;
}

/** No input: ask again twice, then say goodbye. */
function silence(env: TurnEnv): AgentReply {
  const { state } = env;
  state.silences++;
  env.log.add('caller_speech', { text: '', noInput: true });
  if (state.silences >= 3) {
    env.log.add('model_request', { brain: 'builtin', decision: 'end_after_silence', silences: state.silences }, 0);
    return { text: `I'm sorry, I can't hear anything. Please call us again when you're ready. Thank you for calling ${env.org.name}. Goodbye.`, next: { type: 'hangup' } };
  }
  env.log.add('model_request', { brain: 'builtin', decision: 'reprompt_after_silence', silences: state.silences }, 0);
  const again = state.lastPrompt || 'How can I help you today?';
  return { text: `Sorry, I didn't hear anything. ${again}`, next: { type: 'gather' } };
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
  const who = target?.type === 'user' ? target.name : 'our team';
  const text = `I'm sorry, ${who} isn't available right now. Would you like someone to call you back?`;
  const b = state.builtin;
  b.flow = 'callback';
  b.step = 'offer';
  b.cb = { reason: 'Asked for a person; the transfer was not answered' };
  state.llm.messages.push({ role: 'assistant', content: text });
  env.log.add('model_request', { brain: 'builtin', decision: 'offer_callback_after_transfer', dialStatus: status }, 0);
  return { text, next: { type: 'gather' } };
}
