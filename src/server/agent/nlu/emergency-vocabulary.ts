/**
 * The words the emergency rules (emergency-concepts.ts) are built from: people, medicines and
 * chemicals, ways of swallowing, fever, a baby's age, pregnancy, a head injury and what follows it.
 * Kept apart so the rules file reads as rules.
 */
export const re = (...alternatives: string[]) => new RegExp(`\\b(?:${alternatives.join('|')})\\b`, 'g');
export const any = (...alternatives: string[]) => new RegExp(`\\b(?:${alternatives.join('|')})\\b`);

export const POSS = '(?:my|his|her|their|the|your|our|mi|su)';
/** Someone a caller talks about: "my husband's", "the baby is" (folded, so "husband's" is "husbands"). */
export const PERSON_SUBJECT = `(?:hes|shes|theyre|he is|she is|they are|${POSS} (?:husband|wife|son|daughter|baby|mom|dad|mother|father|brother|sister|grandma|grandpa|grandmother|grandfather|kid|child|partner|friend|boyfriend|girlfriend|neighbor)s?(?: is)?)`;
export const PERSON_OBJ = '(?:him|her|them|someone|somebody|people|everyone|everybody|my (?:husband|wife|boss|son|daughter|kids|children|family|mother|father|mom|dad|brother|sister|neighbor|partner|ex))';

/** Medicines (quantity or a child's access makes them a poisoning) and chemicals (any amount is). */
export const MEDICINE = '(?:\\w+ ){0,2}(?:pills?|tablets?|meds|medications?|medicines?|capsules|gummies|vitamins|antidepressants?|antibiotics?|blood thinners?|muscle relaxers?|sleep aids?|melatonin|adderall|ritalin|zoloft|prozac|lithium|seroquel|ambien|gabapentin|tramadol|hydrocodone|vicodin|morphine|methadone|suboxone|ativan|klonopin|valium|metformin|lisinopril|warfarin|clonidine|tylenol|acetaminophen|paracetamol|advil|ibuprofen|motrin|aspirin|benadryl|xanax|oxy\\w*|percocet|opioids?|painkillers?|pain killers|sleeping pills|insulin|edibles?)';
export const CHEMICAL =
  '(?:something (?:from )?under the sink|stuff (?:from )?under the sink|bleach|clorox|windex|lysol|pine sol|febreze|vape juice|vape liquid|e liquid|nicotine|cigarettes?|cigarette butts?|alcohol|vodka|perfume|cologne|fabric softener|oven cleaner|toilet (?:bowl )?cleaner|pool chemicals|chlorine|kerosene|motor oil|mushrooms|detergent|laundry pods?|tide pods?|dishwasher (?:pods?|soap|detergent|tablets?)|drain cleaner|drano|antifreeze|anti freeze|rat poison|weed killer|roundup|pesticides?|insecticides?|bug spray|gasoline|lighter fluid|paint thinner|nail polish remover|windshield (?:washer )?fluid|lamp oil|cleaners?|cleaning (?:stuff|products?|spray|supplies|fluid)|chemicals?|poison|lye|ammonia|button batter(?:y|ies)|batter(?:y|ies)|magnets?|mouthwash|hand sanitizer|essential oils?|iron pills|fentanyl|heroin|cocaine|meth|cloro|lejia|veneno|detergente|quimicos?|limpiador\\w*|gasolina|pilas?|baterias?|imane?s?|anticongelante|raticida|insecticida|thinner|solvente)';
export const INGEST_STRONG = '(?:swallowed|swallow|swallowing|ingested|ate|eaten|eating|chewed(?: on)?|chewing on|got into|gotten into|get into|drank|drunk|drinking|chugged|sipped|licked|put (?:a|some|the)? ?\\w* in (?:his|her|their) mouth|se trago|trago|se comio|comio|se bebio|bebio|tomo|se tomo|tomaron|se tomaron|ingirio)';
export const INGEST_ANY = `(?:${INGEST_STRONG}|took|taken|taking|had|has had)`;
export const QUANTITY =
  '(?:too many|too much|a lot of|lots of|a bunch of|bunch of|a handful of|handful of|a whole bottle of|the whole bottle of|a whole bottle|the whole bottle|the entire bottle|an entire bottle|half (?:a|the) bottle|all (?:of )?(?:the|his|her|my|their|grandmas|grandpas|moms|dads)|(?:\\d+|five|six|seven|eight|nine|ten|twenty|thirty|fifty|several|a dozen) of|extra|double|triple|todas (?:las|sus|mis)|un frasco de|un bote de|muchas|demasiadas|un punado de)';
export const SOMEONE_ELSES = '(?:grandmas|grandpas|grandmothers|grandfathers|moms|mommys|dads|daddys|mothers|fathers|sisters|brothers|aunts|uncles|de (?:la )?abuela|de (?:mi|su) (?:mama|papa))';

export const FEVER = any('fever\\w*', 'temperature', 'temp', 'febrile', 'burning up', 'hot to the touch', '(?:feels|is|felt|seems|feeling|running) (?:really |very |so )?(?:hot|warm)', '10[0-5](?: point \\d| \\d|\\.\\d)?(?: degrees)?', '3[89](?: point \\d|\\.\\d)?(?: degrees)?', 'fiebre', 'calentura', 'temperatura', 'muy caliente');
export const INFANT =
  '(?:newborn|new born|new baby|(?:\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|a|couple|few) (?:day|days|week|weeks|wk|wks) old|(?:baby|newborn|infant|she|he)(?: is| was)?(?: only| just)? (?:\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (?:days|weeks)\\b|(?:one|two|a|1|2|1 and a half|one and a half|\\d+ and a half weeks) (?:month|months|mo)(?: old)?|under (?:three|3) months|less than (?:three|3) months|recien nacid[oa]|(?:bebe|nina|nino|hijo|hija|bebita|bebito)(?: \\w+)? de (?:\\d+|un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce) (?:dias?|semanas?)|(?:bebe|nina|nino|hijo|hija|bebita|bebito)(?: \\w+)? de (?:un|1|dos|2) mes(?:es)?|tiene (?:\\d+|un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez) (?:dias|semanas)(?: de nacid[oa])?)';
export const PREGNANT = any('pregnant', 'weeks along', 'contractions', '(?:only|just|about|almost|nearly) (?:\\d{2}|twenty|thirty)(?: \\w+)? weeks', 'contracciones', 'expecting a baby', 'im expecting', 'she is expecting', 'shes expecting', 'embarazada', 'embarazo', 'estoy esperando (?:un )?bebe');
export const HEAD_INJURY = any(
  '(?:hit|hits|bumped|banged|smacked|hurt|struck|cracked|slammed|knocked) (?:his|her|my|their|the back of (?:his|her|my)) head',
  'head (?:injury|trauma)',
  'hit (?:in|on) the head',
  'fell (?:and|on|off|down|from)',
  'concussion',
  'se (?:pego|golpeo|dio un golpe|cayo y se pego) (?:en )?(?:la )?cabeza',
  'golpe en la cabeza',
  'se cayo',
);
export const HEAD_CONSEQUENCE =
  '(?:throwing up|threw up|keeps? (?:throwing up|vomiting)|vomit\\w*|confused|not making sense|drowsy|very sleepy|so sleepy|really sleepy|cant stay awake|keeps? falling asleep|blood (?:coming )?(?:from|out of) (?:his|her|my) (?:ears?|nose)|acting (?:weird|strange|funny|drunk)|doesnt know where|dont know where|cant remember|pupils|vomitando|vomito|confundid[oa]|muy dormid[oa]|no se acuerda)';

/** FEVER matching every occurrence (for rules that look at each mention). */
export function FEVER_GLOBAL(): RegExp {
  return new RegExp(FEVER.source, 'g');
}
