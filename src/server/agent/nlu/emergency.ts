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
 * corpus in corpus/dev/emergencies.txt is the specification; emergency.unit.test.ts scores it.
 * Cost: a few precompiled regular expressions per utterance (microseconds).
 */
import { RULES, type Rule } from './emergency-concepts.js';

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


/** "no trouble breathing", "never had a seizure", "sin dolor de pecho": a denial just before the words. */
const NEGATED_BEFORE =
  /\b(?:no|not|never|without|denies|denied|deny|nor|hasnt had|havent had|has not had|have not had|hasnt|havent|doesnt have|dont have|didnt have|do not have|does not have|did not have|is not having|not experiencing|isnt having|arent having|not having|wasnt|werent|free of|negative for|ruled out|sin|nunca|ni|no tiene|no tengo|no tuvo|no ha tenido|ya no tiene|nada de|tampoco)\s+(?:(?:any|a|an|the|real|more|much|signs? of|symptoms? of|other|further|serious|significant|ningun|ninguna|mas|senales de|problemas? de|tenido|had|been|having|experiencing|got|gotten|felt|feeling|gonna|going to|planning to|trying to|about to|wanna|un|una|el|la|me|he|ha|han|se|le|lo|thoughts? of|thinking (?:of|about)|ideas? of|plans? (?:of|to)|intentions? (?:of|to)|urges? to|desire to|pensamientos de|ideas de|intenciones de|ganas de)\s+){0,3}$/;

/** "what should I do if…", "signs of a stroke", "en caso de…": the words are about a possibility. */
const HYPOTHETICAL_BEFORE = new RegExp(
  [
    '\\bwhat (?:should|do|would|can|shall) (?:i|we) do if\\b',
    '\\bwhat if\\b',
    '\\bif (?:he|she|i|they|my|the|we|you|someone|somebody|a|your|her|his|it|there)\\b',
    '\\bsi (?:un|una|el|la|mi|su|alguien|se|le|me)\\b',
    '\\bwhat (?:are|is) the (?:signs|symptoms|warning signs)\\b',
    '\\bin case\\b',
    '\\b(?:what are|what is|know|learn|read|information|info|questions?|tell me|about) (?:about )?(?:the )?(?:warning )?(?:signs?|symptoms?) (?:of|that)\\b',
    '\\bhow (?:do|would|can|will) (?:i|we|you) (?:know|tell)\\b',
    '\\b(?:can|could|does|do|would|will|is|are) (?:it|that|this|these|those|my|the|\\w+)(?: \\w+)? (?:cause|causes|causing|give (?:you|me)|lead to|trigger|a side effect)\\b',
    '\\bwhat happens if\\b',
    '\\b(?:risk|risks|chance|chances) of\\b',
    '\\bprevent(?:ing)?\\b',
    '\\bto avoid\\b',
    // "is that a seizure?", "could this be a stroke?": asking whether, about something not alarming in itself.
    '\\b(?:is|could|can|might|would) (?:that|this|it) be (?:a |an )?$',
    '\\bis (?:that|this|it) (?:a |an )?$',
    '\\b(?:counts? as|considered)(?: a| an)?\\b',
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
  /^\s*(?:free\b|(?:\w+\s+)?(?:detector|detectors)\b|(?:(?:is|has|just|already|ya)\s+){0,2}(?:expires|expired|expiring|vence|se vence|se vencio)\b)|^\s*(?:\w+\s+)?(?:medication|medications|medicine|meds|pills|prescription|prescriptions|refill|refills|specialist|doctor|neurologist|cardiologist|clinic|appointment|appointments|follow up|followup|test|testing|tests|results|screening|scan|x ray|xray|class|classes|training|kit|plan|policy|risk|risks|prevention|awareness|support group|history|form|forms|paperwork|insurance|shots?|injections?|bracelet|action plan|protocol|medicina|medicinas|medicamentos?|receta|cita|citas|resultados|consulta|especialista|pastillas)\b/;

/** Said about a past event: "last year", "two weeks ago", "fine now", "history of". */
const HISTORY = new RegExp(
  [
    '\\blast (?:week|month|year|summer|winter|spring|fall|autumn|christmas)\\b',
    // "last time I called" is the past; "this is the last time you'll hear from me" is not.
    '(?<!(?:this is|this will be|its|thats|will be|be) the )\\blast time\\b(?! (?:you(?:ll| will)|anyone|anybody|ever)\\b)',
    // "since yesterday", "desde ayer": a duration still running, not a past event.
    '\\b(?:the other day|the day before yesterday|anteayer|antier)\\b',
    '\\b(?:\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|few|couple of|couple|several|many) (?:days|weeks|months|years|yrs|week|month|year) ago\\b',
    '\\b(?:in|back in) (?:19|20)\\d\\d\\b',
    '\\byears (?:back|ago)\\b',
    '\\bhistory of\\b',
    '\\b(?:has|have) had (?:\\w+ ){0,4}before\\b',
    '\\bused to\\b',
    '\\bas a (?:kid|child|baby|teenager)\\b',
    '\\bwhen (?:i|he|she|they) (?:was|were) (?:a |little|young|\\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|an? (?:baby|toddler|infant|newborn))',
    '\\bprevious(?:ly)?\\b',
    '\\bprior\\b',
    '\\brecovering from\\b',
    '\\bsince (?:my|his|her|their|the)\\b',
    '\\b(?:fine|better|ok|okay|good|alright|all right|normal|stable|clean|sober) now\\b',
    // Months or years of it: a long-standing complaint, not an emergency now ("short of breath on the stairs for months").
    '\\bfor (?:months|years|a few months|a couple of months|a few years|several months|a long time)(?: now)?\\b',
    '\\b(?:durante|desde hace) (?:meses|anos|varios meses)\\b',
    '\\blast (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\b',
    '\\bel (?:lunes|martes|miercoles|jueves|viernes|sabado|domingo) pasado\\b',
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
    // An age it happened at ("his first heart attack at fifty two", "a los cincuenta"): a family or past history.
    '\\bat (?:age|the age of) \\w+',
    '\\bat (?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?: \\w+)?\\b',
    '\\ba los (?:\\d{2}|veinte|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta)\\b',
    // An earlier pregnancy or child ("with my first", "con mi primer embarazo").
    '\\b(?:with|in|during) my (?:first|last|other|previous|older) (?:one|pregnancy|baby|kid|son|daughter|child)?',
    '\\b(?:con|en) (?:mi|el) (?:primer|primero|ultimo|otro|anterior) (?:embarazo|bebe|hijo|hija|nino|nina)',
  ].join('|'),
  'g',
);
/** "…and it stopped", "has gone away", "ya paró": the words that follow say it is over. */
const RESOLVED_AFTER = /^\s*(?:\w+\s+){0,2}(?:(?:has|have|had|is|was|it|then|but|and)\s+)*(?:stopped|gone|resolved|went away|cleared up|subsided|better|fine|under control|(?<!all )over(?! (?:his|her|my|their|the|its|him|me|them|everything|everywhere))|ya paro|ya se paso|se le paso|se quito)\b/;
/** Something happening now outweighs a mention of the past (a seizure last year and another now). */
const NOW_STRONG =
  /\b(?:right now|just now|currently|still|again|keeps?|keeping|at the moment|this (?:morning|afternoon|evening)|for (?:an|the last|the past|about|over|almost|\d+|a few|a couple of|two|three) (?:minutes?|hours?|mins)|since (?:this|last night|an hour|\d)|today|tonight|minutes? ago|an hour ago|\d+ (?:minutes|mins|hours?) ago|few (?:minutes|hours) ago|another one|ahora mismo|ahorita|todavia|sigue|de nuevo|otra vez|hoy|hace (?:un rato|unos minutos|\d+ minutos|una hora)|en este momento)\b/;
const NOW_WEAK = /\b(?:now|ahora)\b/;
const ADMIN_INTENT = /\b(?:follow ?up|followup|check ?up|appointment|refill|prescription|records?|paperwork|referral|form|results|bill|cita|receta|consulta)\b/;
/** "for my follow-up about my stroke": the words name a reason for an appointment or document. */
const ADMIN_BEFORE = /\b(?:(?:medicina|medicamentos?|receta|pastillas|medication|medicine|meds|pills|prescription|refill|cita|consulta|plan|form|forma|formulario) (?:\w+ ){0,1}(?:para|de|del|for|contra|on) (?:(?:el|la|las|los|su|sus|mi|mis|my|his|her|the)\s+)?$)|\b(?:follow ?up|followup|check ?up|checkup|appointment|visit|paperwork|records?|bill|letter|referral|notes?|tests?|testing|therapy|rehab|rehabilitation|terapia|referencia|cita|consulta) (?:\w+ ){0,3}(?:for|about|on|after|regarding|from|since|de|del|por|sobre|despues del|despues de la) (?:(?:my|his|her|their|the|a|mi|su|el|la)\s+)?(?:\w+\s+){0,2}$/;
/** "se me hinchó un poquito", "swelled up a little": the qualifier after the words. */
const MILD_AFTER = /^\s*(?:(?:un|a|just a|only a|solo un|nomas un)\s+)?(?:poquito|poco|little|little bit|bit|tiny bit)\b/;
const MILD_BEFORE = /\b(?:mild|minor|little|tiny|small|slight|bit of|light|leve|pequen[oa]|ligera)\s+(?:\w+\s+){0,1}$/;
/** "Is this the emergency line?", "not an emergency", "the ER bill": the word without the event. */
const NOT_AN_EMERGENCY =
  /\b(?:not an?|no|isnt an?|non|nothing|not really an?|not like an?|no es (?:una )?|no es nada de) ?emergen(?:cy|cia)|\bemergen(?:cy|cia) (?:line|number|contact|appointment|room (?:bill|visit|follow|last|yesterday|doctor|said)|department bill|dental|vet|contacto|numero)|\b(?:went to|was in|were in|been to|visit to|visited|from) (?:the )?emergen(?:cy|cia)|\ben caso de emergencia\b|\bin (?:an?|case of) emergency\b|\bfor emergencies\b|\bemergency (?:use|kit|plan|fund)/;
/**
 * Figures of speech ("a stroke of luck", "I almost had a heart attack when I saw the bill", "casi
 * me da un infarto con estos precios"), and a threat against someone else said in jest ("I'm
 * gonna kill my brother lol"): no emergency. Laughter never discounts a symptom (callers laugh off
 * chest pain) nor anything about one's own life.
 */
const FIGURE_OF_SPEECH =
  /\b(?:stroke of (?:luck|genius)|(?:almost|nearly|practically) (?:had|have|gave me|give me) a heart attack (?:when|with|at|over|because)|casi me (?:da|dio) (?:un )?(?:infarto|patatus) (?:con|cuando|de))\b/;
const JOKING = /\b(?:haha\w*|lol|lmao|jaja\w*|jeje\w*|just kidding|im kidding|es broma|de broma|bromeando|jk)\b/;
const THREAT_TO_OTHERS = /\b(?:kill|murder|strangle|matar) (?!(?:myself|my self|me)\b)/;

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
  return emergencyMentions(text).counted;
}

/**
 * "He choked on a grape but coughed it right up and he's totally fine now": the utterance says the
 * event is over, past the "but" that ends the event's own clause. Said about the same event, it
 * takes the past mentions with it; a clause that says something is happening now still counts.
 */
const RESOLVED_AFTERWARDS =
  /\b(?:(?:is|s|she s|he s|shes|hes|they re|theyre|im|i m|we re) (?:totally |completely |perfectly |all |just )?(?:fine|ok|okay|alright|all right|better|back to normal) now|(?:was|were) (?:totally |completely |perfectly )?(?:fine|ok|okay|better) after|coughed it (?:right )?(?:up|out)|came (?:right )?(?:to|around)|(?:said|says) (?:(?:that|he|she|it|they|the baby|my \w+) )?(?:is |s |was |will be |should be |are )?(?:totally |completely |perfectly )?(?:fine|ok|okay|alright|all right)|(?:has|have) been (?:totally |completely |perfectly )?(?:fine|ok|okay|normal) (?:all day|since|ever since)|i feel (?:totally |completely |perfectly )?(?:fine|ok|okay))\b|(?:dijeron|dijo) que (?:\w+ )?(?:esta|estaba|va a estar) bien\b|(?:^|\s)(?:(?:pero|y) (?:ya )?|ya )(?:esta|estan) bien\b/;

/**
 * The first emergency that counts, and the first mention that did not (negated, past,
 * hypothetical, administrative): a discounted mention may still deserve a screening question.
 */
export function emergencyMentions(text: string): { counted: EmergencyMatch | null; discounted: EmergencyMatch | null } {
  const folded = foldForMatching(text);
  let discounted: EmergencyMatch | null = null;
  if (!folded) return { counted: null, discounted };
  const parts = clauses(folded);
  const whole = parts.join(' ');
  for (const rule of RULES) {
    if (rule.with && !partnerSaid(rule.with, whole)) continue;
    if (rule.unless?.test(whole)) continue;
    for (const clause of parts) {
      rule.re.lastIndex = 0;
      for (let m = rule.re.exec(clause); m; m = rule.re.exec(clause)) {
        if (m[0] === '') {
          rule.re.lastIndex++;
          continue;
        }
        const judged = judge(rule, clause, m.index, m[0]);
        if (judged === 'counts' && !overAfterwards(clause, parts)) return { counted: { category: rule.category, phrase: m[0] }, discounted };
        // Said in jest or as a figure of speech: not even a mention worth a question.
        if (judged !== 'jest') discounted ??= { category: rule.category, phrase: m[0] };
      }
    }
  }
  return { counted: null, discounted };
}

/** The other half of a combination counts unless it is denied where it is said ("no chest pain, just sweating"). */
const globalPartners = new WeakMap<RegExp, RegExp>();
function partnerSaid(partner: RegExp, whole: string): boolean {
  let g = globalPartners.get(partner);
  if (!g) globalPartners.set(partner, (g = new RegExp(partner.source, partner.flags.includes('g') ? partner.flags : `${partner.flags}g`)));
  for (const m of whole.matchAll(g)) if (!NEGATED_BEFORE.test(whole.slice(0, m.index))) return true;
  return false;
}

/** The event of a clause with no present-time words is over when a later clause of the utterance says so. */
function overAfterwards(clause: string, parts: string[]): boolean {
  const later = parts.slice(parts.indexOf(clause) + 1).join(' ');
  const said = RESOLVED_AFTERWARDS.exec(later);
  // "No está bien", "I don't think he is okay now": the opposite.
  const negated = said !== null && /\b(?:no|not|dont|doesnt|isnt|never|nunca)\b(?:\s+\w+){0,3}\s*$/.test(later.slice(0, said.index));
  return said !== null && !negated && !NOW_STRONG.test(clause);
}

const HYPOTHETICAL_ALL = new RegExp(HYPOTHETICAL_BEFORE.source, 'g');
/** Words that ask about now with an "if": "wondering if", "wanted to ask if I should bring her in". */
const ASKS_IF = /\b(?:dont know|not sure|no se|wondering|check|see|tell|ask|asking|know)\s*$/;

/** A supposition ("what if", "if she ever") before the words, not an "if" that asks about now. */
function supposes(before: string): boolean {
  for (const m of before.matchAll(HYPOTHETICAL_ALL)) if (!ASKS_IF.test(before.slice(Math.max(0, m.index - 24), m.index))) return true;
  return false;
}

function judge(rule: Rule, clause: string, at: number, phrase: string): 'counts' | 'discounted' | 'jest' {
  if (FIGURE_OF_SPEECH.test(clause)) return 'jest';
  if (rule.category === 'mental_health' && JOKING.test(clause) && THREAT_TO_OTHERS.test(phrase)) return 'jest';
  return counts(rule, clause, at, phrase) ? 'counts' : 'discounted';
}

function counts(rule: Rule, clause: string, at: number, phrase: string): boolean {
  const before = clause.slice(0, at);
  const after = clause.slice(at + phrase.length);
  if (ADMIN_AFTER.test(after)) return false;
  if (NEGATED_BEFORE.test(before)) return false;
  if (rule.mildBefore && (MILD_BEFORE.test(before) || MILD_AFTER.test(after))) return false;
  // "can't lift my arm over my head": a shoulder, not a stroke's sudden weakness.
  if (rule.category === 'stroke' && /^\s*(?:(?:up|all the way)\s+)?(?:over|above|past|behind) (?:my|his|her|their|the) (?:head|shoulder)/.test(after)) return false;
  if (!rule.supposingToo && supposes(before)) return false;
  if (rule.category === 'other' && /emergen/.test(phrase) && NOT_AN_EMERGENCY.test(clause)) return false;
  if (OTHER_DISCOURSE.test(clause) && rule.category !== 'mental_health') return false;
  // "what temperature counts as a fever for a newborn?": a question about the threshold, not a report.
  if (/\b(?:counts? as|is considered|se considera)\b/.test(clause) && /^(?:what|when|how|at what|que|cuando|a partir de)\b/.test(clause)) return false;
  if (/^(?:a )?(?:que|what) (?:temperatura|temperature) (?:es|is)\b/.test(clause)) return false;
  const past = HISTORY.test(clause) || RESOLVED_AFTER.test(after) || ADMIN_BEFORE.test(before);
  HISTORY.lastIndex = 0;
  if (!past) return true;
  // Past, unless something says it is happening now; a bare "now" counts unless the clause is about an appointment or a refill.
  const present = clause.replace(HISTORY, ' ');
  HISTORY.lastIndex = 0;
  if (NOW_STRONG.test(present)) return true;
  return NOW_WEAK.test(present) && !ADMIN_INTENT.test(clause) && !ADMIN_BEFORE.test(before);
}
