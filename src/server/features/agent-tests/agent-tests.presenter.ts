import {
  Expectation,
  ResultRecords,
  ScenarioCaller,
  type ResultView,
  type RunSummaryView,
  type ScenarioData,
  type ScenarioView,
  type SuiteView,
} from '../../../contracts/agent-tests.js';
import type { ResultRow, RunRow, ScenarioRow, SuiteRow } from './agent-tests.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentRun(r: RunRow): RunSummaryView {
  return {
    id: r.id,
    suiteId: r.suiteId,
    organizationId: r.organizationId,
    status: r.status,
    settings: r.settings,
    total: r.total,
    completed: r.completed,
    passed: r.passed,
    failed: r.failed,
    emergency: { expected: r.emergencyExpected, escalated: r.emergencyEscalated },
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
    cancelRequested: r.cancelRequestedAt !== null,
  };
}

export function presentSuite(s: SuiteRow & { scenarioCount: number }, lastRun: RunRow | undefined): SuiteView {
  return {
    id: s.id,
    organizationId: s.organizationId,
    name: s.name,
    description: s.description,
    required: s.required,
    version: s.version,
    scenarioCount: s.scenarioCount,
    lastRun: lastRun ? presentRun(lastRun) : null,
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** A stored scenario read back through its schema (defaults filled, as the form and the runner use it). */
export function scenarioData(s: ScenarioRow): ScenarioData {
  return { name: s.name, caller: ScenarioCaller.parse(s.caller), expectations: Expectation.array().parse(s.expectations) };
}

export function presentScenario(s: ScenarioRow): ScenarioView {
  const data = scenarioData(s);
  return { id: s.id, suiteId: s.suiteId, position: s.position, name: s.name, caller: data.caller, expectations: data.expectations, version: s.version, updatedAt: s.updatedAt.toISOString() };
}

const EMPTY_RECORDS: ResultRecords = { call: null, requests: [], handoffs: [], transfers: [] };

export function presentResult(r: ResultRow): ResultView {
  const records = ResultRecords.safeParse(r.records);
  return {
    id: r.id,
    scenarioId: r.scenarioId,
    position: r.position,
    name: r.name,
    passed: r.passed,
    reasons: r.reasons,
    checks: r.checks as ResultView['checks'],
    transcript: r.transcript as ResultView['transcript'],
    records: records.success ? records.data : EMPTY_RECORDS,
    turnLatenciesMs: r.turnLatenciesMs,
    emergencyExpected: r.emergencyExpected,
    emergencyEscalated: r.emergencyEscalated,
  };
}
