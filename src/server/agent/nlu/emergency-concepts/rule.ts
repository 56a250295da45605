import type { EmergencyCategory } from '../emergency.js';

/** One concept of a triage category; emergency.ts judges each match in its clause. */
export interface Rule {
  category: EmergencyCategory;
  re: RegExp;
  /** Must also be said somewhere in the utterance (the other half of a combination). */
  with?: RegExp;
  /** Said anywhere in the utterance, this takes the alarm away ("you won't see me again — we're moving"). */
  unless?: RegExp;
  /** "If I take forty of them, would that do it?": the supposition is itself the warning sign, not a hypothetical. */
  supposingToo?: boolean;
  /** "a mild allergic reaction": these qualifiers just before the words take the alarm away. */
  mildBefore?: boolean;
}
