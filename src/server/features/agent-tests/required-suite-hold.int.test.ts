import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentTestRuns } from '../../db/schema/index.js';
import { auditRows, createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import type { ScenarioBody } from '../../../contracts/agent-tests.js';
import type { AgentSettings } from '../../../contracts/organizations.js';

/**
 * A save of agent settings that a required suite failed on is held back (issue 32 §4, decision
 * 056 addendum): refused with 409 `required_suite_failing` naming the suites, saved only when
 * the request confirms it, and then audited. Not held when the suite's latest run on exactly these
 * settings passed, when the suite is not required, or when no run was made on these settings.
 * Runs are started through the API (so their draft is stored as a real run stores it) and
 * finished here, as the worker would.
 */
let t: TestAppHandle;
let orgId: string;
let admin: { id: string; email: string; cookie: string };
let supervisorCookie: string;
const HELD = 'organization.agent_settings_saved_despite_failing_suite';

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrganization(t.ctx, { name: 'Held Saves Clinic' })).id;
  const a = await createStaffUser(t.ctx, { role: 'admin' });
  admin = { id: a.id, email: a.email, cookie: await signIn(t.app, a.email, a.password) };
  const s = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [orgId] });
  supervisorCookie = await signIn(t.app, s.email, s.password);
}, 60_000);
afterAll(() => t?.close());

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const scenario: ScenarioBody = {
  name: 'Asks the hours',
  caller: { language: 'en', firstUtterance: 'When are you open?' },
  expectations: [{ kind: 'outcome', outcome: 'question_answered' }],
};

async function organization() {
  const res = await call(admin.cookie, 'GET', `/api/organizations/${orgId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { version: number; agentSettings: AgentSettings };
}

async function suite(name: string, required: boolean) {
  const made = await call(supervisorCookie, 'POST', `/api/organizations/${orgId}/agent-tests/suites`, { name, required });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().id as string;
  expect((await call(supervisorCookie, 'POST', `/api/agent-tests/suites/${id}/scenarios`, scenario)).statusCode).toBe(201);
  return id;
}

/** A run of the suite on a draft, finished with `outcome` as the worker would finish it. */
async function draftRun(suiteId: string, agentSettings: Partial<AgentSettings>, outcome: 'passed' | 'failed' | 'error') {
  const started = await call(supervisorCookie, 'POST', `/api/agent-tests/suites/${suiteId}/runs`, { draft: { agentSettings } });
  expect(started.statusCode, started.body).toBe(202);
  const runId = started.json().id as string;
  await t.db
    .update(agentTestRuns)
    .set({ status: outcome, completed: 1, passed: outcome === 'passed' ? 1 : 0, failed: outcome === 'failed' ? 1 : 0, startedAt: new Date(), finishedAt: new Date() })
    .where(eq(agentTestRuns.id, runId));
  return runId;
}

const save = async (agentSettings: AgentSettings, extra: object = {}) => {
  const { version } = await organization();
  return call(admin.cookie, 'PATCH', `/api/organizations/${orgId}`, { version, agentSettings, ...extra });
};

describe('saving agent settings a required suite failed on', () => {
  it('is refused without a confirmation, names the suites, and saves nothing', async () => {
    const before = await organization();
    const required = await suite('Emergencies', true);
    const settings = { ...before.agentSettings, greeting: 'Thanks for calling; this greeting breaks emergencies.' };
    const runId = await draftRun(required, settings, 'failed');

    // The same settings as typed (spaces around the text, an FAQ entry's empty Spanish fields) are the same settings.
    const refused = await save({ ...settings, greeting: `  ${settings.greeting} ` });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'required_suite_failing',
      message: expect.stringContaining('“Emergencies”'),
      suites: [{ id: required, name: 'Emergencies', runId, passed: 0, total: 1 }],
    });
    const after = await organization();
    expect(after.version).toBe(before.version);
    expect(after.agentSettings.greeting).toBe(before.agentSettings.greeting);
    expect(await auditRows(t.db, HELD, orgId)).toEqual([]);

    // Saved once confirmed, and the confirmation is audited with the suites, the runs and who saved.
    const confirmed = await save(settings, { confirmRequiredSuiteFailure: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().agentSettings.greeting).toBe(settings.greeting);
    const [row, ...more] = await auditRows(t.db, HELD, orgId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      outcome: 'success',
      actorType: 'staff',
      actorId: admin.id,
      actorLabel: admin.email,
      organizationId: orgId,
      recordType: 'organization',
      details: { suites: [{ suiteId: required, name: 'Emergencies', runId, passed: 0, total: 1 }] },
    });
    // The usual record of the change names the fields, not the confirmation.
    expect((await auditRows(t.db, 'organization.updated', orgId))[0]!.details).toEqual({ fields: ['agentSettings'] });

    // Saving the organization again without changing those agent settings is not held.
    const { version } = await organization();
    const renamed = await call(admin.cookie, 'PATCH', `/api/organizations/${orgId}`, { version, name: 'Held Saves Clinic North', agentSettings: settings });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await auditRows(t.db, HELD, orgId)).toHaveLength(1);
  });

  it('is refused for FAQ entries typed with empty Spanish fields as for the same entries without them', async () => {
    const required = await suite('FAQ answers', true);
    const { agentSettings } = await organization();
    const faq = [{ question: 'Do you have parking?', answer: 'Yes, behind the building.' }];
    await draftRun(required, { ...agentSettings, faq: faq.map((e) => ({ ...e, questionEs: '', answerEs: '' })) }, 'failed');
    const refused = await save({ ...agentSettings, faq });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.suites.map((s: { name: string }) => s.name)).toContain('FAQ answers');
  });

  it('is not held when the required suite’s latest run on these settings passed', async () => {
    const required = await suite('Bookings', true);
    const { agentSettings } = await organization();
    const settings = { ...agentSettings, instructions: 'Be brief. Offer the earliest time first.' };
    await draftRun(required, settings, 'failed');
    await draftRun(required, settings, 'passed');
    const saved = await save(settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().agentSettings.instructions).toBe(settings.instructions);
  });

  it('is held when the latest run on these settings failed, though an earlier one passed', async () => {
    const required = await suite('Transfers', true);
    const { agentSettings } = await organization();
    const settings = { ...agentSettings, transferBehaviour: 'callback_only' as const };
    await draftRun(required, settings, 'passed');
    const failed = await draftRun(required, settings, 'failed');
    const refused = await save(settings);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.suites).toEqual([expect.objectContaining({ id: required, runId: failed })]);
  });

  it('is not held when the failing suite is not required, when the run did not finish with a verdict, or when no run was on exactly these settings', async () => {
    const optional = await suite('Nice to have', false);
    const required = await suite('Messages', true);
    const { agentSettings } = await organization();

    const notRequired = { ...agentSettings, emergencyMessage: 'Hang up and dial 911 now.' };
    await draftRun(optional, notRequired, 'failed');
    expect((await save(notRequired)).statusCode).toBe(200);

    const errored = { ...agentSettings, greetingEs: 'Gracias por llamar.' };
    await draftRun(required, errored, 'error');
    expect((await save(errored)).statusCode).toBe(200);

    const tried = { ...agentSettings, voice: 'Polly.Matthew' };
    await draftRun(required, tried, 'failed');
    const other = { ...tried, voice: 'Polly.Joey' };
    const saved = await save(other);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().agentSettings.voice).toBe('Polly.Joey');

    // A suite marked required after its run failed holds the save from then on.
    const later = { ...agentSettings, language: 'en-GB' };
    await draftRun(optional, later, 'failed');
    const suiteVersion = (await call(supervisorCookie, 'GET', `/api/agent-tests/suites/${optional}`)).json().version as number;
    expect((await call(supervisorCookie, 'PATCH', `/api/agent-tests/suites/${optional}`, { version: suiteVersion, required: true })).statusCode).toBe(200);
    const held = await save(later, { confirmRequiredSuiteFailure: false });
    expect(held.statusCode).toBe(409);
    expect(held.json().error.suites).toEqual([expect.objectContaining({ name: 'Nice to have' })]);
  });
});
