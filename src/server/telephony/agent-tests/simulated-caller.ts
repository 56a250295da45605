import type { ScenarioCaller } from '../../../contracts/agent-tests.js';

/**
 * The simulated caller of an agent test (issue 32): what it says next, chosen by what the agent
 * just asked. It reads the agent's words (not the brain's state), so it answers the built-in and
 * the LLM brain alike, in English or Spanish.
 */

export type Asked = 'name' | 'last_name' | 'dob' | 'reason' | 'patient_type' | 'preferences' | 'message' | 'from' | 'phone' | 'code' | 'anything_else' | 'yes_no' | 'open' | 'none';

/** The question of a reply: its last sentence that asks something. */
function lastQuestion(text: string): string {
  const parts = text.split(/(?<=[.?!])\s+/).filter((s) => /\?/.test(s));
  return (parts.at(-1) ?? '').toLowerCase();
}

const RULES: [Asked, RegExp][] = [
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
  en: { yes: 'Yes, please.', no: 'No, thank you.', done: "No, that's all. Thank you.", newPatient: "No, I'm a new patient.", returning: "Yes, I've been there before.", noCode: "I don't have it." },
  es: { yes: 'Sí, por favor.', no: 'No, gracias.', done: 'No, eso es todo. Gracias.', newPatient: 'No, soy paciente nuevo.', returning: 'Sí, ya he ido antes.', noCode: 'No lo tengo.' },
} as const;

/** What the caller says after the agent said `agentText`; null: they hang up. `state` counts follow-ups used. */
export function nextUtterance(caller: ScenarioCaller, agentText: string, state: { followUpsUsed: number }): { kind: 'speech'; text: string } | { kind: 'hangup' } {
  const w = WORDS[caller.language];
  const a = caller.answers;
  const asked = whatWasAsked(agentText);
  const say = (text: string) => ({ kind: 'speech' as const, text });
  const nextFollowUp = () => {
    const text = caller.followUps[state.followUpsUsed];
    if (text === undefined) return null;
    state.followUpsUsed += 1;
    return say(text);
  };
  switch (asked) {
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
      if (a.preferences) return say(a.preferences);
      break;
    case 'message':
      if (a.message) return say(a.message);
      break;
    case 'phone':
      if (a.phone) return say(a.phone);
      break;
    case 'code':
      if (a.referenceCode) return say(a.referenceCode);
      return say(w.noCode);
    case 'anything_else':
      return nextFollowUp() ?? say(w.done);
    case 'yes_no':
      return say(caller.yesNo === 'yes' ? w.yes : w.no);
    case 'none':
      return { kind: 'hangup' };
    case 'open':
      break;
  }
  return nextFollowUp() ?? { kind: 'hangup' };
}
