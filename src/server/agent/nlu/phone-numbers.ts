import { toE164 } from '../../../domain/phone.js';
import { spokenDigits, TEENS, TENS, UNITS } from './numbers.js';
import { normalize, splitAtCorrection, words } from './text.js';

export type PhoneCountry = 'US' | 'GB' | 'CA';

/**
 * A phone number said or typed in an utterance ("860 555 0123", "eight six oh five five five
 * oh one two three", "double five", "+44 20 7946 0000"), as E.164; null when the digits do not
 * make a valid number.
 */
export function extractPhone(text: string, country: PhoneCountry): string | null {
  const corrected = splitAtCorrection(normalize(text), { bareNo: true });
  let digits = spokenDigits(pairsAsDigits(words(text)));
  if (corrected) {
    // "312 555 0177, no wait, 0171": the digits after the correction replace the last ones said before it.
    const before = spokenDigits(pairsAsDigits(words(corrected.before)));
    const after = spokenDigits(pairsAsDigits(words(corrected.after)));
    if (after.length >= 7) digits = after;
    else if (after && before.length >= 7) digits = before.slice(0, before.length - after.length) + after;
  }
  if (digits.length < 7 || digits.length > 15) return null;
  const international = /(^|\s)(\+|plus\s)/.test(normalize(text));
  return toE164(international ? `+${digits}` : digits, country) ?? (digits.length > 10 ? toE164(`+${digits}`, country) : null);
}

const isDigitWord = (w: string | undefined) => w !== undefined && (/^\d+$/.test(w) || w in UNITS || w in TEENS || w in TENS || w === 'double' || w === 'triple' || w === 'hundred');

/**
 * Numbers said in pairs among the digits, as Americans read the last four ("five five five,
 * twelve twelve", "eight six seven, fifty three oh nine", "one eight hundred…"): as their digits.
 * Only next to other digits, so "I'm free after twelve" adds nothing.
 */
function pairsAsDigits(list: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const w = list[i]!;
    const near = isDigitWord(list[i - 1]) || isDigitWord(list[i + 1]);
    if (w in TEENS && near) out.push(String(TEENS[w]));
    else if (w in TENS && near) {
      const unit = list[i + 1] !== undefined && list[i + 1]! in UNITS && UNITS[list[i + 1]!]! > 0 && !['oh', 'o'].includes(list[i + 1]!) ? UNITS[list[i + 1]!]! : null;
      out.push(String(TENS[w]! + (unit ?? 0)));
      if (unit !== null) i++;
    } else if (w === 'hundred' && isDigitWord(list[i - 1])) out.push('00');
    else out.push(w);
  }
  return out;
}

/** "860-555-0123" read digit by digit with pauses: "8 6 0, 5 5 5, 0 1 2 3". */
export function sayPhone(e164: string): string {
  const national = e164.startsWith('+1') ? e164.slice(2) : e164.startsWith('+44') ? `0${e164.slice(3)}` : e164.replace('+', '');
  const groups = e164.startsWith('+1') && national.length === 10 ? [national.slice(0, 3), national.slice(3, 6), national.slice(6)] : chunk(national);
  return groups.map((g) => g.split('').join(' ')).join(', ');
}

function chunk(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i += 4) out.push(s.slice(i, i + 4));
  return out;
}
