import { normalize } from './text.js';

/**
 * Emergency phrases (PRODUCT §4): whatever the brain, these get the emergency message and an
 * urgent handoff. Deliberately broad — a false alarm costs a staff member a minute, a miss costs
 * far more — but an explicit denial ("no chest pain") does not count.
 */
export type EmergencyCategory = 'cardiac' | 'breathing' | 'suicide' | 'bleeding' | 'stroke' | 'unconscious' | 'overdose' | 'seizure' | 'allergic' | 'other';

const RULES: { category: EmergencyCategory; re: RegExp }[] = [
  { category: 'cardiac', re: /\b(chest (pain|pains|hurts|is hurting|tightness|pressure)|pain in (my|his|her|the) chest|crushing (pain|feeling) in|heart attack|my chest (hurts|is tight))\b/ },
  { category: 'breathing', re: /\b(can'?t breathe|cannot breathe|can not breathe|unable to breathe|trouble breathing|difficulty breathing|struggling to breathe|not breathing|stopped breathing|short of breath|choking|turning blue|gasping for (air|breath))\b/ },
  { category: 'suicide', re: /\b(suicid\w*|kill (myself|himself|herself)|end (my|his|her) life|want to die|don'?t want to (live|be alive)|hurt (myself|himself|herself)|harm (myself|himself|herself)|take my own life|overdose on purpose)\b/ },
  { category: 'bleeding', re: /\b((severe|heavy|heavily|lots of|a lot of|uncontrolled|won'?t stop|will not stop|can'?t stop( the)?) (bleeding|blood)|bleeding (heavily|a lot|badly|profusely|everywhere)|(bleeding|blood) (won'?t|will not|doesn'?t|does not) stop|coughing up blood|vomiting blood)\b/ },
  { category: 'stroke', re: /\b(stroke|face (is )?(drooping|droopy)|droop\w* (face|mouth|smile)|slurred speech|slurring (his|her|my)? ?(words|speech)|(can'?t|cannot) (move|feel) (my|his|her) (arm|leg|side)|numb(ness)? on one side|sudden (numbness|weakness|confusion))\b/ },
  { category: 'unconscious', re: /\b(unconscious|passed out and|won'?t wake up|not waking up|unresponsive|collapsed)\b/ },
  { category: 'overdose', re: /\b(overdos\w*|took too many (pills|tablets)|swallowed (poison|bleach|pills))\b/ },
  { category: 'seizure', re: /\b(seizure|seizing|convulsing|convulsions|having a fit)\b/ },
  { category: 'allergic', re: /\b(anaphyla\w*|throat (is )?(closing|swelling)|tongue (is )?swelling|allergic reaction.*(breath|swell))\b/ },
  { category: 'other', re: /\b(emergency|dying|severe (head )?injury|car accident|broken bone sticking|severe burn)\b/ },
];

/** "I had a stroke last year", "since my heart attack": history, not an emergency now. */
const HISTORY = /\b(had an?|after (my|his|her|the)|since (my|his|her|the)|history of|recovering from|previous|prior)\s+(\w+\s+){0,1}$|^\s*(\w+\s+){0,3}(last (year|month|week)|years? ago|months? ago|in the past)\b/;
const HISTORY_PRONE = /^(stroke|heart attack|seizure)/;

const DENIAL = /\b(no|not|don'?t have|do not have|doesn'?t have|without|never had|isn'?t|wasn'?t|no longer|not an?)\s+(\w+\s+){0,2}$/;

export interface EmergencyMatch {
  category: EmergencyCategory;
  phrase: string;
}

export function detectEmergency(text: string): EmergencyMatch | null {
  const t = normalize(text);
  for (const { category, re } of RULES) {
    const m = re.exec(t);
    if (!m) continue;
    const before = t.slice(Math.max(0, m.index - 40), m.index);
    if (DENIAL.test(before)) continue;
    if (HISTORY_PRONE.test(m[0]) && (HISTORY.test(before) || HISTORY.test(t.slice(m.index + m[0].length, m.index + m[0].length + 40)))) continue;
    // "it's not an emergency" / "is this an emergency line" are not emergencies.
    if (category === 'other' && /\b(not an?|no|isn'?t an?|non)[\s-]*emergency|emergency (line|number|appointment|contact)/.test(t)) continue;
    return { category, phrase: m[0] };
  }
  return null;
}
