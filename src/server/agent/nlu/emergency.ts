/**
 * Emergency recognition (issue 15 §1, PRODUCT §4): whatever the brain and wherever the call is,
 * what a caller says is checked against the categories a nurse triage line escalates at once.
 *
 * Each category is a concept, not a phrase list: symptom or event words with their everyday,
 * slang and misrecognised forms (speech recognition returns "chess pain", "cant breed"), in
 * English and Spanish, and combinations (an ingestion verb with a substance or a quantity, a
 * head injury with its consequence, a baby's age with a fever, a pregnancy with bleeding or
 * pain). Every match is then judged in its clause the way clinical NLP does (NegEx / ConText):
 * negated ("no trouble breathing"), historical ("had chest pain last year, fine now"),
 * hypothetical ("what should I do if she has a seizure") or administrative ("my seizure
 * medication") mentions do not count — unless something says it is happening now ("again",
 * "still", "right now"), because when unsure we escalate: a false alarm costs a staff member a
 * minute, a miss costs far more.
 *
 * Hand-written on purpose: no maintained npm library does clinical triage with ConText scopes
 * in two languages (negex ports are English-only, unmaintained and clause-blind). The labelled
 * corpus in corpus/emergencies.txt is the specification; emergency.unit.test.ts scores it.
 * Cost: a few precompiled regular expressions per utterance (microseconds).
 */
export type EmergencyCategory =
  | 'breathing'
  | 'cardiac'
  | 'stroke'
  | 'unconscious'
  | 'seizure'
  | 'bleeding'
  | 'poisoning'
  | 'allergic'
  | 'mental_health'
  | 'burns'
  | 'infant_fever'
  | 'pregnancy'
  | 'trauma'
  | 'other';

export const EMERGENCY_CATEGORIES: readonly EmergencyCategory[] = [
  'breathing', 'cardiac', 'stroke', 'unconscious', 'seizure', 'bleeding', 'poisoning', 'allergic', 'mental_health', 'burns', 'infant_fever', 'pregnancy', 'trauma', 'other',
];

export interface EmergencyMatch {
  category: EmergencyCategory;
  phrase: string;
}

/** Lower case, accents and apostrophes dropped ("can't" = "cant", "respiración" = "respiracion"). */
export function foldForMatching(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['\u2018\u2019`]/g, '')
    .replace(/[^a-z0-9.?!;\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const re = (...alternatives: string[]) => new RegExp(`\\b(?:${alternatives.join('|')})\\b`, 'g');
const any = (...alternatives: string[]) => new RegExp(`\\b(?:${alternatives.join('|')})\\b`);

const POSS = '(?:my|his|her|their|the|your|our|mi|su)';
const PERSON_OBJ = '(?:him|her|them|someone|somebody|people|everyone|everybody|my (?:husband|wife|boss|son|daughter|kids|children|family|mother|father|mom|dad|brother|sister|neighbor|partner|ex))';

/** Medicines (quantity or a child's access makes them a poisoning) and chemicals (any amount is). */
const MEDICINE = '(?:\\w+ ){0,2}(?:pills?|tablets?|meds|medications?|medicines?|capsules|gummies|vitamins|antidepressants?|antibiotics?|blood thinners?|muscle relaxers?|sleep aids?|melatonin|adderall|ritalin|zoloft|prozac|lithium|seroquel|ambien|gabapentin|tramadol|hydrocodone|vicodin|morphine|methadone|suboxone|ativan|klonopin|valium|metformin|lisinopril|warfarin|clonidine|tylenol|acetaminophen|paracetamol|advil|ibuprofen|motrin|aspirin|benadryl|xanax|oxy\\w*|percocet|opioids?|painkillers?|pain killers|sleeping pills|insulin|edibles?)';
const CHEMICAL =
  '(?:something (?:from )?under the sink|stuff (?:from )?under the sink|bleach|clorox|windex|lysol|pine sol|febreze|vape juice|vape liquid|e liquid|nicotine|cigarettes?|cigarette butts?|alcohol|vodka|perfume|cologne|fabric softener|oven cleaner|toilet (?:bowl )?cleaner|pool chemicals|chlorine|kerosene|motor oil|mushrooms|detergent|laundry pods?|tide pods?|dishwasher (?:pods?|soap|detergent|tablets?)|drain cleaner|drano|antifreeze|anti freeze|rat poison|weed killer|roundup|pesticides?|insecticides?|bug spray|gasoline|lighter fluid|paint thinner|nail polish remover|windshield (?:washer )?fluid|lamp oil|cleaners?|cleaning (?:stuff|products?|spray|supplies|fluid)|chemicals?|poison|lye|ammonia|button batter(?:y|ies)|batter(?:y|ies)|magnets?|mouthwash|hand sanitizer|essential oils?|iron pills|fentanyl|heroin|cocaine|meth|cloro|lejia|veneno|detergente|quimicos?|limpiador\\w*|gasolina|pilas?|baterias?|imane?s?|anticongelante|raticida|insecticida|thinner|solvente)';
const INGEST_STRONG = '(?:swallowed|swallow|swallowing|ingested|ate|eaten|eating|chewed(?: on)?|chewing on|got into|gotten into|get into|drank|drunk|drinking|chugged|sipped|licked|put (?:a|some|the)? ?\\w* in (?:his|her|their) mouth|se trago|trago|se comio|comio|se bebio|bebio|tomo|se tomo|tomaron|se tomaron|ingirio)';
const INGEST_ANY = `(?:${INGEST_STRONG}|took|taken|taking|had|has had)`;
const QUANTITY =
  '(?:too many|too much|a lot of|lots of|a bunch of|bunch of|a handful of|handful of|a whole bottle of|the whole bottle of|a whole bottle|the whole bottle|the entire bottle|an entire bottle|half (?:a|the) bottle|all (?:of )?(?:the|his|her|my|their|grandmas|grandpas|moms|dads)|(?:\\d+|five|six|seven|eight|nine|ten|twenty|thirty|fifty|several|a dozen) of|extra|double|triple|todas (?:las|sus|mis)|un frasco de|un bote de|muchas|demasiadas|un punado de)';
const SOMEONE_ELSES = '(?:grandmas|grandpas|grandmothers|grandfathers|moms|mommys|dads|daddys|mothers|fathers|sisters|brothers|aunts|uncles|de (?:la )?abuela|de (?:mi|su) (?:mama|papa))';

const FEVER = any('fever\\w*', 'temperature', 'temp', 'febrile', 'burning up', 'hot to the touch', '(?:feels|is|felt|seems|feeling|running) (?:really |very |so )?(?:hot|warm)', '10[0-5](?: point \\d| \\d|\\.\\d)?(?: degrees)?', '3[89](?: point \\d|\\.\\d)?(?: degrees)?', 'fiebre', 'calentura', 'temperatura', 'muy caliente');
const INFANT =
  '(?:newborn|new born|new baby|(?:\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|a|couple|few) (?:day|days|week|weeks|wk|wks) old|(?:baby|newborn|infant|she|he)(?: is| was)?(?: only| just)? (?:\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (?:days|weeks)\\b|(?:one|two|a|1|2|1 and a half|one and a half|\\d+ and a half weeks) (?:month|months|mo)(?: old)?|under (?:three|3) months|less than (?:three|3) months|recien nacid[oa]|(?:bebe|nina|nino|hijo|hija|bebita|bebito)(?: \\w+)? de (?:\\d+|un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce) (?:dias?|semanas?)|(?:bebe|nina|nino|hijo|hija|bebita|bebito)(?: \\w+)? de (?:un|1|dos|2) mes(?:es)?|tiene (?:\\d+|un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez) (?:dias|semanas)(?: de nacid[oa])?)';
const PREGNANT = any('pregnant', 'weeks along', 'expecting a baby', 'im expecting', 'she is expecting', 'shes expecting', 'embarazada', 'embarazo', 'estoy esperando (?:un )?bebe');
const HEAD_INJURY = any(
  '(?:hit|hits|bumped|banged|smacked|hurt|struck|cracked|slammed|knocked) (?:his|her|my|their|the back of (?:his|her|my)) head',
  'head (?:injury|trauma)',
  'hit (?:in|on) the head',
  'fell (?:and|on|off|down|from)',
  'concussion',
  'se (?:pego|golpeo|dio un golpe|cayo y se pego) (?:en )?(?:la )?cabeza',
  'golpe en la cabeza',
  'se cayo',
);
const HEAD_CONSEQUENCE =
  '(?:throwing up|threw up|keeps? (?:throwing up|vomiting)|vomit\\w*|confused|not making sense|drowsy|very sleepy|so sleepy|really sleepy|cant stay awake|keeps? falling asleep|blood (?:coming )?(?:from|out of) (?:his|her|my) (?:ears?|nose)|acting (?:weird|strange|funny|drunk)|doesnt know where|dont know where|cant remember|pupils|vomitando|vomito|confundid[oa]|muy dormid[oa]|no se acuerda)';

interface Rule {
  category: EmergencyCategory;
  re: RegExp;
  /** Must also be said somewhere in the utterance (the other half of a combination). */
  with?: RegExp;
  /** "a mild allergic reaction": these qualifiers just before the words take the alarm away. */
  mildBefore?: boolean;
}

const RULES: Rule[] = [
  // First: with an overdose or an injury, intent to die also gets the crisis line (988).
  {
    category: 'mental_health',
    re: re(
      'suicid\\w*',
      'sue aside\\w*',
      'kill (?:myself|my self|himself|herself|themselves|themself)',
      'killing (?:myself|himself|herself)',
      'end (?:it all|my life|his life|her life|their life|things|everything)',
      'ending (?:it all|my life|his life|her life)',
      '(?:going to|gonna|want to|wants to|wanna|thinking about|about to|plan to|planning to) end it',
      'take (?:my|his|her) (?:own )?life',
      'want(?:s|ed)? to die',
      'wanna die',
      'better off dead',
      '(?:dont|do not|doesnt|does not) want to (?:live|be alive|be here anymore|wake up|go on)',
      'no reason to live',
      '(?:no point|see the point|any point|the point) (?:in|of|to) (?:living|going on|being alive|life)',
      'tired of (?:living|being alive)',
      '(?:hurt|harm|cut|cutting|hurting|harming|burning) (?:myself|my self|himself|herself|themselves)',
      'self ?harm\\w*',
      'hang (?:myself|himself|herself)',
      '(?:shoot|stab) (?:myself|himself|herself)',
      'jump off (?:a|the) (?:bridge|building|roof)',
      `(?:want to|wants to|going to|gonna|will|about to|thinking of|thinking about|plan to|planning to|threatening to|threatened to|trying to|tried to) (?:kill|hurt|shoot|stab|murder) (?:${PERSON_OBJ}|me)`,
      'voices (?:telling|tell) (?:me|him|her) to',
      'matarme',
      'suicidarme',
      'quitarme la vida',
      'quitar(?:me|se)? la vida',
      'quitarse la vida',
      '(?:quiero|quiere|queria) morir(?:me|se)?',
      '(?:me|se) quiere morir',
      'no (?:quiero|quiere) (?:vivir|seguir viviendo)',
      '(?:hacerme|hacerse) dano',
      '(?:se |me )?(?:quiere|quiero|queria|va a|voy a) (?:hacer(?:se|me)?|lastimar(?:se|me)?) dano',
      'lastimarme',
      'lastimarse',
      'cortarme',
      '(?:quiero|quiere|voy a|va a) matar(?:lo|la|los|las|me)?',
      'acabar con (?:mi|su) vida',
    ),
  },
  {
    category: 'breathing',
    re: re(
      '(?:cant|cannot|can not|cant hardly|can hardly|can barely|cant barely|unable to|couldnt|could not|hard to|hard time|trouble|troubles|difficulty|difficult|struggling to|struggle to|struggles to|struggling|problems?|having a hard time) (?:to )?(?:breathe|breath|breathing|breeding|breed|brief|catch (?:his|her|my|their) breath|get (?:a|his|her|my) breath)',
      '(?:not|isnt|aint|wasnt|no longer|stopped|quit|stop) breathing',
      'dont think (?:hes|shes|theyre|he is|she is) breathing',
      '(?:short|shortness) of breath',
      'out of breath',
      'breathless',
      'gasping',
      'wheezing',
      'cant get (?:enough )?air',
      'not getting (?:enough )?air',
      'choking',
      'choked',
      'chocking',
      'chokin',
      '(?:something|food|a \\w+|\\w+) (?:is )?stuck in (?:his|her|my|their) (?:throat|windpipe|airway)',
      '(?:throat|tongue|airway) (?:is |feels )?(?:closing|closing up|tight|swelling|swollen|swelled)',
      '(?:turning|turned|going|gone|went) (?:blue|purple|gray|grey)',
      '(?:lips|face) (?:are |is |look |looks )?(?:blue|purple)',
      'blue lips',
      'breathing (?:is )?(?:really |very |so |super )?(?:fast|hard|heavy|funny|weird|strange|shallow|noisy|labou?red)',
      'respira (?:con (?:mucha )?dificultad|muy (?:rapido|raro|feo)|raro|feo|con esfuerzo)',
      '(?:lips|face|skin) (?:look |looks |are |is |turning |turned |went )?(?:gray|grey|blue|purple|dusky)',
      'ribs (?:are )?(?:sucking|pulling) in',
      'asthma attack',
      'inhaler (?:isnt|is not|not|aint|doesnt|does not) (?:working|helping|help|work)',
      '(?:no puede|no puedo|no podemos|no pueden|no podia|le cuesta|me cuesta|dificultad para|problemas para|trabajo para) (?:\\w+ )?respirar',
      'no (?:esta )?respira(?:ndo)?',
      'dejo de respirar',
      'falta (?:de )?(?:el )?aire',
      '(?:le|me) falta el aire',
      'sin aire',
      'no (?:le|me|les) entra (?:el )?aire',
      'se (?:esta )?ahogando',
      'se ahoga',
      'ahogandose',
      'atragant\\w*',
      'se (?:le|me) (?:cierra|esta cerrando|hincha|esta hinchando) la (?:garganta|lengua)',
      'labios (?:morados|azules)',
      'se (?:esta )?poniendo (?:azul|morad[oa])',
      'ataque de asma',
    ),
  },
  {
    category: 'cardiac',
    re: re(
      '(?:chest|chess|chestt|chase) (?:pain|pains|paint|paints|hurts|hurting|is hurting|tightness|pressure|is tight|feels tight|discomfort|is killing|heaviness|feels heavy)',
      'pain (?:in|on) (?:the (?:middle|center|centre|left side|left) of )?(?:my|his|her|the|their) chest',
      'chest (?:\\w+ ){1,4}(?:squeezed|squeezing|crushed|crushing|tight|pressure)',
      '(?:heavy|tight|crushing|squeezing|pressure|burning|heaviness|tightness|pain) (?:\\w+ ){0,2}(?:in|on|across) (?:my|his|her|the|their) chest',
      '(?:clutching|grabbing|holding) (?:his|her|my|their) chest',
      '(?:pressure|tightness|squeezing|heaviness) (?:in|on) (?:my|his|her|the|their) chest',
      '(?:my|his|her|their) chest (?:\\w+ ){0,2}(?:hurts|hurting|tight|heavy|killing|on fire|squeez\\w*|crushing|burning and)',
      '(?:squeezing|squeeze|heaviness|weight) (?:\\w+ )?(?:in|on) (?:my|his|her|the|their) chest',
      'dolor (?:\\w+ ){0,3}(?:de|en el) pecho',
      'heart attack',
      'hearts? attack',
      'cardiac arrest',
      'crushing (?:pain|feeling|pressure)',
      'elephant (?:sitting )?on (?:my|his|her) chest',
      'heart (?:is )?(?:racing|pounding) and (?:i|he|she) (?:feel|feels|felt|is|am|keeps)? ?(?:faint|dizzy|like passing out|like im passing out|going to pass out)',
      'pain (?:is )?(?:going|shooting|radiating|spreading|moving) (?:down|into|up) (?:my|his|her) (?:left )?(?:arm|jaw)',
      'no pulse',
      'heart stopped',
      'dolor (?:de|en el) pecho',
      '(?:presion|opresion|dolor|apreton) (?:\\w+ ){0,3}en el pecho',
      '(?:me|le) duele (?:mucho )?el pecho',
      '(?:me|le) aprieta el pecho',
      'ataque (?:al|del) corazon',
      'infarto',
      'paro cardiaco',
    ),
  },
  {
    category: 'stroke',
    re: re(
      'stroke',
      'strokes',
      '(?:face|mouth|smile) (?:\\w+ ){0,2}(?:drooping|droopy|drooped|crooked|lopsided|sagging|uneven|twisted|numb on one side)',
      '(?:suddenly|all of a sudden|out of nowhere|de repente) (?:\\w+ ){0,2}(?:cant|cannot|can not|couldnt|could not|unable to|no puede) (?:speak|talk|see|walk|move|understand|hablar|ver|caminar|mover)',
      'droop\\w* (?:on one side|face|mouth|smile)',
      '(?:one side of (?:his|her|my|the) (?:face|body)|half (?:his|her|my) (?:face|body)) (?:is |went |feels |looks )?(?:numb|weak|droop\\w*|paralyzed|dead|limp)',
      'slurr\\w*',
      '(?:talking|speaking|speech|words) (?:is |are |sounds )?(?:funny|weird|strange|garbled|jumbled|all jumbled|mixed up|not making sense)',
      'cant (?:get (?:his|her|my) words out|talk right|speak right|find (?:his|her|my) words|talk all of a sudden|speak all of a sudden)',
      '(?:cant|cannot|unable to|couldnt) (?:move|feel|lift) (?:my|his|her|their) (?:left |right )?(?:arm|leg|hand|face|side)',
      '(?:numb|numbness|weak|weakness|paralyzed|paralysis|dead) (?:on|in|down) (?:one|the left|the right|his left|his right|her left|her right|my left|my right) side',
      'sudden (?:numbness|weakness|confusion|blindness|vision loss|loss of vision|severe headache|dizziness and)',
      'worst headache (?:of|in) (?:my|his|her) life',
      '(?:lost|losing) (?:vision|sight|his sight|her sight) (?:in|out of) one eye',
      'cant see out of one eye',
      '(?:cant|cannot|can not|unable to) (?:smile|raise (?:both|his|her|my) arms?|lift (?:both|his|her|my) arms?)(?: \\w+){0,2} (?:on one side|evenly|right)',
      'smile (?:is )?(?:on one side|uneven|lopsided|crooked)',
      'derrame(?: cerebral)?',
      'embolia',
      'ictus',
      '(?:cara|boca) (?:caida|torcida|chueca)',
      'se (?:le|me) (?:cayo|esta cayendo|torcio|durmio) (?:la cara|la boca|un lado|medio cuerpo|el brazo)',
      '(?:habla|hablando|le sale la voz) (?:raro|arrastrad[oa]|enredad[oa]|chistoso)',
      'arrastra (?:las )?palabras',
      'no (?:puede|puedo) hablar bien',
      'no (?:puede|puedo) mover (?:el|la|un|su|mi) (?:brazo|pierna|lado|mano)',
      '(?:un|el) lado (?:del cuerpo|de la cara) (?:dormido|entumid[oa]|paralizad[oa]|caido)',
      'se (?:le|me) (?:durmio|cayo|adormecio|entumio|paralizo) (?:la mitad de |un lado de |medio )?(?:la |el )?(?:cara|cuerpo|boca|brazo)',
      'peor dolor de cabeza de (?:mi|su) vida',
    ),
  },
  {
    category: 'stroke',
    re: re('(?:arm|leg|hand|side) (?:is |went |feels |got |is really |is all )?(?:weak|numb|limp|dead|heavy|useless)'),
    with: any('suddenly', 'sudden', 'all of a sudden', 'out of nowhere', 'face', 'speech', 'speak', 'talk\\w*', 'slurr\\w*', 'de repente', 'cara', 'hablar'),
  },
  {
    category: 'unconscious',
    re: re(
      'unconscious',
      'unconcious',
      'on conscious',
      'in conscious',
      'unresponsive',
      'non ?responsive',
      'not responsive',
      '(?:not|isnt|wont|wasnt) respond(?:ing)?',
      'wont (?:wake|wake up|open (?:his|her|their) eyes)',
      'will not wake',
      'cant (?:wake|get) (?:him|her|them|my \\w+)(?: up)?',
      'not waking up',
      '(?:hard|difficult|impossible) to wake(?: up)?',
      '(?:in and out|drifting in and out) of consciousness',
      'barely (?:conscious|awake|responsive)',
      'cant stay awake',
      'barely (?:responding|breathing)',
      '(?:isnt|is not|wasnt|not|wont|aint) (?:waking|wake)(?: up)?',
      '(?:was|went|is|been) out for (?:a|about|like|\\d+|one|two|a few|several|a couple)',
      'doesnt wake up',
      '(?:passed|past|pass) out',
      'passing out',
      'blacked out',
      'black out',
      'knocked (?:out|unconscious)',
      'fainted',
      'fainting',
      'collapsed',
      'keeled over',
      '(?:fell|went|is) limp',
      'lost consciousness',
      'out cold',
      'eyes (?:rolled|rolling) back',
      'inconsciente',
      'perdio el conocimiento',
      'se (?:desmayo|desvanecio|privo)',
      'desmayad[oa]',
      'no (?:despierta|reacciona|responde|se despierta)',
    ),
  },
  { category: 'unconscious', re: new RegExp(`\\b${HEAD_CONSEQUENCE}\\b`, 'g'), with: HEAD_INJURY },
  {
    category: 'seizure',
    re: re(
      'seizure',
      'seizures',
      'seizing',
      'seizured',
      'sea sure',
      'convuls\\w*',
      'having (?:a )?fits?',
      '(?:shaking|jerking|twitching) (?:all over|uncontrollably|and (?:wont|cant) stop|and not responding)',
      'epileptic (?:fit|attack|episode)',
      'grand mal',
      'foaming at the mouth',
      'ataque epileptico',
      'le (?:dio|esta dando|dan) (?:un )?ataques?',
      'temblando sin control',
      'convulsion\\w*',
    ),
  },
  {
    category: 'bleeding',
    re: re(
      '(?:severe|heavy|heavily|a lot of|lots of|so much|too much|tons of|uncontrolled|uncontrollable|massive|pouring|gushing|spurting|really bad|bad) (?:bleeding|blood|bleed)',
      'bleed\\w* (?:\\w+ ){0,4}(?:heavily|a lot|badly|bad|profusely|everywhere|nonstop|non stop|like crazy|through|so much|really bad)',
      'rectal bleeding',
      '(?:pooping|pooped|poop|stool|stools|bowel movements?|peeing|urine) (?:\\w+ ){0,2}(?:blood|bloody)',
      'blood in (?:his|her|my|the) (?:stool|poop|urine|pee|vomit)',
      'black (?:tarry )?stools?',
      'coffee grounds',
      '(?:bleeding|blood|nosebleed|nose bleed|cut|wound) (?:that |and it |and )?(?:wont|will not|doesnt|does not|isnt|cant|aint) (?:stop|stopping)',
      'cant (?:get )?(?:the )?(?:bleeding|blood) (?:to )?stop',
      'cant stop (?:the |it from )?bleeding',
      '(?:bleeding|bleed|bled)(?: \\w+){0,5} (?:wont|will not|doesnt|does not|cant|isnt|hasnt) (?:stop|stopped|stopping)',
      '(?:blood|it) (?:is |keeps |just keeps )?(?:gushing|spurting|pouring|squirting|soaking)',
      '(?:coughing|vomiting|throwing|puking|spitting) up blood',
      '(?:vomiting|throwing up|coughing|puking) blood',
      'soaked (?:through|in blood)',
      'deep cut',
      '(?:wont|will not|doesnt|does not|cant|isnt going to|not going to) stop bleeding',
      'to the bone',
      'cut (?:to the bone|really deep|very deep|deep)',
      'hemorrhag\\w*',
      'haemorrhag\\w*',
      'blood everywhere',
      'sangra(?:ndo)? (?:mucho|demasiado|sin parar)',
      'mucha sangre',
      '(?:no (?:para|deja) de|sin parar de) sangrar',
      'no se (?:le )?(?:detiene|para|quita) (?:la )?sangre',
      'hemorragia',
      'no (?:para|se detiene|se para|se quita|deja de salir) (?:la )?sangre',
      '(?:vomitando|tosiendo|vomita|tose|escupe) sangre',
      'cortada (?:muy )?profunda',
      'sangre por todos lados',
    ),
  },
  {
    category: 'poisoning',
    re: re(
      'overdos\\w*',
      'over dose\\w*',
      'poisoned',
      'poisoning',
      'carbon monoxide',
      `${INGEST_ANY} (?:(?:some|a|an|the|his|her|my|their|of|on|into|a little|a bit of|part of|one of|cup of|bottle of|sip of|some of the|a couple of|couple|two|one|un|una|unos|unas|el|la|los|las|de|su|sus|mi|mis|poco|algo|del)\\s+){0,3}(?:\\w+ )?${CHEMICAL}`,
      `${CHEMICAL} (?:in|into) (?:his|her|my|their) (?:eyes?|mouth)`,
      `${INGEST_STRONG} (?:\\w+ ){0,4}${CHEMICAL}`,
      `${INGEST_ANY} (?:like |about |maybe |around |almost |over )?${QUANTITY} (?:(?:his|her|my|the|their|of)\\s+){0,2}${MEDICINE}`,
      `${INGEST_ANY} (?:(?:some|a few|one|two|three|a couple|couple|of|some of)\\s+){0,2}${SOMEONE_ELSES} ${MEDICINE}`,
      `${INGEST_STRONG} (?:(?:some|a few|one|two|three|a couple|couple|of|some of|a|the|his|her|their|(?:some|one|two|three|a few|a couple|couple|several|all|any|a bunch|a handful) of my|all my)\\s+){0,3}${MEDICINE}`,
      `(?:took|taken|gave (?:him|her|them)|given) (?:\\w+ ){0,3}(?:pills|meds|medicine|medication|dose|insulin|shot)(?: \\w+){0,2} (?:twice|two times|double|by mistake|again by accident)`,
      '(?:double|wrong|someone elses|somebody elses|another persons) (?:dose|medicine|medication|pills|meds)',
      '(?:bottle|pills|tablets)(?: \\w+){0,6} (?:are|were|is) (?:gone|missing|empty)',
      `(?:too many|too much|a handful of|handful of|a bunch of|the whole bottle of|a whole bottle of|all (?:of )?(?:her|his|my|the)) ${MEDICINE}`,
      '(?:whole|entire) bottle',
      '(?:open|opened) (?:\\w+ ){0,2}(?:bottle|container|pack) of (?:\\w+ ){0,2}(?:pills|medicine|meds|vitamins|tablets)',
      'bottle of (?:\\w+ ){0,2}(?:pills|medicine|meds|vitamins|tablets) (?:open|opened)',
      'swallowed (?:something|an object|a coin|a penny|a toy|a piece of (?:glass|metal|plastic)|a (?:nail|screw|pin|needle|tack|marble|bead|earring))',
      '(?:alcohol|vodka|whiskey|beer|wine|drinking|drunk|liquor)(?: \\w+){0,6} (?:pills|tablets|meds|sleeping pills)',
      '(?:pills|tablets|meds)(?: \\w+){0,6} (?:alcohol|vodka|whiskey|beer|wine|liquor)',
      'got into (?:the |my |his |her |grandmas |grandpas |moms |dads )?(?:medicine cabinet|medicine|pills|meds|cleaning (?:stuff|supplies|products)|cleaners|chemicals|purse)',
      '(?:pills|meds|tablets) (?:are |were )?missing',
      'empty (?:pill|medicine) bottle',
      `${QUANTITY} (?:pastillas|pildoras|medicinas?|medicamentos?)`,
      `(?:se )?(?:tomo|trago|comio|bebio) (?:(?:unas|un|una|el|la|las|los|de|su|sus|mis|poco|algo)\\s+){0,3}(?:pastillas|pildoras|medicinas?|medicamentos?)`,
      'sobredosis',
      'envenen\\w*',
      'intoxica\\w*',
      'monoxido de carbono',
    ),
  },
  {
    category: 'allergic',
    mildBefore: true,
    re: re(
      'anaphyla\\w*',
      'anafila\\w*',
      'anna flack\\w*',
      'epi ?pens?',
      'epinephrine',
      'adrenalina',
      'allergic reaction',
      'alergic reaction',
      '(?:face|lips?|tongue|eyes|mouth|eyelids) (?:\\w+ ){0,2}(?:swelling|swollen|swelled|puffing up|puffed up|puffy|blowing up|blown up|blew up)',
      'allergic to (?:\\w+ ){1,8}(?:ate|eaten|had|took|taken|touched|got stung|was stung|bit into|drank)',
      'swelling (?:up )?(?:in|of|on) (?:his|her|my|the|their) (?:face|lips|tongue|throat|mouth)',
      'hives all over',
      'covered in hives',
      '(?:stung|sting|stings|bee|wasp|hornet|yellow jacket|peanuts?|nuts|shellfish|shrimp|penicillin|amoxicillin|reaction to)(?: \\w+){0,8} (?:swell\\w*|hives|breath\\w*|wheez\\w*|throat|dizzy|faint\\w*|puffy|puffed|tongue|lips)',
      'reaccion alergica',
      'se (?:le|me) (?:esta )?hinch\\w* (?:la cara|los labios|la lengua|la garganta|los ojos|la boca)',
      '(?:cara|labios|lengua|garganta|ojos) hinchad[oa]s?',
      'ronchas por todo',
      '(?:picadura|pico una (?:abeja|avispa)|le pico|me pico|cacahuate|mani|mariscos|camaron)(?: \\w+){0,8} (?:hinch\\w*|respir\\w*|ronchas|garganta)',
    ),
  },
  {
    category: 'burns',
    mildBefore: true,
    re: re(
      '(?:severe|bad|badly|serious|third degree|second degree|big|large|major|terrible|huge) (?:burn|burns|burned|burnt)',
      'burn(?:ed|t)? (?:really )?(?:badly|bad|all over|his whole|her whole|my whole)',
      `(?:burned|burnt|scalded|scalding) (?:${POSS} )?(?:whole|entire|face|chest|stomach|back|body|legs?|arms?)`,
      'scalded',
      '(?:skin|it) (?:is |looks )?(?:peeling off|bubbling|charred|white and|black and)',
      'blisters all over',
      'electrocuted',
      '(?:whole|entire) (?:hand|arm|leg|face|back|chest|foot|body) (?:is |got |was )?(?:blister\\w*|burn\\w*)',
      'electric(?:al)? shock',
      'got shocked',
      'caught (?:on )?fire',
      '(?:is|was|were) on fire',
      'chemical burn',
      '(?:boiling|hot) (?:water|oil|grease|soup|coffee) (?:on|all over|spilled|poured)',
      'quemadura (?:grave|grande|seria|fuerte|de (?:segundo|tercer) grado)',
      'quemaduras (?:graves|grandes|serias|en todo)',
      'se quemo (?:toda|todo|la cara|el pecho|el cuerpo|la espalda|mucho|muy feo|feo)',
      '(?:agua|aceite) hirviendo',
      'electrocut\\w*',
      'descarga electrica',
      'se prendio (?:en )?fuego',
      'se incendio',
    ),
  },
  { category: 'infant_fever', re: FEVER_GLOBAL(), with: new RegExp(`\\b${INFANT}\\b`) },
  {
    category: 'pregnancy',
    with: PREGNANT,
    re: re(
      'bleeding',
      'bleed',
      'blood',
      'severe (?:pain|cramp\\w*|headache|stomach pain|belly pain)',
      'bad (?:pain|cramps?|cramping|headache)',
      'really bad (?:pain|cramps?)',
      '(?:pain|cramps|cramping) (?:is |are )?(?:really )?(?:bad|severe|terrible|unbearable|horrible)',
      'contractions',
      'water (?:broke|has broken|just broke|is leaking)',
      'baby (?:isnt|is not|stopped|hasnt been|not|has not been) (?:moving|kicking)',
      'cant feel (?:the|my) baby',
      'blurry vision',
      'seeing spots',
      'sangr\\w*',
      'dolor (?:fuerte|muy fuerte|intenso|horrible)',
      'mucho dolor',
      'contracciones',
      'se (?:me|le) rompio la fuente',
      'rompi fuente',
      'el bebe no se mueve',
      'no siento (?:al|a mi) bebe',
    ),
  },
  {
    category: 'trauma',
    re: re(
      '(?:car|auto|motorcycle|bike|bicycle|truck|bus) (?:accident|crash|wreck)',
      'hit by a (?:car|truck|bus|vehicle)',
      '(?:was|got|been|has been|is) (?:shot|stabbed)',
      'gunshot',
      'gun shot',
      'stab (?:wound|wounds)',
      '(?:bone|it) (?:is )?(?:sticking|poking) (?:out|through)',
      'fell (?:off|from|out of) (?:a|the) (?:roof|ladder|balcony|second floor|window|tree|building|horse|cliff)',
      'fell down (?:the )?stairs and (?:cant|cannot|wont|is not|isnt)',
      'cant (?:move|feel) (?:his|her|my|their) (?:legs|neck|toes)',
      '(?:neck|spinal|spine|back) injury',
      'drown\\w*',
      'pulled (?:him|her|them) (?:out )?(?:from|of) the (?:pool|water|lake)',
      'amputat\\w*',
      'cut off (?:his|her|my) (?:finger|thumb|toe|hand)',
      '(?:chainsaw|table saw|circular saw|lawn ?mower|machete|axe|power saw)',
      '(?:bent|twisted|pointing|facing) (?:the wrong way|backwards|the wrong direction|at a (?:weird|funny|strange) angle)',
      'accidente de (?:carro|coche|auto|moto|transito)',
      'choque de (?:carro|coche|auto)',
      'atropell\\w*',
      'le (?:dispararon|pegaron un tiro|apunalaron|dieron un balazo)',
      'herida de bala',
      'apunalad[oa]',
      'balead[oa]',
      'hueso (?:salido|de fuera)',
      'se le (?:sale|salio) el hueso',
      'se cayo (?:del techo|de la escalera|de un segundo piso|de lo alto|de un arbol|de la ventana)',
      'casi se ahoga',
      'se ahogo',
    ),
  },
  {
    category: 'other',
    re: re(
      'emergency',
      'emergencia',
      '(?:im|he is|hes|she is|shes|they are|i am|i think (?:im|hes|shes)) dying(?! to| for)',
      '(?:going to|gonna) die',
      '(?:blood sugar|sugar)(?: \\w+){0,7} (?:confused|passing out|passed out|unresponsive|wont wake|shaking and|slurring)',
      'stiff neck(?: \\w+){0,8} (?:fever|rash)',
      'confused(?: \\w+){0,6} (?:high )?fever',
      '(?:pale|gray|grey|mottled|clammy|blotchy)(?: \\w+){0,3} (?:confused|unresponsive|limp|floppy)',
      '(?:confused|floppy|limp)(?: \\w+){0,3} (?:pale|gray|grey|mottled|clammy)',
      '(?:high )?fever(?: \\w+){0,6} (?:very |really |so )?confused',
      '(?:fever|rash)(?: \\w+){0,8} stiff neck',
      'rash (?:that )?(?:doesnt|does not|wont) (?:fade|go away) (?:when|under)',
      '(?:severe|terrible|worst|unbearable|excruciating) (?:abdominal|stomach|belly|tummy) pain',
      '(?:se esta|me estoy) muriendo',
      'se (?:va a morir|muere)',
      '(?:azucar|glucosa)(?: \\w+){0,4} (?:confundid[oa]|desmay\\w*|no despierta|temblando)',
      'cuello rigido(?: \\w+){0,6} fiebre',
      'dolor (?:muy )?(?:fuerte|intenso|insoportable) (?:de|en el) (?:estomago|abdomen|vientre|panza)',
    ),
  },
];

function FEVER_GLOBAL(): RegExp {
  return new RegExp(FEVER.source, 'g');
}

/** "no trouble breathing", "never had a seizure", "sin dolor de pecho": a denial just before the words. */
const NEGATED_BEFORE =
  /\b(?:no|not|never|without|denies|denied|deny|nor|hasnt had|havent had|has not had|have not had|hasnt|havent|doesnt have|dont have|didnt have|do not have|does not have|did not have|is not having|not experiencing|isnt having|arent having|not having|wasnt|werent|free of|negative for|ruled out|sin|nunca|ni|no tiene|no tengo|no tuvo|no ha tenido|ya no tiene|nada de|tampoco)\s+(?:(?:any|a|an|the|real|more|much|signs? of|symptoms? of|other|further|serious|significant|ningun|ninguna|mas|senales de|problemas? de|tenido|had|been|having|experiencing|got|gotten|felt|feeling|un|una|el|la)\s+){0,3}$/;

/** "what should I do if…", "signs of a stroke", "en caso de…": the words are about a possibility. */
const HYPOTHETICAL_BEFORE = new RegExp(
  [
    '\\bwhat (?:should|do|would|can|shall) (?:i|we) do if\\b',
    '\\bwhat if\\b',
    '\\bif (?:he|she|i|they|my|the|we|you|someone|somebody|a|your|her|his|it|there)\\b',
    '\\bin case\\b',
    '\\b(?:what are|what is|know|learn|read|information|info|questions?|tell me|about) (?:about )?(?:the )?(?:warning )?(?:signs?|symptoms?) of\\b',
    '\\bhow (?:do|would|can|will) (?:i|we|you) (?:know|tell)\\b',
    '\\b(?:can|could|does|do|would|will|is|are) (?:it|that|this|these|those|my|the|\\w+)(?: \\w+)? (?:cause|causes|causing|give (?:you|me)|lead to|trigger|a side effect)\\b',
    '\\bwhat happens if\\b',
    '\\b(?:risk|risks|chance|chances) of\\b',
    '\\bprevent(?:ing)?\\b',
    '\\bto avoid\\b',
    '\\bque (?:hago|hacemos|debo hacer|hay que hacer|puedo hacer|debemos hacer) si\\b',
    '\\ben caso de\\b',
    '\\bpor si\\b',
    '\\b(?:sintomas|senales) de\\b',
    '\\bcomo (?:se|saber|se si|puedo saber) si\\b',
    '\\briesgo de\\b',
    '\\bprevenir\\b',
  ].join('|'),
);

/** Appointments, medicines and paperwork named after a condition ("seizure medication", "stroke clinic"). */
const ADMIN_AFTER =
  /^\s*(?:\w+\s+)?(?:medication|medications|medicine|meds|pills|prescription|prescriptions|refill|refills|specialist|doctor|neurologist|cardiologist|clinic|appointment|appointments|follow up|followup|test|testing|tests|results|screening|scan|x ray|xray|class|classes|training|kit|plan|policy|risk|risks|prevention|awareness|support group|history|form|forms|paperwork|insurance|shots?|injections?|bracelet|action plan|protocol|medicina|medicinas|medicamentos?|receta|cita|citas|resultados|consulta|especialista|pastillas)\b/;

/** Said about a past event: "last year", "two weeks ago", "fine now", "history of". */
const HISTORY = new RegExp(
  [
    '\\blast (?:week|month|year|summer|winter|spring|fall|autumn|christmas|time)\\b',
    '\\b(?:\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|few|couple of|couple|several|many) (?:days|weeks|months|years|yrs|week|month|year) ago\\b',
    '\\b(?:in|back in) (?:19|20)\\d\\d\\b',
    '\\byears (?:back|ago)\\b',
    '\\bhistory of\\b',
    '\\b(?:has|have) had (?:\\w+ ){0,4}before\\b',
    '\\bused to\\b',
    '\\bas a (?:kid|child|baby|teenager)\\b',
    '\\bwhen (?:i|he|she) was (?:a |little|young|\\d)',
    '\\bprevious(?:ly)?\\b',
    '\\bprior\\b',
    '\\brecovering from\\b',
    '\\bsince (?:my|his|her|their|the)\\b',
    '\\b(?:fine|better|ok|okay|good|alright|all right|normal|stable) now\\b',
    '\\ball better\\b',
    '\\bback to normal\\b',
    '\\brecovered\\b',
    '\\bel (?:ano|mes) pasado\\b',
    '\\bla semana pasada\\b',
    '\\bhace (?:\\w+ )?(?:anos|meses|semanas|dias|ano|mes|semana)\\b',
    '\\bya (?:esta|estoy) bien\\b',
    '\\bya (?:se le |se me )?paso\\b',
    '\\bantecedentes de\\b',
    '\\bde (?:nino|nina|chiquito|chiquita)\\b',
    '\\bcuando (?:era|tenia)\\b',
  ].join('|'),
  'g',
);
/** "…and it stopped", "has gone away", "ya paró": the words that follow say it is over. */
const RESOLVED_AFTER = /^\s*(?:\w+\s+){0,2}(?:(?:has|have|had|is|was|it|then|but|and)\s+)*(?:stopped|gone|resolved|went away|cleared up|subsided|better|fine|under control|over|ya paro|ya se paso|se le paso|se quito)\b/;
/** Something happening now outweighs a mention of the past (a seizure last year and another now). */
const NOW_STRONG =
  /\b(?:right now|just now|currently|still|again|keeps?|keeping|at the moment|this (?:morning|afternoon|evening)|for (?:an|the last|the past|about|over|almost|\d+|a few|a couple of|two|three) (?:minutes?|hours?|mins)|since (?:this|last night|an hour|\d)|today|tonight|minutes? ago|an hour ago|\d+ (?:minutes|mins|hours?) ago|few (?:minutes|hours) ago|another one|ahora mismo|ahorita|todavia|sigue|de nuevo|otra vez|hoy|hace (?:un rato|unos minutos|\d+ minutos|una hora)|en este momento)\b/;
const NOW_WEAK = /\b(?:now|ahora)\b/;
const ADMIN_INTENT = /\b(?:follow ?up|followup|check ?up|appointment|refill|prescription|records?|paperwork|referral|form|results|bill|cita|receta|consulta)\b/;
/** "for my follow-up about my stroke": the words name a reason for an appointment or document. */
const ADMIN_BEFORE = /\b(?:(?:medicina|medicamentos?|receta|pastillas|medication|medicine|meds|pills|prescription|refill|cita|consulta) (?:\w+ ){0,1}(?:para|de|for|contra) (?:(?:el|la|las|los|su|sus|mi|mis|my|his|her|the)\s+)?$)|\b(?:follow ?up|followup|check ?up|checkup|appointment|visit|paperwork|records?|bill|letter|referral|notes?|cita|consulta) (?:\w+ ){0,2}(?:for|about|on|after|regarding|from|since|de|por|sobre) (?:my|his|her|their|the|a|mi|su|el|la)\s+(?:\w+\s+){0,2}$/;
const MILD_BEFORE = /\b(?:mild|minor|little|tiny|small|slight|bit of|light|leve|pequen[oa]|ligera)\s+(?:\w+\s+){0,1}$/;
/** "Is this the emergency line?", "not an emergency", "the ER bill": the word without the event. */
const NOT_AN_EMERGENCY =
  /\b(?:not an?|no|isnt an?|non|nothing|not really an?|not like an?|no es (?:una )?|no es nada de) ?emergen(?:cy|cia)|\bemergen(?:cy|cia) (?:line|number|contact|appointment|room (?:bill|visit|follow|last|yesterday|doctor|said)|department bill|dental|vet|contacto|numero)|\b(?:went to|was in|were in|been to|visit to|visited|from) (?:the )?emergen(?:cy|cia)|\ben caso de emergencia\b|\bin (?:an?|case of) emergency\b|\bfor emergencies\b|\bemergency (?:use|kit|plan|fund)/;
const OTHER_DISCOURSE = /\b(?:on tv|in a movie|on the news|my (?:dog|cat|pet|puppy|kitten)|our (?:dog|cat|pet)|el perro|mi perro|mi gato)\b/;

/** Sentences and clauses: "but", "pero" and full stops start a new scope (ConText's terminators). */
function clauses(folded: string): string[] {
  return folded
    .split(/[.?!;]+(?:\s|$)|\s(?:but|pero|however|although|though|aunque|sin embargo)\s/)
    .map((c) => c.replace(/[.?!;]/g, ' ').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/**
 * The first emergency in what the caller said, or null. A mention is dropped only when its own
 * clause negates it, makes it hypothetical or administrative, or places it in the past without
 * anything saying it is happening now.
 */
export function detectEmergency(text: string): EmergencyMatch | null {
  const folded = foldForMatching(text);
  if (!folded) return null;
  const parts = clauses(folded);
  const whole = parts.join(' ');
  for (const rule of RULES) {
    if (rule.with && !rule.with.test(whole)) continue;
    for (const clause of parts) {
      rule.re.lastIndex = 0;
      for (let m = rule.re.exec(clause); m; m = rule.re.exec(clause)) {
        if (m[0] === '') {
          rule.re.lastIndex++;
          continue;
        }
        if (counts(rule, clause, m.index, m[0])) return { category: rule.category, phrase: m[0] };
      }
    }
  }
  return null;
}

function counts(rule: Rule, clause: string, at: number, phrase: string): boolean {
  const before = clause.slice(0, at);
  const after = clause.slice(at + phrase.length);
  if (ADMIN_AFTER.test(after)) return false;
  if (NEGATED_BEFORE.test(before)) return false;
  if (rule.mildBefore && MILD_BEFORE.test(before)) return false;
  if (HYPOTHETICAL_BEFORE.test(before) && !/\b(?:dont know|not sure|no se|wondering|check|see|tell) if\b/.test(before.slice(-30))) return false;
  if (rule.category === 'other' && /emergen/.test(phrase) && NOT_AN_EMERGENCY.test(clause)) return false;
  if (OTHER_DISCOURSE.test(clause) && rule.category !== 'mental_health') return false;
  const past = HISTORY.test(clause) || RESOLVED_AFTER.test(after) || ADMIN_BEFORE.test(before);
  HISTORY.lastIndex = 0;
  if (!past) return true;
  // Past, unless something says it is happening now; a bare "now" counts unless the clause is about an appointment or a refill.
  const present = clause.replace(HISTORY, ' ');
  HISTORY.lastIndex = 0;
  if (NOW_STRONG.test(present)) return true;
  return NOW_WEAK.test(present) && !ADMIN_INTENT.test(clause) && !ADMIN_BEFORE.test(before);
}
