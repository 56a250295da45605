import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './db/client.js';
import { organizations, outboxMessages } from './db/schema/index.js';
import { DEMO_ORGANIZATIONS } from './seed/demo-organizations.js';
import { sendMessage } from './features/outbox/outbox.service.js';
import { INTERRUPTED_SEND_NOTE, outboxMessageId } from './features/outbox/deliver-outbox-message.job.js';
import { createStaffUser, TEST_ENV } from './test-support/index.js';
import { startDebianPostgres, type DebianPostgres } from './test-support/debian-postgres.js';
import { smtpCounter, type SmtpCounter } from './test-support/smtp-counter.js';
import { bundleRoleServer } from './test-support/role-server-bundle.js';

/**
 * Issue 14 §4 / DESIGN.md "several processes": two `--role=web` and two `--role=worker` processes
 * on one PostgreSQL server — Debian's, reached through DATABASE_URL as a deployment would
 * (docs/DEPLOYMENT.md) — behave as one: a live update made through one web process reaches a
 * stream opened on the other; a session made on one is valid on the other and ends on both at
 * sign-out; the sign-in rate limit counts both; every job runs once; after SIGKILL of one web and
 * one worker process the others serve and deliver, the killed worker's jobs included. Then the
 * backup: pg_dump, a restore into a new database, a web process on it reads the data back.
 */
const MAIL_FROM = 'Switchboard <no-reply@multi.test>';
const DEMO_PASSWORD = 'demo-password-for-multi-process';
const ORIGIN = new URL(TEST_ENV.PUBLIC_URL).origin;
const LOGIN_LIMIT = 20;

let server: Awaited<ReturnType<typeof bundleRoleServer>>;
let pg: DebianPostgres;
let database: Database;
let sink: SmtpCounter;
const children: ChildProcess[] = [];
const dataDirs: string[] = [];

interface Proc {
  child: ChildProcess;
  base: string;
}

function start(role: 'web' | 'worker', databaseUrl: string): Promise<Proc> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `switchboard-${role}-`));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, [server.file, `--role=${role}`], {
    env: { ...process.env, ...TEST_ENV, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '1', SMTP_URL: sink.url, MAIL_FROM, DEMO_PASSWORD, CALL_STALE_MINUTES: '60' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  // better-auth warns of every refused sign-in (the rate-limit check makes 18); the rest is shown.
  child.stderr!.on('data', (chunk: Buffer) => {
    const lines = chunk.toString().split('\n').filter((l) => l.trim() && !l.includes('[Better Auth]'));
    if (lines.length) process.stderr.write(`[${role}] ${lines.join('\n')}\n`);
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /READY (\d+)/.exec(out);
      if (ready) resolve({ child, base: `http://127.0.0.1:${ready[1]}` });
    });
    child.once('exit', (code) => reject(new Error(`the ${role} process exited (${code}) before it was ready`)));
  });
}

function kill(proc: Proc): Promise<void> {
  return new Promise((resolve) => {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return resolve();
    proc.child.once('exit', () => resolve());
    proc.child.kill('SIGKILL');
  });
}

/** A request as the web app makes it: our Origin, JSON, the session cookie. */
async function api(base: string, method: string, url: string, opts: { cookie?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { origin: ORIGIN, ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown>, cookies: res.headers.getSetCookie() };
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await api(base, 'POST', '/api/session/login', { body: { email, password } });
  expect(res.status, res.text).toBe(200);
  return res.cookies.map((c) => c.split(';')[0]!).join('; ');
}

/** Opens the live-update stream and resolves with the first event `match` accepts (null after `ms`). */
async function liveEvent(base: string, cookie: string, topics: string, match: (data: Record<string, unknown>) => boolean, ms: number) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/live?topics=${topics}`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  await reader.read(); // ": connected" — subscribed
  const found = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const data = /^data: (.+)$/m.exec(buffer.slice(0, end))?.[1];
        buffer = buffer.slice(end + 2);
        if (data && match(JSON.parse(data) as Record<string, unknown>)) return JSON.parse(data) as Record<string, unknown>;
      }
    }
  })().catch(() => null);
  const timer = setTimeout(() => controller.abort(), ms);
  return {
    event: found.finally(() => {
      clearTimeout(timer);
      controller.abort();
    }),
  };
}

async function enqueueEmails(count: number, template: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await sendMessage(database.db, { channel: 'email', recipient: `${template}-${i}@example.test`, subject: `${template} ${i}`, body: `Hello ${i}`, template })).id);
  }
  return ids;
}

async function untilDelivered(ids: string[], ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const rows = await database.db.select({ status: outboxMessages.status }).from(outboxMessages).where(inArray(outboxMessages.id, ids));
    if (rows.every((r) => r.status === 'sent') || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const timings: string[] = [];
let mark = Date.now();
const took = (what: string) => {
  timings.push(`${what} ${((Date.now() - mark) / 1000).toFixed(1)} s`);
  mark = Date.now();
};

beforeAll(async () => {
  mark = Date.now();
  server = await bundleRoleServer();
  pg = await startDebianPostgres();
  await pg.client('createdb', ['switchboard']);
  database = createDatabase(pg.url('switchboard'), { max: 4 });
  sink = await smtpCounter({ acceptDelayMs: () => 5 + Math.random() * 15 });
  took('PostgreSQL');
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.close();
  await pg?.stop();
  await sink?.close();
  server?.remove();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  console.log(`multi-process: ${timings.join(', ')}`);
});

describe('two web and two worker processes on one PostgreSQL server', () => {
  it('share live updates, sessions, rate limits and jobs, survive losing one of each, and restore from a dump', async () => {
    // All four start at once on an empty database: they migrate and seed one after another.
    const [webA, webB, worker1] = await Promise.all([start('web', pg.url('switchboard')), start('web', pg.url('switchboard')), start('worker', pg.url('switchboard')), start('worker', pg.url('switchboard'))]);
    took('four processes started');
    const demo = await database.db.select().from(organizations).where(inArray(organizations.slug, DEMO_ORGANIZATIONS.map((o) => o.slug)));
    expect(demo).toHaveLength(DEMO_ORGANIZATIONS.length);
    const org = demo[0]!;
    const staff = await createStaffUser({ db: database.db }, { role: 'supervisor', organizationIds: [org.id] });

    // A session made on A is valid on B.
    const cookie = await signIn(webA.base, staff.email, staff.password);
    expect((await api(webB.base, 'GET', '/api/session', { cookie })).status).toBe(200);

    // A live update made through A reaches a stream opened on B.
    const stream = await liveEvent(webB.base, cookie, 'calls', () => true, 10_000);
    const call = await api(webA.base, 'POST', '/api/simulator/calls', { cookie, body: { organizationId: org.id } });
    expect(call.status, call.text).toBe(201);
    const callId = call.json().callId as string;
    const event = await stream.event;
    expect(event, 'no live event on B for the call started through A').toMatchObject({ topic: 'calls', id: callId, organizationId: org.id });

    // Signing out on A ends the session on both.
    const second = await signIn(webB.base, staff.email, staff.password);
    expect((await api(webA.base, 'POST', '/api/session/logout', { cookie })).status).toBe(204);
    expect((await api(webA.base, 'GET', '/api/session', { cookie })).status).toBe(401);
    expect((await api(webB.base, 'GET', '/api/session', { cookie })).status).toBe(401);
    expect((await api(webB.base, 'GET', '/api/session', { cookie: second })).status).toBe(200);
    took('sessions and live updates');

    // The sign-in limit (20 a minute per address) counts the attempts on A and B together: two
    // sign-ins so far, then 18 wrong ones alternately, and the next is refused on either.
    for (let i = 0; i < LOGIN_LIMIT - 2; i++) {
      const res = await api(i % 2 ? webB.base : webA.base, 'POST', '/api/session/login', { body: { email: `nobody-${i}@example.test`, password: 'wrong password 123' } });
      expect(res.status, `attempt ${i + 3}: ${res.text}`).toBe(401);
    }
    expect((await api(webA.base, 'POST', '/api/session/login', { body: { email: 'nobody@example.test', password: 'wrong password 123' } })).status).toBe(429);
    expect((await api(webB.base, 'POST', '/api/session/login', { body: { email: 'nobody@example.test', password: 'wrong password 123' } })).status).toBe(429);
    took('rate limit');

    // Every job runs once: each email reaches the SMTP server exactly once, whichever worker took it.
    const first = await enqueueEmails(60, 'multi-first');
    await untilDelivered(first, 20_000);
    for (const id of first) expect(sink.accepted.get(outboxMessageId(id, MAIL_FROM)) ?? 0, id).toBe(1);
    took('60 emails by two workers');

    // One web and one worker process killed (SIGKILL) while a batch goes out.
    const second_ = await enqueueEmails(60, 'multi-second');
    await new Promise((r) => setTimeout(r, 100));
    const { rows: held } = await database.pool.query<{ n: number }>('select count(*)::int as n from graphile_worker.jobs where locked_by is not null');
    await Promise.all([kill(webA), kill(worker1)]);
    // The other web process serves: the session, a new call and its live update.
    expect((await api(webB.base, 'GET', '/api/session', { cookie: second })).status).toBe(200);
    const streamAfter = await liveEvent(webB.base, second, 'calls', () => true, 10_000);
    const after = await api(webB.base, 'POST', '/api/simulator/calls', { cookie: second, body: { organizationId: org.id } });
    expect(after.status, after.text).toBe(201);
    expect(await streamAfter.event).toMatchObject({ topic: 'calls', id: after.json().callId });
    // The other worker delivers the rest, the jobs the killed one held included (its lease is gone).
    await untilDelivered(second_, 30_000);
    const rows = await database.db.select().from(outboxMessages).where(inArray(outboxMessages.id, second_));
    for (const row of rows) {
      expect(row.status, row.lastError ?? '').toBe('sent');
      const copies = sink.accepted.get(outboxMessageId(row.id, MAIL_FROM)) ?? 0;
      // Twice only when the kill fell between the SMTP server's 250 and the sent mark (same Message-ID).
      if (row.lastError === INTERRUPTED_SEND_NOTE) expect([1, 2], row.id).toContain(copies);
      else expect(copies, row.id).toBe(1);
    }
    took(`kill of one web and one worker (${held[0]!.n} jobs running at the kill), 60 emails`);

    // Backup and restore: pg_dump (rate-limit counters are not worth keeping), a new database, a web process on it.
    const dump = path.join(pg.dir, 'switchboard.dump');
    await pg.client('pg_dump', ['--format=custom', '--no-unlogged-table-data', '--file', dump, 'switchboard']);
    await pg.client('createdb', ['restored']);
    await pg.client('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', 'restored', dump]);
    const restored = await start('web', pg.url('restored'));
    const cookieR = await signIn(restored.base, staff.email, staff.password);
    const read = await api(restored.base, 'GET', `/api/calls/${callId}`, { cookie: cookieR });
    expect(read.status, read.text).toBe(200);
    expect(read.json()).toMatchObject({ call: { id: callId } });
    const copy = createDatabase(pg.url('restored'), { max: 1 });
    const [outboxRow] = await copy.db.select({ status: outboxMessages.status }).from(outboxMessages).where(eq(outboxMessages.id, first[0]!));
    await copy.close();
    expect(outboxRow?.status).toBe('sent');
    await kill(restored);
    took('pg_dump, restore, a web process on it');
  }, 180_000);
});
