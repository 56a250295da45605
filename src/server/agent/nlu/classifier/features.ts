/**
 * What the classifiers look at in an utterance: its words, pairs of neighbouring words, and the
 * letter sequences inside words (three to five letters). Letter sequences are what lets a model
 * trained on "appointment" still read "apointment", "appt" or "appointments", and Spanish
 * "cita"/"citas"; pairs keep "call back" apart from "back pain". Accents and apostrophes are
 * folded away, as speech recognition is inconsistent with both.
 */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['\u2018\u2019`]/g, '')
    .replace(/[^a-z0-9ñ\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function featuresOf(text: string): string[] {
  const words = foldText(text).split(' ').filter(Boolean);
  const out = new Set<string>();
  if (words.length <= 2) out.add(`len:${words.length}`);
  let prev = '^';
  for (const w of words) {
    out.add(`w:${w}`);
    out.add(`b:${prev}_${w}`);
    prev = w;
    const padded = ` ${w} `;
    for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= padded.length; i++) out.add(`c:${padded.slice(i, i + n)}`);
  }
  out.add(`b:${prev}_$`);
  return [...out];
}
