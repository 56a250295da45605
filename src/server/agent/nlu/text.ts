/**
 * What speech recognition hands us, made comparable: lower case, straight quotes, hyphens and
 * slashes kept (dates, spelled names), other punctuation turned into spaces.
 */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    // "José García" → "jose garcia": accents folded, not the letters dropped.
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^a-z0-9'\-/+.,:\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words of an utterance: hyphens split words ("twenty-third" → twenty, third), apostrophes stay. */
export function words(text: string): string[] {
  return normalize(text)
    .replace(/[-/,.:+]/g, ' ')
    .split(' ')
    .filter(Boolean);
}

const FILLERS = new Set(['uh', 'um', 'erm', 'er', 'hmm', 'ah', 'oh', 'well', 'like', 'okay', 'ok', 'so']);

/** Words without hesitation noises at the start ("um, well, it's…"). */
export function withoutLeadingFillers(list: string[]): string[] {
  let i = 0;
  while (i < list.length && FILLERS.has(list[i]!)) i++;
  return list.slice(i);
}

export function containsAny(text: string, patterns: RegExp[]): boolean {
  return patterns.some((p) => p.test(text));
}

/** "Jane", "O'Brien", "Smith-Jones": each part capitalised. */
export function capitalizeName(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s'-])([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** Edit distance, for telling which of two names a correction is about. */
export function editDistance(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length]!;
}

/** "the third… no sorry, the fourth", "Jane, I mean Joan": a caller correcting themselves mid-answer. */
const SELF_CORRECTION = /(?:^|[\s,.])(?:no,? sorry|sorry,? no|no,? wait|wait,? no|no,? no|oh,? sorry|sorry,? i mean|sorry,? i meant|i mean|i meant|no,? i mean|actually|correction|scratch that|or rather|rather|let me rephrase|perdon|perdón|digo|no,? espere|mejor dicho|quiero decir)[\s,.]+/g;

/** A bare "no" or "sorry" between two values ("february second no third", "1987 sorry 1978"): a correction inside a date or a number. */
const BARE_NO = /[\s,.](?:no|nope|sorry)[\s,.]+/g;

/**
 * What was said before and after the last self-correction inside an answer, or null when there
 * is none. `bareNo`: a plain "no" between two values counts too (dates, numbers — not names,
 * where "no" may start a sentence about something else).
 */
export function splitAtCorrection(text: string, options: { bareNo?: boolean } = {}): { before: string; after: string } | null {
  let last: RegExpExecArray | null = null;
  for (const re of options.bareNo ? [SELF_CORRECTION, BARE_NO] : [SELF_CORRECTION]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) if (!last || m.index > last.index) last = m;
  }
  if (!last) return null;
  const before = text.slice(0, last.index).trim();
  const after = text.slice(last.index + last[0].length).trim();
  return before && after ? { before, after } : null;
}

/** "o apostrophe neill" → "o'neill", "garcia dash lopez" → "garcia-lopez": punctuation said as a word. */
export function joinSpokenPunctuation(text: string): string {
  return text.replace(/\s+(?:apostrophe|apostrofe|apóstrofe)\s+/g, "'").replace(/\s+(?:dash|hyphen|hyphenated|guion|guión)\s+/g, '-');
}
