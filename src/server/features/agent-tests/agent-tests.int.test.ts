import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentTestRuns, agentTestScenarios, apiKeys } from '../../db/schema/index.js';
import { createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { newApiKeySecret } from '../api-keys/api-keys.service.js';
import type { ScenarioBody } from '../../../contracts/agent-tests.js';

/**
 * Agent-test suites and scenarios (issue 32 §1, §5): made and edited by the practice's
 * supervisors, administrators and developers, checked field by field, exported and imported as
 * JSON, reachable by API key with the agent_tests scopes — and nobody else's.
 */
let t: TestAppHandle;
let homeId: string;
let otherId: string;
const cookies = {} as Record<'admin' | 'supervisor' | 'developer' | 'agent' | 'outsider', string>;
let creatorId: string;

beforeAll(async () => {
  t = await createTestApp();
  homeId = (await createOrganization(t.ctx, { name: 'Agent Tests Home' })).id;
  otherId = (await createOrganization(t.ctx, { name: 'Agent Tests Other' })).id;
  for (const [key, role, orgs] of [
    ['admin', 'admin', []],
    ['supervisor', 'supervisor', [homeId]],
    ['developer', 'developer', [homeId]],
    ['agent', 'agent', [homeId]],
    ['outsider', 'supervisor', [otherId]],
  ] as const) {
    const u = await createStaffUser(t.ctx, { role, organizationIds: [...orgs] });
    if (key === 'admin') creatorId = u.id;
    cookies[key] = await signIn(t.app, u.email, u.password);
  }
}, 60_000);
afterAll(() => t?.close());

const call = (who: keyof typeof cookies, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });

const scenario: ScenarioBody = {
  name: 'Leaves a message',
  caller: { language: 'es', firstUtterance: 'Quiero dejar un mensaje', answers: { name: 'Ana López', message: 'Llámenme por la receta' }, silences: [2], followUps: ['Nada más'] },
  expectations: [{ kind: 'handoff', type: 'message', mentions: 'receta' }, { kind: 'outcome', outcome: 'message_taken' }],
};

async function newSuite(who: keyof typeof cookies = 'supervisor', name = 'Front desk') {
  const res = await call(who, 'POST', `/api/organizations/${homeId}/agent-tests/suites`, { name, description: 'What the front desk relies on' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; version: number };
}

describe('suites and scenarios', () => {
  it('are made, read back with their defaults, edited and deleted by the practice’s staff', async () => {
    const suite = await newSuite();
    const added = await call('developer', 'POST', `/api/agent-tests/suites/${suite.id}/scenarios`, scenario);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      name: 'Leaves a message',
      position: 1,
      caller: { language: 'es', yesNo: 'yes', transferResult: 'completed', maxTurns: 14, callsWhen: 'any', silences: [2], followUps: ['Nada más'] },
      expectations: scenario.expectations,
    });
    const id = added.json().id as string;

    const list = (await call('supervisor', 'GET', `/api/organizations/${homeId}/agent-tests/suites`)).json();
    expect(list.items).toContainEqual(expect.objectContaining({ id: suite.id, name: 'Front desk', scenarioCount: 1, lastRun: null, required: false }));

    const edited = await call('supervisor', 'PUT', `/api/agent-tests/scenarios/${id}`, { ...scenario, name: 'Leaves a message in Spanish', version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Leaves a message in Spanish', version: 2 });
    // An edit made from an old copy is refused, and nothing is lost.
    const stale = await call('supervisor', 'PUT', `/api/agent-tests/scenarios/${id}`, { ...scenario, name: 'Overwritten', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('stale_version');
    const [row] = await t.db.select().from(agentTestScenarios).where(eq(agentTestScenarios.id, id));
    expect(row!.name).toBe('Leaves a message in Spanish');

    const required = await call('admin', 'PATCH', `/api/agent-tests/suites/${suite.id}`, { version: suite.version, required: true });
    expect(required.json()).toMatchObject({ required: true, version: suite.version + 1 });

    expect((await call('supervisor', 'DELETE', `/api/agent-tests/scenarios/${id}`)).statusCode).toBe(204);
    expect((await call('supervisor', 'GET', `/api/agent-tests/suites/${suite.id}`)).json().scenarios).toEqual([]);
    expect((await call('supervisor', 'DELETE', `/api/agent-tests/suites/${suite.id}`)).statusCode).toBe(204);
    expect((await call('supervisor', 'GET', `/api/agent-tests/suites/${suite.id}`)).statusCode).toBe(404);
  });

  it('refuse bad input with a message per field, and save nothing', async () => {
    const suite = await newSuite();
    const bad = await call('supervisor', 'POST', `/api/agent-tests/suites/${suite.id}/scenarios`, {
      name: '',
      caller: { language: 'fr', firstUtterance: '  ', silences: [0], maxTurns: 99 },
      expectations: [{ kind: 'handoff', type: 'fax' }, { kind: 'agent_said', text: '' }, { kind: 'teleport' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'validation_failed',
      fields: {
        name: 'Enter a name, e.g. Books a follow-up.',
        'caller.language': 'Choose English or Spanish.',
        'caller.firstUtterance': 'Enter what the caller says first.',
        'caller.silences.0': 'Turns count from 1.',
        'caller.maxTurns': 'At most 30 turns.',
        'expectations.0.type': 'Choose a handoff type.',
        'expectations.1.text': 'Enter the words the agent must say.',
        'expectations.2.kind': 'Choose what to expect.',
      },
    });
    const none = await call('supervisor', 'POST', `/api/agent-tests/suites/${suite.id}/scenarios`, { ...scenario, expectations: [] });
    expect(none.json().error.fields).toEqual({ expectations: 'Add at least one expectation.' });
    expect((await call('supervisor', 'POST', `/api/organizations/${homeId}/agent-tests/suites`, { name: 'x'.repeat(121) })).json().error.fields).toEqual({ name: 'Use at most 120 characters.' });
    expect((await t.db.select().from(agentTestScenarios).where(eq(agentTestScenarios.suiteId, suite.id))).length).toBe(0);
    // A run of an empty suite has nothing to play.
    const empty = await call('supervisor', 'POST', `/api/agent-tests/suites/${suite.id}/runs`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ suiteId: 'Add a scenario to this suite before running it.' });
  });

  it('export as JSON and import back as the same suite; a bad file is refused whole', async () => {
    const suite = await newSuite('supervisor', 'Exported');
    await call('supervisor', 'POST', `/api/agent-tests/suites/${suite.id}/scenarios`, scenario);
    await call('supervisor', 'POST', `/api/agent-tests/suites/${suite.id}/scenarios`, { ...scenario, name: 'Second' });
    const file = (await call('developer', 'GET', `/api/agent-tests/suites/${suite.id}/export`)).json();
    expect(file).toMatchObject({ format: 'switchboard.agent-tests.v1', name: 'Exported', scenarios: [{ name: 'Leaves a message' }, { name: 'Second' }] });

    const imported = await call('developer', 'POST', `/api/organizations/${homeId}/agent-tests/suites/import`, { ...file, name: 'Imported' });
    expect(imported.statusCode, imported.body).toBe(201);
    const back = (await call('developer', 'GET', `/api/agent-tests/suites/${imported.json().id}/export`)).json();
    expect(back).toEqual({ ...file, name: 'Imported' });

    const broken = await call('developer', 'POST', `/api/organizations/${homeId}/agent-tests/suites/import`, { ...file, name: 'Broken', scenarios: [file.scenarios[0], { ...file.scenarios[1], caller: { firstUtterance: '' } }] });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.fields).toEqual({ 'scenarios.1.caller.firstUtterance': 'Enter what the caller says first.' });
    const wrongFormat = await call('developer', 'POST', `/api/organizations/${homeId}/agent-tests/suites/import`, { ...file, format: 'something-else' });
    expect(wrongFormat.json().error.fields).toEqual({ format: 'This is not an agent-test suite file (format switchboard.agent-tests.v1).' });
    const names = (await call('developer', 'GET', `/api/organizations/${homeId}/agent-tests/suites`)).json().items.map((s: { name: string }) => s.name);
    expect(names).not.toContain('Broken');
  });

  it('are the practice’s only: agents are refused, other practices get not found', async () => {
    const suite = await newSuite();
    const added = (await call('supervisor', 'POST', `/api/agent-tests/suites/${suite.id}/scenarios`, scenario)).json();
    const run = await call('supervisor', 'POST', `/api/agent-tests/suites/${suite.id}/runs`, {});
    expect(run.statusCode).toBe(202);
    expect((await call('agent', 'GET', `/api/organizations/${homeId}/agent-tests/suites`)).statusCode).toBe(403);
    expect((await call('agent', 'GET', `/api/agent-tests/suites/${suite.id}`)).statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', `/api/organizations/${homeId}/agent-tests/suites`],
      ['GET', `/api/agent-tests/suites/${suite.id}`],
      ['GET', `/api/agent-tests/suites/${suite.id}/export`],
      ['DELETE', `/api/agent-tests/scenarios/${added.id}`],
      ['GET', `/api/agent-tests/runs/${run.json().id}`],
      ['POST', `/api/agent-tests/runs/${run.json().id}/cancel`],
      ['POST', `/api/agent-tests/suites/${suite.id}/runs`],
      ['GET', '/api/agent-tests/suites/not-a-uuid'],
    ] as const) {
      const res = await call('outsider', method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('admin', 'GET', `/api/agent-tests/runs/${run.json().id}`)).json()).toMatchObject({ status: 'queued', suiteName: 'Front desk', results: [] });
  });

  it('keep at most twenty runs of a practice waiting or playing', async () => {
    const org = await createOrganization(t.ctx, { name: 'Busy Practice' });
    const admin = cookies.admin;
    const suite = (await t.app.inject({ method: 'POST', url: `/api/organizations/${org.id}/agent-tests/suites`, headers: { cookie: admin }, payload: { name: 'Busy' } })).json();
    await t.app.inject({ method: 'POST', url: `/api/agent-tests/suites/${suite.id}/scenarios`, headers: { cookie: admin }, payload: scenario });
    const start = () => t.app.inject({ method: 'POST', url: `/api/agent-tests/suites/${suite.id}/runs`, headers: { cookie: admin }, payload: {} });
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await start()).statusCode);
    expect(statuses).toEqual([...Array(20).fill(202), 409]);
    const runs = (await t.app.inject({ method: 'GET', url: `/api/agent-tests/suites/${suite.id}/runs`, headers: { cookie: admin } })).json().items;
    expect(runs).toHaveLength(20);
    // Canceling one frees a place.
    await t.app.inject({ method: 'POST', url: `/api/agent-tests/runs/${runs[0].id}/cancel`, headers: { cookie: admin } });
    expect((await start()).statusCode).toBe(202);
  });
});

describe('the public API (/api/v1/agent-tests)', () => {
  async function key(scopes: string[]) {
    const { secret, prefix, hash } = newApiKeySecret();
    await t.db.insert(apiKeys).values({ name: 'CI', prefix, secretHash: hash, scopes, organizationIds: [homeId], createdBy: creatorId });
    return { authorization: `Bearer ${secret}` };
  }

  it('lets a practice’s CI read with agent_tests:read and run with agent_tests:write', async () => {
    const suite = await newSuite('supervisor', 'From CI');
    await call('supervisor', 'POST', `/api/agent-tests/suites/${suite.id}/scenarios`, scenario);
    const reader = await key(['agent_tests:read']);
    const writer = await key(['agent_tests:write']);
    const listed = await t.app.inject({ method: 'GET', url: `/api/v1/organizations/${homeId}/agent-tests/suites`, headers: reader });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items.map((s: { name: string }) => s.name)).toContain('From CI');
    const refused = await t.app.inject({ method: 'POST', url: `/api/v1/agent-tests/suites/${suite.id}/runs`, headers: reader, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('insufficient_scope');
    const run = await t.app.inject({ method: 'POST', url: `/api/v1/agent-tests/suites/${suite.id}/runs`, headers: writer, payload: { draft: { agentSettings: { greeting: 'Hello from CI.' } } } });
    expect(run.statusCode, run.body).toBe(202);
    expect(run.json()).toMatchObject({ status: 'queued', settings: 'draft' });
    const [row] = await t.db.select().from(agentTestRuns).where(eq(agentTestRuns.id, run.json().id));
    expect(row).toMatchObject({ createdByApiKey: true, draft: expect.objectContaining({ greeting: 'Hello from CI.' }) });
    const other = await t.app.inject({ method: 'GET', url: `/api/v1/organizations/${otherId}/agent-tests/suites`, headers: reader });
    expect(other.statusCode).toBe(404);
  });
});
