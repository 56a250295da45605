import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Task } from 'graphile-worker';
import type { AppContext } from '../../app-context.js';
import type { ResultRecords, ScenarioData } from '../../../contracts/agent-tests.js';
import { donePositions, finishRun, findRun, listScenarios, markRunStarted, recordResult, RUN_AGENT_TESTS_TASK, scenarioData, type RunRow } from '../../features/agent-tests/index.js';
import { copyCalendarsToSandbox } from '../../features/calendars/index.js';
import { evidenceOfCall } from '../../features/calls/index.js';
import { findOrganizationById, prepareSandbox, resetSandbox, type OrganizationRow } from '../../features/organizations/index.js';
import { copySchedulesWithStandIns } from '../../features/schedules/index.js';
import { applyStatus } from '../call-lifecycle.js';
import { startCall } from '../call-pipeline.js';
import type { PipelineOptions } from '../call-turn-support.js';
import { playSimulatedTurn, SIMULATED_CALLER } from '../simulator/simulator.service.js';
import { checkExpectations, emergencyFigures } from './expectations.js';
import { goalOf, nextUtterance } from './simulated-caller.js';

export { RUN_AGENT_TESTS_TASK };

/**
 * A pause between a test call's turns: the worker's event loop (the web's too, in one process)
 * goes back to real calls between them, and a run adds about 20 turns a second to a server's load
 * rather than 130, so real calls' p99 stays within its bar while a 100-scenario run still ends
 * well inside a minute (decision 056, session 18: 10 ms pushed the p99 from 24.6 to 36.3 ms).
 */
const TURN_PAUSE_MS = 40;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `turnPauseMs`: a test of the runner itself, on a server taking no real calls, may go faster. */
export interface PlayOptions {
  turnPauseMs?: number;
}

/** Test calls answer like the simulator's and tell no staff screen (their records are the sandbox's). */
const testCallOptions: PipelineOptions = { render: (reply) => JSON.stringify(reply), publish: false };

export interface PlayedScenario {
  callId: string | null;
  passed: boolean;
  reasons: string[];
  checks: ReturnType<typeof checkExpectations>['checks'];
  transcript: { speaker: 'agent' | 'caller'; text: string; latencyMs: number | null }[];
  records: ResultRecords;
  turnLatenciesMs: number[];
  emergency: { expected: boolean; escalated: boolean };
}

/**
 * One scenario played through the real pipeline (issue 32): a simulated inbound call to the
 * sandbox, the caller's first words, then an answer to each question by what is asked, until the
 * agent ends the call, the caller has nothing more to say, or `maxTurns`. Then the call's stored
 * records are read and the expectations checked against them.
 */
export async function playScenario(ctx: AppContext, sandboxId: string, scenario: ScenarioData, options: PlayOptions = {}): Promise<PlayedScenario> {
  const caller = scenario.caller;
  const latencies: number[] = [];
  let t = performance.now();
  const started = await startCall(
    ctx,
    { provider: 'simulator', providerCallId: `TEST-${randomUUID()}`, from: SIMULATED_CALLER, to: 'agent-test', direction: 'inbound', organizationId: sandboxId },
    testCallOptions,
  );
  latencies.push(Math.round(performance.now() - t));
  if (started.kind !== 'ok') throw new Error('The sandbox did not answer the test call.');
  const callId = started.callId;
  let agentText = started.reply?.text ?? '';
  let ended = started.ended;
  const follow = { followUpsUsed: 0 };
  const inDanger = scenario.expectations.some((e) => e.kind === 'urgent_handoff');
  const goal = goalOf(scenario.expectations);
  for (let turn = 0; !ended && turn < caller.maxTurns; turn++) {
    let text: string;
    if (turn === 0) text = caller.firstUtterance;
    else if (caller.silences.includes(turn)) text = '';
    else {
      const next = nextUtterance(caller, agentText, follow, inDanger, goal);
      if (next.kind === 'hangup') break;
      text = next.text;
    }
    await pause(options.turnPauseMs ?? TURN_PAUSE_MS);
    t = performance.now();
    const out = await playSimulatedTurn(ctx, callId, { text, transferResult: caller.transferResult }, testCallOptions);
    latencies.push(Math.round(performance.now() - t));
    agentText = out.agentText;
    ended = out.ended;
  }
  if (!ended) await applyStatus(ctx, { ref: { callId }, status: 'completed', dedupeKey: 'hangup', endedBy: 'caller' }, { publish: false });
  const evidence = await evidenceOfCall(ctx.db, callId);
  const records: ResultRecords = { call: evidence.call, requests: evidence.requests, handoffs: evidence.handoffs, transfers: evidence.transfers };
  const verdict = checkExpectations(scenario.expectations, { records, transcript: evidence.transcript });
  return { callId, ...verdict, transcript: evidence.transcript, records, turnLatenciesMs: latencies, emergency: emergencyFigures(scenario.expectations, records) };
}

const isFinished = (run: RunRow) => !['queued', 'running'].includes(run.status);

/**
 * Plays a run: the sandbox brought in step with the practice (or the draft), then each scenario
 * in order, its result stored as soon as it is known (the progress staff see). A cancel is
 * honoured between scenarios. A retried job goes on after the last stored result.
 */
export async function playRun(ctx: AppContext, runId: string, options: PlayOptions = {}): Promise<RunRow | undefined> {
  const run = await findRun(ctx.db, runId);
  if (!run || isFinished(run)) return run;
  const now = () => ctx.clock.now();
  if (run.cancelRequestedAt) return finishRun(ctx.db, run.id, 'canceled', now());
  const practice = await findOrganizationById(ctx.db, run.organizationId);
  if (!practice) return finishRun(ctx.db, run.id, 'error', now(), 'The practice no longer exists.');
  const scenarios = await listScenarios(ctx.db, run.suiteId);
  const started = await markRunStarted(ctx.db, run.id, scenarios.length, now());
  if (!started) return finishRun(ctx.db, run.id, 'canceled', now());
  const sandbox = await sandboxFor(ctx, practice, run);
  const done = await donePositions(ctx.db, run.id);
  for (const [index, row] of scenarios.entries()) {
    const position = index + 1;
    if (done.has(position)) continue;
    const current = await findRun(ctx.db, run.id);
    if (!current || isFinished(current)) return current;
    if (current.cancelRequestedAt) return finishRun(ctx.db, run.id, 'canceled', now());
    const scenario = scenarioData(row);
    await resetSandbox(ctx.db, sandbox, scenario.caller.callsWhen);
    await copySchedulesWithStandIns(ctx.db, practice.id, sandbox.id, { officeAroundTheClock: scenario.caller.callsWhen === 'open' });
    let played: PlayedScenario;
    try {
      played = await playScenario(ctx, sandbox.id, scenario, options);
    } catch (err) {
      ctx.log.warn({ runId, position, message: (err as Error).message }, 'agent test scenario could not be played');
      played = {
        callId: null,
        passed: false,
        reasons: [`The call could not be played: ${(err as Error).message}`],
        checks: [],
        transcript: [],
        records: { call: null, requests: [], handoffs: [], transfers: [] },
        turnLatenciesMs: [],
        emergency: { expected: scenario.expectations.some((e) => e.kind === 'urgent_handoff'), escalated: false },
      };
    }
    await recordResult(ctx.db, {
      runId: run.id,
      scenarioId: row.id,
      position,
      name: scenario.name,
      passed: played.passed,
      reasons: played.reasons,
      checks: played.checks as unknown as Record<string, unknown>[],
      transcript: played.transcript as unknown as Record<string, unknown>[],
      records: played.records as unknown as Record<string, unknown>,
      turnLatenciesMs: played.turnLatenciesMs,
      emergencyExpected: played.emergency.expected,
      emergencyEscalated: played.emergency.escalated,
      callId: played.callId,
    });
  }
  const last = await findRun(ctx.db, run.id);
  if (!last || isFinished(last)) return last;
  return finishRun(ctx.db, run.id, last.failed > 0 ? 'failed' : 'passed', now());
}

/**
 * The sandbox in step with the practice for this run: its settings (or the draft's), hours, and
 * the calendars the agent books on (their booked visits left empty: each scenario books on a
 * calendar nobody has booked yet, decision 056 addendum). Schedules follow before each scenario.
 */
async function sandboxFor(ctx: AppContext, practice: OrganizationRow, run: RunRow): Promise<OrganizationRow> {
  const sandbox = await prepareSandbox(ctx.db, practice, run.draft ?? practice.agentSettings);
  await copyCalendarsToSandbox(ctx.db, practice.id, sandbox.id);
  return sandbox;
}

/** The worker task (`run-agent-tests`): one run; queued per practice, so a practice's runs play one at a time. */
export function runAgentTestsTask(ctx: AppContext): Task {
  return async (payload) => {
    const { runId } = payload as { runId: string };
    try {
      await playRun(ctx, runId);
    } catch (err) {
      // An error of the run itself (not of one scenario): the run ends as `error`, with the message.
      await finishRun(ctx.db, runId, 'error', ctx.clock.now(), (err as Error).message.slice(0, 500));
      throw err;
    }
  };
}
