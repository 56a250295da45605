import { eq, sql } from 'drizzle-orm';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationPhoneNumbers, outboundJobs } from '../../db/schema/index.js';
import { createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { startWorker } from '../../worker.js';

/**
 * A whole campaign on the built-in simulator through the real worker (graphile-worker runs the
 * dispatcher and each simulated callee), as the demo and the browser journey run it on a fresh
 * machine: created through the API, then every contact reaches the end its persona gives it.
 */
let t: TestAppHandle;
let runner: Runner;
let cookie: string;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_CALLS_PER_SECOND: '0', OUTBOUND_SIMULATOR_PACE_MS: '0' });
  const org = await createOrganization(t.ctx, { name: 'Simulated Campaign Clinic', timeZone: 'America/New_York', address: { country: 'US' } });
  orgId = org.id;
  await t.db.insert(organizationPhoneNumbers).values({ organizationId: org.id, e164: '+18605550000' });
  const supervisor = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [org.id] });
  cookie = await signIn(t.app, supervisor.email, supervisor.password);
  runner = await startWorker(t.ctx, { pollInterval: 100 });
}, 60_000);
afterAll(async () => {
  await runner?.stop();
  await t?.close();
});

describe('a campaign on the simulator', () => {
  it('runs every contact to its end through the worker, live', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/outbound/campaigns',
      headers: { cookie },
      payload: { organizationId: orgId, name: 'Recall', purpose: 'recall', window: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] }, maxAttempts: 1, retryIntervalMinutes: 5, concurrency: 5 },
    });
    expect(res.statusCode).toBe(201);
    const campaign = res.json();
    // A contact in a zone where it is daytime now, whatever the test's hour; last digits pick the persona.
    const hour = (z: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: z, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    const zone = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'America/Los_Angeles', 'Australia/Sydney', 'Asia/Kolkata'].find((z) => hour(z) >= 9 && hour(z) < 20)!;
    const { addCampaignContacts, wakeOutboundQueue } = await import('../../features/outbound/outbound.service.js');
    await addCampaignContacts(
      t.db,
      campaign.id,
      [0, 5, 6, 7, 9].map((d, i) => ({ row: i + 2, name: `Person ${d}`, phone: `+186055560${i}${d}`, timeZone: zone, dateOfBirth: null, fields: {} })),
    );
    await wakeOutboundQueue(t.ctx);
    // The dispatcher also runs on the minute (its crontab): a wake lost under a loaded machine is
    // made up within a minute, as in production, so the wait covers one tick.
    const deadline = Date.now() + 120_000;
    let view = campaign;
    while (Date.now() < deadline) {
      view = (await t.app.inject({ method: 'GET', url: `/api/outbound/campaigns/${campaign.id}`, headers: { cookie } })).json();
      if (view.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    if (view.status !== 'completed') {
      const left = await t.db.execute(sql`select phone, status, attempts, next_attempt_at from outbound_jobs where campaign_id = ${campaign.id}`);
      const queued = await t.db.execute(sql`select task_identifier, attempts, run_at, last_error from graphile_worker.jobs`);
      expect.fail(`campaign still ${view.status}: jobs ${JSON.stringify(left.rows)}; worker queue ${JSON.stringify(queued.rows)}`);
    }
    expect(view.progress).toMatchObject({ total: 5, done: 5, answered: 1, voicemail: 1, noAnswer: 1, busy: 1, doNotCall: 1 });
    const jobs = await t.db.select().from(outboundJobs).where(eq(outboundJobs.campaignId, campaign.id));
    expect(Object.fromEntries(jobs.map((j) => [j.phone.at(-1), `${j.status}/${j.outcome}`]))).toEqual({
      '0': 'completed/identity_not_confirmed',
      '5': 'no_answer/null',
      '6': 'busy/null',
      '7': 'completed/voicemail',
      '9': 'blocked_dnc/do_not_call',
    });
    const csv = await t.app.inject({ method: 'GET', url: `/api/outbound/campaigns/${campaign.id}/results.csv`, headers: { cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe('Row,Name,Phone,Status,Outcome,What they said,Created,Attempts,Last result,Last call,Updated');
    expect(csv.body).toMatch(/busy/);
    // What the person asking never to be called again said, beside the outcome (issue 27).
    expect(csv.body).toMatch(/blocked_dnc,do_not_call,Please stop calling this number\.,/);
    // Phone numbers in E.164 are data, not formulas: written as they are (issue 28).
    const phones = csv.body.split('\r\n').slice(1, -1).map((line) => line.split(',')[2]);
    expect(phones).toHaveLength(5);
    for (const phone of phones) expect(phone).toMatch(/^\+\d{11,15}$/);
    const summary = (await t.app.inject({ method: 'GET', url: '/api/outbound/summary', headers: { cookie } })).json();
    expect(summary).toMatchObject({ provider: 'simulator', callsInProgress: 0 });
    const dnc = await t.db.execute(sql`select count(*)::int as n from do_not_call where organization_id = ${orgId}`);
    expect(dnc.rows[0]!.n).toBe(1);
  }, 180_000);
});
