import { describe, expect, it } from 'vitest';
import { readEmergencyLines, readEntityCorpus, readIntentCorpus, readOutboundLines, unseen } from './corpus/corpus-files.js';
import { crossValidate, describe as describeFigures, emptyFigures, scoreEmergencies, scoreEntities, scoreIntents, scoreOutbound, type Figures } from './corpus/score.js';
import { EMERGENCY_CATEGORIES } from './emergency.js';

/**
 * Issue 26 §5: the understanding measured the way callers meet it. The development part is
 * scored by cross-validation (each fifth by models trained on the rest); the blind part — written
 * by people who never read this code, and never read by those who write it — by the models
 * trained on the whole development part. Both are printed side by side: the gap between them is
 * the figure to shrink. The floors below are today's figures, so a change that makes callers
 * understood less fails; the targets (blind: emergencies 100 %, intents ≥ 90 %) are in DESIGN.md.
 * Only figures of the blind part are printed, never its lines.
 */
// Lines that happen to be in the development part too are not blind (see `unseen`).
const blindIntents = unseen(readIntentCorpus('blind'));
const blindEmergencies = unseen(readEmergencyLines('blind'));
const blindEntities = unseen(readEntityCorpus('blind'));
const blindOutbound = unseen(readOutboundLines('blind'));
const rate = (a: number, b: number) => (b ? a / b : 0);

let dev: Figures;
let blind: Figures;
function figures() {
  if (!blind) {
    dev = crossValidate(readIntentCorpus('dev'), readEmergencyLines('dev'), readOutboundLines('dev'), readEntityCorpus('dev'));
    blind = emptyFigures();
    scoreIntents(blindIntents, undefined, blind);
    scoreEmergencies(blindEmergencies, undefined, blind);
    scoreEntities(blindEntities, blind);
    scoreOutbound(blindOutbound, undefined, blind);
    blind.mistakes = [];
    console.log(`${describeFigures('development part (cross-validated)', dev)}\n${describeFigures('blind part', blind)}`);
  }
  return { dev, blind };
}

describe('the caller corpus', () => {
  it('has a blind part of at least 1,200 utterances: 350 emergencies of every category, near misses, a quarter in Spanish', () => {
    const all = [...blindIntents, ...blindEmergencies, ...blindEntities];
    expect(all.length).toBeGreaterThanOrEqual(1200);
    expect(blindEmergencies.filter((e) => e.emergency).length).toBeGreaterThanOrEqual(350);
    expect(blindEmergencies.filter((e) => !e.emergency).length).toBeGreaterThanOrEqual(100);
    expect(all.filter((l) => l.language === 'es').length / all.length).toBeGreaterThanOrEqual(0.25);
    for (const category of EMERGENCY_CATEGORIES) expect(blindEmergencies.filter((e) => e.emergency && e.category === category).length, category).toBeGreaterThanOrEqual(15);
  });

});

describe('understanding callers nobody here wrote', { timeout: 120_000 }, () => {
  it('recognises what blind callers want (intent accuracy)', () => {
    const { dev, blind } = figures();
    expect(rate(blind.intents.correct, blind.intents.total)).toBeGreaterThanOrEqual(0.92);
    expect(rate(...blind.intents.es)).toBeGreaterThanOrEqual(0.9);
    expect(rate(dev.intents.correct, dev.intents.total)).toBeGreaterThanOrEqual(0.78);
  });

  it('escalates blind emergencies, at once or through the screening question, with few false alarms', () => {
    const { dev, blind } = figures();
    const e = blind.emergencies;
    expect(rate(e.atOnce + e.screened, e.total)).toBeGreaterThanOrEqual(0.995);
    expect(rate(e.atOnce, e.total)).toBeGreaterThanOrEqual(0.93);
    // Batch 4's near misses (12 % alarmed) are harder than the earlier ones (7–12 %).
    expect(rate(blind.nearMisses.alarms, blind.nearMisses.total)).toBeLessThanOrEqual(0.105);
    // What the sensitivity costs ordinary callers: almost never 911, rarely the screening question.
    expect(rate(blind.ordinary.alarms, blind.ordinary.total)).toBeLessThanOrEqual(0.01);
    expect(rate(blind.ordinary.screened, blind.ordinary.total)).toBeLessThanOrEqual(0.09);
    expect(rate(dev.emergencies.atOnce + dev.emergencies.screened, dev.emergencies.total)).toBeGreaterThanOrEqual(0.99);
    // Said inside a task, as the visit's reason or the message (98.3 % when measured first).
    expect(rate(...blind.midTask.emergencies)).toBeGreaterThanOrEqual(0.98);
    expect(rate(blind.midTask.nearMisses.alarms, blind.midTask.nearMisses.total)).toBeLessThanOrEqual(0.105);
    expect(rate(...blind.midTask.ordinaryScreened)).toBeLessThanOrEqual(0.05);
  });

  it('reads what blind callees answer when the practice calls them, and every emergency among them', () => {
    const { dev, blind } = figures();
    expect(blind.outbound.total).toBeGreaterThanOrEqual(250);
    // 0.93 since outbound batch 2 (88 % on its own: more Spanish, more mixed answers).
    expect(rate(blind.outbound.correct, blind.outbound.total)).toBeGreaterThanOrEqual(0.93);
    expect(blind.outbound.emergencies[0]).toBe(blind.outbound.emergencies[1]);
    expect(rate(dev.outbound.correct, dev.outbound.total)).toBeGreaterThanOrEqual(0.84);
  });

  it('takes names, dates of birth, yes and no, new or returning, and phone numbers from blind answers', () => {
    const { blind } = figures();
    const slot = (s: string) => rate(...(blind.entities[s] ?? [0, 1]));
    expect(slot('name')).toBeGreaterThanOrEqual(0.7);
    expect(slot('dob')).toBeGreaterThanOrEqual(0.92);
    expect(slot('yes_no')).toBeGreaterThanOrEqual(0.88);
    // 0.8 since entities batch 4 (65 % of its 20: "his sister goes there but he doesn't" and the like).
    expect(slot('patient_type')).toBeGreaterThanOrEqual(0.8);
    expect(slot('phone')).toBeGreaterThanOrEqual(0.9);
  });
});
