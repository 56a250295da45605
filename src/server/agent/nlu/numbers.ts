/** Numbers as people say them: "twenty third", "nineteen eighty", "two thousand and five", "3rd". */

export const UNITS: Record<string, number> = {
  zero: 0, oh: 0, o: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
};
export const TEENS: Record<string, number> = {
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
export const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const UNIT_ORDINALS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9,
};
const OTHER_ORDINALS: Record<string, number> = {
  tenth: 10, eleventh: 11, twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17,
  eighteenth: 18, nineteenth: 19, twentieth: 20, thirtieth: 30,
};

export interface Parsed {
  value: number;
  /** Index of the first word after the number. */
  next: number;
}

const unitWord = (w: string | undefined) => (w !== undefined && w in UNITS && w !== 'oh' && w !== 'o' && w !== 'zero' ? UNITS[w]! : undefined);

/** A number from 1 to 31 at `i`: "3", "3rd", "third", "twenty", "twenty three", "twenty-third", "thirty first". */
export function parseDayNumber(list: string[], i: number): Parsed | null {
  const w = list[i];
  if (w === undefined) return null;
  const digits = /^(\d{1,2})(st|nd|rd|th)?$/.exec(w);
  if (digits) {
    const value = Number(digits[1]);
    return value >= 1 && value <= 31 ? { value, next: i + 1 } : null;
  }
  if (w in UNIT_ORDINALS) return { value: UNIT_ORDINALS[w]!, next: i + 1 };
  if (w in OTHER_ORDINALS) return { value: OTHER_ORDINALS[w]!, next: i + 1 };
  if (w in TEENS) return { value: TEENS[w]!, next: i + 1 };
  if (w === 'twenty' || w === 'thirty') {
    const tens = TENS[w]!;
    const after = list[i + 1];
    const unit = after !== undefined ? (UNIT_ORDINALS[after] ?? unitWord(after)) : undefined;
    if (unit !== undefined && tens + unit <= 31) return { value: tens + unit, next: i + 2 };
    return { value: tens, next: i + 1 };
  }
  const single = unitWord(w);
  return single !== undefined ? { value: single, next: i + 1 } : null;
}

/** 0–99 in words at `i`: "eighty", "eighty five", "oh five", "ten". */
function parseTwoDigitWords(list: string[], i: number): Parsed | null {
  const w = list[i];
  if (w === undefined) return null;
  if (/^\d{2}$/.test(w)) return { value: Number(w), next: i + 1 };
  if ((w === 'oh' || w === 'o' || w === 'zero') && unitWord(list[i + 1]) !== undefined) return { value: unitWord(list[i + 1])!, next: i + 2 };
  if (w in TEENS) return { value: TEENS[w]!, next: i + 1 };
  if (w in TENS) {
    const unit = unitWord(list[i + 1]);
    return unit !== undefined ? { value: TENS[w]! + unit, next: i + 2 } : { value: TENS[w]!, next: i + 1 };
  }
  return null;
}

/**
 * A year at `i`: "1980", "'80"/"80" (two digits, resolved by `pivot`), "nineteen eighty",
 * "nineteen eighty five", "nineteen oh five", "two thousand", "two thousand and three",
 * "twenty oh three", "twenty twelve".
 */
export function parseYear(list: string[], i: number, pivot: (twoDigits: number) => number): Parsed | null {
  const w = list[i];
  if (w === undefined) return null;
  if (/^\d{4}$/.test(w)) return { value: Number(w), next: i + 1 };
  if (/^'?\d{2}$/.test(w)) return { value: pivot(Number(w.replace("'", ''))), next: i + 1 };
  if (w === 'two' && list[i + 1] === 'thousand') {
    let j = i + 2;
    if (list[j] === 'and') j++;
    const rest = parseTwoDigitWords(list, j) ?? (unitWord(list[j]) !== undefined ? { value: unitWord(list[j])!, next: j + 1 } : null);
    return rest ? { value: 2000 + rest.value, next: rest.next } : { value: 2000, next: i + 2 };
  }
  if (w === 'nineteen' || w === 'twenty' || w === 'eighteen') {
    const century = w === 'nineteen' ? 1900 : w === 'twenty' ? 2000 : 1800;
    if (list[i + 1] === 'hundred') {
      let j = i + 2;
      if (list[j] === 'and') j++;
      const rest = parseTwoDigitWords(list, j);
      return rest ? { value: century + rest.value, next: rest.next } : { value: century, next: i + 2 };
    }
    const rest = parseTwoDigitWords(list, i + 1);
    if (rest && rest.value >= 10) return { value: century + rest.value, next: rest.next };
    if (rest && (list[i + 1] === 'oh' || list[i + 1] === 'o' || list[i + 1] === 'zero')) return { value: century + rest.value, next: rest.next };
    return null;
  }
  const two = parseTwoDigitWords(list, i);
  if (two && two.value >= 10 && /^(eighty|ninety|seventy|sixty|fifty|forty|thirty)/.test(w)) return { value: pivot(two.value), next: two.next };
  return null;
}

const DIGIT_WORDS: Record<string, string> = { ...Object.fromEntries(Object.entries(UNITS).map(([k, v]) => [k, String(v)])), for: '4', to: '2', too: '2' };

/**
 * The digits in an utterance, as read out: "eight six oh, five five five" → 860555,
 * "double five" → 55, "triple zero" → 000, "860-555-0123" → 8605550123.
 */
export function spokenDigits(list: string[], opts: { loose?: boolean } = {}): string {
  let out = '';
  for (let i = 0; i < list.length; i++) {
    const w = list[i]!;
    if (/^\d+$/.test(w)) out += w;
    else if ((w === 'double' || w === 'triple') && list[i + 1] !== undefined) {
      const next = list[i + 1]!;
      const d = /^\d$/.test(next) ? next : (UNITS[next] !== undefined ? String(UNITS[next]) : null);
      if (d !== null) {
        out += d.repeat(w === 'double' ? 2 : 3);
        i++;
      }
    } else if (w in UNITS) out += String(UNITS[w]);
    else if (opts.loose && w in DIGIT_WORDS) out += DIGIT_WORDS[w];
  }
  return out;
}
