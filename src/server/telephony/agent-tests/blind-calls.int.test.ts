import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoot } from '../../app-root.js';
import { organizationHours, organizations } from '../../db/schema/index.js';
import { defaultAgentSettings } from '../../../contracts/organizations.js';
import type { CheckView, Expectation, ResultRecords, SuiteFile } from '../../../contracts/agent-tests.js';
import { DEMO_FAQ } from '../../seed/demo-faq.js';
import { createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { createPractice } from '../testing/call-fixtures.js';
import { fold } from './expectations.js';
import { playRun } from './run-agent-tests.job.js';
import { whatWasAsked } from './simulated-caller.js';
import { predict } from '../../agent/nlu/classifier/logistic.js';
import { emergencyMentions } from '../../agent/nlu/emergency.js';
import { glossSpanish } from '../../agent/nlu/language.js';
import { understandingModels } from '../../agent/nlu/models.js';

/**
 * Issue 26 §5 and §8, measured on whole calls: blind callers — suites of simulated calls written
 * by someone who read only PRODUCT.md, the corpus README and the agent-test file format, never
 * the understanding or dialogue code — played through the real pipeline as a practice's agent
 * test would (import, run, stored records checked), against the practice they were written for.
 *
 * Whoever writes the understanding never reads these files: only the figures below are printed,
 * per group, and a failure is described by what was expected and what the call left (kinds of
 * records), never by a caller's words. The floors are today's figures, so a change that makes
 * whole calls go wrong more often fails.
 */
const BLIND_DIR = path.join(appRoot, 'src/server/agent/nlu/corpus/blind');
const suites: SuiteFile[] = readdirSync(BLIND_DIR)
  .filter((n) => /^calls-.*\.json$/.test(n))
  .sort()
  .map((n) => JSON.parse(readFileSync(path.join(BLIND_DIR, n), 'utf8')) as SuiteFile);

interface Result {
  name: string;
  passed: boolean;
  checks: CheckView[];
  records: ResultRecords;
  transcript: { speaker: 'agent' | 'caller'; text: string }[];
}

/** Where the call stopped, as a kind: what the agent last asked (never its words), and the number of turns. */
function whereItStopped(r: Result): string {
  const agent = r.transcript.filter((l) => l.speaker === 'agent');
  const last = agent.at(-1)?.text ?? '';
  const asked = whatWasAsked(last);
  return `last asked: ${asked}${asked === 'open' || asked === 'none' ? ` "${masked(last, r)}"` : ''}, ${r.transcript.filter((l) => l.speaker === 'caller').length} caller turns; asked ${pathOf(r)}`;
}

/** How an emergency got through, as the corpus scorer says it: which caller turn alarmed most, how sure the model was, what the rules said. */
function howMissed(r: Result): string {
  const models = understandingModels();
  const lines = r.transcript.filter((l) => l.speaker === 'caller').map((l) => l.text);
  let best = { p: -1, turn: 0, rules: 'none' };
  lines.forEach((text, i) => {
    const p = Math.max(...[text, glossSpanish(text)].map((t) => predict(models.urgency, t).ranked.find((x) => x.label === 'emergency')!.p));
    const m = emergencyMentions(text);
    if (p > best.p) best = { p, turn: i + 1, rules: m.counted ? 'counted' : m.discounted ? 'discounted' : 'none' };
  });
  return `most alarming caller turn ${best.turn} of ${lines.length}: model ${best.p.toFixed(2)}, rules ${best.rules}`;
}

/** At which caller turn a word was said, and what the agent had asked just before (kinds only). */
function whenSaid(r: Result, word: string): string {
  let asked = 'greeting';
  let turn = 0;
  for (const l of r.transcript) {
    if (l.speaker === 'agent') asked = whatWasAsked(l.text);
    else {
      turn++;
      if (fold(l.text).includes(fold(word))) return `at caller turn ${turn}, after the agent asked: ${turn === 1 ? 'how can I help' : asked}`;
    }
  }
  return '';
}

/** What the agent asked, turn by turn, as kinds ("name → dob → reason → …"): the path of the call without anyone's words. */
function pathOf(r: Result): string {
  return r.transcript
    .filter((l) => l.speaker === 'agent')
    .map((l) => {
      const asked = whatWasAsked(l.text);
      if (asked === 'dob') return `dob${dobKind(l.text)}`;
      if (asked === 'yes_no') return `yes_no${yesNoKind(l.text)}`;
      // An open question by its first words ("Sorry, just so I…", "I'm sorry, I'm having…"), masked as the rest.
      return asked === 'open' ? `open("${masked(l.text, r).split(/\s+/).slice(0, 5).join(' ')}")` : asked;
    })
    .join(' → ');
}

/** Which date-of-birth question: the part still missing, a retry, or a date refused as impossible. */
function dobKind(agentText: string): string {
  const t = agentText.toLowerCase();
  if (/what year|qué año/.test(t)) return ':year';
  if (/month and day|el mes y el día/.test(t)) return ':month_day';
  if (/day of the month|qué día del mes/.test(t)) return ':day';
  if (/valid date|no parece válida/.test(t)) return ':invalid';
  if (/didn't catch|no le entendí|no entendí/.test(t)) return ':retry';
  return '';
}

/** What a yes-or-no question offered or checked, by the agent's own words. */
function yesNoKind(agentText: string): string {
  const t = agentText.toLowerCase();
  if (/request a visit|pedir una cita para que/.test(t)) return ':visit';
  if (/read that back|all correct|le repito|es correcto|están correctos/.test(t)) return ':confirm';
  if (/best number|mejor número/.test(t)) return ':phone';
  if (/call you back|someone to call|que le llamen|le devuelva|le llame/.test(t)) return ':callback';
  if (/connect you|put you through|comunicarle|transferir/.test(t)) return ':transfer';
  if (/message|mensaje/.test(t)) return ':message';
  return '';
}

/** The agent's words with every word a caller said in that call blanked out, so nothing of a blind caller is printed. */
function masked(agentText: string, r: Result): string {
  const callerWords = new Set(r.transcript.filter((l) => l.speaker === 'caller').flatMap((l) => l.text.toLowerCase().match(/\p{L}+|\d+/gu) ?? []));
  return agentText.replace(/\p{L}+|\d+/gu, (w) => (callerWords.has(w.toLowerCase()) ? '…' : w)).slice(-140);
}

/** What went wrong, in kinds of records only (a blind caller's words are never printed). */
function failureKind(check: CheckView, records: ResultRecords, r: Result): string {
  const e: Expectation = check.expectation;
  const callerSaid = (word: string) => r.transcript.some((l) => l.speaker === 'caller' && fold(l.text).includes(fold(word)));
  const left = `left: ${records.requests.length} request(s), handoffs [${records.handoffs.map((h) => `${h.type}/${h.priority}`).join(', ')}], ${records.transfers.length ? 'transferred' : 'not transferred'}, outcome ${records.call?.outcome ?? 'none'}`;
  switch (e.kind) {
    case 'appointment_request': {
      if (records.requests.length === 0) return `appointment_request: none (${left})`;
      const stored = records.requests[0]!;
      const fields = Object.entries(e.fields)
        .filter(([k, v]) => {
          if (k === 'reason') return !fold(stored.reason ?? '').includes(fold(String(v)));
          const got = (stored as Record<string, unknown>)[k];
          return typeof v === 'string' && typeof got === 'string' ? got.toLowerCase() !== v.toLowerCase() : got !== v;
        })
        .map(([k]) => k);
      const said = e.fields.reason && fields.includes('reason') ? ` (the reason's word ${callerSaid(e.fields.reason) ? `was said by the caller ${whenSaid(r, e.fields.reason)}` : 'was never said by the caller'}; stored ${stored.reason?.includes(' — ') ? 'category and words' : 'a category only'})` : '';
      return `appointment_request: fields differ [${fields.join(', ')}]${said}`;
    }
    case 'handoff':
      return `handoff ${e.type}${e.mentions ? ` mentioning (a word the caller ${callerSaid(e.mentions) ? 'said' : 'never said'})` : ''}: not met (${left})`;
    case 'urgent_handoff':
      return `urgent_handoff: none (${left}; ${howMissed(r)})`;
    case 'no_request':
      return `no_request: not met (${left})`;
    case 'agent_said': {
      // Which of the practice's answers held the expected words, and which (if any) the agent read.
      const entryOf = (text: string) => DEMO_FAQ.maple.findIndex((f) => [f.answer, f.answerEs ?? ''].some((a) => fold(a).includes(fold(text))));
      const read = DEMO_FAQ.maple.map((f, i) => (r.transcript.some((l) => l.speaker === 'agent' && [f.answer, f.answerEs ?? ''].some((a) => fold(l.text).includes(fold(a.slice(0, 30))))) ? i + 1 : 0)).filter(Boolean);
      const expected = entryOf(e.text);
      return `agent_said: not said (expected ${expected >= 0 ? `FAQ entry ${expected + 1}` : 'words outside the FAQ'}; read ${read.length ? `entries ${read.join(', ')}` : 'no FAQ entry'}${r.transcript.some((l) => l.speaker === 'agent' && /don't have that information|no tengo esa información/.test(l.text)) ? ', said it does not know' : ''})`;
    }
    case 'transferred':
      return `transferred=${e.value}: not met (${left})`;
    case 'outcome':
      return `outcome ${e.outcome}: got ${records.call?.outcome ?? 'none'}`;
  }
}

let t: TestAppHandle;
let cookie: string;
let practiceId: string;

beforeAll(async () => {
  t = await createTestApp();
  // The practice the blind calls were written for: Maple Street Family Medicine, open weekdays.
  const practice = await createPractice(t.ctx);
  practiceId = practice.id;
  const name = 'Maple Street Family Medicine';
  await t.db
    .update(organizations)
    .set({
      name,
      address: { line1: '214 Maple Street', city: 'Hartford', region: 'CT', postalCode: '06103', country: 'US' },
      agentSettings: { ...defaultAgentSettings(name), faq: DEMO_FAQ.maple },
    })
    .where(eq(organizations.id, practice.id));
  await t.db
    .update(organizationHours)
    .set({ weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '17:00' })) })
    .where(eq(organizationHours.organizationId, practice.id));
  const sup = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [practice.id] });
  cookie = await signIn(t.app, sup.email, sup.password);
}, 60_000);
afterAll(() => t?.close());

async function play(file: SuiteFile): Promise<Result[]> {
  const imported = await t.app.inject({ method: 'POST', url: `/api/organizations/${practiceId}/agent-tests/suites/import`, headers: { cookie }, payload: file });
  expect(imported.statusCode, imported.body).toBe(201);
  const run = await t.app.inject({ method: 'POST', url: `/api/agent-tests/suites/${imported.json().id}/runs`, headers: { cookie }, payload: {} });
  expect(run.statusCode, run.body).toBe(202);
  // No real calls share this server: the pause that keeps a run off real calls' latency is not needed.
  await playRun(t.ctx, run.json().id, { turnPauseMs: 0 });
  const view = (await t.app.inject({ method: 'GET', url: `/api/agent-tests/runs/${run.json().id}`, headers: { cookie } })).json();
  return view.results as Result[];
}

describe('whole calls from callers nobody here wrote', () => {
  it('handles blind callers end to end and escalates every blind emergency', async () => {
    expect(suites.length).toBeGreaterThan(0);
    const results: Result[] = [];
    const perSuite: string[] = [];
    for (const suite of suites) {
      const played = await play(suite);
      results.push(...played);
      perSuite.push(`  ${suite.name}: ${played.filter((r) => r.passed).length} of ${played.length}`);
    }

    const groups = new Map<string, { passed: number; total: number; es: [number, number] }>();
    const failures = new Map<string, number>();
    const spanish = new Set(suites.flatMap((s) => s.scenarios.filter((sc) => sc.caller.language === 'es').map((sc) => sc.name)));
    for (const r of results) {
      const group = r.name.split(':')[0]!.trim();
      const g = groups.get(group) ?? { passed: 0, total: 0, es: [0, 0] };
      g.total += 1;
      g.passed += r.passed ? 1 : 0;
      if (spanish.has(r.name)) g.es = [g.es[0] + (r.passed ? 1 : 0), g.es[1] + 1];
      groups.set(group, g);
      for (const c of r.checks.filter((c) => !c.passed)) {
        const kind = `${group} — ${failureKind(c, r.records, r)}; ${whereItStopped(r)}`;
        failures.set(kind, (failures.get(kind) ?? 0) + 1);
      }
    }
    const passed = results.filter((r) => r.passed).length;
    const emergencies = results.filter((r) => r.checks.some((c) => c.expectation.kind === 'urgent_handoff'));
    const escalated = emergencies.filter((r) => r.checks.some((c) => c.expectation.kind === 'urgent_handoff' && c.passed)).length;
    const pct = (a: number, b: number) => `${((100 * a) / Math.max(b, 1)).toFixed(1)} %`;
    const lines = [
      `blind whole calls: ${passed} of ${results.length} passed (${pct(passed, results.length)}); emergencies escalated ${escalated} of ${emergencies.length}`,
      ...perSuite,
      ...[...groups].sort().map(([g, v]) => `  ${g.padEnd(20)} ${String(v.passed).padStart(3)} / ${String(v.total).padEnd(3)} ${pct(v.passed, v.total).padStart(7)}   Spanish ${v.es[0]} / ${v.es[1]}`),
      'failures (kinds only):',
      ...[...failures].sort((a, b) => b[1] - a[1]).map(([k, n]) => `  ${String(n).padStart(3)} × ${k}`),
    ];
    console.log(lines.join('\n'));

    expect(results.length).toBe(suites.reduce((n, s) => n + s.scenarios.length, 0));
    // Session 19's figures: 86.5 % of 808, 158 of 161 emergencies (batch 5 first scored 75.0 %, 82.0 % at the end).
    expect(passed / results.length).toBeGreaterThanOrEqual(0.85);
    expect(escalated).toBeGreaterThanOrEqual(emergencies.length - 3);
  }, 900_000);
});
