import { sql as sqlTag } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { enqueueJob } from '../../jobs/jobs.repository.js';
import { assertOrganizationVisible, type StaffActor } from '../../policy/actor.js';
import {
  DraftAgentSettings,
  ScenarioBody,
  SuiteBody,
  SuiteFile,
  type RunDetailView,
  type ScenarioData,
  type StartRunBody,
  type SuiteDetailView,
} from '../../../contracts/agent-tests.js';
import { AgentSettings, AppointmentSettings } from '../../../contracts/organizations.js';
import { recordAudit } from '../audit/index.js';
import { canonicalAgentSettings, findHours, isUuid, loadVisibleOrganization } from '../organizations/index.js';
import { hasShifts } from '../schedules/index.js';
import * as repo from './agent-tests.repository.js';
import { presentResult, presentRun, presentScenario, presentSuite, scenarioData } from './agent-tests.presenter.js';
import { starterScenarios } from './starter-suite.js';

/** The worker task that plays a run (telephony/agent-tests/run-agent-tests.job.ts). */
export const RUN_AGENT_TESTS_TASK = 'run-agent-tests';
/**
 * Runs play in a few graphile-worker queues ("lanes"), a practice always in the same one: its runs
 * play one at a time, and at most AGENT_TEST_LANES runs play at once in the whole deployment, so
 * test calls never take more than that share of the machine from real calls (decision 056).
 */
export const AGENT_TEST_LANES = 2;
export const runQueueOf = (organizationId: string) => {
  let h = 0;
  for (const c of organizationId) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `agent-tests-lane-${h % AGENT_TEST_LANES}`;
};
/**
 * Runs a practice may have waiting or playing at once: enough for "test before you publish" to run
 * every suite on a draft; they play one at a time in the practice's lane, so waiting costs nothing.
 */
export const MAX_UNFINISHED_RUNS = 20;
/** Scenarios in one suite. */
export const MAX_SCENARIOS = 200;

// Loading with the actor's organizations (another organization's record is "not found").

async function visibleSuite(ctx: AppContext, actor: StaffActor, id: string): Promise<repo.SuiteRow> {
  if (!isUuid(id)) throw notFound('That suite');
  const suite = await repo.findSuite(ctx.db, id);
  if (!suite) throw notFound('That suite');
  assertOrganizationVisible(actor, suite.organizationId, 'That suite');
  return suite;
}

async function visibleScenario(ctx: AppContext, actor: StaffActor, id: string): Promise<repo.ScenarioRow> {
  if (!isUuid(id)) throw notFound('That scenario');
  const scenario = await repo.findScenario(ctx.db, id);
  if (!scenario) throw notFound('That scenario');
  assertOrganizationVisible(actor, scenario.organizationId, 'That scenario');
  return scenario;
}

async function visibleRun(ctx: AppContext, actor: StaffActor, id: string): Promise<repo.RunRow> {
  if (!isUuid(id)) throw notFound('That run');
  const run = await repo.findRun(ctx.db, id);
  if (!run) throw notFound('That run');
  assertOrganizationVisible(actor, run.organizationId, 'That run');
  return run;
}

const storable = (s: ScenarioData) => ({ name: s.name, caller: s.caller as unknown as Record<string, unknown>, expectations: s.expectations as unknown as Record<string, unknown>[] });

// Suites ----------------------------------------------------------------------------------------

export async function listSuitesFor(ctx: AppContext, actor: StaffActor, organizationId: string) {
  const org = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const suites = await repo.listSuites(ctx.db, org.id);
  const last = await repo.latestRuns(ctx.db, suites.map((s) => s.id));
  return { items: suites.map((s) => presentSuite(s, last.get(s.id))) };
}

export async function createSuite(ctx: AppContext, actor: StaffActor, organizationId: string, body: SuiteBody) {
  const org = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const input = SuiteBody.parse(body);
  const suite = await repo.insertSuite(ctx.db, { organizationId: org.id, name: input.name, description: input.description, required: input.required, createdBy: actor.userId });
  return presentSuite({ ...suite, scenarioCount: 0 }, undefined);
}

export async function getSuite(ctx: AppContext, actor: StaffActor, suiteId: string): Promise<SuiteDetailView> {
  const suite = await visibleSuite(ctx, actor, suiteId);
  const [scenarios, last] = await Promise.all([repo.listScenarios(ctx.db, suite.id), repo.latestRuns(ctx.db, [suite.id])]);
  return { ...presentSuite({ ...suite, scenarioCount: scenarios.length }, last.get(suite.id)), scenarios: scenarios.map(presentScenario) };
}

export async function updateSuite(ctx: AppContext, actor: StaffActor, suiteId: string, body: { version: number; name?: string; description?: string; required?: boolean }) {
  const suite = await visibleSuite(ctx, actor, suiteId);
  const { version, ...patch } = body;
  const updated = await repo.updateSuiteIfVersion(ctx.db, suite.id, version, patch);
  if (!updated) throw conflict('Someone changed this suite since you opened it. Reload it and try again.', 'stale_version');
  if (patch.required !== undefined && patch.required !== suite.required) {
    await recordAudit(ctx.db, { at: ctx.clock.now(), action: 'agent_test.suite_required_changed', outcome: 'success', actor, organizationId: suite.organizationId, recordType: 'agent_test_suite', recordId: suite.id, details: { required: patch.required } });
  }
  return presentSuite({ ...updated, scenarioCount: await repo.countScenarios(ctx.db, suite.id) }, (await repo.latestRuns(ctx.db, [suite.id])).get(suite.id));
}

export async function deleteSuite(ctx: AppContext, actor: StaffActor, suiteId: string): Promise<void> {
  const suite = await visibleSuite(ctx, actor, suiteId);
  await repo.deleteSuite(ctx.db, suite.id);
}

/** The suite as a file (`format: switchboard.agent-tests.v1`), to keep in a repository or import elsewhere. */
export async function exportSuite(ctx: AppContext, actor: StaffActor, suiteId: string) {
  const suite = await visibleSuite(ctx, actor, suiteId);
  const scenarios = await repo.listScenarios(ctx.db, suite.id);
  return { format: 'switchboard.agent-tests.v1' as const, name: suite.name, description: suite.description, required: suite.required, scenarios: scenarios.map(scenarioData) };
}

/** A new suite from a file; every scenario is checked first, so a refused file saves nothing. */
export async function importSuite(ctx: AppContext, actor: StaffActor, organizationId: string, file: SuiteFile) {
  const org = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const parsed = SuiteFile.parse(file);
  const suite = await (ctx.db as Db).transaction(async (tx) => {
    const created = await repo.insertSuite(tx, { organizationId: org.id, name: parsed.name, description: parsed.description, required: parsed.required, createdBy: actor.userId });
    await repo.insertScenarios(tx, created, parsed.scenarios.map(storable));
    return created;
  });
  return getSuite(ctx, actor, suite.id);
}

/** The starter suite generated from the practice's settings and hours (issue 32 §3). */
export async function createStarterSuite(ctx: AppContext, actor: StaffActor, organizationId: string) {
  const org = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const agent = AgentSettings.safeParse(org.agentSettings);
  const appointments = AppointmentSettings.safeParse(org.appointmentSettings);
  const hours = await findHours(ctx.db, org.id);
  const scenarios = starterScenarios({
    weekly: hours?.weekly ?? [],
    overrides: hours?.overrides ?? [],
    visitReasons: appointments.success ? appointments.data.visitReasons : [],
    appointmentsEnabled: appointments.success ? appointments.data.enabled : false,
    transferBehaviour: agent.success ? agent.data.transferBehaviour : 'on_duty_then_callback',
    languages: agent.success ? agent.data.languages : ['en'],
    staffedWhileOpen: await hasShifts(ctx.db, org.id, 'office_hours'),
  }).map((s) => ScenarioBody.parse(s));
  const suite = await (ctx.db as Db).transaction(async (tx) => {
    const created = await repo.insertSuite(tx, {
      organizationId: org.id,
      name: 'Starter suite',
      description: `Generated from ${org.name}'s settings: hours, bookings, messages, transfers, emergencies in English and Spanish, do-not-call and status look-ups.`,
      createdBy: actor.userId,
    });
    await repo.insertScenarios(tx, created, scenarios.map(storable));
    return created;
  });
  return getSuite(ctx, actor, suite.id);
}

// Scenarios -------------------------------------------------------------------------------------

export async function addScenario(ctx: AppContext, actor: StaffActor, suiteId: string, body: ScenarioBody) {
  const suite = await visibleSuite(ctx, actor, suiteId);
  if ((await repo.countScenarios(ctx.db, suite.id)) >= MAX_SCENARIOS) throw conflict(`A suite holds at most ${MAX_SCENARIOS} scenarios. Start another suite.`);
  const [row] = await repo.insertScenarios(ctx.db, suite, [storable(ScenarioBody.parse(body))]);
  await repo.touchSuite(ctx.db, suite.id);
  return presentScenario(row!);
}

export async function updateScenario(ctx: AppContext, actor: StaffActor, scenarioId: string, body: ScenarioBody & { version: number }) {
  const scenario = await visibleScenario(ctx, actor, scenarioId);
  const updated = await repo.updateScenarioIfVersion(ctx.db, scenario.id, body.version, storable(ScenarioBody.parse(body)));
  if (!updated) throw conflict('Someone changed this scenario since you opened it. Reload it and try again.', 'stale_version');
  await repo.touchSuite(ctx.db, scenario.suiteId);
  return presentScenario(updated);
}

export async function deleteScenario(ctx: AppContext, actor: StaffActor, scenarioId: string): Promise<void> {
  const scenario = await visibleScenario(ctx, actor, scenarioId);
  await repo.deleteScenario(ctx.db, scenario.id);
}

// Runs ------------------------------------------------------------------------------------------

/**
 * Queues a run of the suite: on the saved settings, or on a draft of agent settings merged over
 * them and checked like a save would check them (a field per problem, `draft.agentSettings.<f>`).
 * A failed run of a required suite on a draft holds back a save of exactly that draft until the
 * save is confirmed (organizations.service, decision 056 addendum).
 */
export async function startRun(ctx: AppContext, actor: StaffActor, suiteId: string, body: StartRunBody) {
  const suite = await visibleSuite(ctx, actor, suiteId);
  const org = await loadVisibleOrganization(ctx.db, actor, suite.organizationId);
  let draft: Record<string, unknown> | null = null;
  if (body.draft) {
    const merged = DraftAgentSettings.safeParse({ ...org.agentSettings, ...body.draft.agentSettings });
    if (!merged.success) {
      const fields: Record<string, string> = {};
      for (const issue of merged.error.issues) fields[['draft', 'agentSettings', ...issue.path].join('.')] ??= issue.message;
      throw invalid(fields);
    }
    // In the form a save of these settings is compared in: a required suite failing on them holds the save back.
    draft = canonicalAgentSettings(merged.data) as unknown as Record<string, unknown>;
  }
  const total = await repo.countScenarios(ctx.db, suite.id);
  if (total === 0) throw invalid({ suiteId: 'Add a scenario to this suite before running it.' });
  const run = await (ctx.db as Db).transaction(async (tx) => {
    // One statement at a time per practice: the count and the insert under the practice's lock.
    await tx.execute(sqlLock(suite.organizationId));
    if ((await repo.countUnfinishedRuns(tx, suite.organizationId)) >= MAX_UNFINISHED_RUNS) {
      throw conflict(`This practice already has ${MAX_UNFINISHED_RUNS} runs waiting or playing. Wait for one to finish or cancel one.`, 'conflict');
    }
    const created = await repo.insertRun(tx, {
      organizationId: suite.organizationId,
      suiteId: suite.id,
      settings: draft ? 'draft' : 'saved',
      draft,
      total,
      createdBy: actor.userId,
      createdByApiKey: Boolean(actor.apiKey),
    });
    await enqueueJob(tx, RUN_AGENT_TESTS_TASK, { runId: created.id, organizationId: suite.organizationId }, { queueName: runQueueOf(suite.organizationId), maxAttempts: 3 });
    return created;
  });
  await recordAudit(ctx.db, { at: ctx.clock.now(), action: 'agent_test.run_started', outcome: 'success', actor, organizationId: suite.organizationId, recordType: 'agent_test_run', recordId: run.id, details: { suiteId: suite.id, settings: run.settings } });
  return presentRun(run);
}

export async function listRunsFor(ctx: AppContext, actor: StaffActor, suiteId: string) {
  const suite = await visibleSuite(ctx, actor, suiteId);
  return { items: (await repo.listRuns(ctx.db, suite.id, 50)).map(presentRun) };
}

export async function getRun(ctx: AppContext, actor: StaffActor, runId: string): Promise<RunDetailView> {
  const run = await visibleRun(ctx, actor, runId);
  const [suite, results, before] = await Promise.all([repo.findSuite(ctx.db, run.suiteId), repo.resultsOfRun(ctx.db, run.id), repo.lastSavedRunBefore(ctx.db, run)]);
  let comparedWith: RunDetailView['comparedWith'] = null;
  if (before) {
    // Scenarios are matched by id (a scenario deleted since is left out of the comparison).
    const earlier = new Map((await repo.resultsOfRun(ctx.db, before.id)).filter((r) => r.scenarioId).map((r) => [r.scenarioId!, r.passed]));
    const changed = (was: boolean) => results.filter((r) => r.scenarioId && earlier.get(r.scenarioId) === was && r.passed !== was).map((r) => r.name);
    comparedWith = { runId: before.id, createdAt: before.createdAt.toISOString(), newlyFailing: changed(true), newlyPassing: changed(false) };
  }
  return { ...presentRun(run), suiteName: suite?.name ?? '', comparedWith, results: results.map(presentResult) };
}

/** Stops a run: a queued one at once, a playing one after the scenario it is on. 409 once finished. */
export async function cancelRun(ctx: AppContext, actor: StaffActor, runId: string) {
  const run = await visibleRun(ctx, actor, runId);
  const updated = await repo.requestCancel(ctx.db, run.id, ctx.clock.now());
  if (!updated) throw conflict('This run has already finished.', 'invalid_transition');
  return presentRun(updated);
}

function sqlLock(organizationId: string) {
  return sqlTag`select pg_advisory_xact_lock(hashtext(${`agent-tests:${organizationId}`}))`;
}
