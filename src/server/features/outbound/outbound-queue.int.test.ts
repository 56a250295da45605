import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { postSigned } from '../../telephony/testing/fake-twilio.js';
import { dispatchOutbound } from '../../telephony/outbound/outbound-dispatch.job.js';
import { simulateCallee } from '../../telephony/outbound/simulated-callee.job.js';
import { organizationPhoneNumbers, outboundAttempts, outboundJobs, calls, doNotCall, handoffs } from '../../db/schema/index.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';
import { eq } from 'drizzle-orm';
import { addCampaignContacts, createCampaign } from './outbound.service.js';
import type { StaffActor } from '../../policy/actor.js';

let t: TestAppHandle;
let org: OrganizationRow;
const cookie = {} as Record<'agent' | 'supervisor', string>;
let n = 0;
/** A fresh number whose last digit picks the simulated callee's persona (0 confirms, 5 no answer, 6 busy, 7 voicemail, 9 never again). */
const number = (last: number) => `+1860555${String(100 + (n++ % 800)).padStart(3, '0')}${last}`;

/** Moves the server's clock to an exact instant. */
function setNow(iso: string) {
  t.ctx.clock.reset();
  t.ctx.clock.advance(Date.parse(iso) - Date.now());
}

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_CALLS_PER_SECOND: '0', OUTBOUND_SIMULATOR_PACE_MS: '0', OUTBOUND_ORG_CONCURRENCY: '50' });
  org = await createOrganization(t.ctx, { name: 'Outbound Clinic', timeZone: 'America/New_York', address: { country: 'US' } });
  await t.db.insert(organizationPhoneNumbers).values({ organizationId: org.id, e164: '+18605550000' });
  for (const role of ['agent', 'supervisor'] as const) {
    const u = await createStaffUser(t.ctx, { role, organizationIds: [org.id] });
    cookie[role] = await signIn(t.app, u.email, u.password);
  }
});
afterAll(() => t?.close());
beforeEach(async () => {
  // Each test sees only its own jobs waiting.
  await t.db.execute(sql`update outbound_jobs set status = 'canceled' where status in ('scheduled', 'queued', 'dialing', 'in_progress')`);
  setNow('2026-01-06T19:00:00Z'); // Tuesday 14:00 in New York, 09:00 in Honolulu: a US number may be rung anywhere
});

const single = (phone: string, extra: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/outbound/calls', headers: { cookie: cookie.agent }, payload: { organizationId: org.id, phone, purpose: 'appointment_reminder', contactName: 'Ada Lovelace', ...extra } });

async function attemptsOf(jobId: string) {
  return t.db.select().from(outboundAttempts).where(eq(outboundAttempts.jobId, jobId)).orderBy(outboundAttempts.attemptNo);
}
async function jobRow(jobId: string) {
  return (await t.db.select().from(outboundJobs).where(eq(outboundJobs.id, jobId)))[0]!;
}
/** One dispatcher run, then every placed attempt's simulated callee to the end. */
async function runQueue() {
  const r = await dispatchOutbound(t.ctx);
  const open = await t.db.select().from(outboundAttempts).where(sql`placement = 'placed' and result is null`);
  for (const a of open) await simulateCallee(t.ctx, a.id);
  return r;
}

describe('a single call on the simulator', () => {
  it('is placed, answered, confirms identity and the appointment; every state is on the job, the attempt and its call', async () => {
    const res = await single(number(0), { contactName: 'Ada Lovelace' });
    expect(res.statusCode).toBe(201);
    const job = res.json();
    expect(job).toMatchObject({ status: 'scheduled', attempts: 0, purpose: 'appointment_reminder', phone: expect.stringMatching(/^\+1860555/) });
    // A date of birth on file lets the callee confirm who they are.
    await t.db.update(outboundJobs).set({ dateOfBirth: '1980-03-04' }).where(eq(outboundJobs.id, job.id));

    const r = await dispatchOutbound(t.ctx);
    expect(r.placed).toBe(1);
    const [a] = await attemptsOf(job.id);
    expect(a).toMatchObject({ attemptNo: 1, provider: 'simulator', placement: 'placed', result: null });
    expect((await jobRow(job.id)).status).toBe('dialing');
    const [call] = await t.db.select().from(calls).where(eq(calls.id, a!.callId!));
    expect(call).toMatchObject({ direction: 'outbound', status: 'ringing', outboundJobId: job.id, toNumber: job.phone, fromNumber: '+18605550000' });

    await simulateCallee(t.ctx, a!.id);
    const done = await jobRow(job.id);
    expect(done).toMatchObject({ status: 'completed', outcome: 'confirmed', lastResult: 'answered', attempts: 1 });
    const [ended] = await t.db.select().from(calls).where(eq(calls.id, a!.callId!));
    expect(ended!.status).toBe('completed');
    expect(ended!.transcriptText).toMatch(/date of birth/);
    expect(ended!.transcriptText).toMatch(/This is a reminder of .*'s upcoming visit at Outbound Clinic/);
    // Said only once the job holds it: the patient will come.
    expect(ended!.transcriptText).toMatch(/I've noted that .* will come/);
    expect(ended!.transcriptText).not.toMatch(/confirmed|booked/i);
    expect(done.response).toMatch(/yes/i);

    const detail = await t.app.inject({ method: 'GET', url: `/api/outbound/jobs/${job.id}`, headers: { cookie: cookie.agent } });
    expect(detail.json()).toMatchObject({ status: 'completed', outcome: 'confirmed', lastCallId: a!.callId, attemptList: [{ attemptNo: 1, result: 'answered', callId: a!.callId }] });
  });

  it('without a date of birth on file says nothing about the appointment: staff get a handoff to call back', async () => {
    const job = (await single(number(0))).json();
    await runQueue();
    expect(await jobRow(job.id)).toMatchObject({ status: 'completed', outcome: 'identity_not_confirmed' });
    const [a] = await attemptsOf(job.id);
    const [call] = await t.db.select().from(calls).where(eq(calls.id, a!.callId!));
    expect(call!.transcriptText).not.toMatch(/appointment/i);
    expect(call!.transcriptText).toMatch(/can't confirm your details .* call Outbound Clinic at 8 6 0, 5 5 5, 0 0 0 0/);
    expect((await jobRow(job.id)).resultHandoffId).toBeTruthy();
  });

  it('on a machine leaves the voicemail message: outcome voicemail', async () => {
    const job = (await single(number(7))).json();
    await runQueue();
    expect(await jobRow(job.id)).toMatchObject({ status: 'completed', outcome: 'voicemail', lastResult: 'voicemail' });
  });

  it('"never call again" puts the number on the do-not-call list at once', async () => {
    const phone = number(9);
    const job = (await single(phone)).json();
    await runQueue();
    expect(await jobRow(job.id)).toMatchObject({ status: 'blocked_dnc', outcome: 'do_not_call' });
    const listed = await t.db.select().from(doNotCall).where(eq(doNotCall.phone, job.phone));
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ organizationId: org.id, source: 'call' });
  });
});

describe('the queue', () => {
  it('retries no-answer after the interval, each attempt its own call, up to the maximum; then no_answer', async () => {
    const job = (await single(number(5))).json();
    await runQueue();
    let row = await jobRow(job.id);
    expect(row).toMatchObject({ status: 'scheduled', attempts: 1, lastResult: 'no_answer' });
    expect(row.nextAttemptAt.getTime() - t.ctx.clock.now().getTime()).toBeGreaterThan(29 * 60_000);
    // Not before the interval.
    expect((await runQueue()).placed).toBe(0);
    for (const attempt of [2, 3]) {
      t.ctx.clock.advance(31 * 60_000);
      expect((await runQueue()).placed).toBe(1);
      row = await jobRow(job.id);
      expect(row.attempts).toBe(attempt);
    }
    expect(row).toMatchObject({ status: 'no_answer', attempts: 3, lastResult: 'no_answer' });
    const attempts = await attemptsOf(job.id);
    expect(attempts.map((a) => a.result)).toEqual(['no_answer', 'no_answer', 'no_answer']);
    expect(new Set(attempts.map((a) => a.callId)).size).toBe(3);
  });

  it('blocks a number put on the do-not-call list after the job was created (checked at placement)', async () => {
    const job = (await single(number(0))).json();
    await t.db.insert(doNotCall).values({ organizationId: org.id, phone: job.phone, reason: 'asked by letter', source: 'staff' });
    expect((await runQueue()).placed).toBe(0);
    expect(await jobRow(job.id)).toMatchObject({ status: 'blocked_dnc', attempts: 0 });
    expect(await attemptsOf(job.id)).toHaveLength(0);
  });

  it('waits for 08:00 in the callee’s zone, across zones and a DST change', async () => {
    // 06:30 UTC on 2026-03-08, the night the US springs forward: 01:30 EST in New York, 22:30 PST
    // in Los Angeles, 06:30 in London — too late or too early everywhere. Sunday 08:00 in New York
    // is EDT (12:00 UTC), in Los Angeles PDT (15:00 UTC).
    setNow('2026-03-08T06:30:00Z');
    // A single call is read in its number's zones when it is created; these two are given a zone of
    // their own afterwards (as a campaign's contact has) and are due now, for the dispatcher to judge.
    const due = new Date('2026-03-08T06:30:00Z');
    const ny = (await single(number(0))).json();
    await t.db.update(outboundJobs).set({ timeZone: 'America/New_York', nextAttemptAt: due }).where(eq(outboundJobs.id, ny.id));
    // A US number without a zone waits until 08:00 in every US zone (Honolulu: 18:00 UTC).
    const anywhere = (await single(number(0))).json();
    const la = (await t.app.inject({ method: 'POST', url: '/api/outbound/calls', headers: { cookie: cookie.agent }, payload: { organizationId: org.id, phone: '+14155550123', purpose: 'recall' } })).json();
    await t.db.update(outboundJobs).set({ timeZone: 'America/Los_Angeles', nextAttemptAt: due }).where(eq(outboundJobs.id, la.id));
    const london = (await single('+442079460123')).json();
    expect((await runQueue()).placed).toBe(0);
    expect((await jobRow(anywhere.id)).nextAttemptAt.toISOString()).toBe('2026-03-08T18:00:00.000Z');
    expect((await jobRow(ny.id)).nextAttemptAt.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect((await jobRow(la.id)).nextAttemptAt.toISOString()).toBe('2026-03-08T15:00:00.000Z');
    expect((await jobRow(london.id)).status).toBe('scheduled');
    expect((await jobRow(london.id)).nextAttemptAt.toISOString()).toBe('2026-03-08T08:00:00.000Z');
    // At 08:00 London only London is called; at 12:00 UTC New York follows.
    setNow('2026-03-08T08:00:00Z');
    expect((await dispatchOutbound(t.ctx)).placed).toBe(1);
    expect((await jobRow(london.id)).status).toBe('dialing');
    setNow('2026-03-08T12:00:00Z');
    expect((await dispatchOutbound(t.ctx)).placed).toBe(1);
    expect((await jobRow(ny.id)).status).toBe('dialing');
  });

  it('never has more calls on the line than the organization allows', async () => {
    const settings = (concurrency: number | null) =>
      t.app.inject({ method: 'PUT', url: `/api/organizations/${org.id}/outbound-settings`, headers: { cookie: cookie.supervisor }, payload: { window: { start: '08:00', end: '21:00', days: [1, 2, 3, 4, 5, 6, 7] }, concurrency } });
    expect((await settings(2)).statusCode).toBe(200);
    try {
      const jobs = [];
      for (let i = 0; i < 5; i++) jobs.push((await single(number(0))).json());
      expect((await dispatchOutbound(t.ctx)).placed).toBe(2);
      const rows = await Promise.all(jobs.map((j) => jobRow(j.id)));
      expect(rows.filter((r) => r.status === 'dialing')).toHaveLength(2);
      expect(rows.filter((r) => r.status === 'queued')).toHaveLength(3);
      // A line frees up: the next one goes.
      const open = await t.db.select().from(outboundAttempts).where(sql`placement = 'placed' and result is null`);
      await simulateCallee(t.ctx, open[0]!.id);
      expect((await dispatchOutbound(t.ctx)).placed).toBe(1);
    } finally {
      await settings(null);
    }
  });
});

describe('status callbacks', () => {
  it('are signed, move the call, repeat harmlessly and refuse illegal moves with 409', async () => {
    const job = (await single(number(0))).json();
    await dispatchOutbound(t.ctx);
    const [a] = await attemptsOf(job.id);
    const path = `/telephony/twilio/outbound/status?attempt=${a!.id}`;
    const params = (status: string) => ({ CallSid: a!.providerCallId!, CallStatus: status });
    expect((await postSigned(t.app, path, params('ringing'), { sign: false })).statusCode).toBe(403);
    expect((await postSigned(t.app, path, params('ringing'))).statusCode).toBe(200);
    expect((await postSigned(t.app, path, params('in-progress'))).statusCode).toBe(200);
    expect((await jobRow(job.id)).status).toBe('in_progress');
    expect((await postSigned(t.app, path, params('in-progress'))).statusCode).toBe(200);
    expect((await postSigned(t.app, path, params('ringing'))).statusCode).toBe(409);
    expect((await postSigned(t.app, path, params('busy'))).statusCode).toBe(409);
    expect((await postSigned(t.app, path, { ...params('completed'), CallDuration: '42' })).statusCode).toBe(200);
    expect((await postSigned(t.app, path, { ...params('completed'), CallDuration: '42' })).statusCode).toBe(200);
    expect((await postSigned(t.app, path, params('no-answer'))).statusCode).toBe(409);
    expect(await jobRow(job.id)).toMatchObject({ status: 'completed', lastResult: 'answered' });
    const [call] = await t.db.select().from(calls).where(eq(calls.id, a!.callId!));
    expect(call).toMatchObject({ status: 'completed', durationSeconds: 42 });
    const events = await t.db.execute(sql`select count(*)::int as n from call_events where call_id = ${a!.callId} and kind = 'status'`);
    expect(events.rows[0]!.n).toBe(3); // ringing, in progress, completed — once each
  });
});

describe('handoff call-back', () => {
  it('places a call to the handoff’s contact and the result lands on the handoff', async () => {
    const phone = number(6); // busy
    const [h] = await t.db.insert(handoffs).values({ organizationId: org.id, type: 'callback', priority: 'normal', source: 'staff', reason: 'Wants a call about results', contactName: 'Grace Hopper', contactPhone: phone, dueAt: new Date() }).returning();
    const res = await t.app.inject({ method: 'POST', url: `/api/handoffs/${h!.id}/call-back`, headers: { cookie: cookie.agent }, payload: {} });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ handoffId: h!.id, purpose: 'callback', phone, contactName: 'Grace Hopper' });
    await runQueue();
    const ev = await t.db.execute(sql`select kind, body, data from handoff_events where handoff_id = ${h!.id} and kind = 'callback_attempt'`);
    expect(ev.rows).toHaveLength(1);
    expect(ev.rows[0]).toMatchObject({ data: expect.objectContaining({ result: 'busy', outboundJobId: res.json().id }) });
  });
});

describe('a campaign', () => {
  it('whose last contacts end at the same moment is completed (each settling waits for the other to commit)', async () => {
    const [u] = await t.db.execute(sql`select id, email, name from users where role = 'supervisor' limit 1`).then((r) => r.rows as { id: string; email: string; name: string }[]);
    const actor: StaffActor = { kind: 'staff', userId: u!.id, email: u!.email, name: u!.name, role: 'supervisor', allOrganizations: false, organizationIds: [org.id], sessionId: 'test', ip: '127.0.0.1' };
    for (let round = 0; round < 4; round++) {
      const campaign = await createCampaign(t.ctx, actor, {
        organizationId: org.id, name: `Race ${round}`, purpose: 'recall', instructions: '', voicemailMessage: '',
        window: { start: '08:00', end: '20:00', days: [1, 2, 3, 4, 5, 6, 7] }, maxAttempts: 1, retryIntervalMinutes: 5, concurrency: 10,
      } as never);
      // Personas by the last digit: 5 does not answer, 6 is busy — both end the contact at one attempt.
      await addCampaignContacts(t.db, campaign.id, [5, 6, 5, 6].map((d, i) => ({ row: i + 2, name: `Contact ${i}`, phone: number(d), timeZone: null, dateOfBirth: null, fields: {} })));
      await dispatchOutbound(t.ctx);
      const open = await t.db.select().from(outboundAttempts).where(sql`placement = 'placed' and result is null`);
      expect(open.length).toBe(4);
      await Promise.all(open.map((a) => simulateCallee(t.ctx, a.id)));
      const [row] = await t.db.execute(sql`select status from outbound_campaigns where id = ${campaign.id}`).then((r) => r.rows as { status: string }[]);
      expect(row!.status, `round ${round}`).toBe('completed');
    }
  });
});
