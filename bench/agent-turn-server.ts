import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/server/config/env.js';
import { createAppContext } from '../src/server/bootstrap.js';
import { buildApp } from '../src/server/app.js';
import { startWorker } from '../src/server/worker.js';
import { organizationHours, organizationPhoneNumbers, organizations } from '../src/server/db/schema/index.js';
import { defaultAgentSettings } from '../src/contracts/organizations.js';

/**
 * The server side of agent-turn.bench.ts, in its own process so the load generator does not
 * share its event loop: the real app (built-in brain), one practice with a number, and a
 * baseline route registered on this instance only — one INSERT, committed — to compare with.
 * Prints `READY <port>`; `GET /bench/rss` answers the resident memory. With `BENCH_WORKER=1` the
 * worker runs in this process too, as `npm start` runs both roles (agent-tests.bench.ts plays its
 * runs on it).
 */
const env = loadEnv({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', PORT: '0' });
const { ctx } = createAppContext(env, process.env.DATABASE_URL!, { poolMax: Number(process.env.BENCH_POOL ?? 20) });
const app = await buildApp(ctx);

await ctx.db.execute(sql`create table if not exists bench_rows (id bigint generated always as identity primary key, payload jsonb not null, at timestamptz not null default now())`);
const [org] = await ctx.db
  .insert(organizations)
  .values({
    name: 'Bench Family Practice',
    slug: `bench-${Date.now()}`,
    timeZone: 'America/New_York',
    address: { line1: '1 Bench Road', city: 'Hartford', region: 'CT', postalCode: '06103', country: 'US' },
    agentSettings: defaultAgentSettings('Bench Family Practice'),
    appointmentSettings: { enabled: true, visitReasons: ['New patient visit', 'Follow-up', 'Annual physical', 'Sick visit'], message: 'We will call you to confirm a time.' },
  })
  .returning();
await ctx.db.insert(organizationHours).values({ organizationId: org!.id, weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '06:00', end: '22:00' })), overrides: [] });
await ctx.db.insert(organizationPhoneNumbers).values({ organizationId: org!.id, e164: process.env.BENCH_NUMBER!, label: 'Main line' });

app.post('/bench/baseline', { schema: { hide: true } }, async (request) => {
  await ctx.db.execute(sql`insert into bench_rows (payload) values (${JSON.stringify(request.body ?? {})}::jsonb)`);
  return { ok: true };
});
const served = new Map<string, number[]>();
app.addHook('onResponse', async (request, reply) => {
  const key = request.routeOptions.url ?? 'other';
  let list = served.get(key);
  if (!list) served.set(key, (list = []));
  list.push(reply.elapsedTime);
});
app.get('/bench/served', { schema: { hide: true } }, async () => {
  const out: Record<string, { n: number; p50: number; p99: number }> = {};
  for (const [k, v] of served) {
    const sorted = [...v].sort((a, b) => a - b);
    out[k] = { n: v.length, p50: sorted[Math.floor(v.length / 2)] ?? 0, p99: sorted[Math.floor(v.length * 0.99)] ?? 0 };
  }
  served.clear();
  return out;
});
app.get('/bench/rss', { schema: { hide: true } }, async () => {
  const cpu = process.cpuUsage();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers, cpuMs: (cpu.user + cpu.system) / 1000 };
});

const worker = process.env.BENCH_WORKER === '1' ? await startWorker(ctx) : undefined;
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`READY ${new URL(address).port}\n`);
process.on('SIGTERM', () => void Promise.all([app.close(), worker?.stop()]).then(() => process.exit(0)));
