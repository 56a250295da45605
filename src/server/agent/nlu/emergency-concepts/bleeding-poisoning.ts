import type { Rule } from './rule.js';
import { re, any, MEDICINE, CHEMICAL, INGEST_STRONG, INGEST_ANY, QUANTITY, SOMEONE_ELSES, SMALL_CHILD, BLOOD_THINNER, HOUSEHOLD_POISON, CONFUSED } from '../emergency-vocabulary.js';

/** Bleeding and poisoning: blood that will not stop or comes from inside; swallowed, breathed or overdosed. */
export const BLEEDING_POISONING_RULES: Rule[] = [
  {
    category: 'bleeding',
    re: re(
      '(?:severe|heavy|heavily|a lot of|lots of|so much|too much|tons of|uncontrolled|uncontrollable|massive|pouring|gushing|spurting|really bad|bad) (?:bleeding|blood|bleed)',
      'bleed\\w* (?:\\w+ ){0,4}(?:heavily|a lot|badly|bad|profusely|everywhere|nonstop|non stop|like crazy|through|so much|really bad)',
      'rectal bleeding',
      '(?:pooping|pooped|poop|stool|stools|bowel movements?|peeing|urine) (?:\\w+ ){0,2}(?:blood|bloody)',
      'blood in (?:his|her|my|the) (?:stool|poop|urine|pee|vomit)',
      'black (?:tarry )?stools?',
      'poop\\w* (?:\\w+ ){0,3}(?:tarry|like tar|black tar)',
      '(?:stool|stools|poop) (?:is |are |looks )?(?:black and tarry|tarry|like tar)',
      '(?:bleeding|bleed|sangrando) (?:\\w+ ){0,3}(?:for|since|desde hace|por) (?:over |more than |about |almost |like |mas de |casi )?(?:an hour|half an hour|\\d+ (?:minutes|hours|minutos|horas)|(?:twenty|thirty|forty|fifteen) minutes|hours|una hora|media hora|veinte minutos)',
      'coffee grounds',
      '(?:bleeding|blood|nosebleed|nose bleed|cut|wound) (?:that |and it |and )?(?:wont|will not|doesnt|does not|isnt|cant|aint) (?:stop|stopping)',
      'cant (?:get )?(?:the )?(?:bleeding|blood) (?:to )?stop',
      'cant stop (?:the |it from )?bleeding',
      '(?:bleeding|bleed|bled)(?: \\w+){0,7} (?:wont|will not|doesnt|does not|cant|isnt|hasnt) (?:stop|stopped|stopping)',
      '(?:blood|it) (?:is |keeps |just keeps )?(?:gushing|spurting|pouring|squirting|soaking)',
      '(?:coughing|vomiting|throwing|puking|spitting) up blood',
      '(?:vomiting|throwing up|coughing|puking) blood',
      'soaked (?:through|in blood)',
      'deep cut',
      '(?:wont|will not|doesnt|does not|cant|isnt going to|not going to) stop bleeding',
      'to the bone',
      'cut (?:to the bone|really deep|very deep|deep)',
      'cut (?:(?:his|her|my|their|the|a|open)\\s+){1,2}(?:\\w+\\s+)?(?:(?:real|really|very|super|so|pretty)\\s+)?deep',
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
      '(?:threw|throw|throwing|vomited|vomiting|vomit|puked|puking|coughed|coughing|spit|spat|spitting) up (?:(?:a bunch of|a lot of|lots of|some|so much|bright red|dark red|dark|clots of|chunks of|like|a cup of|a mouthful of|mouthfuls of|what looks like|what looked like)\\s+){1,2}blood',
      '(?:blood|it|its|it is|bleeding|cut|wound) (?:(?:is|keeps|just|still|keeps on|has been|been|kept|is still)\\s+){1,2}(?:gushing|spurting|pouring|squirting|soaking|spraying|pumping)',
      '(?:its|it is|blood is|is) (?:squirting|spurting|spraying|pumping)',
      '(?:filling|filled|fills|full|fill|filled up|filling up) (?:up )?(?:with|of) blood',
      '(?:soak\\w*|bleeding|bled) (?:through )?(?:(?:a|one|two|three|\\d+|her|my|the|multiple|several|more than one|a whole|an entire|overnight|super)\\s+)?(?:pads?|maxi ?pads?|tampons?|towels?)',
      '(?:pads?|tampons?|maxi ?pads?) (?:\\w+ ){0,2}(?:every|each|an|in an|in less than an?|in under an?) (?:\\w+ )?(?:hour|half hour|30 minutes|thirty minutes|twenty minutes|15 minutes)',
      '(?:llen\\w*|moj\\w*|empap\\w*|cambi\\w*|pasando|pase|paso) (?:\\w+ ){0,2}(?:toallas?|toallitas?|kotex|tampones?|panales)(?: \\w+){0,2} (?:cada|en) (?:\\w+ )?(?:media hora|hora|\\d+ minutos|quince minutos|veinte minutos)',
      'empapando (?:\\w+ )?(?:toallas?|toallitas?|kotex|tampones?)',
      'much[ai]sima sangre',
      '(?:cafe molido|asientos de cafe|borra de cafe|posos de cafe)',
      'no (?:le |me |les )?(?:para|deja) de salir(?:le|me|les)? (?:la )?sangre',
      'se (?:me|le) llena (?:\\w+ ){0,2}de sangre',
      '(?:vomit\\w*|tosi\\w*|escupi\\w*) (?:\\w+ ){0,2}sangre',
    ),
  },
  {
    // A bleed on a blood thinner: escalated, whatever the wound.
    category: 'bleeding',
    mildBefore: true,
    re: re('bleed\\w*', 'bled', '(?:pouring|gushing|oozing|squirting|spurting)', 'nose ?bleed', 'sangr\\w*', 'salir(?:le|me)? (?:la )?sangre'),
    with: BLOOD_THINNER,
  },
  {
    category: 'poisoning',
    re: re(
      'overdos\\w*',
      'over dose\\w*',
      // Iron is the commonest fatal poisoning of small children: prenatal vitamins, iron pills.
      '(?:ate|eaten|swallowed|got into|chewed|se comio|se tomo|se trago) (?:\\w+ ){0,4}(?:prenatal|iron|hierro|prenatales)(?: \\w+){0,3}',
      '(?:vitamins?|vitaminas|pills|pastillas|tablets) (?:\\w+ ){0,2}(?:with|con) (?:iron|hierro)',
      'poisoned',
      'poisoning',
      'carbon monoxide',
      `${INGEST_ANY} (?:(?:some|a|an|the|his|her|my|their|of|on|into|a little|a bit of|part of|one of|cup of|bottle of|sip of|some of the|a couple of|couple|two|one|un|una|unos|unas|el|la|los|las|de|su|sus|mi|mis|poco|algo|del)\\s+){0,3}(?:\\w+ )?${CHEMICAL}`,
      `${CHEMICAL} (?:in|into) (?:his|her|my|their) (?:eyes?|mouth)`,
      `${INGEST_STRONG} (?:\\w+ ){0,4}${CHEMICAL}`,
      `${INGEST_ANY} (?:like |about |maybe |around |almost |over )?${QUANTITY} (?:(?:his|her|my|the|their|of)\\s+){0,2}${MEDICINE}`,
      `${INGEST_ANY} (?:(?:some|a few|one|two|three|a couple|couple|of|some of)\\s+){0,2}${SOMEONE_ELSES} ${MEDICINE}`,
      // A small child who took an adult's medicine ("my son took some of my pills"): one adult
      // tablet can kill a toddler; an adult taking their own pills is no alarm.
      `${SMALL_CHILD} (?:\\w+ ){0,3}(?:took|has taken|got|grabbed|had|ate|chewed|se tomo|se comio|agarro) (?:(?:some|a few|one|two|three|a couple|couple|of|a|an|a handful|handful|unas?|de)\\s+){0,3}(?:my|our|mis|nuestras) ${MEDICINE}`,
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
      `(?:se )?(?:tomo|trago|comio|bebio) (?:(?:unas|un|una|las|los|de|sus|mis|poco|algo)\\s+){0,3}(?:pastillas|pildoras|medicinas|medicamentos)`,
      // An insulin overdose (injected, not swallowed): the sugar falls within the hour.
      '(?:injected|inyecto|inyectado|se puso|le puse|me puse|gave (?:him|her|myself)|shot) (?:\\w+ ){0,3}(?:too much|way too much|a lot of|extra|double|triple|the wrong (?:amount|dose) of|mucha|demasiada|doble|de mas) (?:\\w+ )?(?:insulin|insulina)',
      '(?:mucha|demasiada|doble|de mas de) insulina',
      'sobredosis',
      'envenen\\w*',
      'intoxica\\w*',
      'monoxido de carbono',
    ),
  },
  {
    // A household poison, a button battery or magnets in a child's mouth: any amount.
    category: 'poisoning',
    re: re(
      'swallow\\w*', 'ate', 'eaten', 'eating', 'chewed', 'chewing', 'bit (?:into|on|off|down on|through)', 'bitten', 'biting', 'sucking on', 'sucked on', 'licked', 'licking',
      'drank', 'drinking', 'sipped', 'chugged', 'in (?:his|her|their) mouth',
      'se (?:la |lo |las |los )?trag\\w*', 'tragad[oa]', 'trago', 'se (?:la |lo |las |los )?comio', 'comio', 'en la boca', 'mordi\\w*', 'chup\\w*', 'se (?:tomo|bebio)', 'bebio',
    ),
    with: new RegExp(`\\b${HOUSEHOLD_POISON}(?! ivy| oak)\\b`),
  },
  {
    // Carbon monoxide: a heater or furnace with the household's headaches, dizziness or vomiting, or its alarm with them.
    category: 'poisoning',
    re: re(
      '(?:carbon monoxide|co|monoxido(?: de carbono)?) (?:detector|alarm|alarma)(?: \\w+){0,2} (?:beeping|going off|went off|goes off|sounding|chirping|pitando|sonando|sono)',
      '(?:detector|alarma) de (?:carbon monoxide|co|monoxido)(?: de carbono)?(?: \\w+){0,2} (?:pitando|sonando|sono|beeping|going off|went off)',
      'furnace', '(?:space )?heaters?', 'boiler', 'generator', 'calefaccion', 'calentador', 'calenton', 'generador',
    ),
    // Both a symptom and a sign it is shared or tied to the heater (everyone, since it came on).
    with: new RegExp(
      '^(?=.*\\b(?:headaches?|dizzy|dizziness|nause\\w*|throwing up|threw up|vomit\\w*|drowsy|confused|passed out|dolor de cabeza|duele la cabeza|mare\\w*|desmay\\w*)\\b)' +
        '(?=.*\\b(?:everyone|everybody|all of us|we all|the whole (?:family|house)|whole familys?|the kids|my kids|both|all (?:the|my) kids|the family|since|ever since|when we|started using|turned (?:it|the \\w+) on|todos|toda la familia|los ninos|desde que|cuando prend\\w*|beeping|going off|went off|sonando|pitando)\\b)',
    ),
  },
  {
    // A medicine taken in an unknown or tenfold amount.
    category: 'poisoning',
    re: re(
      `empty (?:\\w+ )?(?:bottles?|box|boxes|packs?|packages?|containers?|sleeves?) of ${MEDICINE}`,
      `${MEDICINE} (?:bottles?|box|packs?|packages?|containers?) (?:\\w+ ){0,2}(?:empty|gone)`,
      '(?:frasco|bote|caja|blister|empaque|botecito|frasquito) (?:de (?:\\w+ ){1,2})?vaci[oa]',
      '(?:\\d+|two|three|four|five|ten|twenty|several) times (?:the|his|her|my|their|what|more than|too much|the right|the normal|the correct|as much)(?: \\w+){0,2} (?:dose|dosage|amount|medicine|medication)',
      '(?:diez|\\d+|dos|tres|cinco|veinte) veces (?:la|su|mas de la|mas de su) (?:\\w+ )?dosis',
      '(?:tablespoons?|cucharadas?) (?:\\w+ ){0,2}instead of (?:a |the |one )?teaspoons?',
      '(?:ml|mls|milliliters|cc|ccs) instead of (?:\\w+ )?(?:ml|mls|milliliters|cc)',
      '(?:pastillas|pildoras|medicina\\w*|medicamentos?|tabletas|jarabe|dosis)(?: \\w+){0,3} de mas',
      'de mas de (?:sus|mis|las|la|su|mi|el|los) (?:\\w+ )?(?:pastillas|pildoras|medicina\\w*|medicamentos?|tabletas|jarabe)',
    ),
  },
  {
    category: 'poisoning',
    re: re('(?:how many|how much|cuantas|cuantos|cuanto|cuanta) (?:\\w+ ){0,2}(?:he|she|they|i|se|le)? ?(?:took|swallowed|ate|drank|had|tomo|trago|comio|tomaron|bebio)'),
    with: any('wont', 'will not', 'doesnt', 'does not', 'dont', 'do not', 'cant', 'not sure', 'no idea', 'no (?:me )?(?:dice|sabe|se)', 'sin saber', 'empty', 'vaci[oa]'),
  },
  {
    // Pills or drugs taken, and now the signs of toxicity.
    category: 'poisoning',
    re: re(`(?:${INGEST_ANY}|popped|se tomo|tomo) (?:\\w+ ){0,3}(?:pills?|tablets?|drugs|molly|ecstasy|edibles?|gummies|pastillas|pildoras|medicina|oxy\\w*|percocet|fentanyl|xanax|painkillers?|pain pills|pain medicine|meds|something)`),
    with: any(
      CONFUSED, '(?:heart|hearts|heart is) (?:\\w+ )?(?:racing|pounding)', 'hallucinat\\w*', '(?:not|wasnt|isnt) making (?:any )?sense', 'seizing', '(?:cant|wont) wake', 'unresponsive',
      'breath\\w* (?:\\w+ ){0,2}(?:slow|slowly|shallow)', 'respira (?:\\w+ )?(?:despacito|despacio|lento)', 'no (?:despierta|responde)', 'alucin\\w*', 'pinpoint',
    ),
  },
];
