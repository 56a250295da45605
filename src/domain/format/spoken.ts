import { formatPhoneNumber } from './phone.js';

/**
 * Text the agent spoke, as a person reads it. The agent reads numbers and codes out character by
 * character for the voice ("8 6 0, 5 5 5, 0 1 2 3"; "reference code is K 7 M, 4 P 2 Q"); the
 * transcript shows them whole: a phone number formatted for its country ("(860) 555-0123"), any
 * other run as its groups ("K7M 4P2Q").
 */
const SPELLED = /(?<![\w])[A-Z0-9](?: [A-Z0-9]){2,}(?:, [A-Z0-9](?: [A-Z0-9])+)*(?![\w])/g;

export function readSpoken(text: string, viewerCountry = 'US'): string {
  return text.replace(SPELLED, (run) => {
    // At least one digit: "I A M" is words, not a code.
    if (!/\d/.test(run)) return run;
    const groups = run.split(', ').map((g) => g.replace(/ /g, ''));
    const joined = groups.join('');
    if (/^\d+$/.test(joined) && joined.length >= 10) {
      const asPhone = formatPhoneNumber(joined.length === 10 ? `+1${joined}` : `+${joined}`, viewerCountry);
      if (asPhone.startsWith('+') || /^\(|^0/.test(asPhone)) return asPhone;
    }
    return groups.join(' ');
  });
}
