import { spawn, type ChildProcess } from 'node:child_process';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEvents, calls, organizations, outboxMessages, users } from './db/schema/index.js';
import { createCall, createOrganization, createTestApp, TEST_ENV, type TestAppHandle } from './test-support/index.js';
import { smtpCounter, type SmtpCounter } from './test-support/smtp-counter.js';
import { bundleRoleServer } from './test-support/role-server-bundle.js';
import { seedDemo } from './seed/seed.js';
import { seedDemoCalls, SEED_DEMO_CALLS_TASK } from './seed/demo-calls/seed-demo-calls.job.js';
import { DEMO_ORGANIZATIONS } from './seed/demo-organizations.js';
import { sendMessage } from './features/outbox/outbox.service.js';
import { INTERRUPTED_SEND_NOTE, outboxMessageId } from './features/outbox/deliver-outbox-message.job.js';
import { enqueueJob } from './jobs/jobs.repository.js';
import { CLOSE_STALE_CALLS_TASK } from './telephony/jobs/close-stale-calls.job.js';

/**
 * Issue 14 §3, jobs: the product (web and worker in one process, as `npm start` runs it) is killed
 * with SIGKILL three times while its jobs run — an email batch going out by SMTP, the demo seed's
 * call history, the stale-call sweeper — and started again on the same database each time.
 * Afterwards: every email was delivered, once (a copy twice only when the row says an attempt
 * was cut off after it began sending, with the same Message-ID: deliver-outbox-message.job.ts);
 * the demo is complete with nothing twice; every call is still going or closed with an outcome.
 */
const MESSAGES = 200;
const STALE_CALLS = 300;
/** Stale calls added just before a kill aimed at the sweeper: under load the first 300 may all be swept by then. */
const STALE_CALLS_PER_SWEEPER_ROUND = 150;
const KILLS = 3;
/** More kills when one kind of job was not caught running by the first three. */
const MAX_KILLS = 8;
const WORKER_CONCURRENCY = 4;
const MAIL_FROM = 'Switchboard <no-reply@crash.test>';

let server: Awaited<ReturnType<typeof bundleRoleServer>>;
let t: TestAppHandle;
let sink: SmtpCounter;

beforeAll(async () => {
  server = await bundleRoleServer();
  t = await createTestApp();
  // A real server takes a moment to accept each message: kills land mid-transaction.
  sink = await smtpCounter({ acceptDelayMs: () => 10 + Math.random() * 40 });
}, 60_000);
afterAll(async () => {
  server?.remove();
  await sink?.close();
  await t?.close();
});

function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [server.file, '--role=all'], {
    env: { ...process.env, ...TEST_ENV, DATABASE_URL: t.databaseUrl, DATA_DIR: t.ctx.env.dataDir, PORT: '0', LOG_LEVEL: 'silent', CALL_STALE_MINUTES: '60', SMTP_URL: sink.url, MAIL_FROM },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/READY \d+/.test(out)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function jobsLeft(): Promise<{ pending: number; locked: number }> {
  const { rows } = await t.db.execute<{ pending: number; locked: number }>(sql`
    select count(*)::int as pending, count(locked_by)::int as locked from graphile_worker.jobs
    where task_identifier in ('deliver-outbox-message', ${SEED_DEMO_CALLS_TASK}, ${CLOSE_STALE_CALLS_TASK})`);
  return rows[0]!;
}

describe('kill -9 while jobs run, then a restart', () => {
  it('delivers every email, completes the demo seed once and leaves no call without an end', async () => {
    const started = Date.now();
    await seedDemo(t.ctx, { dataDir: t.ctx.env.dataDir, demoPassword: 'demo-password-for-crash-tests' });
    const { rows: seedJobs } = await t.db.execute<{ payload: { now: string } }>(sql`select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = ${SEED_DEMO_CALLS_TASK}`);
    expect(seedJobs).toHaveLength(1);
    const seededAt = new Date(seedJobs[0]!.payload.now);

    const org = await createOrganization(t.ctx);
    const idle = new Date(Date.now() - 2 * 3_600_000);
    const staleCalls = (n: number) => Promise.all(Array.from({ length: n }, () => createCall(t.ctx, { organizationId: org.id, status: 'in_progress', startedAt: idle, lastActivityAt: idle })));
    const stale = await staleCalls(STALE_CALLS);
    const going = await Promise.all(Array.from({ length: 5 }, () => createCall(t.ctx, { organizationId: org.id, status: 'in_progress', startedAt: new Date(), lastActivityAt: new Date() })));
    for (let i = 0; i < MESSAGES; i++) {
      await sendMessage(t.db, { channel: 'email', recipient: `patient-${i}@example.test`, subject: `Message ${i}`, body: `Hello ${i}`, template: 'crash-test', organizationId: org.id });
    }

    // Each kill waits for one kind of work to be under way, then lands a moment later.
    const demoCallCount = async () => (await t.db.select({ id: calls.id }).from(calls).where(like(calls.providerCallId, 'SIM-DEMO-%'))).length;
    const closedCount = async () => (await t.db.select({ id: calls.id }).from(calls).where(and(eq(calls.organizationId, org.id), inArray(calls.status, ['completed', 'failed'])))).length;
    const underWay: Array<() => Promise<() => Promise<boolean>>> = [
      async () => {
        const before = await demoCallCount();
        return async () => (await demoCallCount()) > before;
      },
      async () => {
        const before = sink.total();
        return async () => sink.total() > before;
      },
      async () => {
        const before = await closedCount();
        return async () => (await closedCount()) > before;
      },
    ];
    let interruptedJobs = 0;
    const cutOff: Record<string, number> = {};
    const kills: number[] = [];
    // A kill aimed at one kind of job may land just after it finished (a loaded machine runs
    // the sweeper's batch in a moment): a kind not yet caught running gets another kill, up to
    // MAX_KILLS in all, so the assertions below always have something to check.
    const TASKS = [SEED_DEMO_CALLS_TASK, 'deliver-outbox-message', CLOSE_STALE_CALLS_TASK];
    for (let k = 0; k < MAX_KILLS; k++) {
      const aim = k < KILLS ? k % underWay.length : TASKS.findIndex((task) => !cutOff[task]);
      if (aim < 0) break;
      if (aim === 2) stale.push(...(await staleCalls(STALE_CALLS_PER_SWEEPER_ROUND)));
      const progressed = await underWay[aim]!();
      const child = await start();
      // The sweeper runs on the minute by its crontab; here it is asked to run now, as the cron would.
      await enqueueJob(t.db, CLOSE_STALE_CALLS_TASK, {});
      const wait = Date.now() + 15_000;
      while (!(await progressed()) && Date.now() < wait) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, Math.random() * 150));
      const { rows: running } = await t.db.execute<{ task: string }>(sql`select task_identifier as task from graphile_worker.jobs where locked_by is not null`);
      for (const { task } of running) cutOff[task] = (cutOff[task] ?? 0) + 1;
      interruptedJobs += running.length;
      kills.push(Date.now());
      await kill(child);
    }
    // The last start runs to the end: the jobs the kills cut off are freed (their worker holds no
    // lease any more, jobs/worker-lease.ts) with their attempt given back — a crontab sweeper run
    // has only one — and run again.
    const last = await start();
    await enqueueJob(t.db, CLOSE_STALE_CALLS_TASK, {});
    // A job cut off and then failing for real backs off exponentially (about 55 s at its fourth attempt):
    // under load the last start needs longer than a quiet run (18 s alone here).
    const deadline = Date.now() + 120_000;
    while ((await jobsLeft()).pending > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    await kill(last);
    const { rows: left } = await t.db.execute(sql`
      select task_identifier as task, attempts, max_attempts as "maxAttempts", run_at as "runAt", locked_by as "lockedBy", last_error as "lastError"
      from graphile_worker.jobs where task_identifier in ('deliver-outbox-message', ${SEED_DEMO_CALLS_TASK}, ${CLOSE_STALE_CALLS_TASK})`);
    expect(await jobsLeft(), `jobs still waiting after the last start: ${JSON.stringify(left)}`).toEqual({ pending: 0, locked: 0 });
    // The kills did land while each kind of job was running (else this test would prove nothing).
    expect(cutOff[SEED_DEMO_CALLS_TASK], JSON.stringify(cutOff)).toBeGreaterThan(0);
    expect(cutOff['deliver-outbox-message'], JSON.stringify(cutOff)).toBeGreaterThan(0);
    expect(cutOff[CLOSE_STALE_CALLS_TASK], JSON.stringify(cutOff)).toBeGreaterThan(0);

    // Email: none lost, none twice — unless cut off after the SMTP server took it, and then recognisable.
    const rows = await t.db.select().from(outboxMessages).where(eq(outboxMessages.template, 'crash-test'));
    expect(rows).toHaveLength(MESSAGES);
    let duplicates = 0;
    for (const row of rows) {
      expect(row.status, row.lastError ?? '').toBe('sent');
      const copies = sink.accepted.get(outboxMessageId(row.id, MAIL_FROM)) ?? 0;
      if (row.lastError === INTERRUPTED_SEND_NOTE) {
        // Each extra copy is an attempt killed after the server's 250 and before the sent mark.
        expect(copies).toBeGreaterThanOrEqual(1);
        expect(copies).toBeLessThanOrEqual(1 + kills.length);
        duplicates += copies - 1;
      } else {
        expect(copies, row.id).toBe(1);
      }
    }
    // Nothing else arrived than outbox messages (the demo's own emails are outbox messages too).
    const known = new Set((await t.db.select({ id: outboxMessages.id }).from(outboxMessages)).map((r) => outboxMessageId(r.id, MAIL_FROM)));
    expect([...sink.accepted.keys()].filter((id) => !known.has(id))).toEqual([]);
    // How long before a kill the server had answered 250 to a copy the worker never marked sent.
    const beforeKill = sink.log.filter((l, i, all) => all.findIndex((o) => o.id === l.id) !== i).map((again) => {
      const first = sink.log.find((l) => l.id === again.id)!.at;
      return Math.min(...kills.filter((k) => k >= first)) - first;
    });
    if (beforeKill.length > 0) console.log(`crash-jobs: copies accepted ${beforeKill.join(', ')} ms before a kill were sent again`);
    // A kill can cut off at most the messages in flight at that moment.
    expect(duplicates).toBeLessThanOrEqual(kills.length * WORKER_CONCURRENCY);

    // The demo seed: complete (a run with the same plan has nothing left to make) and nothing twice.
    const demoOrgs = await t.db.select().from(organizations).where(inArray(organizations.slug, DEMO_ORGANIZATIONS.map((o) => o.slug)));
    expect(demoOrgs).toHaveLength(DEMO_ORGANIZATIONS.length);
    const emails = (await t.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(new Set(emails).size).toBe(emails.length);
    const demoCalls = await t.db.select().from(calls).where(and(eq(calls.provider, 'simulator'), like(calls.providerCallId, 'SIM-DEMO-%')));
    expect(demoCalls.length).toBeGreaterThan(100);
    expect(demoCalls.filter((c) => c.status === 'ringing' || c.status === 'in_progress')).toEqual([]);
    expect(await seedDemoCalls(t.ctx, { now: seededAt })).toBe(0);
    const { rows: twice } = await t.db.execute(sql`
      select c.id from calls c join appointment_requests r on r.call_id = c.id
      where c.provider_call_id like 'SIM-DEMO-%' group by c.id having count(*) > 1`);
    expect(twice).toEqual([]);
    const { rows: gaps } = await t.db.execute(sql`select call_id from call_events group by call_id having max(seq) <> count(*)`);
    expect(gaps).toEqual([]);

    // The sweeper: every stale call closed once, with an outcome; calls still going untouched.
    const closed = await t.db.select().from(calls).where(inArray(calls.id, stale.map((c) => c.id)));
    for (const c of closed) {
      expect(['completed', 'failed']).toContain(c.status);
      expect(c.outcome, c.id).not.toBeNull();
    }
    const { rows: sweeps } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from call_events where dedupe_key = 'closed-after-inactivity' and call_id in (select id from calls where organization_id = ${org.id})`);
    expect(sweeps[0]!.n).toBe(stale.length);
    const still = await t.db.select({ status: calls.status }).from(calls).where(inArray(calls.id, going.map((c) => c.id)));
    expect(still.map((c) => c.status)).toEqual(going.map(() => 'in_progress'));
    expect(await t.db.select().from(callEvents).where(and(inArray(callEvents.callId, going.map((c) => c.id))))).toEqual([]);

    console.log(`crash-jobs: ${kills.length} kills, ${interruptedJobs} jobs cut off (${JSON.stringify(cutOff)}), ${MESSAGES} emails (${duplicates} extra copies after a cut-off, same Message-ID), ${demoCalls.length} demo calls, ${stale.length} stale calls closed — ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 360_000);
});
