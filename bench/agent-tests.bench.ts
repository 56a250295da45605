import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { and, isNull, like } from 'drizzle-orm';
import { createDatabase } from '../src/server/db/client.js';
import { apiKeys, organizations } from '../src/server/db/schema/index.js';
import { newApiKeySecret } from '../src/server/features/api-keys/api-keys.service.js';
import { insertUser, setUserOrganizations } from '../src/server/features/users/users.repository.js';
import type { RunSummaryView, SuiteFile } from '../src/contracts/agent-tests.js';
import { pacedCalls, runCall, startServer, stopServer } from './real-calls.js';
import { percentile, startBenchDatabase, type Figure } from './support.js';

/**
 * Agent tests (issue 32 §6: a run of 100 scenarios on the built-in brain finishes in under 60 s
 * without pushing real calls' p99 over the agent-turn bar while it runs). One bench server with
 * its worker in the same process, as `npm start` runs them; its practice's starter suite, topped
 * up to 100 scenarios, run through the public API (`/api/v1/agent-tests`, as a practice's CI runs
 * it) and timed from the POST to the run's end (its `finishedAt`):
 *
 * - alone, nothing else playing;
 * - in the middle of agent-turn's paced load (100 callers through the signed Twilio webhooks, to
 *   the same practice): the load runs alone for 20 s (real calls' p99 without a run), then the run
 *   is started and the load goes on until it ends (real calls' p99 with it).
 *
 * @measures a 100-scenario agent-test run alone and under 100 paced real calls, and the real calls' p99 without and with the run
 * @takes about 2 minutes
 */
const SCENARIOS = 100;
const CALLS = 100;
/** Real calls alone before the run starts: as long as agent-turn's paced run. */
const BEFORE_S = 20;
/** How often the run's progress is read (the web page reads it every second). */
const POLL_MS = 500;

export default async function agentTests(): Promise<Figure[]> {
  const database = await startBenchDatabase();
  const server = await startServer(database.url, { BENCH_WORKER: '1' });
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const { practiceId, secret } = await apiKeyForThePractice(database.url);
    const api = publicApi(base, secret);
    const { suiteId, starter } = await suiteOf(api, practiceId, SCENARIOS);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CALLS });
    // Warm up (JIT, pools, caches), as agent-turn does.
    await Promise.all(Array.from({ length: 20 }, () => runCall(base, agent, 0, () => undefined)));

    const alone = await timedRun(api, suiteId);

    const without: number[] = [];
    const during: number[] = [];
    let phase: 'without' | 'during' | 'over' = 'without';
    const load = pacedCalls(base, agent, {
      callers: CALLS,
      keepGoing: () => phase !== 'over',
      record: (ms) => (phase === 'without' ? without : phase === 'during' ? during : []).push(ms),
    });
    await new Promise((r) => setTimeout(r, BEFORE_S * 1000));
    phase = 'during';
    const underLoad = await timedRun(api, suiteId);
    phase = 'over';
    await load;

    const p99 = (list: number[]) => round(percentile([...list].sort((a, b) => a - b), 99));
    return [
      { name: 'agent_test_run_alone', value: round(alone.seconds), unit: 's', target: '< 60', scenarios: alone.total, fromStarterSuite: starter, passed: alone.passed, status: alone.status },
      { name: 'agent_test_run_under_load', value: round(underLoad.seconds), unit: 's', target: '< 60', scenarios: underLoad.total, passed: underLoad.passed, status: underLoad.status, calls: CALLS },
      { name: 'real_call_paced_p99_without_run', value: p99(without), unit: 'ms', target: '<= 25', calls: CALLS, turns: without.length, seconds: BEFORE_S },
      { name: 'real_call_paced_p99_during_run', value: p99(during), unit: 'ms', target: '<= 25', calls: CALLS, turns: during.length, seconds: round(underLoad.seconds) },
    ];
  } finally {
    await stopServer(server);
    await database.stop();
  }
}

const round = (n: number) => Math.round(n * 10) / 10;

type Api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;

/** The public API with a key, answering the body of a 2xx (anything else throws). */
function publicApi(base: string, key: string): Api {
  return async (method, path, body) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as never;
  };
}

/** A developer of the bench server's practice and an API key of theirs that runs agent tests; the key's secret. */
async function apiKeyForThePractice(databaseUrl: string): Promise<{ practiceId: string; secret: string }> {
  const { db, close } = createDatabase(databaseUrl, { max: 1 });
  try {
    const [practice] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(like(organizations.slug, 'bench-%'), isNull(organizations.sandboxOf)));
    const id = randomUUID();
    await insertUser(db, { id, email: `bench-ci-${id.slice(0, 8)}@switchboard.test`, name: 'Bench CI', role: 'developer', status: 'active', mustChangePassword: false });
    await setUserOrganizations(db, id, [practice!.id]);
    const { secret, prefix, hash } = newApiKeySecret();
    await db.insert(apiKeys).values({ name: 'agent-tests bench', prefix, secretHash: hash, scopes: ['agent_tests:read', 'agent_tests:write'], organizationIds: [practice!.id], createdBy: id });
    return { practiceId: practice!.id, secret };
  } finally {
    await close();
  }
}

/** The practice's starter suite, its scenarios repeated until there are `count`, as a suite of its own: its id, and how many scenarios the starter suite has. */
async function suiteOf(api: Api, practiceId: string, count: number): Promise<{ suiteId: string; starter: number }> {
  const starter = await api<{ id: string }>('POST', `/organizations/${practiceId}/agent-tests/suites/starter`);
  const file = await api<SuiteFile>('GET', `/agent-tests/suites/${starter.id}/export`);
  const scenarios = Array.from({ length: count }, (_, i) => {
    const s = file.scenarios[i % file.scenarios.length]!;
    return i < file.scenarios.length ? s : { ...s, name: `${s.name} (again, ${Math.floor(i / file.scenarios.length) + 1})` };
  });
  const suite = await api<{ id: string }>('POST', `/organizations/${practiceId}/agent-tests/suites/import`, { ...file, name: `Bench: ${count} scenarios`, scenarios });
  return { suiteId: suite.id, starter: file.scenarios.length };
}

/** Starts a run of the suite and waits for its end: seconds from the POST to its `finishedAt`, and how it went. */
async function timedRun(api: Api, suiteId: string): Promise<{ seconds: number; status: string; total: number; passed: number }> {
  const posted = Date.now();
  const run = await api<RunSummaryView>('POST', `/agent-tests/suites/${suiteId}/runs`, {});
  for (;;) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const { items } = await api<{ items: RunSummaryView[] }>('GET', `/agent-tests/suites/${suiteId}/runs`);
    const now = items.find((r) => r.id === run.id)!;
    if (now.finishedAt) return { seconds: (Date.parse(now.finishedAt) - posted) / 1000, status: now.status, total: now.total, passed: now.passed };
  }
}
