import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationPhoneNumbers, outboundAttempts, outboundJobs } from '../../db/schema/index.js';
import { createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { parseTwiml, postSigned } from '../testing/fake-twilio.js';
import { dispatchOutbound } from './outbound-dispatch.job.js';
import { startFakeTwilioRest, type FakeTwilioRest } from './testing/fake-twilio-rest.js';

/**
 * Outbound calls through Twilio's REST API (a stand-in on 127.0.0.1): the placement request as
 * Twilio gets it, the per-account rate limit, and the conversation over the signed webhooks —
 * identity first, then the purpose; a machine gets the voicemail message.
 */
const ACCOUNT_SID = `AC${'fedcba9876543210'.repeat(2)}`;
let t: TestAppHandle;
let fake: FakeTwilioRest;
let cookie: string;
let orgId: string;

beforeAll(async () => {
  fake = await startFakeTwilioRest(ACCOUNT_SID);
  t = await createTestApp({ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_API_BASE_URL: fake.baseUrl, OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1', OUTBOUND_CALLS_PER_SECOND: '4' });
  const org = await createOrganization(t.ctx, { name: 'Twilio Outbound Clinic', timeZone: 'America/New_York', address: { country: 'US' } });
  orgId = org.id;
  await t.db.insert(organizationPhoneNumbers).values({ organizationId: org.id, e164: '+18605550000' });
  const agent = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id] });
  cookie = await signIn(t.app, agent.email, agent.password);
  t.ctx.clock.advance(Date.parse('2026-01-06T19:00:00Z') - Date.now()); // Tuesday afternoon everywhere in the US
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const single = async (phone: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/outbound/calls', headers: { cookie }, payload: { organizationId: orgId, phone, purpose: 'appointment_reminder', contactName: 'Ada Lovelace' } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
};

describe('placing through Twilio', () => {
  it('asks Twilio with the organization’s number, TwiML and status URLs and machine detection, at most 4 a second', async () => {
    const jobs = [];
    for (let i = 0; i < 4; i++) jobs.push(await single(`+1860555301${i}`));
    const started = Date.now();
    expect((await dispatchOutbound(t.ctx)).placed).toBe(4);
    const mine = fake.placements.slice(-4);
    const gaps = mine.slice(1).map((p, i) => p.createdAt.getTime() - mine[i]!.createdAt.getTime());
    // Requests leave 250 ms apart; on arrival a loaded machine's scheduling may shave some off.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(150);
    expect(mine.at(-1)!.createdAt.getTime() - mine[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(650);
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
    const [a] = await t.db.select().from(outboundAttempts).where(eq(outboundAttempts.jobId, jobs[0]!.id));
    expect(mine[0]).toMatchObject({ to: '+18605553010', from: '+18605550000', attemptId: a!.id, sid: a!.providerCallId });
    expect(mine[0]!.url).toBe(`http://localhost:3000/telephony/twilio/outbound/voice?attempt=${a!.id}`);
    expect(mine[0]!.statusCallback).toBe(`http://localhost:3000/telephony/twilio/outbound/status?attempt=${a!.id}`);
  });

  it('a person: name and date of birth before the appointment; confirmed', async () => {
    const job = await single('+18605553020');
    await t.db.update(outboundJobs).set({ dateOfBirth: '1980-03-04' }).where(eq(outboundJobs.id, job.id));
    await dispatchOutbound(t.ctx);
    const [a] = await t.db.select().from(outboundAttempts).where(eq(outboundAttempts.jobId, job.id));
    const sid = a!.providerCallId!;
    const voice = await postSigned(t.app, `/telephony/twilio/outbound/voice?attempt=${a!.id}`, { CallSid: sid, AnsweredBy: 'human', From: '+18605550000', To: '+18605553020' });
    const open = parseTwiml(voice.statusCode, voice.body);
    expect(open.text).toMatch(/May I speak with Ada Lovelace/);
    expect(open.text).not.toMatch(/appointment/i);
    const step = async (action: string, said: string) => {
      const res = await postSigned(t.app, action.replace('http://localhost:3000', ''), { CallSid: sid, SpeechResult: said });
      return parseTwiml(res.statusCode, res.body);
    };
    const dob = await step(open.gatherAction!, 'Yes, speaking');
    expect(dob.text).toMatch(/date of birth/);
    const purpose = await step(dob.gatherAction!, 'March 4th 1980');
    expect(purpose.text).toMatch(/This is a reminder of Ada's upcoming visit at .*\. Will Ada be able to come\?/);
    // The same request again gets the same answer, stored once.
    expect((await step(dob.gatherAction!, 'March 4th 1980')).text).toBe(purpose.text);
    const bye = await step(purpose.gatherAction!, "Yes, we'll be there");
    expect(bye.hangup).toBe(true);
    expect(bye.text).toMatch(/I've noted that Ada will come/);
    expect((await postSigned(t.app, `/telephony/twilio/outbound/status?attempt=${a!.id}`, { CallSid: sid, CallStatus: 'completed', CallDuration: '35' })).statusCode).toBe(200);
    expect((await t.db.select().from(outboundJobs).where(eq(outboundJobs.id, job.id)))[0]).toMatchObject({ status: 'completed', outcome: 'confirmed' });
  });

  it('a machine: the voicemail message after the beep, no health details; outcome voicemail', async () => {
    const job = await single('+18605553030');
    await dispatchOutbound(t.ctx);
    const [a] = await t.db.select().from(outboundAttempts).where(eq(outboundAttempts.jobId, job.id));
    const voice = await postSigned(t.app, `/telephony/twilio/outbound/voice?attempt=${a!.id}`, { CallSid: a!.providerCallId!, AnsweredBy: 'machine_end_beep' });
    const vm = parseTwiml(voice.statusCode, voice.body);
    expect(vm.hangup).toBe(true);
    expect(vm.text).toMatch(/Please call us back at 8 6 0, 5 5 5, 0 0 0 0/);
    expect(vm.text).not.toMatch(/appointment|health|results/i);
    await postSigned(t.app, `/telephony/twilio/outbound/status?attempt=${a!.id}`, { CallSid: a!.providerCallId!, CallStatus: 'completed', AnsweredBy: 'machine_end_beep' });
    expect((await t.db.select().from(outboundJobs).where(eq(outboundJobs.id, job.id)))[0]).toMatchObject({ status: 'completed', outcome: 'voicemail', lastResult: 'voicemail' });
  });
});
