import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestAppHandle } from '../test-support/index.js';
import { doNotCall, outboundCampaigns, outboundJobs } from '../db/schema/index.js';
import { dispatchOutbound } from '../telephony/outbound/outbound-dispatch.job.js';
import { simulateCallee } from '../telephony/outbound/simulated-callee.job.js';
import { seedDemo } from './seed.js';
import { DEMO_CAMPAIGN_NAME, seedDemoCampaign } from './demo-campaign.job.js';

let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_CALLS_PER_SECOND: '0', OUTBOUND_SIMULATOR_PACE_MS: '0' });
  await seedDemo(t.ctx, { dataDir: t.ctx.env.dataDir, demoPassword: 'demo-password-for-tests' });
});
afterAll(() => t?.close());

describe('the demo recall campaign', () => {
  it('is created once (a second run adds nothing), with its contacts and two numbers on the do-not-call list', async () => {
    expect(await seedDemoCampaign(t.ctx)).toBe(true);
    expect(await seedDemoCampaign(t.ctx)).toBe(false);
    const campaigns = await t.db.select().from(outboundCampaigns).where(eq(outboundCampaigns.name, DEMO_CAMPAIGN_NAME));
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]).toMatchObject({ purpose: 'recall', status: 'running', windowStart: '09:00', windowEnd: '19:00' });
    const jobs = await t.db.select().from(outboundJobs).where(eq(outboundJobs.campaignId, campaigns[0]!.id));
    expect(jobs).toHaveLength(32);
    expect(new Set(jobs.map((j) => j.phone)).size).toBe(32);
    expect(jobs.every((j) => j.timeZone === 'America/Los_Angeles' && j.dateOfBirth)).toBe(true);
    expect(await t.db.select().from(doNotCall).where(eq(doNotCall.organizationId, campaigns[0]!.organizationId))).toHaveLength(2);
  });

  it('runs through the real queue on the simulator: inside its window contacts are called and reach their ends, listed numbers are blocked', async () => {
    t.ctx.clock.reset();
    // The next Tuesday at 11:00 in Oakland (19:00Z, or 18:00Z in summer time: inside 09:00–19:00 either way), after the seed's moment.
    const tuesday = new Date();
    tuesday.setUTCDate(tuesday.getUTCDate() + ((2 - tuesday.getUTCDay() + 7) % 7 || 7));
    tuesday.setUTCHours(19, 0, 0, 0);
    t.ctx.clock.advance(tuesday.getTime() - Date.now());
    const [campaign] = await t.db.select().from(outboundCampaigns).where(eq(outboundCampaigns.name, DEMO_CAMPAIGN_NAME));
    for (let round = 0; round < 40; round++) {
      await dispatchOutbound(t.ctx);
      const open = await t.db.execute<{ id: string }>(sql`select a.id from outbound_attempts a join outbound_jobs j on j.id = a.job_id where j.campaign_id = ${campaign!.id} and a.placement = 'placed' and a.result is null`);
      for (const a of open.rows) await simulateCallee(t.ctx, a.id);
      if (open.rows.length === 0) break;
    }
    const byStatus = await t.db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from outbound_jobs where campaign_id = ${campaign!.id} group by status`);
    const counts = Object.fromEntries(byStatus.rows.map((r) => [r.status, r.n]));
    expect(counts.blocked_dnc).toBe(2);
    expect(counts.completed).toBeGreaterThan(10);
    // No answer and busy wait 30 minutes for their second attempt.
    expect(counts.scheduled).toBeGreaterThan(0);
  });
});
