import type { Intent } from '../intents.js';
import { glossSpanish } from '../language.js';
import { answerExamples, PATIENT_TYPES, trainModels, YES_NO_LABELS, type Models } from '../models.js';
import { readSlot, type SlotContext } from '../entities.js';
import { understand } from '../understand.js';
import { emergencyMentions } from '../emergency.js';
import { predict } from '../classifier/logistic.js';
import { understandingModels } from '../models.js';
import type { EmergencyLine, EntityLine, Labelled, OutboundLine } from './corpus-files.js';
import { readPurposeAnswer, readWhoAnswer } from '../outbound-answers.js';

/**
 * Figures of the understanding on a part of the corpus (issue 26 §5): intent accuracy, entity
 * accuracy per slot, emergency recall (at once, or through the screening question) and false
 * alarms. The blind part is only ever scored, never printed line by line.
 */
export interface Figures {
  intents: { total: number; correct: number; asked: number; en: [number, number]; es: [number, number]; byLabel: Record<string, [correct: number, total: number]> };
  /** Ordinary requests (the intent lines) sent to 911 or asked the screening question: what sensitivity costs. */
  ordinary: { total: number; alarms: number; screened: number };
  emergencies: { total: number; atOnce: number; screened: number; missed: number; missedBy: Record<string, number>; missedHow: Record<string, number> };
  nearMisses: { total: number; alarms: number; screened: number };
  /**
   * The same lines said inside a task, as the reason for a visit or the message itself: the
   * emergencies escalated or screened there, and the near misses and ordinary requests screened
   * (what asking mid-task costs callers who are fine).
   */
  midTask: { emergencies: [caught: number, total: number]; nearMisses: { alarms: number; screened: number; total: number }; ordinaryScreened: [number, number] };
  entities: Record<string, [correct: number, total: number]>;
  /** Outbound callees' answers read as the dialogue reads them; `unclear` is asked again, not acted on. */
  outbound: { total: number; correct: number; unclear: number; who: [number, number]; purpose: [number, number]; emergencies: [number, number] };
  mistakes: string[];
}

const SLOT_CONTEXT: SlotContext = { dayFirst: false, today: '2026-11-28', country: 'US' };

const heardAs = (text: string, language: 'en' | 'es') => (language === 'es' ? glossSpanish(text) : text);

export function scoreIntents(lines: Labelled<Intent | 'other'>[], models: Models | undefined, f: Figures): void {
  for (const l of lines) {
    const u = understand(l.text, { gloss: heardAs(l.text, l.language), models });
    const ok = u.intent === (l.label === 'other' ? null : l.label);
    f.intents.total++;
    if (ok) f.intents.correct++;
    if (u.intent === null && l.label !== 'other') f.intents.asked++;
    f.intents[l.language][1]++;
    const byLabel = (f.intents.byLabel[l.label] ??= [0, 0]);
    byLabel[1]++;
    if (ok) byLabel[0]++;
    f.ordinary.total++;
    if (u.urgency.level === 'emergency') {
      f.ordinary.alarms++;
      f.mistakes.push(`alarm on ${l.label} | ${l.text}`);
    } else if (u.urgency.level === 'screen') f.ordinary.screened++;
    f.midTask.ordinaryScreened[1]++;
    if (saidInsideATask(l.text, l.language, models) !== 'none') f.midTask.ordinaryScreened[0]++;
    if (ok) f.intents[l.language][0]++;
    else f.mistakes.push(`intent ${l.label} → ${u.intent ?? `ask (${u.alternatives.map((a) => a.intent).join('/')})`} ${u.confidence.toFixed(2)} | ${l.text}`);
  }
}

/** The urgency of a line said as the answer to "what's the reason for the visit?" or "what's the message?". */
const saidInsideATask = (text: string, language: 'en' | 'es', models: Models | undefined) => understand(text, { gloss: heardAs(text, language), models, openMoment: false, describing: true }).urgency.level;

export function scoreEmergencies(lines: EmergencyLine[], models: Models | undefined, f: Figures): void {
  for (const l of lines) {
    const level = understand(l.text, { gloss: heardAs(l.text, l.language), models }).urgency.level;
    const inside = saidInsideATask(l.text, l.language, models);
    if (l.emergency) {
      f.midTask.emergencies[1]++;
      if (inside !== 'none') f.midTask.emergencies[0]++;
    } else {
      f.midTask.nearMisses.total++;
      if (inside === 'emergency') f.midTask.nearMisses.alarms++;
      else if (inside === 'screen') f.midTask.nearMisses.screened++;
    }
    if (l.emergency) {
      f.emergencies.total++;
      if (level === 'emergency') f.emergencies.atOnce++;
      else if (level === 'screen') f.emergencies.screened++;
      else {
        f.emergencies.missed++;
        f.emergencies.missedBy[l.category] = (f.emergencies.missedBy[l.category] ?? 0) + 1;
        const how = missedHow(l.text, models ?? understandingModels());
        f.emergencies.missedHow[how] = (f.emergencies.missedHow[how] ?? 0) + 1;
        f.mistakes.push(`missed ${l.category} | ${l.text}`);
      }
    } else {
      f.nearMisses.total++;
      if (level === 'emergency') {
        f.nearMisses.alarms++;
        f.mistakes.push(`false alarm not ${l.category} | ${l.text}`);
      } else if (level === 'screen') f.nearMisses.screened++;
    }
  }
}

/**
 * Which mechanism let an emergency through, never its words: the blind part's misses can then
 * point at a mechanism (a discount too eager, the model too unsure) without being read.
 */
function missedHow(text: string, models: Models): string {
  const mentions = emergencyMentions(text);
  if (mentions.discounted) return 'a rule matched but was discounted';
  const p = predict(models.urgency, text).ranked.find((r) => r.label === 'emergency')!.p;
  return p >= 0.3 ? 'model ≥ 0.3, screening held back (routine request or few words)' : p >= 0.1 ? 'model 0.1–0.3' : 'model < 0.1';
}

export function scoreEntities(lines: EntityLine[], f: Figures, models?: Models): void {
  // Accents folded: speech recognition gives them or not, and the agent stores what it heard.
  const norm = (v: string | null) => (v ?? 'none').toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9'\- ]/g, '').replace(/\s+/g, ' ').trim();
  for (const l of lines) {
    const got = readSlot(l.slot, l.text, { ...SLOT_CONTEXT, language: l.language, ...(models ? { models } : {}) }).value;
    const ok = norm(got) === norm(l.expected);
    const tally = (f.entities[l.slot] ??= [0, 0]);
    tally[1]++;
    if (ok) tally[0]++;
    else f.mistakes.push(`${l.slot} ${l.expected} → ${got ?? 'none'} | ${l.text}`);
  }
}

export function scoreOutbound(lines: OutboundLine[], models: Models | undefined, f: Figures): void {
  for (const l of lines) {
    const o = { language: l.language, ...(models ? { models } : {}) };
    const got = l.step === 'who' ? readWhoAnswer(l.text, o) : readPurposeAnswer(l.text, o);
    const ok = got === l.label;
    f.outbound.total++;
    if (ok) f.outbound.correct++;
    if (got === null) f.outbound.unclear++;
    const tally = l.step === 'who' ? f.outbound.who : f.outbound.purpose;
    tally[1]++;
    if (ok) tally[0]++;
    if (l.label === 'emergency') {
      f.outbound.emergencies[1]++;
      if (got === 'emergency') f.outbound.emergencies[0]++;
    }
    if (!ok) f.mistakes.push(`outbound ${l.step} ${l.label} → ${got ?? 'unclear'} | ${l.text}`);
  }
}

export function emptyFigures(): Figures {
  return {
    intents: { total: 0, correct: 0, asked: 0, en: [0, 0], es: [0, 0], byLabel: {} },
    ordinary: { total: 0, alarms: 0, screened: 0 },
    midTask: { emergencies: [0, 0], nearMisses: { alarms: 0, screened: 0, total: 0 }, ordinaryScreened: [0, 0] },
    emergencies: { total: 0, atOnce: 0, screened: 0, missed: 0, missedBy: {}, missedHow: {} },
    nearMisses: { total: 0, alarms: 0, screened: 0 },
    entities: {},
    outbound: { total: 0, correct: 0, unclear: 0, who: [0, 0], purpose: [0, 0], emergencies: [0, 0] },
    mistakes: [],
  };
}

/**
 * The development part's honest figure: each fifth scored by models trained on the other four
 * (scoring lines the model was trained on would say nothing about callers it has not heard).
 */
export function crossValidate(intents: Labelled<Intent | 'other'>[], emergencies: EmergencyLine[], outbound: OutboundLine[], entities: EntityLine[] = [], folds = 5): Figures {
  const f = emptyFigures();
  for (let k = 0; k < folds; k++) {
    const inFold = (_: unknown, i: number) => i % folds === k;
    const outFold = (_: unknown, i: number) => i % folds !== k;
    const models = trainModels({
      intents: intents.filter(outFold).map((l) => ({ text: l.text, label: l.label, language: l.language })),
      emergencies: emergencies.filter(outFold),
      outbound: outbound.filter(outFold),
      answers: entities.map((l) => l.text),
      patientTypes: answerExamples(entities.filter(outFold), 'patient_type', PATIENT_TYPES),
      yesNos: answerExamples(entities.filter(outFold), 'yes_no', YES_NO_LABELS),
    });
    scoreIntents(intents.filter(inFold), models, f);
    scoreEmergencies(emergencies.filter(inFold), models, f);
    scoreOutbound(outbound.filter(inFold), models, f);
    scoreEntities(entities.filter(inFold), f, models);
  }
  return f;
}

const pct = (a: number, b: number) => (b ? `${((a / b) * 100).toFixed(1)} %` : '—');

export function describe(name: string, f: Figures): string {
  const e = f.emergencies;
  const n = f.nearMisses;
  return [
    `${name}:`,
    `  intents ${pct(f.intents.correct, f.intents.total)} of ${f.intents.total} (English ${pct(...f.intents.en)}, Spanish ${pct(...f.intents.es)}; asked to clarify ${f.intents.asked})`,
    `    by label: ${Object.entries(f.intents.byLabel).sort(([, a], [, b]) => a[0] / a[1] - b[0] / b[1]).map(([label, [c, t]]) => `${label} ${pct(c, t)} of ${t}`).join(', ')}`,
    `  emergencies ${e.total}: escalated at once ${pct(e.atOnce, e.total)}, with the screening question ${pct(e.atOnce + e.screened, e.total)}, missed ${e.missed}${e.missed ? ` (${Object.entries(e.missedBy).map(([c, n]) => `${c} ${n}`).join(', ')}; ${Object.entries(e.missedHow).map(([c, n]) => `${c}: ${n}`).join(', ')})` : ''}`,
    `  near misses ${n.total}: false alarms ${pct(n.alarms, n.total)}, screening question ${pct(n.screened, n.total)}`,
    `  ordinary requests ${f.ordinary.total}: false alarms ${pct(f.ordinary.alarms, f.ordinary.total)}, screening question ${pct(f.ordinary.screened, f.ordinary.total)}`,
    `  said inside a task (as the visit's reason or the message): emergencies caught ${pct(...f.midTask.emergencies)} of ${f.midTask.emergencies[1]}, near misses: false alarms ${pct(f.midTask.nearMisses.alarms, f.midTask.nearMisses.total)}, asked ${pct(f.midTask.nearMisses.screened, f.midTask.nearMisses.total)}, ordinary requests asked ${pct(...f.midTask.ordinaryScreened)}`,
    `  entities ${Object.entries(f.entities).map(([s, [c, t]]) => `${s} ${pct(c, t)} of ${t}`).join(', ') || '—'}`,
    `  outbound answers ${pct(f.outbound.correct, f.outbound.total)} of ${f.outbound.total} ("am I speaking with…" ${pct(...f.outbound.who)}, the purpose's question ${pct(...f.outbound.purpose)}; asked again ${f.outbound.unclear}; emergencies ${f.outbound.emergencies[0]} of ${f.outbound.emergencies[1]})`,
  ].join('\n');
}
