import { foldForMatching } from '../emergency.js';

/**
 * What the classifiers look at in an utterance: its words, pairs of neighbouring words, and the
 * letter sequences inside words (three to five letters). Letter sequences are what lets a model
 * trained on "appointment" still read "apointment", "appt" or "appointments", and Spanish
 * "cita"/"citas"; pairs keep "call back" apart from "back pain". Accents and apostrophes are
 * folded away, as speech recognition is inconsistent with both.
 */
export function foldText(text: string): string {
  // The emergency rules' folding, with sentence punctuation dropped too.
  return foldForMatching(text).replace(/[.?!;]/g, ' ').replace(/\s+/g, ' ').trim();
}

export interface FeatureOptions {
  /** Shortest and longest letter sequences taken inside words. */
  chars?: [number, number];
  bigrams?: boolean;
}

export function featuresOf(text: string, options: FeatureOptions = {}): string[] {
  const [from, to] = options.chars ?? [3, 5];
  const bigrams = options.bigrams ?? true;
  const words = foldText(text).split(' ').filter(Boolean);
  const out = new Set<string>();
  if (words.length <= 2) out.add(`len:${words.length}`);
  let prev = '^';
  for (const w of words) {
    out.add(`w:${w}`);
    if (bigrams) out.add(`b:${prev}_${w}`);
    prev = w;
    const padded = ` ${w} `;
    for (let n = from; n <= to; n++) for (let i = 0; i + n <= padded.length; i++) out.add(`c:${padded.slice(i, i + n)}`);
  }
  if (bigrams) out.add(`b:${prev}_$`);
  return [...out];
}
