import { sql } from 'drizzle-orm';
import { foreign, only, type MatrixFixtures, type MatrixRow, type SampleRequest } from './authorization-matrix.test-helpers.js';
import { v1Row } from './authorization-matrix.developer-platform.test-cases.js';

/**
 * The authorization-matrix rows of agent tests (issue 32, spread into MATRIX). Staff routes: the
 * `agent-tests.use` capability — admins, supervisors and developers of the organization; agents
 * are refused (403), a user of another organization gets 404 for `home`'s records. The public API
 * (`/api/v1`): scopes `agent_tests:read` and `agent_tests:write`.
 */
const USERS = ['admin', 'supervisor', 'developer'] as const;
const SCENARIO = {
  name: 'Matrix caller',
  caller: { firstUtterance: 'What are your hours?' },
  expectations: [{ kind: 'no_request' }],
};
const unique = () => Math.random().toString(36).slice(2, 10);

async function suite(fx: MatrixFixtures): Promise<{ id: string; version: number; scenarioId: string }> {
  const s = await fx.asAdmin<{ id: string; version: number }>('POST', `/api/organizations/${fx.home.id}/agent-tests/suites`, { name: `Matrix suite ${unique()}` });
  const scenario = await fx.asAdmin<{ id: string }>('POST', `/api/agent-tests/suites/${s.id}/scenarios`, SCENARIO);
  return { ...s, scenarioId: scenario.id };
}
/** A run of `home` waiting in the queue (never played: the matrix runs no worker). */
async function queuedRun(fx: MatrixFixtures): Promise<string> {
  const s = await suite(fx);
  const rows = await fx.ctx.db.execute<{ id: string }>(sql`insert into agent_test_runs (organization_id, suite_id, total) values (${fx.home.id}, ${s.id}, 1) returning id`);
  return rows.rows[0]!.id;
}
/** Starting runs stays within the practice's limit of runs waiting: the earlier ones are set aside. */
async function clearRuns(fx: MatrixFixtures): Promise<void> {
  await fx.ctx.db.execute(sql`update agent_test_runs set status = 'canceled', finished_at = now() where organization_id = ${fx.home.id} and status in ('queued', 'running')`);
}

type Sample = (fx: MatrixFixtures) => Promise<SampleRequest>;
const samples: Record<string, { status: number; sample: Sample; write: boolean }> = {
  'GET /organizations/:id/agent-tests/suites': { status: 200, write: false, sample: async (fx) => ({ url: `/organizations/${fx.home.id}/agent-tests/suites` }) },
  'POST /organizations/:id/agent-tests/suites': { status: 201, write: true, sample: async (fx) => ({ url: `/organizations/${fx.home.id}/agent-tests/suites`, payload: { name: `Matrix ${unique()}` } }) },
  'POST /organizations/:id/agent-tests/suites/import': {
    status: 201,
    write: true,
    sample: async (fx) => ({ url: `/organizations/${fx.home.id}/agent-tests/suites/import`, payload: { format: 'switchboard.agent-tests.v1', name: `Matrix ${unique()}`, scenarios: [SCENARIO] } }),
  },
  'POST /organizations/:id/agent-tests/suites/starter': { status: 201, write: true, sample: async (fx) => ({ url: `/organizations/${fx.home.id}/agent-tests/suites/starter` }) },
  'GET /agent-tests/suites/:suiteId': { status: 200, write: false, sample: async (fx) => ({ url: `/agent-tests/suites/${(await suite(fx)).id}` }) },
  'PATCH /agent-tests/suites/:suiteId': {
    status: 200,
    write: true,
    sample: async (fx) => {
      const s = await suite(fx);
      return { url: `/agent-tests/suites/${s.id}`, payload: { version: s.version, name: `Renamed ${unique()}` } };
    },
  },
  'DELETE /agent-tests/suites/:suiteId': { status: 204, write: true, sample: async (fx) => ({ url: `/agent-tests/suites/${(await suite(fx)).id}` }) },
  'GET /agent-tests/suites/:suiteId/export': { status: 200, write: false, sample: async (fx) => ({ url: `/agent-tests/suites/${(await suite(fx)).id}/export` }) },
  'POST /agent-tests/suites/:suiteId/scenarios': { status: 201, write: true, sample: async (fx) => ({ url: `/agent-tests/suites/${(await suite(fx)).id}/scenarios`, payload: SCENARIO }) },
  'PUT /agent-tests/scenarios/:scenarioId': { status: 200, write: true, sample: async (fx) => ({ url: `/agent-tests/scenarios/${(await suite(fx)).scenarioId}`, payload: { ...SCENARIO, version: 1 } }) },
  'DELETE /agent-tests/scenarios/:scenarioId': { status: 204, write: true, sample: async (fx) => ({ url: `/agent-tests/scenarios/${(await suite(fx)).scenarioId}` }) },
  'POST /agent-tests/suites/:suiteId/runs': {
    status: 202,
    write: true,
    sample: async (fx) => {
      const s = await suite(fx);
      await clearRuns(fx);
      return { url: `/agent-tests/suites/${s.id}/runs`, payload: {} };
    },
  },
  'GET /agent-tests/suites/:suiteId/runs': { status: 200, write: false, sample: async (fx) => ({ url: `/agent-tests/suites/${(await suite(fx)).id}/runs` }) },
  'GET /agent-tests/runs/:runId': { status: 200, write: false, sample: async (fx) => ({ url: `/agent-tests/runs/${await queuedRun(fx)}` }) },
  'POST /agent-tests/runs/:runId/cancel': { status: 200, write: true, sample: async (fx) => ({ url: `/agent-tests/runs/${await queuedRun(fx)}/cancel` }) },
};

export function agentTestsMatrixRows(): MatrixRow[] {
  const rows: MatrixRow[] = [];
  for (const [key, { status, sample, write }] of Object.entries(samples)) {
    const [method, path] = key.split(' ') as [string, string];
    const staff: Sample = async (fx) => {
      const req = await sample(fx);
      return { ...req, url: `/api${req.url}` };
    };
    rows.push({ route: `${method} /api${path}`, expect: only([...USERS], status), request: staff, otherOrganization: foreign('supervisor', staff) });
    const v1: Sample = async (fx) => {
      const req = await sample(fx);
      return { ...req, url: `/api/v1${req.url}` };
    };
    rows.push(v1Row(`${method} /api/v1${path}`, write ? 'agent_tests:write' : 'agent_tests:read', status, v1));
  }
  return rows;
}
