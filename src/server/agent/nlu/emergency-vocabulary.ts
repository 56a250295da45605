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
  '(?:too many|too much|a lot of|lots of|(?:a )?whole bunch of|a ton of|tons of|a fistful of|a bunch of|bunch of|a handful of|handful of|a whole bottle of|the whole bottle of|a whole bottle|the whole bottle|the entire bottle|an entire bottle|half (?:a|the) bottle|all (?:of )?(?:the|his|her|my|their|grandmas|grandpas|moms|dads)|(?:\\d+|five|six|seven|eight|nine|ten|twenty|thirty|fifty|several|a dozen) of|extra|double|triple|todas (?:las|sus|mis)|un frasco de|un bote de|muchas|demasiadas|un punado de|un monton de|montones de|un chingo de)';
/** A small child, the one who gets into what is not theirs (said as the subject of a sentence). */
export const SMALL_CHILD = '(?:(?:my|our|his|her|their|the) (?:\\w+ )?(?:son|daughter|kid|child|toddler|baby|boy|girl|grandson|granddaughter|nephew|niece|little one|two year old|three year old|four year old|(?:\\d|one|two|three|four|five) year old)|(?:mi|su|el|la) (?:hijo|hija|nino|nina|nieto|nieta|bebe|nene|nena))';
export const SOMEONE_ELSES = '(?:grandmas|grandpas|grandmothers|grandfathers|moms|mommys|dads|daddys|mothers|fathers|sisters|brothers|aunts|uncles|de (?:la )?abuela|de (?:mi|su) (?:mama|papa))';

export const FEVER = any('fever\\w*', 'temperature(?! (?:is |was |has been )?(?:normal|fine|ok|okay|good|down|gone)\\b)', 'temp(?! (?:is |was )?(?:normal|fine|ok|okay|good|down)\\b)', 'febrile', 'burning up', 'hot to the touch', '(?:feels|is|felt|seems|feeling|running) (?:really |very |so )?(?:hot|warm)', '10[0-5](?: point \\d| \\d|\\.\\d)?(?: degrees)?', '(?:a |one )?hundred and (?:one|two|three|four|five)\\b', 'ciento (?:uno|dos|tres|cuatro)\\b', 'treinta y (?:ocho|nueve)(?: (?:punto|y) \\w+)?(?: grados)?', '3[89](?: point \\d|\\.\\d)?(?: degrees)?', '(?:forehead|head|skin|body|chest|back) (?:is |feels |felt )?(?:really |so |very )?(?:burning|on fire|hot|warm)', 'fiebre', 'calentura', 'temperatura', 'muy caliente', 'ardiendo en (?:fiebre|calentura)', 'volando en fiebre');
export const INFANT =
  '(?:newborn|new born|new baby|(?:\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|a|couple|few) (?:day|days|week|weeks|wk|wks) old|(?:baby|newborn|infant|she|he)(?: is| was)?(?: only| just)? (?:\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (?:days|weeks)\\b|(?:one|two|a|1|2|1 and a half|one and a half|\\d+ and a half weeks) (?:month|months|mo)(?: old)?|under (?:three|3) months|less than (?:three|3) months|recien nacid[oa]|(?:bebe|nina|nino|hijo|hija|bebita|bebito)(?: \\w+)? de (?:\\d+|un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce) (?:dias?|semanas?)|(?:bebe|nina|nino|hijo|hija|bebita|bebito)(?: \\w+)? de (?:un|1|dos|2) mes(?:es)?|tiene (?:\\d+|un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez) (?:dias|semanas)(?: de nacid[oa])?|(?:son|daughter|baby|babys|grandson|granddaughter|sons|daughters|grandsons|granddaughters|boy|girl|hes|shes|twins)(?: is| was| are)?(?: only| just| about| almost)? (?:[1-9]|1[0-2]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (?:days?|weeks?)(?! (?:along|pregnant|ago|postpartum|post|out|into|since|of))|(?:bebe|nina|nino|hijo|hija|bebita|bebito|nieto|nieta)(?: \\w+)? (?:tiene|ya tiene|apenas tiene|cumplio) (?:un|1|dos|2) mes(?:es)?(?! (?:con|de|que|sin)))';
export const PREGNANT = any(
  '(?:im|i am|shes|she is|wife is|wifes|girlfriend is|girlfriends|daughter is|daughters|sister is|sisters|partner is|partners|fiancee is) (?:about |almost |nearly |like |only |just |over )?(?:1[3-9]|[2-4]\\d|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty)(?: \\w+)? weeks(?! (?:ago|old|postpartum|post|out|after|since|into|of))',
  '(?:im|i am) (?:about |almost |nearly |like |only |just )?(?:\\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) weeks(?! (?:ago|old|postpartum|post|out|after|since|into|of|from))',
  '(?:tengo|estoy de|esta de) (?:como |casi |ya |unos |apenas )?(?:\\d+|dos|tres|cuatro|cinco|seis|siete|ocho|nueve) (?:meses|semanas)(?! (?:con|de|que|sin|esperando|tomando|enferm\\w*|sintiendo|haciendo))',
  '(?:esposa|mujer|hija|novia|nuera|hermana|ella) (?:tiene|esta de) (?:como |casi |ya )?(?:\\d{2}|veinte|treinta|cuarenta|\\w+ y \\w+) semanas',
  'pregnant', 'weeks along', 'contractions', '(?:only|just|about|almost|nearly) (?:\\d{2}|twenty|thirty)(?: \\w+)? weeks', 'contracciones', 'expecting a baby', 'im expecting', 'she is expecting', 'shes expecting', 'embarazada', 'embarazo', 'estoy esperando (?:un )?bebe');
export const HEAD_INJURY = any(
  '(?:hit|hits|bumped|banged|smacked|hurt|struck|cracked|slammed|knocked) (?:his|her|my|their|the back of (?:his|her|my)) head',
  'head (?:injury|trauma)',
  'hit (?:in|on) the head',
  'fell (?:and|on|off|down|from)',
  'concussion',
  'se (?:pego|golpeo|dio un golpe|cayo y se pego) (?:en )?(?:la )?cabeza',
  'golpe en la cabeza',
  'se cayo',
  '(?:hit|kicked|punched|struck|smacked|whacked|hitting|kicking|stomped on|stomped) (?:him|her|them|me) (?:in|on|over) the head',
  '(?:got|was|been|gotten|get) (?:hit|kicked|punched|struck|smacked|whacked|knocked) (?:in|on|over) the head',
  '(?:head|cabeza) (?:hit|slammed|smacked|struck|bounced off|hit)',
  '(?:le|me|lo|la) (?:pegaron|dieron|golpearon|patearon)(?: \\w+){0,2} en la cabeza',
);
export const HEAD_CONSEQUENCE =
  '(?:throwing up|threw up|thrown up|keeps? (?:throwing up|vomiting)|vomit\\w*|(?:asking|repeating|says|saying|asks) the same (?:questions?|things?|thing over)|repeating (?:himself|herself|themselves)|(?:repite|pregunta|dice) lo mismo|confused|not making sense|drowsy|very sleepy|so sleepy|really sleepy|cant stay awake|keeps? falling asleep|blood (?:coming )?(?:from|out of) (?:his|her|my) (?:ears?|nose)|acting (?:weird|strange|funny|drunk)|doesnt know where|dont know where|cant remember|pupils|vomitando|vomito|confundid[oa]|muy dormid[oa]|no se acuerda)';

/** FEVER matching every occurrence (for rules that look at each mention). */
export function FEVER_GLOBAL(): RegExp {
  return new RegExp(FEVER.source, 'g');
}

/** Anticoagulants and antiplatelets: a head injury or a bleed on them is escalated. */
export const BLOOD_THINNER = any('blood thinners?', 'warfarin\\w*', 'coumadin', 'jantoven', 'eliquis', 'apixaban', 'xarelto', 'rivaroxaban', 'pradaxa', 'dabigatran', 'heparin', 'lovenox', 'enoxaparin', 'plavix', 'clopidogrel', 'brilinta', 'anticoagula\\w*', 'para adelgazar la sangre', 'para la sangre');
/** Household poisons (not alcohol, tobacco or cosmetics): any amount swallowed is an emergency. */
export const HOUSEHOLD_POISON =
  '(?:bleach|clorox|lye|ammonia|oven cleaner|toilet (?:bowl )?cleaner|drain cleaner|drano|pool (?:chemicals?|chlorine|shock)|chlorine|antifreeze|anti freeze|windshield (?:washer )?fluid|rat poison|mouse poison|weed killer|roundup|pesticides?|insecticides?|bug spray|gasoline|kerosene|lamp oil|lighter fluid|paint thinner|motor oil|nail polish remover|detergent|laundry pods?|tide pods?|(?:dishwasher|laundry|detergent) (?:pods?|soap|tablets?|packets?|capsules?)|button batter(?:y|ies)|coin batter(?:y|ies)|batter(?:y|ies)|magnets?|magnet balls|poison|cloro|lejia|veneno\\w*|detergente|limpiador\\w*|gasolina|anticongelante|raticida|insecticida|thinner|solvente|pilitas?|pilas? (?:de (?:boton|reloj|litio|control)|redondas?|chiquitas?|del control)|baterias?|imane?s?|imancitos?|capsulas? de detergente|destapa ?canos|acido muriatico|cleaners?|cleaning (?:stuff|products?|spray|supplies|fluid|solution|liquid)|liquido (?:para|de) limpiar|(?:algo|producto|productos|liquido) de limpieza|cloralex|fabuloso|pinol|suavitel|maestro limpio)';
/** Caustics: on the skin or in the eyes they burn. */
export const CAUSTIC = '(?:drain cleaner|drano|lye|(?:battery|muriatic|sulfuric|hydrochloric|pool|industrial) acid|oven cleaner|pool (?:chemicals?|chlorine|shock)|chlorine|bleach|ammonia|cloro|lejia|acido (?:muriatico|de bateria|sulfurico)|destapa ?canos|sosa caustica|(?:harsh |industrial )?chemicals?|quimicos?)';
/** Diabetes said any way (for low or very high sugar with its signs). */
export const DIABETIC = any('diabet\\w*', 'type (?:1|one|2|two)', 'insulin\\w*', 'insulina', '(?:blood )?sugars?', 'glucose', 'glucosa', 'azucar', 'a1c', 'meter', 'glucometro');
/** A person confused (not "I'm confused about the bill", not "confused with her insulin"). */
export const CONFUSED =
  '(?:(?<!\\bim |\\bi am |\\bwere |\\bwe are |\\bi was |\\ba little |\\bbit |\\bget |\\bgets )confused(?! (?:about|by|on|with|as to|because|which|what|how|whether|if|sometimes|at times)\\b)|confundid[oa](?! (?:con|sobre|de|acerca|por|a veces)\\b))';
