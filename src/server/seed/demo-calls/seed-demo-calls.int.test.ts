import { and, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { appointmentRequests, bookedVisits, callEvents, calls, handoffs, outboxMessages } from '../../db/schema/index.js';
import { seedDemo } from '../seed.js';
import { seedDemoCalls } from './seed-demo-calls.job.js';

let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx, { dataDir: t.ctx.env.dataDir, demoPassword: 'demo-password-for-tests' });
});
afterAll(() => t?.close());

describe('the demo call history', () => {
  it('is made by scripted callers through the real pipeline, in the past, once', async () => {
    const started = performance.now();
    const made = await seedDemoCalls(t.ctx, { days: 4 });
    const ms = performance.now() - started;
    expect(made).toBeGreaterThan(10);
    const rows = await t.db.select().from(calls).where(like(calls.providerCallId, 'SIM-DEMO-%'));
    expect(rows).toHaveLength(made);
    // Every call ended, with an outcome and a summary, at a time in the past.
    for (const c of rows) {
      expect(c.status, c.summary ?? '').toBe('completed');
      expect(c.outcome).not.toBeNull();
      expect(c.summary).toBeTruthy();
      expect(c.startedAt.getTime()).toBeLessThan(Date.now());
      expect(c.provider).toBe('simulator');
    }
    expect(new Set(rows.map((c) => c.outcome)).size).toBeGreaterThanOrEqual(3);
    expect(rows.filter((c) => c.transcriptText.startsWith('Agent: ')).length).toBeGreaterThan(made / 2);
    const [events] = await t.db.select({ n: count() }).from(callEvents).innerJoin(calls, eq(calls.id, callEvents.callId)).where(like(calls.providerCallId, 'SIM-DEMO-%'));
    expect(Number(events!.n)).toBeGreaterThan(made * 4);
    const requests = await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.source, 'phone'));
    expect(requests.length).toBeGreaterThan(0);
    // History older than a few days was worked; handoffs' times follow the calls'.
    const old = await t.db.execute<{ open: number }>(sql`select count(*)::int as open from handoffs h join calls c on c.id = h.call_id where h.status = 'open' and h.created_at < now() - interval '3 days'`);
    expect(old.rows[0]!.open).toBe(0);
    // The demo practices book some visit types directly: callers offered times take one (the
    // transcript never stops at an offer), and those calls leave booked visits.
    const offered = rows.filter((c) => /Which would you like\?|Would that suit you\?/.test(c.transcriptText));
    for (const c of offered) expect(c.transcriptText, c.transcriptText).toMatch(/You're booked for|pass your request/);
    const booked = await t.db.select({ n: count() }).from(bookedVisits).where(eq(bookedVisits.channel, 'phone'));
    if (offered.length) expect(Number(booked[0]!.n)).toBeGreaterThan(0);
    // Their callers are made up: the confirmations stay in the outbox unsent (not printed on the
    // demo's terminal), and the visits take no reminders.
    const queued = await t.db.select({ n: count() }).from(outboxMessages).where(and(eq(outboxMessages.template, 'appointment-scheduled'), eq(outboxMessages.status, 'queued')));
    expect(Number(queued[0]!.n)).toBe(0);
    const reminded = await t.db.select({ n: count() }).from(bookedVisits).where(and(eq(bookedVisits.channel, 'phone'), eq(bookedVisits.sendReminders, true)));
    expect(Number(reminded[0]!.n)).toBe(0);
    const [anyHandoff] = await t.db.select({ n: count() }).from(handoffs);
    expect(Number(anyHandoff!.n)).toBeGreaterThan(0);
    expect(await seedDemoCalls(t.ctx, { days: 4 })).toBe(0);
    console.log(`seeded ${made} demo calls in ${Math.round(ms)} ms; ${offered.length} offered open times`);
  });
});
