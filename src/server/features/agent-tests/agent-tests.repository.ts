import { and, asc, count, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { agentTestResults, agentTestRuns, agentTestScenarios, agentTestSuites } from '../../db/schema/index.js';

export type SuiteRow = typeof agentTestSuites.$inferSelect;
export type ScenarioRow = typeof agentTestScenarios.$inferSelect;
export type RunRow = typeof agentTestRuns.$inferSelect;
export type ResultRow = typeof agentTestResults.$inferSelect;
export type ResultInsert = typeof agentTestResults.$inferInsert;

// Suites ----------------------------------------------------------------------------------------

export async function listSuites(db: DbOrTx, organizationId: string): Promise<(SuiteRow & { scenarioCount: number })[]> {
  return db
    .select({
      ...getColumns(),
      scenarioCount: sql<number>`(select count(*) from agent_test_scenarios s where s.suite_id = "agent_test_suites"."id")`.mapWith(Number),
    })
    .from(agentTestSuites)
    .where(eq(agentTestSuites.organizationId, organizationId))
    .orderBy(asc(agentTestSuites.name), asc(agentTestSuites.id));
}

function getColumns() {
  return {
    id: agentTestSuites.id,
    organizationId: agentTestSuites.organizationId,
    name: agentTestSuites.name,
    description: agentTestSuites.description,
    required: agentTestSuites.required,
    version: agentTestSuites.version,
    createdBy: agentTestSuites.createdBy,
    createdAt: agentTestSuites.createdAt,
    updatedAt: agentTestSuites.updatedAt,
  };
}

export async function findSuite(db: DbOrTx, id: string): Promise<SuiteRow | undefined> {
  const [row] = await db.select().from(agentTestSuites).where(eq(agentTestSuites.id, id)).limit(1);
  return row;
}

export async function insertSuite(db: DbOrTx, row: typeof agentTestSuites.$inferInsert): Promise<SuiteRow> {
  const [created] = await db.insert(agentTestSuites).values(row).returning();
  return created!;
}

export async function updateSuiteIfVersion(db: DbOrTx, id: string, version: number, patch: Partial<Pick<SuiteRow, 'name' | 'description' | 'required'>>): Promise<SuiteRow | undefined> {
  const [row] = await db
    .update(agentTestSuites)
    .set({ ...patch, version: sql`${agentTestSuites.version} + 1`, updatedAt: new Date() })
    .where(and(eq(agentTestSuites.id, id), eq(agentTestSuites.version, version)))
    .returning();
  return row;
}

export async function touchSuite(db: DbOrTx, id: string): Promise<void> {
  await db.update(agentTestSuites).set({ updatedAt: new Date() }).where(eq(agentTestSuites.id, id));
}

export async function deleteSuite(db: DbOrTx, id: string): Promise<void> {
  await db.delete(agentTestSuites).where(eq(agentTestSuites.id, id));
}

// Scenarios -------------------------------------------------------------------------------------

export async function listScenarios(db: DbOrTx, suiteId: string): Promise<ScenarioRow[]> {
  return db.select().from(agentTestScenarios).where(eq(agentTestScenarios.suiteId, suiteId)).orderBy(asc(agentTestScenarios.position), asc(agentTestScenarios.id));
}

export async function countScenarios(db: DbOrTx, suiteId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(agentTestScenarios).where(eq(agentTestScenarios.suiteId, suiteId));
  return Number(row?.n ?? 0);
}

export async function findScenario(db: DbOrTx, id: string): Promise<ScenarioRow | undefined> {
  const [row] = await db.select().from(agentTestScenarios).where(eq(agentTestScenarios.id, id)).limit(1);
  return row;
}

/** Appends scenarios after the suite's last one, in order. */
export async function insertScenarios(
  db: DbOrTx,
  suite: { id: string; organizationId: string },
  rows: { name: string; caller: Record<string, unknown>; expectations: Record<string, unknown>[] }[],
): Promise<ScenarioRow[]> {
  if (rows.length === 0) return [];
  const [last] = await db.select({ p: sql<number>`coalesce(max(${agentTestScenarios.position}), 0)`.mapWith(Number) }).from(agentTestScenarios).where(eq(agentTestScenarios.suiteId, suite.id));
  const start = (last?.p ?? 0) + 1;
  return db
    .insert(agentTestScenarios)
    .values(rows.map((r, i) => ({ suiteId: suite.id, organizationId: suite.organizationId, position: start + i, name: r.name, caller: r.caller, expectations: r.expectations })))
    .returning();
}

export async function updateScenarioIfVersion(
  db: DbOrTx,
  id: string,
  version: number,
  patch: { name: string; caller: Record<string, unknown>; expectations: Record<string, unknown>[] },
): Promise<ScenarioRow | undefined> {
  const [row] = await db
    .update(agentTestScenarios)
    .set({ ...patch, version: sql`${agentTestScenarios.version} + 1`, updatedAt: new Date() })
    .where(and(eq(agentTestScenarios.id, id), eq(agentTestScenarios.version, version)))
    .returning();
  return row;
}

export async function deleteScenario(db: DbOrTx, id: string): Promise<void> {
  await db.delete(agentTestScenarios).where(eq(agentTestScenarios.id, id));
}

// Runs ------------------------------------------------------------------------------------------

export async function insertRun(db: DbOrTx, row: typeof agentTestRuns.$inferInsert): Promise<RunRow> {
  const [created] = await db.insert(agentTestRuns).values(row).returning();
  return created!;
}

export async function findRun(db: DbOrTx, id: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(agentTestRuns).where(eq(agentTestRuns.id, id)).limit(1);
  return row;
}

export async function listRuns(db: DbOrTx, suiteId: string, limit: number): Promise<RunRow[]> {
  return db.select().from(agentTestRuns).where(eq(agentTestRuns.suiteId, suiteId)).orderBy(desc(agentTestRuns.createdAt), desc(agentTestRuns.id)).limit(limit);
}

/** Each suite's latest run. */
export async function latestRuns(db: DbOrTx, suiteIds: string[]): Promise<Map<string, RunRow>> {
  if (suiteIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([agentTestRuns.suiteId])
    .from(agentTestRuns)
    .where(inArray(agentTestRuns.suiteId, suiteIds))
    .orderBy(agentTestRuns.suiteId, desc(agentTestRuns.createdAt), desc(agentTestRuns.id));
  return new Map(rows.map((r) => [r.suiteId, r]));
}

/** Runs of the organization not yet finished (queued or running). */
export async function countUnfinishedRuns(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(agentTestRuns)
    .where(and(eq(agentTestRuns.organizationId, organizationId), inArray(agentTestRuns.status, ['queued', 'running'])));
  return Number(row?.n ?? 0);
}

/** Marks the run to stop; a queued run is canceled at once. Undefined when it had already finished. */
export async function requestCancel(db: DbOrTx, id: string, now: Date): Promise<RunRow | undefined> {
  const [row] = await db
    .update(agentTestRuns)
    .set({
      cancelRequestedAt: sql`coalesce(${agentTestRuns.cancelRequestedAt}, ${now})`,
      status: sql`case when ${agentTestRuns.status} = 'queued' then 'canceled' else ${agentTestRuns.status} end`,
      finishedAt: sql`case when ${agentTestRuns.status} = 'queued' then ${now}::timestamptz else ${agentTestRuns.finishedAt} end`,
    })
    .where(and(eq(agentTestRuns.id, id), inArray(agentTestRuns.status, ['queued', 'running'])))
    .returning();
  return row;
}

/** The worker takes a queued run (once: a retried job finds it running and goes on from its results). */
export async function startRun(db: DbOrTx, id: string, total: number, now: Date): Promise<RunRow | undefined> {
  const [row] = await db
    .update(agentTestRuns)
    .set({ status: 'running', total, startedAt: sql`coalesce(${agentTestRuns.startedAt}, ${now})` })
    .where(and(eq(agentTestRuns.id, id), inArray(agentTestRuns.status, ['queued', 'running']), isNull(agentTestRuns.cancelRequestedAt)))
    .returning();
  return row;
}

/** Stores one scenario's result and counts it on the run, in one transaction's two statements. */
export async function recordResult(db: DbOrTx, result: ResultInsert): Promise<RunRow | undefined> {
  const [inserted] = await db.insert(agentTestResults).values(result).onConflictDoNothing().returning({ id: agentTestResults.id });
  if (!inserted) return findRun(db, result.runId);
  const [row] = await db
    .update(agentTestRuns)
    .set({
      completed: sql`${agentTestRuns.completed} + 1`,
      passed: sql`${agentTestRuns.passed} + ${result.passed ? 1 : 0}`,
      failed: sql`${agentTestRuns.failed} + ${result.passed ? 0 : 1}`,
      emergencyExpected: sql`${agentTestRuns.emergencyExpected} + ${result.emergencyExpected ? 1 : 0}`,
      emergencyEscalated: sql`${agentTestRuns.emergencyEscalated} + ${result.emergencyEscalated ? 1 : 0}`,
    })
    .where(eq(agentTestRuns.id, result.runId))
    .returning();
  return row;
}

export async function finishRun(db: DbOrTx, id: string, status: 'passed' | 'failed' | 'canceled' | 'error', now: Date, error: string | null = null): Promise<RunRow | undefined> {
  const [row] = await db
    .update(agentTestRuns)
    .set({ status, finishedAt: now, error })
    .where(and(eq(agentTestRuns.id, id), inArray(agentTestRuns.status, ['queued', 'running'])))
    .returning();
  return row;
}

export async function resultsOfRun(db: DbOrTx, runId: string): Promise<ResultRow[]> {
  return db.select().from(agentTestResults).where(eq(agentTestResults.runId, runId)).orderBy(asc(agentTestResults.position));
}

export async function donePositions(db: DbOrTx, runId: string): Promise<Set<number>> {
  const rows = await db.select({ position: agentTestResults.position }).from(agentTestResults).where(eq(agentTestResults.runId, runId));
  return new Set(rows.map((r) => r.position));
}

/** The suite's last finished run on the saved settings begun before `run` (what a draft is set against). */
export async function lastSavedRunBefore(db: DbOrTx, run: RunRow): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(agentTestRuns)
    .where(
      and(
        eq(agentTestRuns.suiteId, run.suiteId),
        eq(agentTestRuns.settings, 'saved'),
        inArray(agentTestRuns.status, ['passed', 'failed']),
        lt(agentTestRuns.createdAt, run.createdAt),
        ne(agentTestRuns.id, run.id),
      ),
    )
    .orderBy(desc(agentTestRuns.createdAt))
    .limit(1);
  return row;
}
