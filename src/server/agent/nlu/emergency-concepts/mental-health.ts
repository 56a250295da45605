import type { Rule } from './rule.js';
import { re, any, PERSON_OBJ } from '../emergency-vocabulary.js';

/** Mental health: intent to die or to harm, said outright or through its preparations. */
export const MENTAL_HEALTH_RULES: Rule[] = [
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
      '(?:feel like|feels like|felt like|feeling like|thinking about|thinking of|thought about|ready to|ready for) (?:just )?(?:ending it|end it)(?! with| for)',
      'take (?:my|his|her) (?:own )?life',
      'want(?:s|ed)? to die',
      'wanna die',
      'better off dead',
      '(?:dont|do not|doesnt|does not) want to (?:live|be alive|be here anymore|wake up|go on)',
      'no reason to live',
      '(?:no point|see the point|any point|the point) (?:in|of|to) (?:living|going on|being alive|life)',
      'tired of (?:living|being alive)',
      // Not an accident said as one: "I cut myself shaving", "hurt himself lifting boxes", "on a can", "at work".
      '(?<!accidentally |by accident )(?:hurt|harm|cut|cutting|hurting|harming|burning) (?:myself|my self|himself|herself|themselves)(?! (?:\\w+ing|on (?:a|an|the|some|my|his|her)|with (?:a|an|the|my|his|her)|at (?:work|the gym|school|practice)|in (?:a|the) (?:fall|yard|garden|kitchen|accident)|by accident|accidentally|when (?:i|he|she) (?:fell|slipped|tripped)|playing|at|during)\\b)',
      'self ?harm\\w*',
      'hang (?:myself|himself|herself)',
      '(?:shoot|stab) (?:myself|himself|herself)',
      'jump off (?:a|the) (?:bridge|building|roof)',
      `(?:want to|wants to|going to|gonna|will|about to|thinking of|thinking about|plan to|planning to|threatening to|threatened to|trying to|tried to) (?:kill|hurt|shoot|stab|murder) (?:${PERSON_OBJ}|me)`,
      'voices (?:telling|tell) (?:me|him|her) to',
      'matarme',
      '(?:dar|pegar)(?:se|me|le)? un (?:tiro|balazo)',
      '(?:se|me) va a (?:dar|pegar) un (?:tiro|balazo)',
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
    // Said indirectly: goodbyes, "better off without me", no way out, a weapon at hand, threats to others.
    category: 'mental_health',
    re: re(
      'goodbye (?:notes?|letters?|texts?|messages?|videos?|emails?|posts?)',
      '(?:texted|messaged|wrote|emailed|posted|sent) (?:(?:me|us|her|him|everyone|everybody|a|his|her|the family)\\s+){0,2}(?:a )?goodbye',
      'saying goodbye to (?:everyone|everybody|us all|all of us|the family)',
      'better off (?:without (?:me|him|her|them|us)(?! (?:ex|husband|wife|boyfriend|girlfriend|job|family|parents|mom|dad|friends?|phone|car|boss)\\b)|with(?: (?:me|him|her|them))? gone|if (?:i|he|she|they)(?: was| were)? (?:gone|dead|not (?:around|here))|if (?:i|he|she|they) (?:wasnt|werent) (?:around|here))',
      '(?:no|dont see a|dont see any|cant see a|cant see any|there is no|theres no|not any) way out',
      '(?:theres|there is|whats the|is|see) no point (?:anymore|any more|in anything|to anything|in living|in trying|in going on|to life|in life)',
      '(?:gun|pistol|rifle|shotgun|revolver) (?:\\w+ ){0,2}(?:in|on) (?:my|his|her|their) (?:lap|hand|hands|mouth|head|temple)',
      '(?:gun|pistol|rifle|shotgun|knife|blade|razor) (?:to|against|at|in) (?:my|his|her|their) (?:head|chest|throat|wrists?|neck|temple|mouth)',
      `(?:threaten\\w* to|going to|gonna|wants? to|says? (?:hes|shes|he is|she is|he will|she will|hell|shell) (?:going to|gonna)) (?:hurt|kill|stab|shoot|beat up|attack) (?:(?:his|her|their|my|our|the|a) (?:(?:little|big|older|younger|baby|step|own)\\s+)?(?:brother|sister|son|daughter|mom|mother|dad|father|wife|husband|kids?|children|baby|family|girlfriend|boyfriend|teacher|neighbor|roommate|grandma|grandpa|grandmother|grandfather|partner|friend|coworker|boss|classmates?|students?|siblings?)s?)`,
      '(?:threaten\\w*|waving|pointing|came at|coming at|chasing|went after|going after) (?:\\w+ ){0,4}with (?:a |the |his |her |my )?(?:knife|gun|pistol|machete|bat|weapon|axe|hammer|rifle)',
      '(?:gun|pistol|pistola) en (?:las|la|su|mi|sus|mis) (?:piernas|mano|manos|boca|cabeza)',
      '(?:se|me) va a (?:cortar|matar|colgar|ahorcar)(?! (?:el|la|las|los|un|una|mi|su|sus|mis|trabajando|de)\\b)',
      '(?:tirar|aventar)(?:se|me)? (?:de|del|desde) (?:un |el |la )?(?:puente|edificio|techo|azotea|balcon)',
      '(?:mensaje|mensajes|carta|cartas|nota|notas|texto|whatsapp) (?:\\w+ ){0,2}despidi\\w*',
      '(?:mensaje|carta|nota|cartas|notas|mensajes) de (?:despedida|adios)',
      '(?:estarian|estariamos|estarias|estaria|estan|estamos|estaran|vivirian|viviriamos) mejor sin (?:mi|el|ella)',
      'no (?:le )?(?:veo|ve|hay|tengo|tiene) (?:la |otra |ninguna )?salida',
      '(?:va a|voy a|quiere|quiero|amenaza con|amenazo con|amenazando con) (?:lastimar|matar|apunalar|herir|hacer(?:le)? dano|pegar(?:le)?|acuchillar)(?:l[oa]s?|le)? a (?:su|mi|sus|mis|la|el|alguien|todos|toda)',
      'amenaz\\w* (?:\\w+ ){0,4}con (?:un|una|el|la|su) (?:cuchillo|pistola|arma|navaja|machete)',
    ),
  },
  {
    // Imminent risk as crisis lines assess it (988, the Columbia scale): a plan with a time, not safe
    // alone, afraid of what they will do, an overdose taken on purpose, a car running in a closed garage.
    category: 'mental_health',
    re: re(
      '(?:have|got|made|has|had) (?:a|the|my) plan (?:and|with) (?:a |the )?(?:date|day|time)',
      '(?:made|have|got) (?:a|the) plan (?:\\w+ ){0,3}(?:doctor|therapist|counselor) said to call',
      'tengo un plan y (?:una |un )?(?:fecha|dia|hora)',
      '(?:not|dont feel|do not feel|doesnt feel|dont think (?:im|i am)) safe (?:to be )?(?:alone|by (?:myself|himself|herself)|with myself)',
      '(?:scared|afraid|terrified) of (?:myself|what (?:i|he|she) (?:might|will|could) do)',
      '(?:scared|afraid|terrified) (?:that )?(?:i|im|ill|i am|i will|i might|im gonna|im going to) (?:\\w+ )?(?:hurt|kill|shake|harm|do something to) (?:someone|somebody|her|him|the baby|my)',
      'miedo (?:de|a) (?:mi mism[oa]|(?:lastimar|hacerle dano|sacudir|pegarle)(?:l[oa])?)',
      '(?:took|taken|swallowed|tome|me tome) (?:\\w+ ){0,3}(?:more|all|extra|a bunch|the whole|bottle|pills|meds|un monton|todas)(?: \\w+){0,8} (?:on purpose|a proposito)',
      '(?:car|engine|motor|carro) (?:is |still )?(?:running|on|prendido|encendido) (?:in|inside|dentro del?|en) (?:the |el |my |mi )?(?:closed |shut )?(?:garage|garaje)',
      '(?:garage|garaje) (?:\\w+ ){0,4}(?:engine|motor) (?:\\w+ ){0,1}(?:running|on|prendido|encendido)',
      '(?:gun|guns|pistol|pistols|rifle) (?:is )?loaded',
      'round in the chamber',
      '(?:gonna|going to|might|afraid i will|scared ill) shake (?:her|him|the baby|my baby)',
      '(?:standing|sitting|parked) (?:\\w+ ){0,2}(?:on|at) (?:the|a) (?:bridge|overpass|ledge|roof|rooftop|train platform|tracks)',
      '(?:parad[oa]|sentad[oa]) (?:\\w+ ){0,1}en (?:el|un|la) (?:puente|techo|azotea|orilla)',
    ),
  },
  {
    // A gun loaded by someone drinking, saying goodbye or threatening (hunting season is not this).
    category: 'mental_health',
    re: re(
      '(?:loaded|is loading|just loaded) (?:the|his|her|my|a) (?:gun|pistol|rifle|shotgun)',
      '(?:ya )?(?:cargo|cargando|esta cargando) (?:el|la|su|mi) (?:arma|pistola|rifle|escopeta)',
      '(?:arma|pistola|rifle|escopeta) (?:ya )?(?:esta )?cargada',
    ),
    with: any(
      'drinking', 'drunk', 'wasted', 'tomando', 'borracho', 'bebiendo', 'last time', 'ultima vez', 'goodbye', 'adios', 'despedi\\w*', 'end it', 'kill', 'matar\\w*',
      'himself', 'herself', 'myself', 'threaten\\w*', 'amenaz\\w*', 'locked (?:himself|herself) in', 'se encerro', 'yelling', 'gritando',
    ),
  },
  {
    // A plan with a date, written down or told (crisis lines ask "have you picked a date?").
    category: 'mental_health',
    re: re(
      '(?:picked|chose|chosen|set|decided on|has|have|got|already has) (?:a|the) (?:date|day)(?! (?:for|of) (?:the|her|his|my|our|a) (?:wedding|surgery|party|move|trip|procedure|appointment|visit|shower|induction|c section))',
      '(?:escogio|eligio|puso|tiene|ya tiene|decidio) (?:una |la )?(?:fecha|dia)(?! (?:para|de) (?:la|el|su|mi) (?:boda|cirugia|fiesta|mudanza|viaje|cita))',
    ),
    with: any(
      '(?:notebook|journal|diary|note|notes|letter|phone|cuaderno|diario|nota|carta)', 'goodbye', 'despedi\\w*', 'to do it', 'para hacerlo', 'end it', 'kill (?:my|him|her)self', 'matarse', 'quitarse la vida', 'better off', 'no point',
    ),
    unless: any('wedding', 'surgery', 'party', 'boda', 'cirugia', 'fiesta', 'appointment', 'cita', 'due date', 'moving', 'mudanza', 'vacation', 'vacaciones', 'trip', 'viaje'),
  },
  {
    // Said the way people text and talk about it now.
    category: 'mental_health',
    re: re('kms', 'unalive (?:myself|himself|herself|themselves)', '(?:checking|check|checked) out (?:for good|permanently)', 'acabar con todo', 'terminar con todo', '(?:no le|ya no le) (?:encuentro|encuentra|veo|ve|hallo) (?:sentido|caso) a (?:nada|la vida)'),
  },
  {
    // Commands heard from God or voices to harm: psychosis with danger to others.
    category: 'mental_health',
    re: re('(?:god|voices?|the devil|angels?|dios|las voces|el diablo) (?:\\w+ ){0,2}(?:told|tells|telling|tell|le dijo|le dice|le dicen) (?:him|her|me|them|que)? ?(?:to )?(?:kill|hurt|sacrifice|harm|matar|lastimar|sacrificar)'),
  },
  {
    // The means at hand, with wanting it over: "I've got the razor in my hand", "he just bought rope".
    category: 'mental_health',
    re: re(
      '(?:got|have|holding|bought|buying|has|had|found) (?:\\w+ ){0,2}(?:rope|razor|razor blade|gun|pistol|noose|cuerda|navaja|pistola|soga)',
      '(?:rope|razor|gun|pistol|noose|cuerda|navaja|pistola|soga) (?:\\w+ ){0,2}(?:in (?:my|his|her) hand|ready|en la mano|lista)',
      '(?:on|at|in front of) (?:the|a) (?:bridge|ledge|tracks|train tracks|roof edge)(?: right now| rn| now)?',
    ),
    with: any(
      'end it', 'ending it', 'for good', 'checking out', 'kms', 'no point', 'done with (?:it|life|everything)', "(?:im|i am|hes|shes) done", 'wrote the letters', 'somebody to know', 'someone to know', 'voices', 'goodbye',
      'kill (?:my|him|her)self', 'acabar con', 'ya no (?:aguanto|puedo|quiero)', 'sin sentido', 'despedi\\w*', 'quitarme la vida', 'matarme',
    ),
  },
  {
    // Preparations: pills counted out or saved up, with letters, goodbyes or despair.
    category: 'mental_health',
    re: re(
      '(?:pills|meds|tablets) (?:\\w+ ){0,2}(?:counted out|lined up|saved up|stockpiled|ready|all ready|laid out)',
      '(?:counted out|lined up|saved up|stockpiled|stockpiling|saving up|hoarding|collecting) (?:\\w+ ){0,3}(?:pills|meds|tablets)',
      'pastillas (?:\\w+ )?(?:listas|contadas|juntadas|guardadas)',
      '(?:juntando|junte|guardando|guarde|contando|conte) (?:\\w+ ){0,2}pastillas',
    ),
    with: any(
      '(?:letters?|notes?|cartas?|notas?) (?:\\w+ )?(?:to|for|para|a) (?:my|his|her|the|mis|sus|los) (?:kids|children|family|wife|husband|mom|dad|parents|son|daughter|hijos|familia)',
      'goodbye', 'giving (?:\\w+ ){0,2}away', 'better off', 'no way out', 'no point', 'hopeless', 'burden', 'cant (?:take|do) (?:it|this) anymore', 'cant go on', 'someone to know',
      'despedi\\w*', 'regalando', 'mejor sin', 'salida', 'ya no (?:aguanto|puedo)', 'alguien supiera', 'sin esperanza',
    ),
  },
  {
    // "I'm done. I wrote the letters.": the letters, with being done or wanting someone to know.
    category: 'mental_health',
    re: re('(?:wrote|written|left|finished) (?:the|my|all the|all my) (?:letters|notes|goodbye letters)', '(?:ya )?(?:escribi|deje) (?:las|mis) cartas'),
    with: any("(?:im|i am|hes|shes|she is|he is) done", '(?:somebody|someone|alguien) (?:to know|supiera)', 'goodbye', 'for good', 'ya no (?:aguanto|puedo)', 'no point'),
  },
  {
    // Letters to the family, things given away: with pills ready, a method or despair.
    category: 'mental_health',
    re: re(
      '(?:wrote|written|writing|left|leaving) (?:\\w+ ){0,2}(?:letters?|notes?) (?:to|for) (?:my|his|her|the|all) (?:kids|children|family|wife|husband|mom|dad|parents|son|daughter|sister|brother)(?! (?:school|teacher|doctor|coach|daycare))',
      '(?:giving|gave|given|giving away) (?:away )?(?:all )?(?:\\w+ ){0,2}(?:stuff|things|belongings|possessions|jewelry|pets?)(?: away)?',
      '(?:escribi|escribio|escribiendo|dejo|deje) (?:\\w+ ){0,2}cartas? (?:para|a) (?:mis|sus|los|su|mi) (?:hijos|familia|esposa|esposo|papas|padres|mama|papa)',
      '(?:regalando|regalo|regala|regalado) (?:todas )?(?:sus|mis|las) cosas',
    ),
    with: any(
      '(?:pills|meds|pastillas) (?:\\w+ ){0,2}(?:counted|ready|saved|stockpiled|listas|contadas|juntadas|guardadas)', '(?:counted|saved|stockpil\\w*|juntando|guardando) (?:\\w+ ){0,3}(?:pills|meds|pastillas)',
      'goodbye', 'better off', 'no way out', 'no point', 'hopeless', 'burden', 'cant (?:take|do) (?:it|this) anymore', 'cant go on', 'someone to know', 'gun', 'rope',
      'despedi\\w*', 'mejor sin', 'salida', 'ya no (?:aguanto|puedo)', 'alguien supiera', 'sin esperanza', 'pistola',
    ),
  },
  {
    // A method thought through, or wanting it over, with despair or the means.
    category: 'mental_health',
    re: re(
      '(?:thinking|thought|planning|planned|figured out|figuring out|researching|looking up|googling) (?:about |of )?how (?:i would|id|to|he would|hed|she would|shed|i could|i can|i might|i should) (?:do it|end it)',
      '(?:pensando|pensado|planeando|viendo) (?:en )?como (?:hacerlo|matarme|matarse|quitarme|quitarse)',
      '(?:want|wanted|wants|wanting) (?:it|everything|it all) (?:all )?to (?:be over|end)',
      '(?:quiero|queria|quiere) que (?:todo )?(?:se acabe|termine|se termine|acabe)',
      '(?:on|from|at|off) (?:the|a) (?:bridge|roof|rooftop|ledge|overpass)',
      '(?:en|desde) (?:el|un) (?:puente|techo|azotea)',
    ),
    with: any(
      'no way out', 'better off', 'no point', 'hopeless', 'cant (?:take|do) (?:it|this) anymore', 'cant go on', 'goodbye',
      '(?:took|taken|swallowed|had) (?:\\w+ ){0,3}(?:pills|meds|tablets)', 'gun', 'rope', 'knife',
      'ya no (?:aguanto|puedo)', 'salida', 'mejor sin', '(?:tome|tomo|me tome|se tomo) (?:\\w+ ){0,2}pastillas', 'pistola', 'cuerda', 'despedi\\w*', 'sin esperanza',
    ),
  },
  {
    // Finality, as crisis lines list the warning signs: not being around, affairs put in order, a
    // decision made, care cancelled — with a decision, a goodbye, thanks for everything or the means.
    category: 'mental_health',
    re: re(
      '(?:wont|will not|not gonna|not going to|aint gonna) be (?:around|here|alive)(?! (?:next|this|on|for (?:a|the|two|three)|until|till|at|in)\\b)',
      '(?:wont|will not|not gonna|not going to) (?:be )?need(?:ing)? (?:it|them|any(?: of them| more)?|anything|appointments?)(?: anymore| any more)?(?! (?:because|cause|since|cuz) (?:i|we|im|were) (?:moving|moved|found|switched|changing|going))(?: (?:my |these |those |the )?(?:refills?|meds|medications?|medicines?|pills|prescriptions?|appointments?|check ?ups?|visits?))?',
      // Care cancelled for good ("not gonna make my appointment next week or any appointment really").
      '(?:not gonna|not going to|wont|will not|cant) (?:make|keep|need|come to|be at|be coming to) (?:\\w+ ){0,6}(?:any|all|every|ningun\\w*) (?:\\w+ )?(?:more )?(?:appointments?|visits?|check ?ups?)',
      'ya no (?:voy|va) a (?:ir|venir|necesitar) (?:\\w+ ){0,2}(?:ninguna|mas|otra) (?:cita|consulta|receta)',
      // Affairs put in order: where the papers, the will, the passwords are.
      '(?:told|showed|show|tell) (?:me|us|her|him) where (?:\\w+ ){0,3}(?:papers|will|insurance|policy|deed|documents|passwords|bank|life insurance)',
      '(?:me|nos|le) (?:dijo|ensen\\w*|explico) (?:donde|en donde) (?:estan|esta|guarda|guardo) (?:\\w+ ){0,3}(?:papeles|testamento|seguro|documentos|escrituras|contrasenas|claves)',
      '(?:it|nothing) (?:wont|will not|isnt gonna|is not going to) matter (?:after|anymore|any more|soon)',
      '(?:my|his|her) affairs in order',
      '(?:did|made|wrote|finished|updated) (?:my|his|her) will\\b',
      'ya no (?:voy|va) a (?:estar|necesitar)',
      '(?:tengo|tiene) (?:todo|mis cosas|sus cosas) en orden',
      // Preparations crisis lines list: belongings, pets and passwords handed over, accounts deleted, a last call.
      '(?:gave|giving|given|gives|regalo|regalando|regalado) (?:away )?(?:all )?(?:(?:my|his|her|their|sus|mis) )?(?:things|stuff|belongings|possessions|pets?|dog|cat|cosas|perro|gato)(?: away)?',
      '(?:sent|gave|texted|emailed|mando|dio) (?:me |us |le |me dio |me mando )?(?:all )?(?:(?:her|his|their|sus) )?(?:passwords|contrasenas|claves)',
      '(?:deleted|borro|cerro) (?:all )?(?:(?:her|his|their|sus|todas sus) )?(?:social media|accounts|facebook|instagram|redes sociales|cuentas)',
      '(?:call|see|hug|talk to|llamar|ver|abrazar|hablar(?:le|les)?(?: con| a)?) (?:\\w+ ){0,3}(?:one last time|for the last time|por ultima vez|una ultima vez)',
    ),
    with: any(
      '(?:made|make|making) (?:my|the|a|up my) (?:decision|mind)', '(?:ive|i have|hes|he has|shes|she has) decided', 'ya (?:lo )?(?:decidi|decidio)', 'decision',
      'thank\\w* (?:\\w+ ){0,5}for everything', 'gracias (?:\\w+ ){0,4}por todo', 'goodbye', 'adios', 'despedi\\w*',
      'affairs', 'my will', 'canceled my phone', 'take care of (?:my|her|his) (?:cat|dog|kids|pets?)', 'passwords',
      'pills', 'pastillas', 'gun', 'pistola', 'rope', 'bridge', 'puente', 'after this (?:weekend|week)', 'gonna go (?:tomorrow|tonight)', 'en orden',
      'after tonight', 'despues de esta noche', '(?:ive|i have|i already) taken care of (?:it|everything)', '(?:im|i am) (?:just )?done(?! with (?!(?:it all|everything|life)\\b))',
      '(?:ya )?(?:voy|va|vamos) a descansar', '(?:finally|gonna|going to) (?:get to )?rest (?:now|soon|for good|at last)', 'at peace (?:soon|now)', 'cargo (?:el|la|su) (?:arma|pistola|rifle)',
      'ya me decidi', 'medicinas', 'medicamentos', 'meds', 'round in the chamber', 'loaded', 'cargada', 'solit[oa]', 'alone', 'por ultima vez', 'one last time',
      'take care of (?:\\w+ ){0,2}(?:cat|dog|kids|pets?|plants)', 'cuid(?:a|e|ar) (?:a |de )?(?:mi|su|sus|mis) (?:gato|perro|hijos|mascotas?)', 'no (?:este|estes) triste', 'dont be sad', 'sin mi',
    ),
  },
  {
    // Not being here much longer, said outright ("I won't be here much longer", "ya no voy a estar mucho tiempo aquí").
    category: 'mental_health',
    re: re(
      '(?:wont|will not|not gonna|not going to) be (?:around|here) (?:much|for much|a lot) longer(?! (?:today|tonight|this|at|because|since|cause|in (?:town|the office)))',
      'ya no (?:voy|va) a estar (?:mucho tiempo|por mucho tiempo|aqui mucho)',
    ),
  },
  {
    // "This is the last time you'll hear from me", "ya no me van a volver a ver": with thanks, a goodbye or love.
    category: 'mental_health',
    re: re(
      '(?:last time|ultima vez) (?:you(?:ll| will)|ustedes|que) (?:\\w+ )?(?:hear from|see|sepan de|oigan de|me (?:oigan|vean|escuchen))',
      '(?:wont|will not|never|are not going to|arent going to) (?:ever )?(?:see|hear from) me (?:again|anymore)',
      'ya no me (?:van|vas|va) a (?:volver a )?(?:ver|oir|escuchar)',
    ),
    with: any('thank\\w*', 'gracias', 'goodbye', 'bye', 'adios', 'love', '(?:me|te|los|las) quiero', 'take care', 'cuidense', 'sorry', 'perdon'),
    unless: any('moving', 'moved', 'relocat\\w*', 'switching', 'new (?:doctor|practice|clinic)', 'another (?:doctor|practice|clinic|state|city)', 'insurance', 'me mudo', 'nos mudamos', 'mudando', 'otro (?:doctor|estado)', 'otra (?:clinica|ciudad)', 'aseguranza', 'seguro'),
  },
  {
    // Wanting to be gone, with the means at hand ("I want to disappear forever and I have what I need to do it").
    category: 'mental_health',
    re: re('(?:have|got|tengo) (?:what i need|everything i need|all i need|lo que necesito|todo lo que necesito) (?:to do it|right here|para hacerlo)'),
    with: any('disappear', 'forever', 'desaparecer', 'para siempre', 'be gone', 'no more', 'done', 'end'),
  },
  {
    // A goodbye out of nowhere, then silence or the means at hand ("called to say goodbye and that she loves me and hung up").
    category: 'mental_health',
    re: re('(?:called|llamo|texted|me hablo|me mando un mensaje)(?: \\w+){0,3} (?:to say|para decir(?:me|nos|le)?) (?:goodbye|bye|adios)'),
    with: any(
      'hung up', 'colgo', '(?:me|nos|te) quiere', 'loves (?:me|us|you)', '(?:wont|doesnt|isnt) (?:answer|pick up)', 'no (?:contesta|responde)',
      'pills', 'pastillas', 'medicinas', 'meds', 'gun', 'pistola', 'alone', 'solit[oa]',
    ),
  },
  {
    // Not trusting themselves with the means, or drawn to a drop.
    category: 'mental_health',
    re: re(
      '(?:dont|do not|cant|can not) trust (?:myself|my self)',
      'no (?:confio|confia) (?:en mi|en si)',
      '(?:take|get|lock|hide) (?:the|my|these|those) (?:pills|meds|gun|guns|knives|pistola|pastillas) (?:away )?(?:from me|away from me)',
      '(?:keep|kept) (?:wanting|thinking about|feeling like) (?:\\w+ ){0,2}(?:step(?:ping)?|jump(?:ing)?|walk(?:ing)?) (?:off|in front)',
      '(?:top|edge|roof) of (?:the|a) (?:parking garage|garage|building|bridge|parking structure)',
      'how (?:much|many) (?:\\w+ ){0,3}(?:it )?(?:takes|would take|does it take) to (?:kill|die|overdose)',
    ),
  },
  {
    // At a height with no reason they can give for calling ("I'm on the roof of my building, I don't
    // really know why I called"): what crisis lines hear before a jump.
    category: 'mental_health',
    re: re('(?:im|i am|estoy|ahorita estoy|sitting|standing) (?:up )?(?:on|at|arriba|encima|en) (?:the|a|my|del|de la|el|la) (?:roof|rooftop|ledge|railing|overpass|azotea|techo|cornisa|barandal|puente)'),
    with: any("(?:dont|do not) (?:really |even )?know why", 'no se (?:ni )?(?:por que|para que)', 'no point', 'jump\\w*', 'brincar', 'aventarme', 'tirarme', 'end it', 'cant do this', 'ya no (?:aguanto|puedo)'),
  },
  {
    // The way already chosen, with not being here or no point ("I'm not gonna be here next month, I already know how").
    category: 'mental_health',
    re: re('already know how (?:(?:im|i am|i) (?:gonna|going to|will) )?(?:do it|to do it)', 'already know how$', 'ya se como (?:lo voy a hacer|hacerlo|lo hago)'),
    with: any('(?:wont|will not|not gonna|not going to) be (?:here|around)', 'no point', '(?:wont|will not) be any point', 'ya no voy a estar', 'ya no tiene (?:caso|sentido)', 'no (?:tiene|hay) caso', 'better off'),
    unless: any('online', 'on line', 'portal', 'website', 'app', 'reschedul\\w*', 'en linea', 'internet', 'pagina'),
  },
  {
    // Asking whether an amount of their pills would be enough to die ("if I take forty of the
    // sertraline would that do it"): the supposition is the warning sign, so it is not discounted.
    category: 'mental_health',
    re: re('(?:would|will|could) (?:that|it|they|this) (?:do it|do the (?:job|trick)|kill (?:me|someone|a person))', '(?:alcanzaria|bastaria|seria suficiente) para (?:morir|matarme|no despertar)'),
    supposingToo: true,
    with: any(
      '(?:\\d{2,}|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a hundred|all) (?:of (?:the |my |his |her |these |those )?\\w+(?! for)|pills|tablets|capsules)',
      '(?:todas|veinte|treinta|cuarenta|cincuenta|cien) (?:de )?(?:las |mis |sus )?(?:pastillas|pildoras|tabletas)',
    ),
    unless: any('mg', 'milligrams?', 'for the pain', 'for (?:my|his|her) (?:headache|back|pain|fever)'),
  },
  {
    // Care no longer needed, with thanks for everything ("ya no las voy a necesitar, dígale a la doctora que gracias por todo").
    category: 'mental_health',
    re: re('ya no (?:las|los|la|lo) (?:voy|va) a necesitar'),
    with: any('gracias (?:\\w+ ){0,4}por todo', 'despedi\\w*', 'para siempre'),
    unless: any('mud\\w*', 'otr[oa] (?:doctor|medico|clinica|estado|ciudad|seguro)', 'seguro', 'aseguranza', 'cambi\\w*', 'porque', 'ya (?:me )?(?:sane|alivie|mejore)'),
  },
];
