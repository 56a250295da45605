import { predict, type Prediction } from './classifier/logistic.js';
import { emergencyMentions, foldForMatching, type EmergencyCategory } from './emergency.js';
import { detectIntents, type Intent } from './intents.js';
import { detectCallLanguage, glossSpanish, type CallLanguage } from './language.js';
import { understandingModels, type Models } from './models.js';
import { describesHealthProblem, mentionsHealth } from './urgency.js';
import { isCorrection, yesNo, type YesNo } from './yes-no.js';

/**
 * One caller utterance, understood once (issue 26 §1): what the caller wants and how sure we
 * are, how urgent it is, the language, and the small answers every step needs. The dialogue
 * decides from this only; both brains take their safety (urgency) from it.
 */
export interface Understanding {
  /** The likeliest intent; null when nothing is likely enough to act on (then the agent asks). */
  intent: Intent | null;
  confidence: number;
  /** The next likeliest, for a clarifying question that names them. */
  alternatives: { intent: Intent; p: number }[];
  urgency: Urgency;
  /** The language the words are in, when they say (null: too short to tell). */
  language: CallLanguage | null;
  yesNo: YesNo;
  /** The caller is changing something already said ("no wait, it's the 4th"). */
  correction: boolean;
}

export type Urgency =
  | { level: 'emergency'; category: EmergencyCategory; phrase: string; by: 'rules' | 'model' }
  /** A health problem that is neither clearly routine nor clearly an emergency: ask the screening question. */
  | { level: 'screen'; category: EmergencyCategory; why: 'model' | 'past_or_hypothetical' | 'health_problem' }
  | { level: 'none' };

/** Below this the agent asks which of the likeliest it is instead of guessing. */
export const INTENT_CONFIDENCE = 0.5;
/** The emergency model alone escalates from here… */
export const EMERGENCY_AT = 0.95;
/** …and asks the screening question from here. */
export const SCREEN_AT = 0.3;
/** …and asks it whatever the request from here… */
export const SURE_ENOUGH_TO_ASK = 0.8;
/**
 * …or from here when what the model heard is a wish to die. Its warning signs hide inside routine
 * requests ("cancel all my appointments, thank you for everything"): the request is not what
 * matters, and the question asked is then the direct one crisis lines ask (screening.ts).
 */
export const SURE_ENOUGH_TO_ASK_ABOUT_SAFETY = 0.5;
/**
 * A request the model is this sure of is clearly routine: the emergency model alone does not
 * escalate it at once (it asks). Below it, a story of symptoms the model leans to read as a
 * booking ("my friend took something at the club and now she's burning hot and twitching", 0.94
 * emergency) escalates. Session 19, on the development part's cross-validation: from 0.5, at once
 * 89.4 → 93.2 %, near misses' false alarms 5.6 → 5.7 %, ordinary requests screened 6.9 → 7.6 %.
 * Asking for a person stays routine from `INTENT_CONFIDENCE`: a sick child put through to a nurse
 * is triaged by the nurse, not sent to 911 by the model.
 */
const CLEARLY_ROUTINE = 0.8;
/** An answer (a name, a date) this long that speaks of health says more than was asked. */
const ANSWER_SAYS_MORE = 6;
/** Inside a task (the visit's reason, a message), the screening question is asked from here. */
export const DESCRIBED_SCREEN_AT = Number(process.env.DESCRIBED_SCREEN_AT ?? 0.8);

/**
 * Intents whose own flow takes care of a health problem said with them: a visit, a refill, a
 * result — and asking for a person or a call-back, which reaches the nurse or the on-call cover
 * (urgent after hours) without the agent screening first.
 */
const HANDLED_WITH_SYMPTOMS = new Set<Intent>(['appointment', 'change_appointment', 'running_late', 'message', 'request_status', 'callback', 'human']);

export interface UnderstandOptions {
  /** The English gloss of a Spanish utterance (the patterns and symptom words read English); made here when absent. */
  gloss?: string;
  /** The language the call is held in so far. */
  callLanguage?: CallLanguage;
  /**
   * Between tasks (the caller says what they want): a health problem there gets the screening
   * question. Inside a task (the reason for a visit) only an emergency counts, so a routine
   * booking that names a symptom is never interrupted. True when absent.
   */
  openMoment?: boolean;
  /**
   * Inside a task, the caller answers in their own words: the reason for a visit, a message, what
   * a call-back is about. A health problem the model is fairly sure is an emergency gets the
   * screening question there too (from DESCRIBED_SCREEN_AT; the safety question when it is a wish to die):
   * blind whole calls told emergencies only as the message or the reason, and a message was taken.
   */
  describing?: boolean;
  /** Models other than the ones trained on the whole development corpus (cross-validation). */
  models?: Models;
}

export function understand(text: string, options: UnderstandOptions = {}): Understanding {
  const language = detectCallLanguage(text)?.language ?? null;
  const heard = options.gloss ?? (options.callLanguage === 'es' || language === 'es' ? glossSpanish(text) : text);
  const models = options.models ?? understandingModels();
  const { intent, confidence, alternatives } = intentOf(models, text, heard);
  const moment = options.openMoment !== false ? 'open' : options.describing ? 'describing' : 'answering';
  const urgency = urgencyOf(models, text, heard, intent, confidence, moment);
  return {
    intent,
    confidence,
    alternatives,
    urgency,
    language,
    yesNo: yesNo(heard),
    correction: isCorrection(heard),
  };
}

/** The classifier decides; a pattern only where the corpus showed the model wrong and the pattern right. */
function intentOf(models: Models, text: string, heard: string): Pick<Understanding, 'intent' | 'confidence' | 'alternatives'> {
  const read = (said: string, gloss: string) => (gloss === said ? predict(models.intent, said) : averaged(predict(models.intent, said), predict(models.intent, gloss)));
  let p = read(text, heard);
  // "Hola, buenas noches, ¿abren mañana?", "hi how are you, I need to reschedule": the greeting is
  // small talk before the request; what follows it is what the caller wants.
  if (p.label === 'greeting') {
    const [rest, restHeard] = [withoutGreeting(text), withoutGreeting(heard)];
    if (rest.split(' ').length >= 3) {
      const q = read(rest, restHeard);
      if (q.label !== 'greeting' && q.label !== 'other' && q.confidence >= INTENT_CONFIDENCE) p = q;
    }
  }
  // "Please tell the doctor to call me, it's about my MRI results": the topic (results, a refill)
  // pulls the model to a message, but a caller who asks to be called wants a call-back (blind
  // whole calls: staff were left messages for callers waiting by the phone).
  if (p.label === 'message' && (ASKS_TO_BE_CALLED.test(foldForMatching(text)) || ASKS_TO_BE_CALLED.test(foldForMatching(heard)))) {
    // Both ask staff to get back to the caller: the model's sureness of either is the call-back's.
    const both = p.confidence + p.ranked.find((r) => r.label === 'callback')!.p;
    p = { label: 'callback', confidence: both, ranked: [{ label: 'callback', p: both }, ...p.ranked.filter((r) => r.label !== 'callback' && r.label !== 'message')] };
  }
  const ranked = p.ranked.filter((r): r is { label: Intent; p: number } => r.label !== 'other');
  if (p.label !== 'other' && p.confidence >= INTENT_CONFIDENCE) return { intent: p.label, confidence: p.confidence, alternatives: ranked.slice(1, 3).map((r) => ({ intent: r.label, p: r.p })) };
  const ruled = detectIntents(heard)[0];
  const others = (but: Intent | null) => ranked.filter((r) => r.label !== but).slice(0, 2).map((r) => ({ intent: r.label, p: r.p }));
  if (ruled) return { intent: ruled, confidence: Math.max(ranked.find((r) => r.label === ruled)?.p ?? 0, INTENT_CONFIDENCE), alternatives: others(ruled) };
  // Nothing the line handles (or noise): no options worth naming; the agent says what it can do instead.
  if (p.label === 'other') return { intent: null, confidence: 0, alternatives: [] };
  return { intent: null, confidence: p.confidence, alternatives: others(null) };
}

/** Asking to be called ("call me back", "give me a call", "que me llamen"); not "me llamo" (my name is). */
const ASKS_TO_BE_CALLED = /\b(?:call me|call us|give me a call|give us a call|ring me|return my call|que me (?:llamen|llamaran|llame|hablen|regresen la llamada|devuelvan la llamada)|me (?:llamen|devuelvan la llamada|regresen la llamada)|devolverme la llamada|regresarme la llamada)\b/;

const GREETING_LEAD =
  /^(?:(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|morning|afternoon|hola|buenas(?: tardes| noches)?|buenos dias|buen dia|how are you(?: doing)?(?: today)?|how's it going|como esta(?:s|n)?(?: usted)?|que tal|i hope you're (?:well|doing well)|espero que (?:este|esten) bien|(?:yes|yeah|oh|um|uh|so|well|si|este|oiga|mire)\b)[\s,.!?¿¡]*)+/;

/** The utterance without the greetings it starts with. */
const withoutGreeting = (text: string) => foldForMatching(text).replace(/[?¿!¡]/g, ' ').trim().replace(GREETING_LEAD, '').trim();

/** A Spanish caller's words and their English gloss, read by the same model, weigh the same. */
function averaged<L extends string>(a: Prediction<L>, b: Prediction<L>): Prediction<L> {
  const ranked = a.ranked.map((r) => ({ label: r.label, p: (r.p + (b.ranked.find((x) => x.label === r.label)?.p ?? 0)) / 2 })).sort((x, y) => y.p - x.p);
  return { label: ranked[0]!.label, confidence: ranked[0]!.p, ranked };
}

/** Either the concept rules or the emergency model is enough to escalate (issue 26 §4). */
function urgencyOf(models: Models, text: string, heard: string, intent: Intent | null, confidence: number, moment: 'open' | 'describing' | 'answering'): Urgency {
  const openMoment = moment === 'open';
  const mentions = emergencyMentions(text);
  if (mentions.counted) return { level: 'emergency', category: mentions.counted.category, phrase: mentions.counted.phrase, by: 'rules' };
  const p = emergencyProbability(models, text);
  // A story with the emergency in one part ("we were at the park all day and then he started
  // shaking and now he won't wake up, so can I bring him in?") dilutes the whole; the screening
  // question looks at each part too. Escalating at once still takes the whole utterance: a part
  // without its context ("he had a seizure" without "last year") over-alarms.
  let pAnyPart = p;
  let alarmingPart = text;
  for (const part of utteranceParts(text)) {
    const q = emergencyProbability(models, part);
    if (q > pAnyPart) [pAnyPart, alarmingPart] = [q, part];
  }
  const category = () => predict(models.category, text).label;
  // What the alarming part is about ("my mom's been having some trouble" inside a booking is not
  // a wish to die because the whole sentence leans that way).
  const alarmingCategory = () => predict(models.category, alarmingPart).label;
  // A mention the rules discounted (past, negated, "what if") never escalates on the model alone.
  // The model alone is over-sure of short sentences ("none of those", "she is two weeks old"
  // scored high on it): it sends someone to 911 from five words, and asks the screening question
  // from three. A clearly routine request is asked, never escalated, and only when it speaks of
  // health ("I can't make it, something came up" is neither); inside a task it must speak of health.
  const words = foldForMatching(text).split(' ').length;
  const health = mentionsHealth(text) || mentionsHealth(heard);
  // Asking for a person is routine as soon as it is the likeliest: the person (a nurse) triages.
  const routine = intent !== null && HANDLED_WITH_SYMPTOMS.has(intent) && confidence >= (intent === 'human' ? INTENT_CONFIDENCE : CLEARLY_ROUTINE);
  // What the caller describes in their own words (the visit's reason, the message) alarms as at an open moment, or when it speaks of health.
  const alarming = words >= 5 && !mentions.discounted && (openMoment ? !routine : moment === 'describing' ? health || !routine : health);
  if (p >= EMERGENCY_AT && alarming) {
    // Inside a task the model alone only asks: it is over-sure of a visit's reason said in a few
    // words ("he fell off his bike yesterday and his wrist is swollen" is 1.00); a caller who is in
    // danger says yes to the screening question. The rules still escalate at once anywhere.
    if (!openMoment) return { level: 'screen', category: category(), why: 'model' };
    return { level: 'emergency', category: category(), phrase: foldForMatching(text).slice(0, 80), by: 'model' };
  }
  // An answer that speaks of health at length and alarms the model is asked about, as a nurse
  // would: a caller may say it while giving a name or a date ("march third 2019 and oh god she's
  // gone all floppy"; blind whole calls missed one so). It is never escalated on the model alone.
  if (moment === 'answering') {
    const saysMore = health && words >= ANSWER_SAYS_MORE && pAnyPart >= SCREEN_AT && !mentions.discounted;
    return saysMore ? { level: 'screen', category: alarmingCategory(), why: 'model' } : { level: 'none' };
  }
  if (moment === 'describing') {
    // Judged on the whole answer, not its parts: a visit's reason names symptoms by design ("a bad
    // cough and a fever" is 0.66), and a part alone over-alarms ("my fever is gone").
    if (p < DESCRIBED_SCREEN_AT || words < 3 || !(health || !routine)) return { level: 'none' };
    return { level: 'screen', category: category(), why: 'model' };
  }
  // Asking for a person reaches the nurse or the on-call cover, who asks the questions; a call-back
  // comes later, so a symptom with one is screened now.
  const toAPerson = routine && intent === 'human';
  if (pAnyPart >= SCREEN_AT && words >= 3 && (health || !routine) && !toAPerson) return { level: 'screen', category: mentions.discounted?.category ?? alarmingCategory(), why: mentions.discounted ? 'past_or_hypothetical' : 'model' };
  // Whatever the request, a caller the model is this sure of is asked first (a routine-sounding
  // "somebody shot my cousin, he's in the car": the request is not what matters).
  if ((mentions.discounted?.category === 'mental_health' || (pAnyPart >= SURE_ENOUGH_TO_ASK_ABOUT_SAFETY && alarmingCategory() === 'mental_health')) && words >= 3) return { level: 'screen', category: 'mental_health', why: mentions.discounted ? 'past_or_hypothetical' : 'model' };
  if (pAnyPart >= SURE_ENOUGH_TO_ASK && words >= 3) return { level: 'screen', category: mentions.discounted?.category ?? alarmingCategory(), why: mentions.discounted ? 'past_or_hypothetical' : 'model' };
  if (!routine && describesHealthProblem(heard)) return { level: 'screen', category: mentions.discounted?.category ?? 'other', why: 'health_problem' };
  return { level: 'none' };
}

const emergencyProbability = (models: Models, text: string) => predict(models.urgency, text).ranked.find((r) => r.label === 'emergency')!.p;

/** The clauses of a run-on utterance long enough to say something on their own (four words or more). */
function utteranceParts(text: string): string[] {
  const parts = foldForMatching(text).split(/[.?!;,]\s*|\s(?:and|so|but|because|then|y|pero|porque|entonces|luego)\s/);
  return parts.length < 2 ? [] : parts.filter((part) => part.split(' ').length >= 4);
}
