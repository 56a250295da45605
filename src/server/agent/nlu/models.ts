import { readEmergencyLines, readIntentCorpus } from './corpus/corpus-files.js';
import { EMERGENCY_CATEGORIES, type EmergencyCategory } from './emergency.js';
import { INTENTS, type Intent } from './intents.js';
import { train, type Example, type Model } from './classifier/logistic.js';

/**
 * The understanding's statistical models, trained from the development corpus (never the blind
 * part) the first time they are needed: about a second on one core, so a server warms them at
 * start (`warmUnderstanding`) and no caller waits for it. The same lines always give the same
 * weights (decision 037).
 */
export interface Models {
  intent: Model<Intent>;
  /** Emergency now, or not (near misses and every ordinary request are the negatives). */
  urgency: Model<'emergency' | 'routine'>;
  /** Which kind of emergency, for the handoff and the words said back. */
  category: Model<EmergencyCategory>;
}

let models: Models | undefined;

export function trainModels(part: { intents: Example<Intent>[]; emergencies: { text: string; category: EmergencyCategory; emergency: boolean }[] }): Models {
  const intent = train(INTENTS, part.intents);
  const positives = part.emergencies.filter((e) => e.emergency);
  // A missed emergency costs far more than a screening question: emergencies weigh more.
  const urgency = train(['emergency', 'routine'] as const, [
    ...positives.map((e) => ({ text: e.text, label: 'emergency' as const, weight: 2 })),
    ...part.emergencies.filter((e) => !e.emergency).map((e) => ({ text: e.text, label: 'routine' as const })),
    ...part.intents.map((e) => ({ text: e.text, label: 'routine' as const })),
  ]);
  const category = train(EMERGENCY_CATEGORIES, positives.map((e) => ({ text: e.text, label: e.category })));
  return { intent, urgency, category };
}

export function understandingModels(): Models {
  models ??= trainModels({ intents: readIntentCorpus('dev'), emergencies: readEmergencyLines('dev') });
  return models;
}

/** Trains the models now rather than on the first caller's turn. */
export function warmUnderstanding(): void {
  understandingModels();
}
