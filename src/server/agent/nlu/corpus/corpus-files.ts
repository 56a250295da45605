import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { appRoot } from '../../../app-root.js';
import { EMERGENCY_CATEGORIES, type EmergencyCategory } from '../emergency.js';
import { INTENTS, type Intent } from '../intents.js';
import { OUTBOUND_STEPS, PURPOSE_ANSWERS, WHO_ANSWERS, type OutboundStep, type PurposeAnswer, type WhoAnswer } from '../outbound-labels.js';

/**
 * The labelled caller corpus (corpus/README.md): `dev/` trains and tunes the understanding,
 * `blind/` only measures it. Read from the checkout at run time, so the models are built from
 * exactly the lines in the repository.
 */
export type CorpusPart = 'dev' | 'blind';

export interface Labelled<L> {
  text: string;
  label: L;
  language: 'en' | 'es';
  file: string;
  line: number;
}

export interface EmergencyLine {
  text: string;
  category: EmergencyCategory;
  /** False for a near miss of that category. */
  emergency: boolean;
  language: 'en' | 'es';
  file: string;
  line: number;
}

export const ENTITY_SLOTS = ['name', 'dob', 'yes_no', 'patient_type', 'phone'] as const;
export type EntitySlot = (typeof ENTITY_SLOTS)[number];

export interface EntityLine {
  slot: EntitySlot;
  expected: string;
  text: string;
  language: 'en' | 'es';
  file: string;
  line: number;
}

const corpusDir = (part: CorpusPart) => path.join(appRoot, 'src/server/agent/nlu/corpus', part);

function filesOf(part: CorpusPart, prefix: string): string[] {
  let names: string[];
  try {
    names = readdirSync(corpusDir(part));
  } catch {
    return [];
  }
  return names.filter((n) => n.startsWith(prefix) && n.endsWith('.txt')).sort().map((n) => path.join(corpusDir(part), n));
}

/** Each content line with its language (from the last `## … English/Spanish` heading) and fields split on `|`. */
function rows(file: string, fields: number): { parts: string[]; language: 'en' | 'es'; line: number }[] {
  const out: { parts: string[]; language: 'en' | 'es'; line: number }[] = [];
  let language: 'en' | 'es' = 'en';
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((raw, i) => {
      const line = raw.trim();
      if (line.startsWith('##')) {
        language = /spanish|español|espanol/i.test(line) ? 'es' : /english/i.test(line) ? 'en' : language;
        return;
      }
      if (!line || line.startsWith('#')) return;
      const parts = line.split('|').map((p) => p.trim());
      if (parts.length < fields) throw new Error(`${path.basename(file)} line ${i + 1} has fewer than ${fields} fields: ${line}`);
      // The utterance is the last field and may itself hold a "|".
      out.push({ parts: [...parts.slice(0, fields - 1), parts.slice(fields - 1).join(' | ')], language, line: i + 1 });
    });
  return out;
}

export function readIntentCorpus(part: CorpusPart): Labelled<Intent | 'other'>[] {
  return filesOf(part, 'intents').flatMap((file) =>
    rows(file, 2).map(({ parts: [label, text], language, line }) => {
      if (!(INTENTS as readonly string[]).includes(label!)) throw new Error(`${path.basename(file)} line ${line}: unknown intent "${label}"`);
      return { text: text!, label: label as Intent | 'other', language, file: path.basename(file), line };
    }),
  );
}

export function readEmergencyLines(part: CorpusPart): EmergencyLine[] {
  return filesOf(part, 'emergencies').flatMap((file) =>
    rows(file, 2).map(({ parts: [label, text], language, line }) => {
      const m = /^(not )?([a-z_]+)$/.exec(label!);
      if (!m || !EMERGENCY_CATEGORIES.includes(m[2] as EmergencyCategory)) throw new Error(`${path.basename(file)} line ${line} is not "<category> | words" or "not <category> | words"`);
      return { text: text!, category: m[2] as EmergencyCategory, emergency: !m[1], language, file: path.basename(file), line };
    }),
  );
}

export function readEntityCorpus(part: CorpusPart): EntityLine[] {
  return filesOf(part, 'entities').flatMap((file) =>
    rows(file, 3).map(({ parts: [slot, expected, text], language, line }) => {
      if (!ENTITY_SLOTS.includes(slot as EntitySlot)) throw new Error(`${path.basename(file)} line ${line}: unknown slot "${slot}"`);
      return { slot: slot as EntitySlot, expected: expected!, text: text!, language, file: path.basename(file), line };
    }),
  );
}

export interface OutboundLine {
  step: OutboundStep;
  label: WhoAnswer | PurposeAnswer;
  text: string;
  language: 'en' | 'es';
  file: string;
  line: number;
}

/** The outbound callee's answers (`<step> | <label> | <utterance>`); a label must fit its step. */
export function readOutboundLines(part: CorpusPart): OutboundLine[] {
  return filesOf(part, 'outbound').flatMap((file) =>
    rows(file, 3).map(({ parts: [step, label, text], language, line }) => {
      if (!OUTBOUND_STEPS.includes(step as OutboundStep)) throw new Error(`${path.basename(file)} line ${line}: unknown step "${step}"`);
      const labels: readonly string[] = step === 'who' ? WHO_ANSWERS : PURPOSE_ANSWERS;
      if (!labels.includes(label!)) throw new Error(`${path.basename(file)} line ${line}: "${label}" is not an answer to step ${step}`);
      return { step: step as OutboundStep, label: label as WhoAnswer | PurposeAnswer, text: text!, language, file: path.basename(file), line };
    }),
  );
}

/**
 * The blind lines that are not also development lines. Two writers who never saw each other's
 * lines still both write "yes" or "I think I have the wrong number": a line the models were
 * trained on says nothing about callers they have not heard, so it is left out of the blind figures.
 */
export function unseen<T extends { text: string }>(blind: T[]): T[] {
  const key = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const dev = new Set([...readIntentCorpus('dev'), ...readEmergencyLines('dev'), ...readEntityCorpus('dev'), ...readOutboundLines('dev')].map((l) => key(l.text)));
  return blind.filter((l) => !dev.has(key(l.text)));
}
