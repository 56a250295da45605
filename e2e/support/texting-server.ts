import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startFakeTwilioRest, type FakeTwilioRest } from '../../src/server/telephony/outbound/testing/fake-twilio-rest';
import { DEMO_PASSWORD, freePort } from './env';

/**
 * A second Switchboard server for the journeys that need texts to leave (issue 30 §6): the same
 * compiled server as Playwright's webServer, from the run's copy of the sources (whose web app that
 * server has already built), on its own ports and data folder, with Twilio's Messages API configured
 * and pointed at the fake Twilio REST API of the integration tests, which runs here on loopback
 * (src/server/telephony/outbound/testing/fake-twilio-rest.ts): it checks basic auth, records every
 * message, answers like Twilio and sends the status callbacks, signed with the auth token over this
 * server's PUBLIC_URL, to the StatusCallback it was given.
 *
 * Only the specs that use it start it (a worker fixture), so the other journeys keep the demo's
 * server without a text gateway.
 */
const TWILIO_ACCOUNT_SID = `AC${'e2e0'.repeat(8)}`;
const TWILIO_AUTH_TOKEN = 'e2e-twilio-auth-token-for-the-fake';

export interface TextingServer {
  baseUrl: string;
  /** What "Twilio" took, with the status callbacks it sent. */
  twilio: FakeTwilioRest;
  stop(): Promise<void>;
}

export async function startTextingServer(opts: { timeoutMs?: number } = {}): Promise<TextingServer> {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is not set: run the journeys through playwright.config.ts.');
  const app = path.join(runDir, 'app');
  const data = path.join(runDir, `data-texting-${process.pid}`);
  fs.mkdirSync(data, { recursive: true });
  fs.chmodSync(data, 0o755); // PostgreSQL runs as `postgres` when started as root: it must be able to enter.

  const port = Number(freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const twilio = await startFakeTwilioRest(TWILIO_ACCOUNT_SID, { authToken: TWILIO_AUTH_TOKEN, publicUrl: baseUrl });
  // Status callbacks go to the StatusCallback's path on this server (the address PUBLIC_URL names).
  twilio.targetPort = port;
  twilio.callbackDelayMs = 200;

  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd: app,
    env: {
      ...process.env,
      DATA_DIR: data,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      EMBEDDED_PG_PORT: freePort(),
      DEMO_PASSWORD,
      ENABLE_TEST_CLOCK: '1',
      OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1',
      RATE_LIMIT_SCALE: '50',
      LOG_LEVEL: 'warn',
      TWILIO_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN,
      TWILIO_API_BASE_URL: twilio.baseUrl,
      SMS_PROVIDER: 'twilio',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      // SIGINT lets the server stop its embedded PostgreSQL before exiting, once its running jobs
      // end; the demo's history, which fills in during the first minute, can hold it for longer than
      // this throwaway server is worth waiting for: then it is killed, and its PostgreSQL stopped below.
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await twilio.close();
    // Killed before it stopped its PostgreSQL (which runs in its own process group): stop that too.
    if (await stopPostgresIn(path.join(data, 'pg'))) fs.rmSync(data, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(baseUrl, child, opts.timeoutMs ?? Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 120_000));
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- the texting server's output ---\n${output.join('')}`);
  }
  return { baseUrl, twilio, stop };
}

/** Stops a PostgreSQL still running in `pgData` (fast shutdown); answers whether none runs there now. */
async function stopPostgresIn(pgData: string): Promise<boolean> {
  const pidFile = path.join(pgData, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return true;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  const running = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!Number.isInteger(pid) || pid <= 0 || !running()) return true;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && running(); waited += 250) await new Promise((resolve) => setTimeout(resolve, 250));
  return !running();
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The texting server exited (${child.exitCode ?? child.signalCode}) before it was ready.`);
    const ok = await fetch(`${baseUrl}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The texting server was not ready at ${baseUrl}/readyz within ${timeoutMs} ms.`);
}
