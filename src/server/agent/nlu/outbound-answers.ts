import { predict, type Model } from './classifier/logistic.js';
import { glossSpanish } from './language.js';
import { understandingModels, type Models } from './models.js';
import { understand } from './understand.js';
import { yesNo } from './yes-no.js';
import type { PurposeAnswer, WhoAnswer } from './outbound-labels.js';

export { OUTBOUND_STEPS, PURPOSE_ANSWERS, WHO_ANSWERS, type OutboundStep, type PurposeAnswer, type WhoAnswer } from './outbound-labels.js';

/**
 * What the person the practice calls answers (issue 27), learned from the outbound lines of the
 * corpus (corpus/README.md, "outbound*.txt"): one model for the answer to "am I speaking with…?"
 * and one for the answer to the purpose's question, whatever the purpose (the dialogue reads a
 * reminder's "no" as a cancellation, a recall's as a refusal). The inbound safety comes first:
 * an emergency the rules or the emergency model see is an emergency whatever the model says.
 */

/** Below this the dialogue asks again rather than act on a guess (tuned on the development part's cross-validation). */
export const OUTBOUND_ANSWER_CONFIDENCE = 0.45;

/** "Stop calling": the number's wish whatever else is said (a pattern the model must never outvote). */
const NEVER =
  /\b(do not|don'?t|never|stop|quit) (call|calling|ring|phone|contact)|\b(remove|take) (me|my number|this number|us)\b.*\b(list|off)\b|\bdo not call list\b|\bunsubscribe\b|\bno (more|volver a) (calls|llamar)\b|\bno (me )?(vuelvan?|sigan?) (a )?llam|\bdej(en|e) de llamar|\bqu[ií]t(e|en)(me)? de (la|su) lista/i;

export interface ReadOptions {
  language?: 'en' | 'es';
  /** For cross-validation: models trained without the lines scored. */
  models?: Models;
}

function urgentOrStop(text: string, o: ReadOptions, model: Model<string>): 'emergency' | 'stop' | null {
  const heard = o.language === 'es' ? glossSpanish(text) : undefined;
  const urgency = understand(text, { openMoment: false, ...(heard ? { gloss: heard } : {}), ...(o.models ? { models: o.models } : {}) }).urgency;
  if (urgency.level === 'emergency') {
    // The emergency model alone, against an answer this step's model is sure of ("I can't talk right
    // now, I'm at work" is a call-back, not a stroke): the rules still escalate whatever is said.
    const p = predict(model, text);
    const sure = urgency.by === 'model' && p.confidence >= 0.9 && (p.label === 'later' || p.label === 'not_here' || p.label === 'wrong_number');
    if (!sure) return 'emergency';
  }
  if (NEVER.test(text)) return 'stop';
  return null;
}

function classify<L extends string>(model: Model<L>, text: string): L | null {
  const p = predict(model, text);
  return p.confidence >= OUTBOUND_ANSWER_CONFIDENCE ? p.label : null;
}

/** The answer to "am I speaking with …?"; null when it is unclear. */
export function readWhoAnswer(text: string, o: ReadOptions = {}): WhoAnswer | null {
  if (!text.trim()) return null;
  const model = (o.models ?? understandingModels()).outboundWho;
  const first = urgentOrStop(text, o, model);
  if (first) return first;
  const label = classify(model, text);
  if (label) return label;
  const yn = yesNo(o.language === 'es' ? glossSpanish(text) : text);
  return yn === 'yes' ? 'yes' : yn === 'no' ? 'not_here' : null;
}

/** The answer to the purpose's question; null when it is unclear. */
export function readPurposeAnswer(text: string, o: ReadOptions = {}): PurposeAnswer | null {
  if (!text.trim()) return null;
  const model = (o.models ?? understandingModels()).outboundPurpose;
  const first = urgentOrStop(text, o, model);
  if (first) return first;
  const label = classify(model, text);
  if (label) return label;
  const yn = yesNo(o.language === 'es' ? glossSpanish(text) : text);
  return yn === 'yes' ? 'agree' : yn === 'no' ? 'decline' : null;
}
