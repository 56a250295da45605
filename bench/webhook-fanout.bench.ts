import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Logger, run } from 'graphile-worker';
import { Webhook } from 'standardwebhooks';
import { loadEnv } from '../src/server/config/env.js';
import { createAppContext } from '../src/server/bootstrap.js';
import { deliverWebhookTask } from '../src/server/features/webhooks/deliver-webhook.job.js';
import { newWebhookSecret } from '../src/server/lib/webhook-signature.js';
import { startBenchDatabase, tmpDir, type Figure } from './support.js';

/**
 * Webhook fan-out (issue 18 §6: ≥ 500 signed deliveries per second to a loopback receiver,
 * none lost, none duplicated). 1,000 calls start in an organization with 5 endpoints subscribed
 * to call.started: the triggers record 5,000 deliveries with their jobs; then one worker process
 * (graphile-worker, concurrency WEBHOOK_BENCH_CONCURRENCY) delivers them. Each request is
 * verified with the standardwebhooks reference implementation by the receiver; the figure is
 * deliveries per second from the worker's start to the last answer. (The kill -9 half of the
 * target is not measured here.)
 */
const CALLS = Number(process.env.WEBHOOK_BENCH_CALLS ?? 1000);
const ENDPOINTS = 5;
const CONCURRENCY = Number(process.env.WEBHOOK_BENCH_CONCURRENCY ?? 32);

export default async function webhookFanout(): Promise<Figure[]> {
  const database = await startBenchDatabase();
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: tmpDir('bench-hooks-'), OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1', PORT: '0' });
  const { ctx, database: db } = createAppContext(env, database.url, { poolMax: CONCURRENCY + 4 });
  const secrets = Array.from({ length: ENDPOINTS }, () => newWebhookSecret());
  const seen = new Map<string, number>();
  let bad = 0;
  let lastAt = 0;
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = Number(req.url!.split('/').pop());
      try {
        new Webhook(secrets[n]!).verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
      } catch {
        bad++;
      }
      const k = `${n}:${req.headers['webhook-id']}`;
      seen.set(k, (seen.get(k) ?? 0) + 1);
      lastAt = performance.now();
      res.writeHead(204).end();
    });
  });
  receiver.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ id: string }>(`insert into organizations (name, slug, time_zone) values ('Hook Bench', 'hook-bench', 'America/New_York') returning id`);
    const org = rows[0]!.id;
    for (let i = 0; i < ENDPOINTS; i++) {
      await client.query(`insert into webhook_endpoints (organization_id, url, events, secret) values ($1, $2, array['call.started'], $3)`, [org, `${base}/${i}`, secrets[i]]);
    }
    const recordStarted = performance.now();
    await client.query(
      `insert into calls (organization_id, direction, status, provider, provider_call_id, from_number, to_number, started_at, last_activity_at, created_at, updated_at)
       select $1, 'inbound', 'in_progress', 'simulator', 'SIM' || g, '+18605550100', '+18605550199', now(), now(), now(), now() from generate_series(1, ${CALLS}) g`,
      [org],
    );
    const recordMs = performance.now() - recordStarted;
    await client.end();

    const expected = CALLS * ENDPOINTS;
    const started = performance.now();
    const runner = await run({ pgPool: ctx.pool, taskList: { 'deliver-webhook': deliverWebhookTask(ctx) }, concurrency: CONCURRENCY, noHandleSignals: true, pollInterval: 100, logger: new Logger(() => () => undefined) });
    const deadline = Date.now() + 300_000;
    while (seen.size < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // Stopping waits for the jobs under way, so every settlement is written before counting.
    await runner.stop();
    const { rows: pending } = await ctx.pool.query<{ n: number }>(`select count(*)::int as n from webhook_deliveries where status <> 'succeeded'`);
    const seconds = (lastAt - started) / 1000;
    const duplicates = [...seen.values()].filter((n) => n > 1).length;
    return [
      { name: 'signed deliveries per second', value: Math.round(seen.size / seconds), unit: '/s', target: '≥ 500', deliveries: expected, concurrency: CONCURRENCY },
      { name: 'lost deliveries', value: expected - seen.size, unit: 'count', target: '0' },
      { name: 'duplicated deliveries', value: duplicates, unit: 'count', target: '0' },
      { name: 'signatures refused by standardwebhooks', value: bad, unit: 'count', target: '0' },
      { name: 'deliveries not settled as succeeded', value: pending[0]!.n, unit: 'count', target: '0' },
      { name: 'events recorded with the calls (1,000 call inserts, 5,000 deliveries)', value: Math.round(recordMs), unit: 'ms' },
    ];
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await db.close();
    await database.stop();
  }
}
