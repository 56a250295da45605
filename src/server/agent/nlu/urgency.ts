import { foldForMatching } from './emergency.js';
import { messageTopic } from './message-topics.js';

/** Someone unwell now: what a parent or patient says when they want clinical advice tonight (not "sick of waiting"). */
const SYMPTOMS =
  /\b(sick(?! (?:and tired )?of\b)|ill|unwell|fever\w*|feverish|temperature|temp of|vomit\w*|throwing up|threw up|diarrh\w*|rash|pain\w*|hurts?|hurting|ache|aching|earache|headache|stomach ?ache|sore throat|cough\w*|wheez\w*|breathing|congest\w*|swollen|swelling|bleed\w*|infection|infected|injur\w*|fell|fall|burn(ed|t)?|bump|bitten|sting|allergic|reaction|dehydrat\w*|not eating|not drinking|won'?t (eat|drink|stop crying)|lethargic|symptoms?|worse|worried about (my|our|his|her))\b/;
const URGENT = /\b(urgent\w*|right away|can'?t wait|cannot wait|immediately)\b/;
/**
 * A clinician or facility says who they are: where they call from, their role, whose patient
 * ("this is Carla from Quest lab", "I'm his home health nurse", "one of our residents"). A
 * roommate's overdose that the model read as a report (0.83) must reach the 911 message instead.
 */
const SPEAKS_AS_A_CLINICIAN =
  /\b(?:calling from|(?:this is|its) \w+(?: \w+)? (?:from|at|with) (?:the )?\w+|(?:im|i am) (?:a|the|his|her|their|your) (?:\w+ )?(?:nurse|aide|caregiver|pharmacist|doctor|physician|provider|case manager|social worker)|lab|labs|laboratory|pharmacy|home health|hospice|nursing home|care home|group home|assisted living|memory care|skilled nursing|rehab facility|facility|your patient|a patient of|(?:our|my) (?:patient|resident|client)s?|one of our residents|critical (?:value|result|lab)|panic value|farmacia|laboratorio|(?:soy|habla) (?:la |el |su )?enfermer[oa]|asilo|residencia|paciente de ustedes|su paciente|(?:nuestr[oa]|mi) (?:paciente|residente)|(?:llamo|hablo|le hablo) de(?:sde)? (?:el|la))\b/;
export const speaksAsAClinician = (text: string) => SPEAKS_AS_A_CLINICIAN.test(spoken(text));

const CLINICIAN = /\b(nurse|nurse line|doctor|dr|on ?call|physician|clinician|pediatrician|paediatrician|medical advice|medical question)\b/;

/**
 * Words about the body, illness or harm, in English and Spanish (the list grew from the words of
 * the development part's emergencies that routine requests do not use): without any of them the
 * emergency model alone does not act inside a task ("she is two weeks old" scored high on it).
 */
const HEALTH_WORDS =
  /\b(throat|face|eyes?|mouth|hands?|arms?|legs?|skin|neck|voice|wheez\w*|cough\w*|air|aire|asthma|asma|inhaler|epi ?pen|hives|tight\w*|sudden\w*|de repente|drank|ate|tylenol|took|overdos\w*|stroke|attack|jerk\w*|tembl\w*|respond\w*|responde|contesta|reacciona|dormid[oa]|veneno|cloro|bleach|blister\w*|boiling|scald\w*|spilled|gasp\w*|crooked|chuec[oa]|words|palabras|sense|sentido|life|vida|gun|cutting|dano|worst|fluid|water broke|soaking|lift|lying|barely|dizzy|blurry|vision|see|walk|talk\w*|speak\w*|moving|move|kick\w*|breath\w*|breath|chest|heart|blood|bleed\w*|unconscious|faint\w*|passed out|collapse\w*|seiz\w*|shak\w*|overdos\w*|pills|tablets|swallow\w*|chok\w*|burn\w*|pregnan\w*|fever\w*|temp\w*|confus\w*|wake|awake|drows\w*|sleepy|dizz\w*|numb\w*|slur\w*|droop\w*|vomit\w*|throw\w* up|suicid\w*|die|dying|dead|kill|hurt\w*|harm|poison\w*|allerg\w*|swell\w*|swollen|sting|pain\w*|sick|ill|unwell|head|stomach|belly|lips|blue|pale|gray|grey|sweat\w*|limp|floppy|sugar|diabet\w*|rash|spots|stiff|weak\w*|fell|fall|accident|crash\w*|hit|cut|respir\w*|pecho|corazon|sangr\w*|desmay\w*|convuls\w*|ataque|fiebre|calentura|temperatura|embaraz\w*|vomit\w*|trag\w*|pastillas|dolor|duele|hinch\w*|mare\w*|confund\w*|despiert\w*|despertar|morir|matar|lastim\w*|quem\w*|golpe\w*|cayo|azucar|palid\w*|morad\w*)\b/;

/** Something about health in what the caller said. */
export function mentionsHealth(text: string): boolean {
  return HEALTH_WORDS.test(spoken(text));
}

/** Someone is unwell now: symptoms in what the caller said (Spanish arrives glossed). */
export function describesHealthProblem(text: string): boolean {
  return SYMPTOMS.test(spoken(text));
}

const spoken = (text: string) => foldForMatching(text).replace(/[.?!;,]/g, ' ');

/**
 * Whether a caller asking for a person needs a clinician now: symptoms, or a nurse or doctor
 * asked for outside a paperwork topic (results, refills, billing and appointments wait for the
 * office). Such a transfer outside office hours goes to the after-hours cover (issue 19 §1).
 * Spanish arrives glossed ("mi hijo tiene fiebre" → "my son tiene fever").
 */
export function needsClinicianNow(text: string): boolean {
  const t = spoken(text);
  if (SYMPTOMS.test(t)) return true;
  if (!CLINICIAN.test(t) && !URGENT.test(t)) return false;
  return messageTopic(t) === 'other';
}
