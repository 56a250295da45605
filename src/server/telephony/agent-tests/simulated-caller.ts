import type { ScenarioCaller } from '../../../contracts/agent-tests.js';

/**
 * The simulated caller of an agent test (issue 32): what it says next, chosen by what the agent
 * just asked. It reads the agent's words (not the brain's state), so it answers the built-in and
 * the LLM brain alike, in English or Spanish.
 */

export type Asked = 'screening' | 'name' | 'last_name' | 'dob' | 'reason' | 'patient_type' | 'preferences' | 'message' | 'from' | 'phone' | 'code' | 'anything_else' | 'yes_no' | 'open' | 'none';

/** The question of a reply: its last sentence that asks something. */
function lastQuestion(text: string): string {
  const parts = text.split(/(?<=[.?!])\s+/).filter((s) => /\?/.test(s));
  return (parts.at(-1) ?? '').toLowerCase();
}

const RULES: [Asked, RegExp][] = [
  // The nurse line's danger-signs question and the direct safety question (issue 26 §4).
  ['screening', /right now,? (?:is anyone|are you)|just yes or no|ahora mismo,? (?:alguien|usted)|solo sí o no/],
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

const YES_NO = /^(¿)?(is|are|was|would|do|does|did|has|have|should|shall|can|could|may|will|es|está|son|quiere|desea|le gustaría|puede|podría|tiene|ha|debo|prefiere|le parece)\b/;

export function whatWasAsked(agentText: string): Asked {
  const q = lastQuestion(agentText);
  if (!q) return 'none';
  for (const [asked, pattern] of RULES) if (pattern.test(q)) return asked;
  if (YES_NO.test(q.replace(/^(sorry|perdón|disculpe|thank you|gracias|and|y|ok|okay)[,.]?\s*/, ''))) return 'yes_no';
  return 'open';
}

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
export function nextUtterance(caller: ScenarioCaller, agentText: string, state: { followUpsUsed: number; said?: Set<string> }, inDanger = false): { kind: 'speech'; text: string } | { kind: 'hangup' } {
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
