import { normalizeReferenceCode } from '../../../domain/appointment-requests/reference-code.js';
import { UNITS } from './numbers.js';
import { normalize } from './text.js';

const NATO: Record<string, string> = {
  alpha: 'a', alfa: 'a', bravo: 'b', charlie: 'c', delta: 'd', echo: 'e', foxtrot: 'f', golf: 'g', hotel: 'h', india: 'i',
  juliet: 'j', juliett: 'j', kilo: 'k', lima: 'l', mike: 'm', november: 'n', oscar: 'o', papa: 'p', quebec: 'q', romeo: 'r',
  sierra: 's', tango: 't', uniform: 'u', victor: 'v', whiskey: 'w', whisky: 'w', xray: 'x', 'x-ray': 'x', yankee: 'y', zulu: 'z',
  // Letter names as speech recognition writes them.
  ay: 'a', bee: 'b', cee: 'c', see: 'c', dee: 'd', ee: 'e', ef: 'f', eff: 'f', gee: 'g', aitch: 'h', jay: 'j', kay: 'k',
  el: 'l', em: 'm', en: 'n', pee: 'p', cue: 'q', queue: 'q', ar: 'r', are: 'r', ess: 's', tee: 't', vee: 'v', ex: 'x', why: 'y', zed: 'z', zee: 'z',
};
const REFERENCE = /^[ACDEFGHJKMNPQRTUVWXY346789]{3}-[ACDEFGHJKMNPQRTUVWXY346789]{4}$/;

/**
 * A request's reference code read out: "K 7 M 4 Q X R", "K7M-4QXR", "kilo seven mike four…".
 * Words that are not letters or digits ("my code is") are skipped. Null unless exactly seven
 * characters of the code alphabet come out.
 */
export function extractReferenceCode(text: string): string | null {
  const tokens = normalize(text).replace(/[,.]/g, ' ').split(/\s+/).filter(Boolean);
  let chars = '';
  for (let i = 0; i < tokens.length; i++) {
    const w = tokens[i]!;
    if (w === 'as' && tokens[i + 1] === 'in') {
      i += 2; // "M as in Mike": the example word is not another letter.
      continue;
    }
    if (w.length === 1) chars += w;
    else if (/^[a-z0-9]+(-[a-z0-9]+)?$/.test(w) && /\d/.test(w)) chars += w.replace('-', '');
    else if (/^[a-z]{3}-[a-z0-9]{4}$/.test(w)) chars += w.replace('-', '');
    else if (w in NATO) chars += NATO[w];
    else if (w in UNITS && w !== 'o') chars += String(UNITS[w]);
  }
  const code = normalizeReferenceCode(chars.slice(-7));
  return REFERENCE.test(code) ? code : null;
}

/** "K 7 M, 4 Q X R" for text-to-speech. */
export function sayReferenceCode(code: string): string {
  const [a, b] = code.split('-') as [string, string];
  return `${a.split('').join(' ')}, ${b.split('').join(' ')}`;
}
