import type { Rule } from './emergency-concepts/rule.js';
import { MENTAL_HEALTH_RULES } from './emergency-concepts/mental-health.js';
import { BREATHING_CARDIAC_RULES } from './emergency-concepts/breathing-cardiac.js';
import { NEURO_RULES } from './emergency-concepts/neuro.js';
import { BLEEDING_POISONING_RULES } from './emergency-concepts/bleeding-poisoning.js';
import { ALLERGIC_BURNS_RULES } from './emergency-concepts/allergic-burns.js';
import { MATERNAL_INFANT_RULES } from './emergency-concepts/maternal-infant.js';
import { TRAUMA_OTHER_RULES } from './emergency-concepts/trauma-other.js';

export type { Rule };

/**
 * The triage categories' concepts (emergency.ts judges each match in its clause): symptom and
 * event words with their everyday, slang and misrecognised forms in English and Spanish, and the
 * combinations that make an emergency (an ingestion verb with a substance or a quantity, a head
 * injury with its consequence, a baby's age with a fever, a pregnancy with bleeding or pain).
 * Kept apart from the matcher, one file per group of categories in emergency-concepts/; the
 * words they are built from are in emergency-vocabulary.ts.
 *
 * Order matters: the first rule that counts names the category. Mental health comes first, so
 * that intent to die with an overdose or an injury also gets the crisis line (988).
 */
export const RULES: Rule[] = [
  ...MENTAL_HEALTH_RULES,
  ...BREATHING_CARDIAC_RULES,
  ...NEURO_RULES,
  ...BLEEDING_POISONING_RULES,
  ...ALLERGIC_BURNS_RULES,
  ...MATERNAL_INFANT_RULES,
  ...TRAUMA_OTHER_RULES,
];
