import { normalize } from './text.js';

/**
 * The reason for a visit, matched to one of the practice's visit reasons (the same list the web
 * form offers) through what people call them; anything else is "Other" with the caller's words.
 */
const SYNONYMS: { re: RegExp; keys: RegExp; withDetail?: boolean }[] = [
  { re: /\bnew patient\b|\bfirst (visit|appointment)\b|\bregister\b/, keys: /new patient/ },
  { re: /\bfollow[\s-]?up\b|\bcheck back\b|\bcome back\b|\bresults\b|\brecheck\b/, keys: /follow/ },
  { re: /\b(annual|yearly|physical|check[\s-]?up|wellness|well[\s-]?(child|woman|visit)|routine)\b/, keys: /physical|annual|wellness|check/ },
  { re: /\b(vaccin\w*|shots?|jab|immuni[sz]\w*|booster)\b/, keys: /vaccin|immuni|shot/ },
  {
    re: /\b(sick|ill|unwell|fever|cough|cold|flu|sore|throat|ear ?ache|infection|rash|pain|hurts|hurting|aching|aches|vomit\w*|diarrh\w*|headache|migraine|injur\w*|sprain\w*|cut|burn|stomach|not feeling well)\b/,
    keys: /sick|illness|acute|same/,
    withDetail: true,
  },
];

export interface VisitReason {
  reason: string;
  /** The caller's own words when the reason is "Other" or needs detail (symptoms). */
  reasonOther: string | null;
}

/** The caller's words with leading filler removed ("it's for my…" → "my…"). */
function detail(text: string): string {
  return text
    .trim()
    .replace(/^(?:(?:um|uh|well|so|yeah|yes|it's|it is|i need|i want|i'd like|i would like|for|a|an)\b[\s,]*)+/i, '')
    .slice(0, 300);
}

export function matchVisitReason(text: string, visitReasons: string[], opts: { requireMatch: boolean }): VisitReason | null {
  const t = normalize(text);
  for (const { re, keys, withDetail } of SYNONYMS) {
    if (!re.test(t)) continue;
    const reason = visitReasons.find((r) => keys.test(r.toLowerCase()));
    if (reason) return { reason, reasonOther: withDetail ? detail(text) : null };
  }
  const direct = visitReasons.find((r) => t.includes(r.toLowerCase()));
  if (direct) return { reason: direct, reasonOther: null };
  if (opts.requireMatch) return null;
  const words = detail(text);
  return words.length >= 3 ? { reason: 'Other', reasonOther: words } : null;
}

/** New (true) or existing (false) patient, when the sentence says so. */
export function newOrExistingPatient(text: string): boolean | null {
  const t = normalize(text);
  if (/\b(new patient|first time|never been|not been (there|here|before)|haven'?t been|have not been|not a patient|not yet a patient|new to (the|your) (practice|clinic|office))\b/.test(t)) return true;
  if (/\b(existing|returning|current patient|regular patient|already a patient|i'?m a patient|been (there|here|coming|seeing)|been before|seen (dr|doctor|there|you)|established)\b/.test(t)) return false;
  return null;
}
