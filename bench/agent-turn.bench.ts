import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import autocannon from 'autocannon';
import twilio from 'twilio';
import fs from 'node:fs';
import { percentile, repoRoot, startBenchDatabase, tmpDir, type Figure } from './support.js';

/**
 * Agent turn (webhook in → TwiML out, persisted), built-in brain, 100 concurrent simulated calls
 * through the signed Twilio webhooks; baseline: a bare route doing one INSERT (committed),
 * measured in the same run against the same server process.
 *
 * - latency: 100 callers at once (dialling in over the first 2 s), each pausing 0.5–1.5 s
 *   between turns as people do — about 100 turns a second;
 * - throughput: 100 connections without pauses (calls start again when their script ends),
 *   against the baseline at the same concurrency, the two taking turns over several rounds;
 * - server RSS sampled during the paced run.
 *
 * @measures agent turn latency and throughput through the signed Twilio webhooks, 100 concurrent calls, against a bare one-INSERT route
 * @takes about 2 minutes (20 s paced, 4 rounds of 3 × 5 s, plus start-up)
 */
const TOKEN = 'bench-twilio-token';
const PUBLIC_URL = 'http://bench.switchboard.test';
const NUMBER = '+18605550100';
const CALLS = 100;
/** Throughput: ROUNDS rounds of ROUND_S seconds for each kind of load (see agentTurn). */
const ROUNDS = 4;
const ROUND_S = 5;
/** The paced run lasts long enough for every caller to make about two calls. */
const PACED_S = 20;
const SCRIPT = [
  'What are your hours?',
  "I'd like to book an appointment",
  'Jane Smith',
  'March third nineteen eighty',
  'a follow-up',
  'yes',
  'Tuesday mornings',
  'yes',
  'yes',
  "no that's all, thanks",
];

export default async function agentTurn(): Promise<Figure[]> {
  const database = await startBenchDatabase();
  const server = await startServer(database.url);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CALLS });
    // Warm up (JIT, pools, caches).
    await Promise.all(Array.from({ length: 20 }, () => runCall(base, agent, 0, () => undefined)));

    const paced: number[] = [];
    let rssMax = 0;
    const sampler = setInterval(() => void rss(base).then((r) => (rssMax = Math.max(rssMax, r))), 250);
    const until = Date.now() + PACED_S * 1000;
    await Promise.all(
      Array.from({ length: CALLS }, async () => {
        // Callers do not all dial in the same millisecond.
        await new Promise((r) => setTimeout(r, Math.random() * 2000));
        while (Date.now() < until) await runCall(base, agent, 1, (ms) => paced.push(ms));
      }),
    );
    clearInterval(sampler);
    rssMax = Math.max(rssMax, await rss(base));
    paced.sort((a, b) => a - b);

    // Throughput: the baseline, whole booking calls and ordinary turns, in turns of a few
    // seconds, several times over. On a shared 2-core machine the speed drifts from minute to
    // minute; interleaving puts the same drift into all three, so their ratio holds.
    const runs = { baseline: emptyRun(), turns: emptyRun(), talk: emptyRun() };
    // Enough prepared calls that none is dialled twice (a repeated CallSid would be a replay).
    const bookingCalls = turnRequests(SCRIPT, 10_000);
    const ordinaryTurns = turnRequests(SCRIPT.slice(0, 8), 15_000);
    for (let round = 0; round < ROUNDS; round++) {
      await measure(base, runs.baseline, { url: `${base}/bench/baseline`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}', connections: CALLS, duration: ROUND_S });
      await measure(base, runs.turns, { url: base, connections: CALLS, duration: ROUND_S, requests: bookingCalls });
      await measure(base, runs.talk, { url: base, connections: CALLS, duration: ROUND_S, requests: ordinaryTurns });
    }
    const { baseline, turns, talk } = runs;
    const perRequest = (ms: number, n: number) => Math.round((ms / n) * 1000) / 1000;
    const ratio = rate(turns) / rate(baseline);
    return [
      { name: 'agent_turn_paced_p50', value: round(percentile(paced, 50)), unit: 'ms', calls: CALLS, turns: paced.length },
      { name: 'agent_turn_paced_p99', value: round(percentile(paced, 99)), unit: 'ms', target: '<= 25', calls: CALLS },
      { name: 'agent_turn_saturated_p50', value: median(turns.p50), unit: 'ms', connections: CALLS },
      { name: 'agent_turn_saturated_p99', value: median(turns.p99), unit: 'ms', connections: CALLS },
      { name: 'agent_turn_throughput', value: round(rate(turns)), unit: 'req/s', non2xx: turns.non2xx, errors: turns.errors, rounds: ROUNDS, seconds: ROUND_S },
      { name: 'baseline_insert_throughput', value: round(rate(baseline)), unit: 'req/s', non2xx: baseline.non2xx, p99: median(baseline.p99) },
      { name: 'server_cpu_per_request_baseline', value: perRequest(baseline.cpuMs, baseline.requests), unit: 'ms', database: perRequest(baseline.dbMs, baseline.requests) },
      { name: 'server_cpu_per_request_turn', value: perRequest(turns.cpuMs, turns.requests), unit: 'ms', database: perRequest(turns.dbMs, turns.requests) },
      { name: 'agent_turn_throughput_vs_baseline', value: round(ratio * 100), unit: '%', target: '>= 25', byRound: turns.rates.map((r, i) => round((r / baseline.rates[i]!) * 100)) },
      { name: 'agent_turn_no_write_throughput', value: round(rate(talk)), unit: 'req/s', p99: median(talk.p99), non2xx: talk.non2xx },
      { name: 'server_cpu_per_request_no_write_turn', value: perRequest(talk.cpuMs, talk.requests), unit: 'ms', database: perRequest(talk.dbMs, talk.requests) },
      { name: 'agent_turn_no_write_vs_baseline', value: round((rate(talk) / rate(baseline)) * 100), unit: '%', byRound: talk.rates.map((r, i) => round((r / baseline.rates[i]!) * 100)) },
      { name: 'server_rss_at_100_calls', value: Math.round(rssMax / 1_048_576), unit: 'MB', target: '<= 250' },
    ];
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    await database.stop();
  }
}

const round = (n: number) => Math.round(n * 10) / 10;
/** The middle of the rounds' figures (support.ts percentile, on a sorted copy). */
const median = (list: number[]) => percentile([...list].sort((a, b) => a - b), 50);

/** One kind of load over its rounds: requests, seconds, CPU of the server and the database, latencies. */
interface Run {
  requests: number;
  seconds: number;
  cpuMs: number;
  dbMs: number;
  non2xx: number;
  errors: number;
  rates: number[];
  p50: number[];
  p99: number[];
}
const emptyRun = (): Run => ({ requests: 0, seconds: 0, cpuMs: 0, dbMs: 0, non2xx: 0, errors: 0, rates: [], p50: [], p99: [] });
const rate = (run: Run) => run.requests / run.seconds;

async function measure(base: string, into: Run, options: autocannon.Options): Promise<void> {
  const cpu0 = await cpuMs(base);
  const db0 = databaseCpuMs();
  const started = performance.now();
  const result = await autocannon(options);
  const seconds = (performance.now() - started) / 1000;
  into.cpuMs += (await cpuMs(base)) - cpu0;
  into.dbMs += databaseCpuMs() - db0;
  into.requests += result.requests.total;
  into.seconds += seconds;
  into.non2xx += result.non2xx;
  into.errors += result.errors;
  into.rates.push(result.requests.total / seconds);
  into.p50.push(result.latency.p50);
  into.p99.push(result.latency.p99);
}
const sign = (path: string, params: Record<string, string>) => twilio.getExpectedTwilioSignature(TOKEN, `${PUBLIC_URL}${path}`, params);
const callSid = () => `CA${randomBytes(16).toString('hex')}`;
const caller = () => `+1860${2 + Math.floor(Math.random() * 7)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;

/** One call: answer, the script turn by turn (following the TwiML's action URLs), final status. */
export async function runCall(base: string, agent: http.Agent, pauseS: number, record: (ms: number) => void): Promise<void> {
  const common = { CallSid: callSid(), AccountSid: 'ACbench', From: caller(), To: NUMBER, ApiVersion: '2010-04-01' };
  let body = await timed(base, agent, '/telephony/twilio/voice', { ...common, CallStatus: 'ringing', Direction: 'inbound' }, record);
  for (const line of SCRIPT) {
    const action = /action="([^"]+)"/.exec(body)?.[1]?.replace(/&amp;/g, '&');
    if (!action || !body.includes('<Gather')) break;
    if (pauseS) await new Promise((r) => setTimeout(r, 500 + Math.random() * 1000 * pauseS));
    body = await timed(base, agent, action.slice(PUBLIC_URL.length), { ...common, CallStatus: 'in-progress', SpeechResult: line, Confidence: '0.92' }, record);
  }
  await timed(base, agent, '/telephony/twilio/status', { ...common, CallStatus: 'completed', CallDuration: '95' }, () => undefined);
}

function timed(base: string, agent: http.Agent, path: string, params: Record<string, string>, record: (ms: number) => void): Promise<string> {
  const payload = new URLSearchParams(params).toString();
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload), 'x-twilio-signature': sign(path, params) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${path} answered ${res.statusCode}: ${text.slice(0, 200)}`));
          record(performance.now() - started);
          resolve(text);
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * autocannon's request sequence for one connection: a whole call, then the next call. The
 * calls are prepared (ids, bodies, Twilio signatures) before the run, so the load generator
 * spends its CPU sending rather than signing: on this 2-core machine it shares the cores with
 * the server and PostgreSQL. Each turn's action URL is the one the agent answers with
 * (`gather?t=<turn>`); a different answer would be refused (403) and counted as non-2xx.
 */
export function turnRequests(script: string[], calls = 6000): autocannon.Request[] {
  type Prepared = { path: string; method: 'POST'; headers: Record<string, string>; body: string };
  const form = (path: string, params: Record<string, string>): Prepared => ({
    path,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': sign(path, params) },
    body: new URLSearchParams(params).toString(),
  });
  const prepared: Prepared[][] = Array.from({ length: calls }, () => {
    const sid = callSid();
    const from = caller();
    return [
      form('/telephony/twilio/voice', { CallSid: sid, From: from, To: NUMBER, CallStatus: 'ringing', Direction: 'inbound' }),
      ...script.map((line, i) => form(`/telephony/twilio/gather?t=${i + 1}`, { CallSid: sid, From: from, To: NUMBER, SpeechResult: line, Confidence: '0.92' })),
    ];
  });
  let next = 0;
  type Ctx = { call?: Prepared[] };
  return prepared[0]!.map(
    (_, step): autocannon.Request => ({
      setupRequest: (_req, context: Ctx) => {
        if (step === 0) context.call = prepared[next++ % prepared.length];
        return context.call![step]!;
      },
    }),
  );
}

/** CPU time of every PostgreSQL process on the machine (the bench's own cluster on a quiet machine). */
function databaseCpuMs(): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) continue;
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      /* the process ended meanwhile */
    }
  }
  return total;
}

async function cpuMs(base: string): Promise<number> {
  const res = await fetch(`${base}/bench/rss`);
  return ((await res.json()) as { cpuMs: number }).cpuMs;
}

async function rss(base: string): Promise<number> {
  const res = await fetch(`${base}/bench/rss`);
  return ((await res.json()) as { rss: number }).rss;
}

/** `env`: more settings for the server (relay.bench.ts points it at a fake LLM). */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; port: number }> {
  const dataDir = tmpDir('bench-agent-turn-');
  // Compiled like `npm start` runs the server (scripts/build-server.mjs), not under a TypeScript loader.
  await new Promise<void>((resolve, reject) =>
    spawn(process.execPath, ['scripts/build-server.mjs', '--bench'], { cwd: repoRoot, stdio: 'inherit' }).once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build-server exited ${code}`)))),
  );
  // With the node flags a server runs with (package.json `start`, docs/DEPLOYMENT.md).
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
  const child = spawn(process.execPath, ['--max-old-space-size=768', ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'dist/bench/agent-turn-server.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, TWILIO_AUTH_TOKEN: TOKEN, PUBLIC_URL, BENCH_NUMBER: NUMBER, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c) => {
      out += String(c);
      const m = /READY (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}): ${out}`)));
  });
  child.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { child, port };
}
