import http from 'node:http';
import pg from 'pg';
import { percentile, startBenchDatabase, type Figure } from './support.js';
import { runCall, startServer, stopServer } from './real-calls.js';

/**
 * Soak (issue 14 §5; `npm run bench -- soak`, not in `npm run bench` or `npm test`): 200
 * concurrent callers through the signed Twilio webhooks for SOAK_MINUTES (10 by default), each
 * booking an appointment with a person's pauses between turns, call after call. Reports errors,
 * latency, the server's resident memory at the start (after the first minute) and the end with
 * its slope, and the database connections in use.
 *
 * @measures 200 concurrent callers for SOAK_MINUTES: errors, latency, memory and its slope, database connections
 * @takes SOAK_MINUTES (10 by default) plus start-up
 * @onRequest
 */
const CALLERS = 200;
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const SAMPLE_MS = 5000;

export default async function soak(): Promise<Figure[]> {
  const database = await startBenchDatabase();
  const server = await startServer(database.url);
  const client = new pg.Client(database.url);
  await client.connect();
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CALLERS });
    const started = Date.now();
    const until = started + MINUTES * 60_000;
    const latencies: number[] = [];
    let errors = 0;
    let calls = 0;
    const samples: { minute: number; rssMb: number; connections: number }[] = [];
    const sampler = setInterval(() => {
      void Promise.all([
        fetch(`${base}/bench/rss`).then((r) => r.json() as Promise<{ rss: number }>),
        client.query<{ n: string }>(`select count(*) as n from pg_stat_activity where backend_type = 'client backend'`),
      ])
        .then(([rss, conn]) => samples.push({ minute: (Date.now() - started) / 60_000, rssMb: rss.rss / 1_048_576, connections: Number(conn.rows[0]!.n) }))
        .catch(() => undefined);
    }, SAMPLE_MS);
    await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        await new Promise((r) => setTimeout(r, Math.random() * 5000));
        while (Date.now() < until) {
          try {
            await runCall(base, agent, 1, (ms) => latencies.push(ms));
            calls++;
          } catch {
            errors++;
          }
        }
      }),
    );
    clearInterval(sampler);
    latencies.sort((a, b) => a - b);
    // Memory after the first minute (warm-up: JIT, pools, caches) against the end, and its trend.
    const steady = samples.filter((s) => s.minute >= Math.min(1, MINUTES / 4));
    const first = steady[0];
    const last = steady.at(-1);
    const slope = slopeOf(steady.map((s) => [s.minute, s.rssMb] as const));
    const round = (n: number) => Math.round(n * 10) / 10;
    return [
      { name: 'soak_calls', value: calls, unit: 'calls', minutes: MINUTES, callers: CALLERS },
      { name: 'soak_turns', value: latencies.length, unit: 'turns' },
      { name: 'soak_errors', value: errors, unit: 'calls', target: '0' },
      { name: 'soak_turn_p99', value: round(percentile(latencies, 99)), unit: 'ms' },
      { name: 'soak_rss_start', value: round(first?.rssMb ?? NaN), unit: 'MB' },
      { name: 'soak_rss_end', value: round(last?.rssMb ?? NaN), unit: 'MB' },
      { name: 'soak_rss_slope', value: round(slope), unit: 'MB/min', target: 'flat' },
      { name: 'soak_db_connections_max', value: Math.max(...samples.map((s) => s.connections)), unit: 'connections' },
    ];
  } finally {
    await client.end();
    await stopServer(server);
    await database.stop();
  }
}

/** Least-squares slope of y over x. */
function slopeOf(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const num = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}
