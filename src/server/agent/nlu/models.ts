import { readdirSync } from 'node:fs';
import path from 'node:path';
import { appRoot } from '../../app-root.js';
import { cacheKey, readModels, writeModels } from './classifier/model-cache.js';
import { readEmergencyLines, readEntityCorpus, readIntentCorpus, readOutboundLines } from './corpus/corpus-files.js';
import { PURPOSE_ANSWERS, WHO_ANSWERS, type PurposeAnswer, type WhoAnswer } from './outbound-labels.js';
import { EMERGENCY_CATEGORIES, type EmergencyCategory } from './emergency.js';
import { INTENTS, type Intent } from './intents.js';
import { glossSpanish } from './language.js';
import { train, type Example, type Model } from './classifier/logistic.js';

/**
 * The understanding's statistical models, trained from the development corpus (never the blind
 * part): about 4 s on one core, done at `npm ci` and kept on disk, read by a server at start
 * (`warmUnderstanding`) so no caller waits for them. The same lines always give the same
 * weights (decision 037).
 */
export interface Models {
  intent: Model<Intent | 'other'>;
  /** Emergency now, or not (near misses and every ordinary request are the negatives). */
  urgency: Model<'emergency' | 'routine'>;
  /** Which kind of emergency, for the handoff and the words said back. */
  category: Model<EmergencyCategory>;
  /** An outbound callee's answer to "am I speaking with…?" (issue 27). */
  outboundWho: Model<WhoAnswer>;
  /** An outbound callee's answer to the purpose's question. */
  outboundPurpose: Model<PurposeAnswer>;
  /** The answer to "has the patient been seen here before?" told as a story ("dr patel delivered him"). */
  patientType: Model<PatientType>;
  /** A yes or a no said without the word ("a hundred percent", "the last name's off by a letter"). */
  yesNo: Model<YesNoLabel>;
}

export const YES_NO_LABELS = ['yes', 'no', 'unclear'] as const;
export type YesNoLabel = (typeof YES_NO_LABELS)[number];

export const PATIENT_TYPES = ['new', 'existing', 'unclear'] as const;
export type PatientType = (typeof PATIENT_TYPES)[number];

let models: Models | undefined;

export interface TrainingPart {
  intents: (Example<Intent | 'other'> & { language?: 'en' | 'es' })[];
  emergencies: { text: string; category: EmergencyCategory; emergency: boolean }[];
  outbound: { step: string; label: string; text: string }[];
  /** Answers to the agent's questions (names, dates of birth, numbers, yes or no): ordinary words, never an emergency. */
  answers?: string[];
  /** Answers to "has the patient been seen here before?", Spanish ones as the agent's gloss reads them. */
  patientTypes?: Example<PatientType>[];
  /** Answers to the agent's yes-or-no questions, the same way. */
  yesNos?: Example<YesNoLabel>[];
}

export function trainModels(part: TrainingPart): Models {
  const intent = train(INTENTS, withIntroductions(part.intents), { minCount: 2 });
  const positives = part.emergencies.filter((e) => e.emergency);
  // A missed emergency costs far more than a screening question: emergencies weigh more, enough
  // to outweigh the ordinary requests that are the negatives too (decision 037, session 19).
  // Features seen once are left out of every model: measured, the same figures on the development part
  // with fewer features for each web process to hold (the server-memory bar, DESIGN.md).
  const urgency = train(['emergency', 'routine'] as const, [
    ...positives.map((e) => ({ text: e.text, label: 'emergency' as const, weight: 7 })),
    ...part.emergencies.filter((e) => !e.emergency).map((e) => ({ text: e.text, label: 'routine' as const })),
    // Off-topic lines ('other') too: without them the model escalated noise like "blue elephants".
    ...part.intents.map((e) => ({ text: e.text, label: 'routine' as const })),
    // Answers to the agent's questions too: the screening question reads each clause of a run-on
    // sentence, and without them "my date of birth is 3/3/80" alone scored 0.9.
    ...(part.answers ?? []).map((text) => ({ text, label: 'routine' as const })),
  ], { minCount: 2 });
  const category = train(EMERGENCY_CATEGORIES, positives.map((e) => ({ text: e.text, label: e.category })), { minCount: 2 });
  const who = part.outbound.filter((l) => l.step === 'who') as Example<WhoAnswer>[];
  const answers = part.outbound.filter((l) => l.step !== 'who') as Example<PurposeAnswer>[];
  const outboundWho = train(WHO_ANSWERS, who, { minCount: 2 });
  const outboundPurpose = train(PURPOSE_ANSWERS, answers, { minCount: 2 });
  const patientType = train(PATIENT_TYPES, part.patientTypes ?? [], { minCount: 2 });
  const yesNo = train(YES_NO_LABELS, part.yesNos ?? [], { minCount: 2 });
  return { intent, urgency, category, outboundWho, outboundPurpose, patientType, yesNo };
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
function withIntroductions(examples: (Example<Intent | 'other'> & { language?: 'en' | 'es' })[]): Example<Intent | 'other'>[] {
  const extra: Example<Intent | 'other'>[] = [];
  examples.forEach((e, i) => {
    if (e.label === 'other' || e.label === 'greeting' || e.label === 'thanks' || e.label === 'goodbye' || e.label === 'repeat') return;
    const spanish = e.language === 'es';
    const list = INTRODUCTIONS[e.language ?? 'en'];
    const intro = list[i % list.length]!;
    extra.push({ ...e, text: i % 2 === 0 ? `${intro} ${e.text}` : `${e.text} ${spanish ? 'mi nombre es' : 'my name is'} ${intro.split(' ').slice(-2).join(' ')}` });
  });
  // Spanish lines once more as the agent's English gloss reads them: the model then also knows
  // the gloss of a Spanish caller, and averages both readings (understand.ts).
  const glossed = examples.filter((e) => e.language === 'es').map((e) => ({ ...e, text: glossSpanish(e.text) }));
  return [...examples, ...extra, ...glossed];
}

/** The corpus's answers to one question, as the dialogue hears them (a Spanish call reaches it glossed). */
export function answerExamples<L extends string>(lines: { slot: string; expected: string; text: string; language: 'en' | 'es' }[], slot: string, labels: readonly L[]): Example<L>[] {
  return lines
    .filter((l) => l.slot === slot && (labels as readonly string[]).includes(l.expected))
    .map((l) => ({ text: l.language === 'es' ? glossSpanish(l.text) : l.text, label: l.expected as L }));
}

export function understandingModels(): Models {
  models ??= cachedModels();
  return models;
}

/** The code that turns the corpus into models: this file and the classifier's. */
function trainingCode(): string[] {
  const nlu = path.join(appRoot, 'src/server/agent/nlu');
  const classifier = path.join(nlu, 'classifier');
  // language.ts glosses Spanish lines for training; emergency.ts folds the text the features read.
  return [path.join(nlu, 'models.ts'), path.join(nlu, 'language.ts'), path.join(nlu, 'emergency.ts'), ...readdirSync(classifier).filter((f) => f.endsWith('.ts')).sort().map((f) => path.join(classifier, f))];
}

function cachedModels(): Models {
  // Named by what they are trained on (the corpus lines and labels) and the code that trains them.
  const part: TrainingPart = {
    intents: readIntentCorpus('dev').map(({ text, label, language }) => ({ text, label, language })),
    emergencies: readEmergencyLines('dev'),
    outbound: readOutboundLines('dev').map(({ step, label, text }) => ({ step, label, text })),
    answers: readEntityCorpus('dev').map((l) => l.text),
    patientTypes: answerExamples(readEntityCorpus('dev'), 'patient_type', PATIENT_TYPES),
    yesNos: answerExamples(readEntityCorpus('dev'), 'yes_no', YES_NO_LABELS),
  };
  const file = path.join(appRoot, 'node_modules/.cache/switchboard-understanding', `${cacheKey({ part, INTENTS, EMERGENCY_CATEGORIES, WHO_ANSWERS, PURPOSE_ANSWERS, PATIENT_TYPES, YES_NO_LABELS }, trainingCode())}.bin`);
  const cached = readModels<Models & Record<string, Model<string>>>(file);
  if (cached) return cached;
  const trained = trainModels(part);
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
