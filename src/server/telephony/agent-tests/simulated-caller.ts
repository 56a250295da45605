import type { Expectation, ScenarioCaller } from '../../../contracts/agent-tests.js';

/**
 * The simulated caller of an agent test (issue 32): what it says next, chosen by what the agent
 * just asked. It reads the agent's words (not the brain's state), so it answers the built-in and
 * the LLM brain alike, in English or Spanish.
 */

export type Asked = 'screening' | 'clarify' | 'name' | 'last_name' | 'dob' | 'reason' | 'patient_type' | 'preferences' | 'message' | 'from' | 'phone' | 'code' | 'anything_else' | 'yes_no' | 'open' | 'none';

/** The question of a reply: its last sentence that asks something. */
function lastQuestion(text: string): string {
  const parts = text.split(/(?<=[.?!])\s+/).filter((s) => /\?/.test(s));
  return (parts.at(-1) ?? '').toLowerCase();
}

const RULES: [Asked, RegExp][] = [
  // The nurse line's danger-signs question and the direct safety question (issue 26 §4).
  ['screening', /right now,? (?:is anyone|are you)|just yes or no|ahora mismo,? (?:alguien|usted)|solo sí o no/],
  // "Sorry, just so I get this right: is this about A, or B?" (issue 26 §2).
  ['clarify', /just so i get this right|para entenderle bien/],
  ['anything_else', /anything else|what else can i|algo más en lo que|en qué más puedo/],
  ['dob', /date of birth|what year|month and day|day of the month|fecha de nacimiento|qué año|el mes y el día|qué día del mes/],
  ['last_name', /^(?!.*first).*last name|^(?!.*nombre y).*apellido/],
  ['name', /first and last name|your own name|your name|nombre y (el )?apellido|su nombre|cómo se llama/],
  ['from', /who is the message from|de parte de quién/],
  ['reason', /reason for the visit|motivo de la visita|what is the call about|de qué se trata/],
  ['patient_type', /been seen|seen at .* before|ha venido antes|ha sido atendido/],
  ['preferences', /days or times|days and times|which days|qué días/],
  ['message', /message would you like|like me to pass on|qué quiere que les diga|qué mensaje/],
  ['code', /reference code|the code|read it out|código de referencia|el código/],
  ['phone', /^(what|which)\b.*number|^¿?(cuál|qué)\b.*número/],
];

const SAY_AGAIN = /\b(?:say it|say that|spell it|repeat it|read it|decirl[oa]|deletrear(?:lo|la)?|repetirl[oa])\b/;

const YES_NO = /^(¿)?(is|are|was|would|do|does|did|has|have|should|shall|can|could|may|will|es|está|son|quiere|desea|le gustaría|puede|podría|tiene|ha|debo|prefiere|le parece)\b/;

export function whatWasAsked(agentText: string): Asked {
  const q = lastQuestion(agentText);
  if (!q) return 'none';
  for (const [asked, pattern] of RULES) if (pattern.test(q)) return asked;
  // "Sorry, I didn't catch the last name. Could you spell it?": asked to say again what the reply names.
  if (SAY_AGAIN.test(q)) for (const [asked, pattern] of RULES) if (pattern.test(agentText.toLowerCase())) return asked;
  if (YES_NO.test(q.replace(/^(sorry|perdón|disculpe|thank you|gracias|and|y|ok|okay)[,.]?\s*/, ''))) return 'yes_no';
  return 'open';
}

/**
 * What the caller came for, read from what the scenario expects the call to leave: how they
 * answer "is this about A, or B?". Null when the expectations do not say (they hang up or go on
 * with their follow-ups, as before).
 */
export type CallerGoal = 'appointment' | 'message' | 'callback' | 'question' | 'person' | null;

export function goalOf(expectations: readonly Expectation[]): CallerGoal {
  // A caller in danger says so; their goal is not a choice between tasks.
  if (expectations.some((e) => e.kind === 'urgent_handoff')) return null;
  for (const e of expectations) {
    if (e.kind === 'appointment_request' || (e.kind === 'outcome' && e.outcome === 'appointment_requested')) return 'appointment';
    if (e.kind === 'handoff' && e.type === 'message') return 'message';
    if (e.kind === 'handoff' && e.type === 'callback') return 'callback';
    if ((e.kind === 'handoff' && e.type === 'live_transfer') || (e.kind === 'transferred' && e.value)) return 'person';
    if (e.kind === 'agent_said' || (e.kind === 'outcome' && e.outcome === 'question_answered')) return 'question';
  }
  return null;
}

const GOAL_WORDS: Record<'en' | 'es', Record<NonNullable<CallerGoal>, string>> = {
  en: { appointment: 'Booking a visit.', message: 'Leaving a message.', callback: "I'd like someone to call me back.", question: 'I have a question about the practice.', person: "I'd like to talk to someone." },
  es: { appointment: 'Pedir una cita.', message: 'Dejar un mensaje.', callback: 'Que me devuelvan la llamada.', question: 'Tengo una pregunta sobre la clínica.', person: 'Quiero hablar con alguien.' },
};

const WORDS = {
  en: { yes: 'Yes, please.', no: 'No, thank you.', danger: 'Yes, that is happening right now.', noDanger: 'No, nothing like that.', anyTime: 'Any day is fine.', done: "No, that's all. Thank you.", newPatient: "No, I'm a new patient.", returning: "Yes, I've been there before.", noCode: "I don't have it." },
  es: { yes: 'Sí, por favor.', no: 'No, gracias.', danger: 'Sí, está pasando ahora mismo.', noDanger: 'No, nada de eso.', anyTime: 'Cualquier día está bien.', done: 'No, eso es todo. Gracias.', newPatient: 'No, soy paciente nuevo.', returning: 'Sí, ya he ido antes.', noCode: 'No lo tengo.' },
} as const;

/**
 * What the caller says after the agent said `agentText`; null: they hang up. `state` counts
 * follow-ups used. `inDanger`: the scenario is an emergency (it expects an urgent handoff), so
 * the caller says yes to the danger-signs question; every other caller says no, as a caller
 * without those signs would.
 */
export function nextUtterance(
  caller: ScenarioCaller,
  agentText: string,
  state: { followUpsUsed: number; said?: Set<string> },
  inDanger = false,
  goal: CallerGoal = null,
): { kind: 'speech'; text: string } | { kind: 'hangup' } {
  const w = WORDS[caller.language];
  const a = caller.answers;
  const asked = whatWasAsked(agentText);
  const said = (state.said ??= new Set());
  const say = (text: string) => {
    said.add(text);
    return { kind: 'speech' as const, text };
  };
  // What the caller came to say and was never asked for (the reason, the message): said when asked "anything else?".
  const unsaid = () => [a.reason, a.message].find((text) => text && !said.has(text));
  const nextFollowUp = () => {
    const text = caller.followUps[state.followUpsUsed];
    if (text === undefined) return null;
    state.followUpsUsed += 1;
    return say(text);
  };
  switch (asked) {
    case 'screening':
      return say(inDanger ? w.danger : w.noDanger);
    case 'clarify':
      if (goal) return say(GOAL_WORDS[caller.language][goal]);
      break;
    case 'name':
      if (a.name) return say(a.name);
      break;
    case 'last_name':
      if (a.name) return say(a.name.trim().split(/\s+/).at(-1)!);
      break;
    case 'from':
      if (a.name) return say(a.name);
      break;
    case 'dob':
      if (a.dateOfBirth) return say(a.dateOfBirth);
      break;
    case 'reason':
      if (a.reason) return say(a.reason);
      if (a.message) return say(a.message);
      break;
    case 'patient_type':
      if (a.patientType) return say(a.patientType === 'new' ? w.newPatient : w.returning);
      break;
    case 'preferences':
      // Any caller can answer this one: with no preference given, any time suits them.
      return say(a.preferences || w.anyTime);
    case 'message':
      if (a.message) return say(a.message);
      break;
    case 'phone':
      if (a.phone) return say(a.phone);
      break;
    case 'code':
      if (a.referenceCode) return say(a.referenceCode);
      return say(w.noCode);
    case 'anything_else': {
      const more = nextFollowUp() ?? unsaid();
      return typeof more === 'string' ? say(more) : (more ?? say(w.done));
    }
    case 'yes_no':
      return say(caller.yesNo === 'yes' ? w.yes : w.no);
    case 'none':
      return { kind: 'hangup' };
    case 'open':
      break;
  }
  return nextFollowUp() ?? { kind: 'hangup' };
}
