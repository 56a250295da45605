import { readdirSync } from 'node:fs';
import path from 'node:path';
import { appRoot } from '../../app-root.js';
import { cacheKey, readModels, writeModels } from './classifier/model-cache.js';
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
  intent: Model<Intent | 'other'>;
  /** Emergency now, or not (near misses and every ordinary request are the negatives). */
  urgency: Model<'emergency' | 'routine'>;
  /** Which kind of emergency, for the handoff and the words said back. */
  category: Model<EmergencyCategory>;
}

let models: Models | undefined;

export function trainModels(part: { intents: Example<Intent | 'other'>[]; emergencies: { text: string; category: EmergencyCategory; emergency: boolean }[] }): Models {
  const intent = train(INTENTS, withIntroductions(part.intents), { minCount: 2 });
  const positives = part.emergencies.filter((e) => e.emergency);
  // A missed emergency costs far more than a screening question: emergencies weigh more.
  // Features seen once are left out of every model: measured, the same figures on the development part
  // with fewer features for each web process to hold (the server-memory bar, DESIGN.md).
  const urgency = train(['emergency', 'routine'] as const, [
    ...positives.map((e) => ({ text: e.text, label: 'emergency' as const, weight: 2 })),
    ...part.emergencies.filter((e) => !e.emergency).map((e) => ({ text: e.text, label: 'routine' as const })),
    // Off-topic lines ('other') too: without them the model escalated noise like "blue elephants".
    ...part.intents.map((e) => ({ text: e.text, label: 'routine' as const })),
  ], { minCount: 2 });
  const category = train(EMERGENCY_CATEGORIES, positives.map((e) => ({ text: e.text, label: e.category })), { minCount: 2 });
  return { intent, urgency, category };
}

const INTRODUCTIONS = {
  en: ['hi this is Maria Lopez', 'my name is John Carter', "hello it's Denise Okafor", 'yes hi, Robert Chen here', 'good morning my name is Ashley Nguyen and', 'hey this is Tom'],
  es: ['hola habla María López', 'mi nombre es Juan Pérez', 'buenos días soy Ana Ruiz', 'sí hola le habla Carmen Díaz', 'oiga mi nombre es José Martínez y'],
};

/**
 * Every request also said with a self-introduction before or after it: callers give their name
 * with any request, so a name must never count for one intent (without this, "my name is…" leaned
 * towards the intents whose examples happened to include one).
 */
function withIntroductions(examples: Example<Intent | 'other'>[]): Example<Intent | 'other'>[] {
  const extra: Example<Intent | 'other'>[] = [];
  examples.forEach((e, i) => {
    if (e.label === 'other' || e.label === 'greeting' || e.label === 'thanks' || e.label === 'goodbye' || e.label === 'repeat') return;
    const spanish = /[áéíóúñ¿¡]|\b(?:que|para|una|mi|necesito|quiero|por favor|hola)\b/i.test(e.text);
    const list = INTRODUCTIONS[spanish ? 'es' : 'en'];
    const intro = list[i % list.length]!;
    extra.push({ ...e, text: i % 2 === 0 ? `${intro} ${e.text}` : `${e.text} ${spanish ? 'mi nombre es' : 'my name is'} ${intro.split(' ').slice(-2).join(' ')}` });
  });
  return [...examples, ...extra];
}

export function understandingModels(): Models {
  models ??= cachedModels();
  return models;
}

/** What the models are built from: the development corpus and the code that trains them. */
function inputs(): string[] {
  const nlu = path.join(appRoot, 'src/server/agent/nlu');
  const dev = path.join(nlu, 'corpus/dev');
  return [
    ...readdirSync(dev).filter((f) => f.endsWith('.txt')).sort().map((f) => path.join(dev, f)),
    path.join(nlu, 'models.ts'),
    path.join(nlu, 'corpus/corpus-files.ts'),
    ...['features.ts', 'logistic.ts', 'model-cache.ts'].map((f) => path.join(nlu, 'classifier', f)),
  ];
}

function cachedModels(): Models {
  const file = path.join(appRoot, 'node_modules/.cache/switchboard-understanding', `${cacheKey(inputs())}.bin`);
  const cached = readModels<Models & Record<string, Model<string>>>(file);
  if (cached) return cached;
  const trained = trainModels({ intents: readIntentCorpus('dev'), emergencies: readEmergencyLines('dev') });
  try {
    writeModels(file, trained as unknown as Record<string, Model<string>>);
  } catch {
    // A read-only install: the models are trained at each start instead.
  }
  return trained;
}

/** Trains the models now rather than on the first caller's turn. */
export function warmUnderstanding(): void {
  understandingModels();
}
