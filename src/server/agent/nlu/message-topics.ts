import { foldForMatching } from './emergency.js';

/**
 * What a message or call-back is about (issue 15 §4), for the staff queue: a refill, results,
 * running late, a cancellation or change, billing, or other. English and Spanish.
 */
export type MessageTopic = 'refill' | 'results' | 'running_late' | 'cancel' | 'reschedule' | 'billing' | 'other';

const TOPICS: [MessageTopic, RegExp][] = [
  ['running_late', /\b(running (\w+ ){0,3}(late|behind)|be(ing)? (\w+ ){0,3}late|gonna be (\w+ ){0,3}late|late for|stuck in traffic|on (my|our) way|llegar tarde|llego tarde|voy tarde|vamos tarde|retrasad[oa]s?|atrasad[oa]s?)\b/],
  ['refill', /\b(refill\w*|prescription\w*|renew\w* (my|his|her|the) (med\w*|prescription)|ran out of (my|his|her) (med\w*|pills)|more (of )?(my|his|her) (med\w*|pills)|pharmacy|receta\w*|medicamento\w*|medicina\w*|resurtir|surtir)\b/],
  ['results', /\b(results?|(blood|urine|covid|strep|pregnancy|allergy) tests?|lab\w*|blood ?work|test(s)? (came back|results)|x ?ray|mri|scan|biopsy|resultados?|analisis|examenes)\b/],
  ['cancel', /\b(cancel\w*|can'?t make it|cannot make it|won'?t be able to (make|come)|cancelar)\b/],
  ['reschedule', /\b(reschedul\w*|re-schedule|move (my|the|our) (appointment|appt|visit)|change (my|the|our) (appointment|appt|visit)|push (it|my appointment) back|postpone|cambiar (mi|la|su) cita|reprogramar)\b/],
  ['billing', /\b(bill\w*|invoice|charge[sd]?|payment|pay|insurance|copay|co-pay|balance|statement|factura|cobro|pago|seguro)\b/],
];

export function messageTopic(text: string): MessageTopic {
  const t = foldForMatching(text).replace(/[.?!;]/g, ' ');
  for (const [topic, re] of TOPICS) if (re.test(t)) return topic;
  return 'other';
}

/** "I'd like to leave a message" says nothing yet; "tell the doctor I need a refill" is the message. */
export function hasMessageContent(text: string): boolean {
  const rest = foldForMatching(text)
    .replace(/[.?!;]/g, ' ')
    // "…for Dr. Patel", "para la doctora Ruiz": whom it is for is not what it says.
    .replace(/\b(?:dr|doctor|doctora|nurse|enfermera|mr|mrs|ms)\s+[a-z]+/g, ' ')
    .replace(/\b(?:i was wondering|was wondering|wondering|i wonder|is there any way|any way|there|was|ask)\b/g, ' ')
    // "Can you take a message?", "could I leave a message for Dr Lee please": asking, not the message itself.
    .replace(/\b(hi|hello|hey|yes|yeah|okay|ok|so|well|um|uh|please|can i|could i|may i|can you|could you|would you|will you|is it possible|possible|you|me|i|want|wanted|wanna|need|needed|like|would|could|hoping|trying|i'?d like to|id like to|i would like to|i want to|i wanted to|i wanna|i need to|i was hoping to|hoping|i just|just|to|if|leave|take|pass on|pass along|pass|along|relay|give|get|a|an|the|quick|short|message|messages|for|dr|doctor|nurse|someone|somebody|them|office|front desk|with you|the practice|calling|quisiera|queria|quiero|necesito|puede|podria|puedo|dejar|dejarle|tomar|tomarme|tomarle|le|me|un|una|mensaje|recado|para|el|la|doctora|por favor|hola|si|pasar|pasarle)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return rest.split(' ').filter(Boolean).length >= 2;
}

export const TOPIC_WORDS: Record<MessageTopic, string> = {
  refill: 'prescription refill',
  results: 'results',
  running_late: 'running late',
  cancel: 'cancellation',
  reschedule: 'reschedule',
  billing: 'billing',
  other: 'other',
};
