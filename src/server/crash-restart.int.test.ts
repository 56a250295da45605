import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequests, callEvents, calls } from './db/schema/index.js';
import { createTestApp, TEST_ENV, type TestAppHandle } from './test-support/index.js';
import { createPractice, type Practice } from './telephony/testing/call-fixtures.js';
import { newCallSid, parseTwiml, signature, TEST_PUBLIC_URL } from './telephony/testing/fake-twilio.js';

/**
 * Issue 14 §3: the server is killed with SIGKILL while calls are going on and jobs run, several
 * times at random moments, and started again on the same database. Nothing it acknowledged is
 * lost (every answered turn is stored, once), nothing is done twice (one appointment request per
 * booking call, each turn's words stored once, event numbers without gaps), and every call
 * carries on from where it was: callers repeat what got no answer, as Twilio does.
 */
const SCRIPT = ["I'd like to book an appointment", 'Jane Smith', 'March third nineteen eighty', 'a follow-up', 'yes', 'Tuesday mornings', 'yes', 'yes', "no that's all, thanks"];
const CALLERS = 12;
const KILLS = 3;
const serverEntry = fileURLToPath(new URL('./test-support/crash-server.ts', import.meta.url));

let t: TestAppHandle;
let practice: Practice;
/** Answers received across all callers; the kills are timed by them, so they land mid-conversation. */
const answered: { count: number; onAnswer?: () => void } = { count: 0 };

beforeAll(async () => {
  t = await createTestApp();
  practice = await createPractice(t.ctx);
}, 60_000);
afterAll(() => t?.close());

interface Server {
  child: ChildProcess;
  port: number;
}

function start(): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, ...TEST_ENV, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent', CALL_STALE_MINUTES: '60' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /READY (\d+)/.exec(out);
      if (ready) resolve({ child, port: Number(ready[1]) });
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
}

function kill(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

/** A signed form POST; null when the connection died before an answer (the server was killed). */
function post(port: number, path: string, params: Record<string, string>): Promise<{ status: number; body: string } | null> {
  const payload = new URLSearchParams(params).toString();
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload), 'x-twilio-signature': signature(`${TEST_PUBLIC_URL}${path}`, params) } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', () => resolve(null));
      },
    );
    req.on('error', () => resolve(null));
    req.end(payload);
  });
}

/** One caller working through the script; a request without an answer is sent again, as Twilio retries. */
class Caller {
  readonly callSid = newCallSid();
  readonly from = `+1860555${String(1000 + Math.floor(Math.random() * 8999))}`;
  /** The next request to send: the voice webhook, then gather turns by the action URL last answered. */
  private next: { path: string; params: Record<string, string> } = { path: '/telephony/twilio/voice', params: {} };
  private step = 0;
  done = false;
  /** Requests the kill cut off before an answer (each was sent again after the restart). */
  interrupted = 0;
  /** Answered turns: the gather turn number and the words. */
  readonly acknowledged: { turn: number; text: string }[] = [];

  private params(extra: Record<string, string>) {
    return { CallSid: this.callSid, AccountSid: 'ACtest', From: this.from, To: practice.number, ApiVersion: '2010-04-01', ...extra };
  }

  async run(server: () => Server | null, stopped: () => boolean): Promise<void> {
    if (this.step === 0 && this.next.params.CallSid === undefined) this.next = { path: '/telephony/twilio/voice', params: this.params({ CallStatus: 'ringing', Direction: 'inbound' }) };
    while (!this.done && !stopped()) {
      const s = server();
      if (!s) return;
      const res = await post(s.port, this.next.path, this.next.params);
      if (!res) {
        // Killed mid-request: the same request goes again after the restart.
        this.interrupted++;
        return;
      }
      if (res.status !== 200) throw new Error(`${this.next.path} answered ${res.status}: ${res.body}`);
      const twiml = parseTwiml(res.status, res.body);
      const turn = /[?&]t=(\d+)/.exec(this.next.path)?.[1];
      if (turn) this.acknowledged.push({ turn: Number(turn), text: this.next.params.SpeechResult! });
      answered.count++;
      answered.onAnswer?.();
      if (!twiml.gatherAction || this.step >= SCRIPT.length) {
        this.done = true;
        return;
      }
      const line = SCRIPT[this.step++]!;
      this.next = { path: twiml.gatherAction.slice(TEST_PUBLIC_URL.length), params: this.params({ CallStatus: 'in-progress', SpeechResult: line, Confidence: '0.9' }) };
      await new Promise((r) => setTimeout(r, Math.random() * 10));
    }
  }
}

describe('kill -9 during live calls, then a restart', () => {
  it('loses no acknowledged turn, does nothing twice, and every call carries on', async () => {
    const callers = Array.from({ length: CALLERS }, () => new Caller());
    let server: Server | null = await start();
    for (let kill_ = 0; kill_ <= KILLS && callers.some((c) => !c.done); kill_++) {
      let stop = false;
      const running = Promise.all(callers.map((c) => c.run(() => server, () => stop)));
      if (kill_ < KILLS) {
        // Somewhere in the next stretch of the conversations, while other requests are in flight.
        const at = answered.count + 5 + Math.floor(Math.random() * 25);
        await Promise.race([new Promise<void>((r) => (answered.onAnswer = () => answered.count >= at && r())), running]);
        answered.onAnswer = undefined;
        const victim = server!;
        server = null;
        await kill(victim);
        stop = true;
        await running;
        server = await start();
      } else {
        await running;
      }
    }
    await kill(server!);

    expect(callers.every((c) => c.done)).toBe(true);
    // The kills did land while requests were in flight (else this test would prove nothing).
    expect(callers.reduce((n, c) => n + c.interrupted, 0)).toBeGreaterThan(0);
    for (const caller of callers) {
      const [call] = await t.db.select().from(calls).where(and(eq(calls.provider, 'twilio'), eq(calls.providerCallId, caller.callSid)));
      expect(call, caller.callSid).toBeDefined();
      const events = await t.db.select().from(callEvents).where(eq(callEvents.callId, call!.id));
      // Event numbers without gaps or repeats: no turn was stored twice or half.
      expect(events.map((e) => e.seq).sort((a, b) => a - b)).toEqual(events.map((_, i) => i + 1));
      for (const { turn, text } of caller.acknowledged) {
        const stored = events.filter((e) => e.dedupeKey === `gather:${turn}`);
        expect(stored, `${caller.callSid} turn ${turn}`).toHaveLength(1);
        expect(events.filter((e) => e.kind === 'caller_speech' && e.payload.text === text).length).toBeGreaterThanOrEqual(1);
      }
      // Each of the caller's lines was heard once, whatever was repeated after a kill.
      for (const line of new Set(SCRIPT)) {
        const heard = events.filter((e) => e.kind === 'caller_speech' && e.payload.text === line).length;
        expect(heard, `${caller.callSid}: "${line}"`).toBe(SCRIPT.filter((l) => l === line).length);
      }
      expect(call!.status).toBe('completed');
    }
    const requests = await t.db.select().from(appointmentRequests).where(inArray(appointmentRequests.callId, (await t.db.select({ id: calls.id }).from(calls).where(eq(calls.organizationId, practice.id))).map((c) => c.id)));
    // One appointment request per booking call: none lost, none made twice.
    expect(requests).toHaveLength(CALLERS);
  }, 180_000);
});
