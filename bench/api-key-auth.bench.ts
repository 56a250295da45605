import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { loadEnv } from '../src/server/config/env.js';
import { createAppContext } from '../src/server/bootstrap.js';
import { buildApp } from '../src/server/app.js';
import { hashPassword } from '../src/server/auth/password-hash.js';
import { insertUser, setPasswordHash, setUserOrganizations } from '../src/server/features/users/users.repository.js';
import { percentile, startBenchDatabase, tmpDir, type Figure } from './support.js';

/**
 * API key authentication's added latency (issue 18 §6: p99 ≤ 1 ms over a session-authenticated
 * request in the same run). The same list — 50 calls of one organization of 5,000 — asked for
 * alternately as GET /api/calls with a developer's session and GET /api/v1/calls with that
 * developer's key (its lookup, scope check and per-key rate-limit count included), through the
 * whole app with app.inject.
 *
 * @measures the latency API-key authentication adds over a session, on the same list of calls
 * @takes about 1 minute
 */
const ITERATIONS = Number(process.env.API_KEY_BENCH_ITERATIONS ?? 1500);

export default async function apiKeyAuth(): Promise<Figure[]> {
  const database = await startBenchDatabase();
  const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: tmpDir('bench-keys-'), RATE_LIMIT_SCALE: '100000', API_KEY_RATE_LIMIT: '10000000', PORT: '0' });
  const { ctx, database: db } = createAppContext(env, database.url);
  const app = await buildApp(ctx);
  try {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ id: string }>(`insert into organizations (name, slug, time_zone) values ('Key Bench Clinic', 'key-bench', 'America/New_York') returning id`);
    const org = rows[0]!.id;
    await client.query(
      `insert into calls (organization_id, direction, status, provider, provider_call_id, from_number, to_number, started_at, ended_at, duration_seconds, last_activity_at, created_at, updated_at)
       select $1, 'inbound', 'completed', 'twilio', 'CA' || g, '+18605550100', '+18605550199', now() - g * interval '1 minute', now() - g * interval '1 minute' + interval '2 minutes', 120, now(), now(), now()
       from generate_series(1, 5000) g`,
      [org],
    );
    await client.query('analyze');
    await client.end();

    const id = randomUUID();
    const email = `bench-dev-${id.slice(0, 8)}@switchboard.test`;
    const password = 'bench api key password';
    await insertUser(ctx.db, { id, email, name: 'Bench Developer', role: 'developer', status: 'active', mustChangePassword: false });
    await setPasswordHash(ctx.db, id, await hashPassword(password));
    await setUserOrganizations(ctx.db, id, [org]);
    const origin = new URL(ctx.baseUrl).origin;
    const login = await app.inject({ method: 'POST', url: '/api/session/login', headers: { origin }, payload: { email, password } });
    if (login.statusCode !== 200) throw new Error(`bench sign-in failed: ${login.body}`);
    const raw = login.headers['set-cookie'];
    const cookie = (Array.isArray(raw) ? raw : [raw ?? '']).map((c) => c.split(';')[0]).join('; ');
    const created = await app.inject({ method: 'POST', url: '/api/developer/api-keys', headers: { cookie, origin }, payload: { name: 'bench', organizationIds: [org], scopes: ['calls:read'] } });
    if (created.statusCode !== 201) throw new Error(`key creation failed: ${created.body}`);
    const secret = created.json().secret as string;

    const session = () => app.inject({ url: '/api/calls?limit=50', headers: { cookie } });
    const key = () => app.inject({ url: '/api/v1/calls?limit=50', headers: { authorization: `Bearer ${secret}` } });
    for (let i = 0; i < 100; i++) {
      const [a, b] = [await session(), await key()];
      if (a.statusCode !== 200 || b.statusCode !== 200) throw new Error(`warm-up failed: ${a.statusCode} ${b.statusCode} ${b.body.slice(0, 200)}`);
    }
    const times = { session: [] as number[], key: [] as number[] };
    for (let i = 0; i < ITERATIONS; i++) {
      // Alternate which goes first, so neither always follows the other.
      const order = i % 2 === 0 ? (['session', 'key'] as const) : (['key', 'session'] as const);
      for (const which of order) {
        const started = performance.now();
        const res = await (which === 'session' ? session() : key());
        times[which].push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${which} request failed: ${res.statusCode}`);
      }
    }
    const sorted = { session: [...times.session].sort((a, b) => a - b), key: [...times.key].sort((a, b) => a - b) };
    const round = (n: number) => Math.round(n * 1000) / 1000;
    return [
      { name: 'session list p50', value: round(percentile(sorted.session, 50)), unit: 'ms' },
      { name: 'session list p99', value: round(percentile(sorted.session, 99)), unit: 'ms' },
      { name: 'api key list p50', value: round(percentile(sorted.key, 50)), unit: 'ms' },
      { name: 'api key list p99', value: round(percentile(sorted.key, 99)), unit: 'ms' },
      { name: 'api key added latency p99', value: round(percentile(sorted.key, 99) - percentile(sorted.session, 99)), unit: 'ms', target: '≤ 1', iterations: ITERATIONS },
      { name: 'api key added latency p50', value: round(percentile(sorted.key, 50) - percentile(sorted.session, 50)), unit: 'ms' },
    ];
  } finally {
    await app.close();
    await db.close();
    await database.stop();
  }
}
