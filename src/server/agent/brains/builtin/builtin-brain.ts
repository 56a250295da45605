import type { AgentReply } from '../../agent-types.js';
import { say } from '../../messages/index.js';
import { detectIntents } from '../../nlu/intents.js';
import { understand, type Understanding } from '../../nlu/understand.js';
import { normalize } from '../../nlu/text.js';
import { ASKS_TO_REPEAT, CLEAR_GOODBYE } from '../../nlu/conversation-words.js';
import { repeatLast } from './conversation-moves.js';
import type { Brain } from '../brain.js';
import { appointmentTurn } from './appointment-flow.js';
import type { BuiltinState } from './builtin-state.js';
import { callbackTurn, messageTurn, startTransfer } from './contact-flows.js';
import { flowContext, goodbye, type FlowCtx, type FlowReply } from './flow-context.js';
import { statusTurn } from './status-flow.js';
import { changeTurn } from './change-flow.js';
import { topLevel } from './top-level.js';

/** Steps whose answer is free text: "tell the doctor…" there is a message, not a request. */
const FREE_TEXT = new Set(['message:text', 'callback:reason', 'appointment:reason', 'appointment:preferences']);

/**
 * The built-in deterministic agent (works offline). Asking for a person or to be left off the
 * call list works at any step; each turn records the intent, slots and decision it took.
 */
export const builtinBrain: Brain = {
  kind: 'builtin',
  async respond(env, tools, text, understood): Promise<AgentReply> {
    const started = performance.now();
    const at = env.log.events.length;
    const fc = flowContext(env, tools);
    const before = fc.b.misunderstood;
    const u = understood ?? understand(text, { callLanguage: env.state.language });
    const reply = await route(fc, text, u);
    if (fc.b.misunderstood === before) fc.b.misunderstood = 0;
    env.log.events.splice(at, 0, {
      kind: 'model_request',
      payload: { brain: 'builtin', intent: fc.intent, confidence: Math.round(u.confidence * 100) / 100, slots: slotsOf(fc.b), decision: fc.decisions.join(' → ') || 'none', flow: fc.b.flow, step: fc.b.step },
      latencyMs: Math.round((performance.now() - started) * 100) / 100,
      at: env.now,
    });
    return { text: reply.text, next: reply.next ?? { type: 'gather' } };
  },
};

async function route(fc: FlowCtx, text: string, u: Understanding): Promise<FlowReply> {
  const { b } = fc;
  // Inside a task the answer is to the agent's question: only asking for a person or to be left
  // off the list interrupts it, recognised by their clear patterns (the classifier reads open requests).
  const intents = detectIntents(text);
  fc.intent = intents[0] ?? null;
  if (ASKS_TO_REPEAT.test(normalize(text))) return repeatLast(fc);
  // Between tasks the classifier reads what the caller wants ("am I talking to a real person?" is a question, not a request for one).
  const midTask = b.flow !== 'idle' && b.flow !== 'anything_else' && b.flow !== 'offer_help';
  if (midTask && !FREE_TEXT.has(`${b.flow}:${b.step}`)) {
    if (intents[0] === 'human') return startTransfer(fc, text);
    if (intents[0] === 'do_not_call') {
      const r = await fc.tools.run('add_to_do_not_call', {});
      b.flow = 'anything_else';
      return { text: `${r.speech} ${say(fc.env, 'help.anythingElse')}` };
    }
    if (CLEAR_GOODBYE.test(text) && b.flow !== 'idle' && b.flow !== 'anything_else') return goodbye(fc, say(fc.env, 'ack.noProblem'));
  }
  switch (b.flow) {
    case 'appointment':
      return appointmentTurn(fc, text);
    case 'callback':
      return callbackTurn(fc, text);
    case 'message':
      return messageTurn(fc, text);
    case 'status':
      return statusTurn(fc, text);
    case 'change':
      return changeTurn(fc, text);
    default:
      return topLevel(fc, text, u);
  }
}

function slotsOf(b: BuiltinState): Record<string, unknown> {
  const a = b.appt;
  const filled: Record<string, unknown> = {};
  if (a.first || a.last) filled.name = [a.first, a.last].filter(Boolean).join(' ');
  if (a.dobIso) filled.dateOfBirth = a.dobIso;
  else if (a.dob) filled.dateOfBirthParts = a.dob;
  if (a.reason) filled.reason = a.reasonOther ? `${a.reason}: ${a.reasonOther}` : a.reason;
  if (a.isNew !== undefined) filled.newPatient = a.isNew;
  if (a.prefs) filled.preferences = { days: a.prefs.days, timesOfDay: a.prefs.timesOfDay, ...(a.prefs.earliestDate ? { earliestDate: a.prefs.earliestDate } : {}) };
  if (a.phone) filled.phone = a.phone;
  if (b.msg.text) filled.message = b.msg.text;
  if (b.cb.reason) filled.callbackReason = b.cb.reason;
  if (b.status.code) filled.referenceCode = b.status.code;
  return filled;
}
