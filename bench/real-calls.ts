import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import twilio from 'twilio';
import { repoRoot, tmpDir } from './support.js';

/**
 * Real calls for the benchmarks: the bench server (agent-turn-server.ts, compiled as `npm start`
 * runs the server) and simulated callers that dial its practice through signed Twilio webhooks,
 * turn by turn, as agent-turn.bench.ts measures them (and relay, soak and agent-tests reuse).
 */
export const TOKEN = 'bench-twilio-token';
export const PUBLIC_URL = 'http://bench.switchboard.test';
export const NUMBER = '+18605550100';
/** What a caller says, one line a turn: an hours question, then a booking request to its end. */
export const SCRIPT = [
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

export const sign = (path: string, params: Record<string, string>) => twilio.getExpectedTwilioSignature(TOKEN, `${PUBLIC_URL}${path}`, params);
export const callSid = () => `CA${randomBytes(16).toString('hex')}`;
export const caller = () => `+1860${2 + Math.floor(Math.random() * 7)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;

/** One call: answer, the script turn by turn (following the TwiML's action URLs), final status. `record` gets each turn's milliseconds. */
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

/**
 * `callers` people calling at once (dialling in over the first 2 s), each pausing 0.5–1.5 s
 * between turns as people do — about 100 turns a second for 100 callers — and calling again when
 * a call ends, while `keepGoing()` says so. Resolves once every caller has finished their call.
 */
export async function pacedCalls(base: string, agent: http.Agent, opts: { callers: number; keepGoing: () => boolean; record: (ms: number) => void }): Promise<void> {
  await Promise.all(
    Array.from({ length: opts.callers }, async () => {
      await new Promise((r) => setTimeout(r, Math.random() * 2000));
      while (opts.keepGoing()) await runCall(base, agent, 1, opts.record);
    }),
  );
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
 * The bench server in its own process (agent-turn-server.ts), so the load generator does not share
 * its event loop. `env`: more settings for it (relay.bench.ts points it at a fake LLM;
 * `BENCH_WORKER: '1'` starts the worker in it too).
 */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; port: number }> {
  const dataDir = tmpDir('bench-agent-turn-');
  // Compiled like `npm start` runs the server (scripts/build-server.mjs), not under a TypeScript loader.
  await new Promise<void>((resolve, reject) =>
    spawn(process.execPath, ['scripts/build-server.mjs', '--bench'], { cwd: repoRoot, stdio: 'inherit' }).once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build-server exited ${code}`)))),
  );
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
  // With the node flags a server runs with (package.json `start`, docs/DEPLOYMENT.md; decision 057).
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

/** Stops the bench server and waits for it to exit (killed after 15 s: a worker waits for a job it is playing). */
export async function stopServer(server: { child: ChildProcess }): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
