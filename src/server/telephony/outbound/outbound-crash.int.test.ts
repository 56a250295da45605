import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationPhoneNumbers, outboundAttempts, outboundCampaigns, outboundJobs } from '../../db/schema/index.js';
import { createOrganization, createTestApp, TEST_ENV, type TestAppHandle } from '../../test-support/index.js';
import { addCampaignContacts } from '../../features/outbound/outbound.service.js';
import { startFakeTwilioRest, type FakeTwilioRest } from './testing/fake-twilio-rest.js';

/**
 * Issue 16 §1 crash safety: the real server and worker run in a child process placing a campaign
 * through Twilio's REST API (a stand-in on loopback that then drives each call's signed status
 * callbacks). The child is killed with SIGKILL several times at random points — one of them while
 * a Calls.create is at the provider and its answer never gets back — and started again on the same
 * database. At the end every contact is final and the provider received exactly one placement per
 * attempt: nothing lost, nothing dialled twice.
 */
const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const CONTACTS = 24;
const KILLS = 3;
const serverEntry = fileURLToPath(new URL('../../test-support/crash-server.ts', import.meta.url));

let t: TestAppHandle;
let fake: FakeTwilioRest;
let campaignId: string;

/** A zone where it is between 10:00 and 19:00 now, so the 08:00–21:00 rule lets the campaign run whenever the test does. */
function zoneInDaytime(): string {
  const zones = ['Pacific/Honolulu', 'America/Los_Angeles', 'America/Denver', 'America/Chicago', 'America/New_York', 'America/Sao_Paulo', 'Atlantic/Azores', 'Europe/London', 'Europe/Berlin', 'Europe/Athens', 'Asia/Dubai', 'Asia/Kolkata', 'Asia/Bangkok', 'Asia/Tokyo', 'Australia/Sydney', 'Pacific/Auckland'];
  for (const zone of zones) {
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    if (hour >= 10 && hour < 19) return zone;
  }
  throw new Error('no zone in daytime');
}

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeTwilioRest(ACCOUNT_SID);
  // Even numbers answer, odd ones never do (two attempts each).
  fake.outcomeOf = (to) => (Number(to.at(-1)) % 2 === 0 ? 'completed' : 'no-answer');
  const org = await createOrganization(t.ctx, { name: 'Crash Campaign Clinic', timeZone: 'America/New_York', address: { country: 'US' } });
  await t.db.insert(organizationPhoneNumbers).values({ organizationId: org.id, e164: '+18605550000' });
  const [campaign] = await t.db
    .insert(outboundCampaigns)
    .values({ organizationId: org.id, name: 'Crash recall', purpose: 'recall', windowStart: '08:00', windowEnd: '21:00', windowDays: [1, 2, 3, 4, 5, 6, 7], maxAttempts: 2, retryIntervalMinutes: 0, concurrency: 6, status: 'running' })
    .returning();
  campaignId = campaign!.id;
  const zone = zoneInDaytime();
  await addCampaignContacts(
    t.db,
    campaignId,
    Array.from({ length: CONTACTS }, (_, i) => ({ row: i + 2, name: `Contact ${i}`, phone: `+1860555${String(2000 + i)}`, timeZone: zone, dateOfBirth: null, fields: {} })),
  );
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await t?.close();
});

interface Child {
  process: ChildProcess;
  port: number;
}

function start(): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      ...TEST_ENV,
      DATABASE_URL: t.databaseUrl,
      LOG_LEVEL: 'silent',
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_API_BASE_URL: fake.baseUrl,
      OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1',
      OUTBOUND_CALLS_PER_SECOND: '20',
      OUTBOUND_ORG_CONCURRENCY: '6',
      // A call whose status callback was lost (sent while the server was dead) is asked about after 2 s.
      OUTBOUND_STALE_SECONDS: '2',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /READY (\d+)/.exec(out);
      if (ready) resolve({ process: child, port: Number(ready[1]) });
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
}

function kill(child: Child): Promise<void> {
  return new Promise((resolve) => {
    if (child.process.exitCode !== null || child.process.signalCode) return resolve();
    child.process.once('exit', () => resolve());
    child.process.kill('SIGKILL');
  });
}

async function finalCount(): Promise<number> {
  const r = await t.db.execute(sql`select count(*)::int as n from outbound_jobs where campaign_id = ${campaignId} and status in ('completed', 'no_answer', 'busy', 'failed', 'canceled', 'blocked_dnc')`);
  return Number(r.rows[0]!.n);
}

describe('kill -9 during a running campaign', () => {
  it('loses no job and places no call twice', async () => {
    let child = await start();
    fake.targetPort = child.port;
    for (let k = 0; k < KILLS; k++) {
      // A random point in the next 2–8 placements; the first kill lands inside a Calls.create.
      const target = fake.placements.length + 2 + Math.floor(Math.random() * 7);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no placement ${target} within 30 s (have ${fake.placements.length})`)), 30_000);
        fake.onCreate = (p) => {
          if (fake.placements.length < target) return;
          fake.onCreate = undefined;
          clearTimeout(timer);
          const dying = child;
          fake.targetPort = null;
          void kill(dying).then(resolve);
          // The first kill: the provider placed the call but the server never hears so.
          if (k === 0) return false;
          void p;
        };
      });
      child = await start();
      fake.targetPort = child.port;
    }
    const deadline = Date.now() + 90_000;
    while ((await finalCount()) < CONTACTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    await kill(child);

    const jobs = await t.db.select().from(outboundJobs).where(eq(outboundJobs.campaignId, campaignId));
    const attempts = await t.db.select().from(outboundAttempts).where(sql`${outboundAttempts.jobId} in (select id from outbound_jobs where campaign_id = ${campaignId})`);
    // Nothing lost: every contact reached its end.
    expect(jobs.filter((j) => !['completed', 'no_answer'].includes(j.status)).map((j) => `${j.phone} ${j.status}`)).toEqual([]);
    expect(attempts.filter((a) => a.placement !== 'placed')).toEqual([]);
    // Exactly one placement at the provider per attempt, and the right number of attempts per contact.
    const perAttempt = new Map<string, number>();
    for (const p of fake.placements) perAttempt.set(p.attemptId, (perAttempt.get(p.attemptId) ?? 0) + 1);
    expect([...perAttempt.values()].filter((n) => n !== 1)).toEqual([]);
    expect(fake.placements).toHaveLength(attempts.length);
    expect(new Set(attempts.map((a) => a.id))).toEqual(new Set(perAttempt.keys()));
    for (const j of jobs) {
      const expected = Number(j.phone.at(-1)) % 2 === 0 ? 1 : 2;
      expect({ phone: j.phone, attempts: j.attempts, placements: fake.placements.filter((p) => p.to === j.phone).length }).toEqual({ phone: j.phone, attempts: expected, placements: expected });
      expect(j.status).toBe(expected === 1 ? 'completed' : 'no_answer');
    }
    // Each attempt kept the provider's call id of its one placement.
    for (const a of attempts) expect(a.providerCallId).toBe(fake.placements.find((p) => p.attemptId === a.id)!.sid);
  }, 180_000);
});
