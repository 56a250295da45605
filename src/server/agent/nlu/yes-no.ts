import { normalize } from './text.js';

const YES = /^(?:(?:oh|um|uh|well|so)\s+)?(yes|yeah|yep|yup|yea|ya|sure|correct|right|that's right|that is right|exactly|absolutely|definitely|ok|okay|alright|all right|please|please do|go ahead|sounds good|perfect|affirmative|uh huh|mm hmm|of course|that's correct|that is correct|that works|that's fine|fine|great|yes please|it is|that's it|that is it|certainly|indeed|i do|i would|i have|please yes)\b/;
const NO = /^(?:(?:oh|um|uh|well|so|actually|sorry)\s+)?(no|nope|nah|not really|not quite|negative|incorrect|wrong|that's wrong|that is wrong|that's not right|that is not right|that's not it|not right|i don't|i do not|don't|do not|no thanks|no thank you|i haven't|i have not|never)\b/;

export type YesNo = 'yes' | 'no' | null;

/** Whether an answer starts as a yes or a no ("yeah that's right", "no, the 4th"). */
export function yesNo(text: string): YesNo {
  const t = normalize(text).replace(/[,.!]/g, ' ').replace(/\s+/g, ' ').trim();
  if (NO.test(t)) return 'no';
  if (YES.test(t)) return 'yes';
  return null;
}

/** What follows a leading yes/no ("no, the 4th" → "the 4th"); empty when nothing does. */
export function afterYesNo(text: string): string {
  const t = normalize(text);
  const m = /^(?:(?:oh|um|uh|well|so|actually|sorry)[\s,]+)*(?:yes|yeah|yep|no|nope|nah|not quite|that's wrong|that's not right|correct|right)\b[\s,.!-]*/.exec(t);
  return m ? t.slice(m[0].length).trim() : t;
}

/** "Actually…", "no, I meant…", "sorry, it's…": the caller is changing something already said. */
export function isCorrection(text: string): boolean {
  return /^(?:(?:oh|um|uh|well|sorry)[\s,]+)*(no|nope|actually|sorry|wait|i mean|i meant|i said|correction|not)\b/.test(normalize(text));
}
