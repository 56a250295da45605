import { foldForMatching } from './emergency.js';
import { messageTopic } from './message-topics.js';

/** Someone unwell now: what a parent or patient says when they want clinical advice tonight. */
const SYMPTOMS =
  /\b(sick|ill|unwell|fever\w*|feverish|temperature|temp of|vomit\w*|throwing up|threw up|diarrh\w*|rash|pain\w*|hurts?|hurting|ache|aching|earache|headache|stomach ?ache|sore throat|cough\w*|wheez\w*|breathing|congest\w*|swollen|swelling|bleed\w*|infection|infected|injur\w*|fell|fall|burn(ed|t)?|bump|bitten|sting|allergic|reaction|dehydrat\w*|not eating|not drinking|won'?t (eat|drink|stop crying)|lethargic|symptoms?|worse|worried about (my|our|his|her))\b/;
const URGENT = /\b(urgent\w*|right away|can'?t wait|cannot wait|immediately)\b/;
const CLINICIAN = /\b(nurse|nurse line|doctor|dr|on ?call|physician|clinician|pediatrician|paediatrician|medical advice|medical question)\b/;

/**
 * Whether a caller asking for a person needs a clinician now: symptoms, or a nurse or doctor
 * asked for outside a paperwork topic (results, refills, billing and appointments wait for the
 * office). Such a transfer outside office hours goes to the after-hours cover (issue 19 §1).
 * Spanish arrives glossed ("mi hijo tiene fiebre" → "my son tiene fever").
 */
/** Someone is unwell now: symptoms in what the caller said (Spanish arrives glossed). */
export function describesHealthProblem(text: string): boolean {
  return SYMPTOMS.test(foldForMatching(text).replace(/[.?!;,]/g, ' '));
}

export function needsClinicianNow(text: string): boolean {
  const t = foldForMatching(text).replace(/[.?!;,]/g, ' ');
  if (SYMPTOMS.test(t)) return true;
  if (!CLINICIAN.test(t) && !URGENT.test(t)) return false;
  return messageTopic(t) === 'other';
}
