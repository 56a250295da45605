import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequests, calls, doNotCall, handoffs, organizationPhoneNumbers, outboundAttempts, outboundJobs } from '../../db/schema/index.js';
import { createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { parseTwiml, postSigned } from '../testing/fake-twilio.js';
import { dispatchOutbound } from './outbound-dispatch.job.js';
import { sayReferenceCode } from '../../agent/nlu/reference-code.js';
import { startFakeTwilioRest, type FakeTwilioRest } from './testing/fake-twilio-rest.js';

/**
 * Issue 27: outbound conversations as Twilio drives them (the REST stand-in places the call, the
 * signed webhooks carry what the callee says), one persona per way of answering, scored on what
 * the agent said and what was stored. The staff's instructions hold a sentence that must never be
 * spoken: every transcript is checked for it.
 */
const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const SECRET = 'internal note the balance is overdue do not mention it';
let t: TestAppHandle;
let fake: FakeTwilioRest;
let cookie: string;
let orgId: string;
let n = 0;

beforeAll(async () => {
  fake = await startFakeTwilioRest(ACCOUNT_SID);
  t = await createTestApp({ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_API_BASE_URL: fake.baseUrl, OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1', OUTBOUND_CALLS_PER_SECOND: '50' });
  const org = await createOrganization(t.ctx, { name: 'Harbor Kids Clinic', timeZone: 'America/New_York', address: { country: 'US' } });
  orgId = org.id;
  await t.db.insert(organizationPhoneNumbers).values({ organizationId: org.id, e164: '+18605550000' });
  const supervisor = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [org.id] });
  cookie = await signIn(t.app, supervisor.email, supervisor.password);
  t.ctx.clock.advance(Date.parse('2026-01-06T19:00:00Z') - Date.now()); // Tuesday afternoon in New York
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Purpose = 'appointment_reminder' | 'recall' | 'callback' | 'web_request_follow_up' | 'custom';

/** One call: placed through the queue, answered by a person who says `lines` in turn until the agent hangs up. */
async function converse(purpose: Purpose, lines: string[], extra: Record<string, unknown> = {}) {
  const phone = `+1860555${String(4000 + n++).padStart(4, '0')}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/outbound/calls',
    headers: { cookie },
    payload: { organizationId: orgId, phone, purpose, contactName: 'Maya Chen', instructions: SECRET, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  const job = res.json() as { id: string };
  await t.db.update(outboundJobs).set({ dateOfBirth: '2019-04-12' }).where(eq(outboundJobs.id, job.id));
  await dispatchOutbound(t.ctx);
  const [a] = await t.db.select().from(outboundAttempts).where(eq(outboundAttempts.jobId, job.id));
  const sid = a!.providerCallId!;
  const voice = await postSigned(t.app, `/telephony/twilio/outbound/voice?attempt=${a!.id}`, { CallSid: sid, AnsweredBy: 'human' });
  let turn = parseTwiml(voice.statusCode, voice.body);
  const said = [turn.text];
  for (const line of lines) {
    if (turn.hangup) break;
    const r = await postSigned(t.app, turn.gatherAction!, { CallSid: sid, SpeechResult: line });
    turn = parseTwiml(r.statusCode, r.body);
    said.push(turn.text);
  }
  await postSigned(t.app, `/telephony/twilio/outbound/status?attempt=${a!.id}`, { CallSid: sid, CallStatus: 'completed', CallDuration: '40' });
  const [row] = await t.db.select().from(outboundJobs).where(eq(outboundJobs.id, job.id));
  const [call] = await t.db.select().from(calls).where(eq(calls.id, a!.callId!));
  expect(call!.transcriptText.toLowerCase()).not.toContain('balance');
  expect(said.join(' ').toLowerCase()).not.toContain(SECRET);
  return { said, job: row!, hungUp: turn.hangup, phone };
}

const parent = ["yes I'm her mom", 'april 12th 2019'];

describe('outbound conversations, answered as people answer', () => {
  it('a recall the parent wants: an appointment request with their times, its reference said back; the instructions go to staff only', async () => {
    const { said, job } = await converse('recall', [...parent, 'yeah sure', 'tuesdays after school, like 3 or 4'], { visitType: 'well-child check-up' });
    expect(said[0]).toMatch(/May I speak with Maya Chen's parent or guardian\?/);
    expect(said[2]).toMatch(/Maya is due for a well-child check-up\. Would you like us to set up a visit\?/);
    expect(job).toMatchObject({ status: 'completed', outcome: 'booking_requested', response: 'tuesdays after school, like 3 or 4' });
    const [request] = await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.id, job.appointmentRequestId!));
    expect(request).toMatchObject({ firstName: 'Maya', lastName: 'Chen', dateOfBirth: '2019-04-12', source: 'phone', reasonOther: 'well-child check-up' });
    expect(request!.preferences).toMatchObject({ days: ['tue'] });
    expect(request!.notes).toContain(SECRET);
    expect(said.at(-1)).toContain(sayReferenceCode(request!.referenceCode!));
    expect(said.at(-1)!).toMatch(/nothing is booked until they do/);
  });

  it('a reminder the parent cannot make: a callback handoff with their words', async () => {
    const { job, said } = await converse('appointment_reminder', [...parent, "oh no we can't do that day, can we move it to next week"], { appointmentAt: '2026-01-13T14:30:00Z', visitType: 'check-up' });
    expect(said[2]).toMatch(/This is a reminder of Maya's check-up at Harbor Kids Clinic on Tuesday, January 13 at 9:30 AM/);
    expect(job).toMatchObject({ outcome: 'change_requested' });
    const [h] = await t.db.select().from(handoffs).where(eq(handoffs.id, job.resultHandoffId!));
    expect(h).toMatchObject({ type: 'callback', contactPhone: job.phone });
    expect(h!.reason).toMatch(/can we move it to next week/);
  });

  it('a refusal is recorded with its reason and nothing else is created', async () => {
    const { job, said } = await converse('recall', [...parent, 'no thanks she already had her checkup at the school clinic']);
    expect(job).toMatchObject({ status: 'completed', outcome: 'declined', response: 'no thanks she already had her checkup at the school clinic', appointmentRequestId: null, resultHandoffId: null });
    expect(said.at(-1)).toMatch(/noted that/);
  });

  it('another person on the line: nothing about the call, a message to call back', async () => {
    const { job, said } = await converse('web_request_follow_up', ["no this is her babysitter, the parents aren't home"]);
    expect(job).toMatchObject({ outcome: 'identity_not_confirmed' });
    expect(said.join(' ')).not.toMatch(/request|website|visit/i);
    expect(said.at(-1)).toMatch(/call Harbor Kids Clinic back at 8 6 0, 5 5 5, 0 0 0 0/);
  });

  it('a wrong number marks the contact; "stop calling" blocks the number', async () => {
    expect((await converse('recall', ['there is no maya here you have the wrong number'])).job).toMatchObject({ outcome: 'wrong_number', status: 'completed' });
    const stop = await converse('recall', ['please take me off your list and stop calling me']);
    expect(stop.job).toMatchObject({ outcome: 'do_not_call', status: 'blocked_dnc' });
    expect(await t.db.select().from(doNotCall).where(eq(doNotCall.phone, stop.phone))).toHaveLength(1);
  });

  it('a custom call says the practice’s message for the patient as written, and a yes goes to a person', async () => {
    const { job, said } = await converse('custom', [...parent, 'yes please', 'is it about her forms for school'], { messageForPatient: 'We have a question about Maya’s school forms.' });
    expect(said[2]).toMatch(/We have a question about Maya’s school forms\. Would you like someone from the team to call you back about it\?/);
    expect(job).toMatchObject({ outcome: 'callback_requested' });
    expect(job.resultHandoffId).toBeTruthy();
  });

  it('previews the opening the staff will hear, never their instructions', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/outbound/preview', headers: { cookie }, payload: { organizationId: orgId, purpose: 'recall', contactName: 'Maya Chen', dateOfBirth: '2019-04-12', visitType: 'flu shot' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().opening.join(' ')).toMatch(/parent or guardian.*Maya is due for a flu shot/);
    expect(res.json().voicemail).toMatch(/8 6 0, 5 5 5, 0 0 0 0/);
  });
});
