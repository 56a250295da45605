import { predict } from './classifier/logistic.js';
import { understandingModels, type Models } from './models.js';
import { normalize } from './text.js';

/** Hesitation before the answer ("um, well, yeah"). */
const LEAD = String.raw`(?:(?:oh|um|uh|er|erm|hmm|mmm|well|so|like|okay so|ok so|i mean|honestly|to be honest|i think|pues|este|ay)\s+)*`;
const YES_WORDS =
  "yes|yeah|yep|yup|yea|ya|yah|yessir|yes sir|yes ma'am|sure|sure thing|you bet|you got it|correct|right|that's right|that is right|sounds right|that sounds right|exactly|absolutely|definitely|ok|okay|alright|all right|please|please do|go ahead|sounds good|looks good|all good|perfect|spot on|bingo|affirmative|uh huh|mhm|mhmm|mm hmm|mm hm|mmhmm|of course|that's correct|that is correct|that's all correct|that works|that's fine|fine|great|yes please|it is|that's it|that is it|certainly|indeed|i do|i would|i have|please yes|no problem|no worries|si|claro|that sounds good|sounds great|that would be great|that'd be great|would be great|that works for me|works for me|i guess so|guess so|yes indeed|let's do it|let's do that|do it|go for it|sounds about right|about right|i'd appreciate that|i'd appreciate it|i would appreciate that|i would appreciate it|that would help|that'd help|please and thank you|yes yes|ta bueno|esta bien|eso mero|eso es|asi es|correcto|exacto|de acuerdo|dale|orale|sale|perfecto|por favor|andale|seguro|cierto";
const NO_WORDS =
  "no|nope|nah|naw|nuh uh|not really|not quite|not exactly|not at all|negative|negatory|incorrect|wrong|that's wrong|that is wrong|that's incorrect|that is incorrect|that's not right|that is not right|that's not correct|that is not correct|not correct|that's not it|not right|i don't|i do not|don't|do not|no thanks|no thank you|i haven't|i have not|never|absolutely not|definitely not|certainly not|of course not|sure not|really not|hell no|heck no|uh uh|uh-uh|nuh-uh|not necessary|no need|not needed|not today|not now|not right now|not yet|not at the moment|i'll pass|i'd rather not|i would rather not|i'd rather wait|i'd rather just wait|ahorita no|ahora no|todavia no|mejor no|no gracias|para nada";
const YES = new RegExp(`^${LEAD}(?:${YES_WORDS})\\b`);
// "No problem", "no worries" agree: they start with "no" but are a yes.
const NO = new RegExp(`^${LEAD}(?!no (?:problem|worries)\\b)(?:(?:actually|sorry)\\s+)?(?:${NO_WORDS})\\b`);
/** "Yeah, no, that's wrong", "yes but the date is wrong": a yes word, then the read-back is refused. */
const REFUSED_AFTER = /\b(?:(?:that|it|that one|the \w+|this)(?:'s| is| was| are)? (?:wrong|incorrect|not right|not correct|off)|(?:that's|that is|it's|it is|thats) not (?:right|correct|it)|not (?:right|correct)|is wrong)\b/;

/** "I'm good", "I'm fine, thanks" as the whole answer: a polite no ("I'm good with that" is not one). */
const DECLINED = new RegExp(`^${LEAD}(?:no )?(?:i'?m|i am) (?:good|ok|okay|fine|all good)(?: thanks| thank you| thanks though)?$`);

/** "I don't know", "not sure": neither (before, "I don't…" made it a no). */
const UNSURE = new RegExp(`^${LEAD}(?:no se|no lo se|quien sabe|yes and no|i don't know|i do not know|dunno|i'm not sure|i am not sure|not sure|no idea|i have no idea|i don't remember|i can't remember|i'm not certain)\\b`);

export type YesNo = 'yes' | 'no' | null;

function answerText(text: string): string {
  return normalize(text).replace(/[,.!-]/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Whether an answer starts as a yes or a no ("yeah that's right", "no, the 4th"), as people say
 * it on the phone: "mhm", "you got it", "yes ma'am" are yes; "nah", "that's incorrect",
 * "absolutely not" are no, and so is a yes that goes on to say something is wrong ("yeah no,
 * that's wrong").
 */
export function yesNo(text: string): YesNo {
  const t = answerText(text);
  if (UNSURE.test(t)) return null;
  if (NO.test(t) || DECLINED.test(t)) return 'no';
  if (YES.test(t)) return REFUSED_AFTER.test(t) ? 'no' : 'yes';
  return null;
}

/** Answer words a reply may start with, longest first ("yes ma'am" before "yes"); not "it is", "i do" and the like, which start content. */
const ANSWER_WORDS = [...YES_WORDS.split('|'), ...NO_WORDS.split('|')]
  .filter((w) => !/^(?:it is|i do|i would|i have|i don't|i do not|don't|do not|i haven't|i have not|never|please)$/.test(w))
  .sort((x, y) => y.length - x.length)
  .join('|');
const LEADING_ANSWER = new RegExp(`^${LEAD}(?:(?:actually|sorry)\\s+)?(?:(?:${ANSWER_WORDS})\\b\\s*)+`);

/** What follows a leading yes/no ("no, the 4th" → "the 4th"); empty when nothing does. */
export function afterYesNo(text: string): string {
  const t = normalize(text);
  // Punctuation read as spaces for the match, one for one, so the rest keeps its spelling ("S-M-Y-T-H").
  const m = LEADING_ANSWER.exec(t.replace(/[,.!-]/g, ' '));
  return m ? t.slice(m[0].length).replace(/^[\s,.!-]+/, '').trim() : t;
}

const CORRECTION_START =
  "no|nope|actually|sorry|wait|i mean|i meant|i said|correction|not|hold on|hang on|scratch that|strike that|my bad|my mistake|oops|whoops|i misspoke|i messed up|let me (?:correct|fix|rephrase) that|that's wrong|that was wrong|i got that wrong|i said that wrong";

/** "Actually…", "no, I meant…", "hold on, it's…", "scratch that…": the caller is changing something already said. */
export function isCorrection(text: string): boolean {
  return new RegExp(`^(?:(?:oh|um|uh|er|well|sorry|so|like)[\\s,]+)*(?:${CORRECTION_START})\\b`).test(normalize(text));
}

/** Below this a yes or no said without the word is not taken: asking again costs one question, a wrong booking more. */
const YES_NO_CONFIDENCE = 0.7;

/**
 * The answer to a yes-or-no question the agent asked: the words above, or — said without them
 * ("a hundred percent", "the birthday's off by a day", "eso sí está bien") — the model trained on
 * such answers when it is sure. Only where the agent asked: elsewhere a sentence is not an answer.
 */
export function yesNoAnswer(text: string, models: Models = understandingModels()): YesNo {
  const said = yesNo(text);
  if (said !== null || UNSURE.test(answerText(text))) return said;
  const p = predict(models.yesNo, text);
  return p.confidence >= YES_NO_CONFIDENCE && p.label !== 'unclear' ? p.label : null;
}
