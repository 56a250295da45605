import { predict } from './classifier/logistic.js';
import { understandingModels, type Models } from './models.js';
import { normalize } from './text.js';

/**
 * The reason for a visit, matched to one of the practice's visit reasons (the same list the web
 * form offers) through what people call them; anything else is "Other" with the caller's words.
 */
const SYNONYMS: { re: RegExp; keys: RegExp; withDetail?: boolean }[] = [
  { re: /\bnew patient\b|\bfirst (visit|appointment)\b|\bregister\b/, keys: /new patient/ },
  { re: /\bfollow[\s-]?up\b|\bcheck back\b|\bcome back\b|\bresults\b|\brecheck\b/, keys: /follow/ },
  { re: /\b(annual|yearly|physical|check[\s-]?up|wellness|well[\s-]?(child|woman|visit)|routine)\b/, keys: /physical|annual|wellness|check/ },
  { re: /\b(vaccin\w*|shots?|jab|immuni[sz]\w*|booster)\b/, keys: /vaccin|immuni|shot/ },
  {
    re: /\b(sick|ill|unwell|fever|cough|cold|flu|sore|throat|ear ?ache|infection|rash|pain|hurts|hurting|aching|aches|vomit\w*|diarrh\w*|headache|migraine|injur\w*|sprain\w*|cut|burn|stomach|not feeling well)\b/,
    keys: /sick|illness|acute|same/,
    withDetail: true,
  },
];

export interface VisitReason {
  reason: string;
  /** The caller's own words when the reason is "Other" or needs detail (symptoms). */
  reasonOther: string | null;
}

/**
 * What the caller said about the visit, without the filler and the parts that only ask for it:
 * each clause is kept when it says something of its own ("I need an appointment for my knee, I
 * twisted it playing basketball" keeps both; "hi good morning, I'd like to book an appointment,
 * it's for a follow up" keeps nothing: the category says it all), so neither the story nor the
 * detail is lost. Empty when the caller only asked.
 */
function detail(text: string): string {
  const said = text.trim();
  const clauses = said.split(/[,.;!?]+|\s(?:so|but|because|cuz|since|porque|pero|entonces|asi que|ya que)\s/i).map(withoutFiller).filter(Boolean);
  return clauses.filter(saysSomething).join(', ').slice(0, 300);
}

function withoutFiller(text: string): string {
  return text
    .trim()
    .replace(/^(?:(?:um|uh|well|so|yeah|yes|hi|hello|hey|good (?:morning|afternoon|evening)|hola|buenas|buenos dias|it's|it is|i need|i want|i'd like|i would like|for|a|an)\b[\s,]*)+/i, '')
    .slice(0, 300);
}

/** Words of its own beyond asking for a visit and whom it is for. */
const saysSomething = (part: string) => normalize(part).split(' ').some((w) => w.length > 2 && !VISIT_WORDS.has(w));

/** The caller's own words about a visit, as detail() keeps them, or all they said when nothing stands out. */
export function visitWords(text: string): string {
  return detail(text) || withoutFiller(text);
}

/**
 * Whether the caller said more than a category's name ("a follow-up for my thyroid blood work",
 * "to get my stitches out"): then their words are kept beside the category, which alone would
 * lose what the visit is for (issue 26 §3).
 */
function ownWords(text: string): boolean {
  return detail(text) !== '';
}

/** Words that name a kind of visit ("my yearly check-up", "la cita de seguimiento"): no more than a category says. */
const NAMING_WORDS = 'annual yearly physical checkup check-up check follow follow-up followup new patient patients routine wellness well shot shots vaccine vaccines vaccination flu booster sick regular usual normal exam';
const NAMING_WORDS_ES = 'examen consulta control chequeo anual fisico seguimiento vacuna vacunas nuevo nueva paciente revision general';

/**
 * The caller's name for the visit when the category calls it otherwise ("my yearly checkup" for
 * "Annual physical"): kept, so staff read the visit as the caller put it. Judged on English words:
 * the categories are, and a Spanish call reaches here glossed.
 */
function namedOtherwise(text: string, category: string): string | null {
  const naming = new Set(NAMING_WORDS.split(' '));
  const inCategory = new Set(normalize(category).split(/[\s-]+/));
  const clause = text.split(/[,.;!?]+/).find((c) => normalize(c).split(/[\s-]+/).some((w) => w.length > 2 && naming.has(w) && !inCategory.has(w)));
  return clause ? withoutFiller(clause) || null : null;
}

/** Words that only name or ask for a visit: no more than its category says. */
const VISIT_WORDS = new Set(
  (
    `the and for this that just need want like get visit appointment appt ${NAMING_WORDS} ${NAMING_WORDS_ES} one please thanks una cita para ` +
    // Asking for the visit, and for whom, says nothing about it.
    'hi hey hola buenos buenas dias tardes noches good morning afternoon evening okay yeah um uh oiga este pues ' +
    'make book schedule set see doctor come can could would you have hello calling wanted was wondering because also about soon possible whenever available get got some time son daughter mom mother dad father husband wife child kid baby grandmother grandfather hacer quiero necesito quisiera hijo hija mama papa esposo esposa nino nina bebe'
  ).split(' '),
);

/**
 * What a request for a visit says about it beyond asking ("I need an appointment, my knee keeps
 * swelling up" → "my knee keeps swelling up"), or null when it only asks.
 */
export function saidAboutTheVisit(text: string): string | null {
  return detail(text) || null;
}

/** Whether what was said shares a word of its own with the reason given for a visit ("my back" after "I hurt my back moving a couch"). */
export function aboutTheSameVisit(text: string, reason: string): boolean {
  const own = (t: string) => normalize(t).split(' ').filter((w) => w.length > 2 && !VISIT_WORDS.has(w));
  const words = new Set(own(reason));
  return own(text).some((w) => words.has(w));
}

export function matchVisitReason(text: string, visitReasons: string[], opts: { requireMatch: boolean }): VisitReason | null {
  const t = normalize(text);
  for (const { re, keys, withDetail } of SYNONYMS) {
    if (!re.test(t)) continue;
    const reason = visitReasons.find((r) => keys.test(r.toLowerCase()));
    // A symptom is always kept in the caller's words ("a sore throat"), even when that is all they said.
    if (reason) return { reason, reasonOther: withDetail ? detail(text) || withoutFiller(text) : ownWords(text) ? detail(text) : namedOtherwise(text, reason) };
  }
  const direct = visitReasons.find((r) => t.includes(r.toLowerCase()));
  if (direct) return { reason: direct, reasonOther: ownWords(text) ? detail(text) : null };
  if (opts.requireMatch) return null;
  const words = detail(text) || withoutFiller(text);
  return words.length >= 3 ? { reason: 'Other', reasonOther: words } : null;
}

/**
 * New (true) or existing (false) patient, when the sentence says so. `asked`: the answer to "has
 * the patient been seen here before?", where looser words count ("new", "for years", "a few
 * times", "goes there") that in any other sentence could be about something else.
 */
export function newOrExistingPatient(text: string, options: { asked?: boolean } = {}): boolean | null {
  const t = normalize(text);
  if (NEW_PATIENT.test(t) || (options.asked && NEW_WHEN_ASKED.test(t))) return true;
  if (EXISTING_PATIENT.test(t) || (options.asked && EXISTING_WHEN_ASKED.test(t))) return false;
  return null;
}

const NEW_PATIENT =
  /\b(new patient|first time(?! (?:calling|i(?:'?m| am)? call\w*|i phone\w*))|never been|not been (there|here|before)|haven'?t been|have not been|not a patient|not yet a patient|new to (the|your) (practice|clinic|office))\b/;
const NEW_WHEN_ASKED =
  /\b(nuev[oa]s?|primera vez|first (?:time(?! (?:calling|i(?:'?m| am)? call\w*))|visit|appointment)|(?:brand|totally|completely) new|^(?:um |uh )?new\b|never|not yet|haven'?t|hasn'?t|just moved|recently moved|moved here|(?:but|pero) (?:he|she|they|i|we|el|ella|ellos|yo) (?:doesn'?t|does not|don'?t|do not|hasn'?t|has not|haven'?t|isn'?t|is not|aren'?t|no)\b|(?:start|starting|switch|switching|transfer|transferring|change|changing) (?:\w+ ){0,2}(?:to|with) (?:you|your)|(?:vamos|voy|va) a empezar|empezar con ustedes|cambiando de (?:doctor|medico|clinica)|buscando (?:un )?(?:doctor|medico) nuevo)\b/;

const EXISTING_PATIENT =
  /\b(existing|returning|current patient|regular patient|already a patient|i'?m a patient|been (there|here|coming|seeing)|been before|seen (dr|doctor|there|you)|established|patient (?:there|here|of yours|with you) already)\b/;
const EXISTING_WHEN_ASKED =
  /\b(existing|returning|established|patient (?:there|here|of yours|with you|already)|(?:he'?s|she'?s|they'?re|we'?re|i'?m) (?:a |already a )?patients?|been (there|here|coming|seeing|going|in)|been before|been seen|seen (dr|doctor|there|you|by)|sees? (dr|doctor|the doctor)|(?:goes|go|going|come|comes|coming) (there|here|to you)|was (?:just )?(?:in|there|seen) (?:last|a few|two|three|earlier|this)|times|for years|since (?:she|he|they|i) was|shots there|whole family|had (?:his|her|my|their|our) \w+(?: \w+)? (?:there|with you|at your)|(?:last|this past) (?:summer|winter|spring|fall|year|month|week|time)|(?:ya )?(?:l[oa]s?|me|nos) (?:ha|han|hemos|habia|habian) (?:visto|atendido|revisado)|ya (?:es|soy|somos|son) pacientes?|(?:varias|muchas|un par de) veces|desde hace (?:anos|tiempo|mucho)|ya (?:ha|hemos|he|han) (?:ido|venido|estado))\b/;

/**
 * The answer to "has the patient been seen here before?": said in words ("he's a patient there
 * already", "first time"), or a plain yes (seen before) or no (new).
 */
export function patientTypeAnswer(text: string, yn: 'yes' | 'no' | null, models: Models = understandingModels()): boolean | null {
  const said = newOrExistingPatient(text, { asked: true });
  if (said !== null) return said;
  if (yn !== null) return yn === 'no';
  // Told as a story ("she gets her depo shot there every three months", "we just moved from Ohio"):
  // the model trained on such answers, when it is sure; otherwise the agent asks again.
  const p = predict(models.patientType, text);
  return p.confidence >= PATIENT_TYPE_CONFIDENCE && p.label !== 'unclear' ? p.label === 'new' : null;
}

/** Below this the story is not taken as an answer: asking again costs one question, a wrong record more. */
const PATIENT_TYPE_CONFIDENCE = 0.6;
