import { eq, sql } from 'drizzle-orm';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentTestRuns, calls, handoffs, organizations, outboxMessages, scheduleShifts, webhookEndpoints } from '../../db/schema/index.js';
import { createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, type Practice } from '../testing/call-fixtures.js';
import { startWorker } from '../../worker.js';
import { playRun } from './run-agent-tests.job.js';
import { runQueueOf } from '../../features/agent-tests/index.js';
import type { ScenarioBody } from '../../../contracts/agent-tests.js';

/**
 * Agent-test runs through the real call pipeline (issue 32 §2): each scenario is a simulated call
 * in the practice's hidden sandbox; the results say pass or fail with the reasons, the transcript,
 * the stored records and per-turn latency — and none of it reaches the practice's calls, queue,
 * analytics or lists.
 */
let t: TestAppHandle;
let practice: Practice;
let supervisor: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  practice = await createPractice(t.ctx);
  const sup = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [practice.id] });
  supervisor = await signIn(t.app, sup.email, sup.password);
  const adm = await createStaffUser(t.ctx, { role: 'admin', organizationIds: [] });
  admin = await signIn(t.app, adm.email, adm.password);
}, 60_000);
afterAll(() => t?.close());

const api = async (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  return res;
};

const booking: ScenarioBody = {
  name: 'Books a follow-up',
  caller: {
    language: 'en',
    firstUtterance: "I'd like to book an appointment",
    answers: { name: 'Jane Smith', dateOfBirth: 'March 3rd 1980', reason: 'follow-up', patientType: 'returning', preferences: 'mornings' },
    yesNo: 'yes',
  },
  expectations: [
    { kind: 'appointment_request', fields: { firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03', isNewPatient: false } },
    { kind: 'outcome', outcome: 'appointment_requested' },
  ],
};
const wrongBirthday: ScenarioBody = {
  ...booking,
  name: 'Expects the wrong birthday',
  expectations: [{ kind: 'appointment_request', fields: { dateOfBirth: '1981-01-01' } }],
};
const emergency: ScenarioBody = {
  name: 'Chest pain in Spanish',
  caller: { language: 'es', firstUtterance: 'Tengo un dolor muy fuerte en el pecho y me cuesta respirar', yesNo: 'yes' },
  expectations: [{ kind: 'urgent_handoff' }, { kind: 'outcome', outcome: 'emergency' }],
};
const greeting: ScenarioBody = {
  name: 'Greets with the draft greeting',
  caller: { language: 'en', firstUtterance: 'What are your hours?', yesNo: 'no' },
  expectations: [{ kind: 'agent_said', text: 'Welcome to the test clinic' }, { kind: 'no_request' }],
};

async function suiteWith(scenarios: ScenarioBody[]): Promise<string> {
  const res = await api(supervisor, 'POST', `/api/organizations/${practice.id}/agent-tests/suites/import`, { format: 'switchboard.agent-tests.v1', name: `Suite ${Math.random()}`, scenarios });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function queueRun(suiteId: string, body: object = {}): Promise<string> {
  const res = await api(supervisor, 'POST', `/api/agent-tests/suites/${suiteId}/runs`, body);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toMatchObject({ status: 'queued', completed: 0 });
  return res.json().id as string;
}

const runView = async (runId: string) => (await api(supervisor, 'GET', `/api/agent-tests/runs/${runId}`)).json();

describe('a run of a suite', () => {
  it('plays each scenario through the pipeline and says what passed, what failed and why', async () => {
    const suiteId = await suiteWith([booking, wrongBirthday, emergency]);
    const runId = await queueRun(suiteId);
    const finished = await playRun(t.ctx, runId);
    expect(finished).toMatchObject({ status: 'failed', total: 3, completed: 3, passed: 2, failed: 1, emergencyExpected: 1, emergencyEscalated: 1 });

    const view = await runView(runId);
    expect(view).toMatchObject({ status: 'failed', settings: 'saved', emergency: { expected: 1, escalated: 1 } });
    const [first, second, third] = view.results;
    expect(first).toMatchObject({ name: 'Books a follow-up', passed: true, reasons: [] });
    expect(first.records.requests).toEqual([expect.objectContaining({ firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03', isNewPatient: false, status: 'submitted' })]);
    expect(first.records.call).toMatchObject({ status: 'completed', outcome: 'appointment_requested' });
    expect(first.transcript[0]).toMatchObject({ speaker: 'agent', text: expect.stringContaining(`Thank you for calling ${practice.name}`) });
    expect(first.transcript).toContainEqual(expect.objectContaining({ speaker: 'caller', text: 'Jane Smith' }));
    // One latency for the greeting and one per caller turn, each a real measurement.
    expect(first.turnLatenciesMs.length).toBe(first.transcript.filter((l: { speaker: string }) => l.speaker === 'caller').length + 1);
    expect(first.turnLatenciesMs.every((ms: number) => ms >= 0)).toBe(true);

    expect(second).toMatchObject({ passed: false, reasons: ['The appointment request differs: date of birth 1980-03-03, expected 1981-01-01.'] });

    expect(third).toMatchObject({ passed: true, emergencyExpected: true, emergencyEscalated: true });
    expect(third.records.handoffs).toContainEqual(expect.objectContaining({ type: 'urgent', priority: 'urgent' }));
    expect(third.transcript.find((l: { speaker: string; text: string }) => l.speaker === 'agent' && /911|emergencia/i.test(l.text))).toBeTruthy();
  }, 60_000);

  it('leaves nothing in the practice’s calls, queue, lists or outbox, and never texts or alerts anyone', async () => {
    const suiteId = await suiteWith([booking, emergency]);
    const runId = await queueRun(suiteId);
    await playRun(t.ctx, runId);
    const [sandbox] = await t.db.select().from(organizations).where(eq(organizations.sandboxOf, practice.id));
    expect(sandbox).toBeTruthy();
    // The calls were real: stored in the sandbox, with their handoffs. Each scenario starts from an
    // empty sandbox, so what is left is the last scenario's call (the results keep each one's records).
    const sandboxCalls = await t.db.select().from(calls).where(eq(calls.organizationId, sandbox!.id));
    expect(sandboxCalls.length).toBe(1);
    expect((await t.db.select().from(handoffs).where(eq(handoffs.organizationId, sandbox!.id))).length).toBeGreaterThan(0);
    // …and nobody sees them: not the practice's staff, not an administrator's every-organization views.
    for (const cookie of [supervisor, admin]) {
      const list = (await api(cookie, 'GET', '/api/calls?limit=100')).json();
      expect(list.items.map((c: { id: string }) => c.id)).not.toEqual(expect.arrayContaining([sandboxCalls[0]!.id]));
      const queue = (await api(cookie, 'GET', '/api/handoffs?tab=all&pageSize=100')).json();
      expect(queue.items.every((h: { organizationId: string }) => h.organizationId !== sandbox!.id)).toBe(true);
      const orgs = (await api(cookie, 'GET', '/api/organizations')).json();
      expect(JSON.stringify(orgs)).not.toContain(sandbox!.id);
      const session = (await api(cookie, 'GET', '/api/session')).json();
      expect(JSON.stringify(session)).not.toContain(sandbox!.id);
    }
    expect((await api(admin, 'GET', `/api/organizations/${sandbox!.id}`)).statusCode).toBe(404);
    expect((await api(admin, 'GET', `/api/calls/${sandboxCalls[0]!.id}`)).statusCode).toBe(404);
    // The urgent alert went to the sandbox's stand-in on duty, kept unsent; nothing is queued for delivery.
    const messages = await t.db.select().from(outboxMessages).where(eq(outboxMessages.organizationId, sandbox!.id));
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => m.status === 'suppressed' && (m.channel !== 'sms' || m.recipient.startsWith('+1202555')))).toBe(true);
    expect(messages.map((m) => m.recipient)).not.toContain(practice.onDuty!.phone);
    const outbox = (await api(admin, 'GET', '/api/developer/outbox?limit=100')).json();
    expect(outbox.items.map((m: { id: string }) => m.id)).not.toEqual(expect.arrayContaining([messages[0]!.id]));
    const queued = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'deliver-outbox-message' and (j.payload->>'id')::uuid in (select id from outbox_messages where organization_id = ${sandbox!.id})`);
    expect(queued.rows[0]!.n).toBe(0);
  }, 60_000);

  it('plays a draft of agent settings without saving it', async () => {
    const suiteId = await suiteWith([greeting]);
    const bad = await api(supervisor, 'POST', `/api/agent-tests/suites/${suiteId}/runs`, { draft: { agentSettings: { brain: 'llm', model: '' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ 'draft.agentSettings.model': 'Enter the model name the LLM agent uses.' });

    const saved = await queueRun(suiteId);
    await playRun(t.ctx, saved);
    expect((await runView(saved)).results[0]).toMatchObject({ passed: false, reasons: ['The agent never said "Welcome to the test clinic".'] });

    const draft = await queueRun(suiteId, { draft: { agentSettings: { greeting: 'Welcome to the test clinic. How can I help?' } } });
    await playRun(t.ctx, draft);
    expect(await runView(draft)).toMatchObject({ status: 'passed', settings: 'draft', results: [{ passed: true }], comparedWith: { runId: saved, newlyFailing: [], newlyPassing: ['Greets with the draft greeting'] } });
    // The practice's own settings are untouched.
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, practice.id));
    expect((row!.agentSettings as { greeting: string }).greeting).not.toContain('Welcome to the test clinic');
  }, 60_000);

  it('plays a call while open or while closed whatever the hour, with the front desk on duty while open', async () => {
    // The practice's front desk works one minute a week: only the scenario's "while open" makes it on duty now.
    await t.db.update(scheduleShifts).set({ days: [1], startTime: '03:00', endTime: '03:01' }).where(eq(scheduleShifts.organizationId, practice.id));
    const person = (callsWhen: 'open' | 'closed'): ScenarioBody => ({
      name: `Asks for a person while ${callsWhen}`,
      caller: { language: 'en', firstUtterance: 'Can I speak to someone at the front desk please?', callsWhen, yesNo: 'yes', answers: { name: 'Jane Smith', message: 'About a form' } },
      expectations: callsWhen === 'open' ? [{ kind: 'transferred', value: true }] : [{ kind: 'transferred', value: false }, { kind: 'handoff', type: 'callback' }],
    });
    try {
      const runId = await queueRun(await suiteWith([person('open'), person('closed')]));
      await playRun(t.ctx, runId);
      const view = await runView(runId);
      expect(view.results.map((r: { passed: boolean; reasons: string[] }) => [r.passed, r.reasons])).toEqual([
        [true, []],
        [true, []],
      ]);
      // Transferred to the stand-in on duty, never to the practice's own people.
      expect(view.results[0].records.transfers[0].target).not.toBe('Dana Reyes');
    } finally {
      await t.db.update(scheduleShifts).set({ days: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '24:00' }).where(eq(scheduleShifts.organizationId, practice.id));
    }
  }, 60_000);

  it('stops at a cancel: a queued run at once, a playing one before its next scenario', async () => {
    const suiteId = await suiteWith([greeting, greeting, greeting]);
    const queued = await queueRun(suiteId);
    const cancel = await api(supervisor, 'POST', `/api/agent-tests/runs/${queued}/cancel`);
    expect(cancel.json()).toMatchObject({ status: 'canceled', cancelRequested: true });
    expect(await playRun(t.ctx, queued)).toMatchObject({ status: 'canceled', completed: 0 });
    expect((await api(supervisor, 'POST', `/api/agent-tests/runs/${queued}/cancel`)).statusCode).toBe(409);

    // A cancel that arrives while a run plays (here: written after its first result).
    const playing = await queueRun(suiteId);
    await t.db.execute(sql`create or replace function agent_test_cancel_after_first() returns trigger language plpgsql as $$
      begin update agent_test_runs set cancel_requested_at = now() where id = new.run_id; return null; end $$`);
    await t.db.execute(sql`create trigger agent_test_cancel_after_first after insert on agent_test_results for each row execute function agent_test_cancel_after_first()`);
    try {
      expect(await playRun(t.ctx, playing)).toMatchObject({ status: 'canceled', completed: 1 });
    } finally {
      await t.db.execute(sql`drop trigger agent_test_cancel_after_first on agent_test_results`);
    }
  }, 60_000);

  it('runs on the worker, in the practice’s lane of the queue, and tells its webhooks when it ends', async () => {
    await t.db.insert(webhookEndpoints).values({ organizationId: practice.id, url: 'https://hooks.example.com/agent-tests', secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==', events: ['agent_test.run.completed'], enabled: true });
    const suiteId = await suiteWith([booking]);
    const runId = await queueRun(suiteId);
    const [job] = (await t.db.execute<{ queue_name: string }>(sql`select q.queue_name from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id join graphile_worker._private_job_queues q on q.id = j.job_queue_id where k.identifier = 'run-agent-tests' and j.payload->>'runId' = ${runId}`)).rows;
    expect(job!.queue_name).toBe(runQueueOf(practice.id));
    expect(job!.queue_name).toMatch(/^agent-tests-lane-[01]$/);
    let runner: Runner | undefined;
    try {
      runner = await startWorker(t.ctx, { pollInterval: 100 });
      const deadline = Date.now() + 30_000;
      let status = 'queued';
      while (Date.now() < deadline && ['queued', 'running'].includes(status)) {
        await new Promise((r) => setTimeout(r, 200));
        status = (await runView(runId)).status;
      }
      expect(status).toBe('passed');
    } finally {
      await runner?.stop();
    }
    const events = await t.db.execute<{ data: Record<string, unknown> }>(sql`select data from webhook_events where type = 'agent_test.run.completed' and data->>'runId' = ${runId}`);
    expect(events.rows).toEqual([{ data: expect.objectContaining({ runId, suiteId, organizationId: practice.id, status: 'passed', total: 1, passed: 1, failed: 0, settings: 'saved' }) }]);
    const [row] = await t.db.select().from(agentTestRuns).where(eq(agentTestRuns.id, runId));
    expect(row!.finishedAt).not.toBeNull();
  }, 60_000);
});
