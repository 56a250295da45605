import type { AddressInfo } from 'node:net';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, handoffEvents, handoffs, missedCallTexts, organizations, outboxMessages, smsInboundMessages, smsOptOuts } from '../../db/schema/index.js';
import { createStaffUser, createTestApp, outboxFor, signIn, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, recordsOf, uniqueNumber, type Practice } from '../../telephony/testing/call-fixtures.js';
import { FakeTwilioCall, newCallSid, postSigned, TWILIO_TEST_TOKEN } from '../../telephony/testing/fake-twilio.js';
import { startFakeTwilioRest, type FakeTwilioRest } from '../../telephony/outbound/testing/fake-twilio-rest.js';
import { textGatewayOf } from '../../telephony/messaging/text-gateway.js';
import { deliverOutboxMessageTask } from '../outbox/deliver-outbox-message.job.js';
import { formatPhoneNumber } from '../../../domain/format/phone.js';
import { taskList } from '../../worker.js';
import { MISSED_CALL_TEMPLATE, MISSED_CALL_TEXT_DELAY_MS, SEND_MISSED_CALL_TEXT_TASK } from './missed-calls.service.js';

/**
 * Issue 30 §2 (decision 047): a caller the practice missed — hung up before the agent could help,
 * while a transfer rang, or before saying a word — gets one text through the outbox and the text
 * gateway (a fake Twilio REST API on loopback here), never from the simulator, never to a number
 * that opted out or cannot take texts, at most once a day, never when the call left work; a
 * reply opens a message thread in the handoff queue.
 */
const ACCOUNT_SID = `AC${'fedcba9876543210'.repeat(2)}`;
let t: TestAppHandle;
let fake: FakeTwilioRest;
let practice: Practice;
let staffCookie: string;
let adminCookie: string;

const attempt = { job: { attempts: 1, max_attempts: 8 } } as unknown as JobHelpers;

beforeAll(async () => {
  fake = await startFakeTwilioRest(ACCOUNT_SID, { authToken: TWILIO_TEST_TOKEN });
  t = await createTestApp({ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_API_BASE_URL: fake.baseUrl, OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  fake.targetPort = (t.app.server.address() as AddressInfo).port;
  fake.callbackDelayMs = 5;
  practice = await textingPractice({ open: true, onDuty: true });
  const agent = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [practice.id] });
  staffCookie = await signIn(t.app, agent.email, agent.password);
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  adminCookie = await signIn(t.app, admin.email, admin.password);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A practice that turned missed-call texts on. */
async function textingPractice(opts: Parameters<typeof createPractice>[1] = {}, texts: Record<string, unknown> = {}): Promise<Practice> {
  const p = await createPractice(t.ctx, opts);
  await t.db.update(organizations).set({ missedCallTexts: { enabled: true, ...texts } }).where(eq(organizations.id, p.id));
  return p;
}

/** The missed-call jobs queued for a call (graphile-worker's own table). */
async function jobsFor(callId: string) {
  const rows = await t.db.execute<{ payload: Record<string, unknown>; run_at: Date }>(
    sql`select j.payload, j.run_at from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
        where k.identifier = ${SEND_MISSED_CALL_TEXT_TASK} and j.payload->>'callId' = ${callId}`,
  );
  return rows.rows;
}

/** Runs the call's missed-call job now (as the worker would two minutes after the call) through the worker's own task list. */
async function runJobs(callId: string) {
  for (const job of await jobsFor(callId)) await taskList(t.ctx)[SEND_MISSED_CALL_TEXT_TASK]!(job.payload, attempt);
}

/** Delivers the queued texts to `to` through the Twilio gateway (the fake). */
async function deliverTo(to: string) {
  const deliver = deliverOutboxMessageTask(t.db, { mailFrom: 'x@example.test', texts: { gateway: textGatewayOf(t.ctx.env, t.ctx.baseUrl)!, perSecond: 50 } });
  for (const row of await outboxFor(t.db, to)) if (row.status === 'queued') await deliver({ id: row.id }, attempt);
}

const decisionOf = async (callId: string) => (await t.db.select().from(missedCallTexts).where(eq(missedCallTexts.callId, callId)))[0];
const sentTo = (to: string) => fake.messages.filter((m) => m.to === to);

/** A caller who asks for a person and hangs up while the transfer rings: abandoned. */
async function hangUpDuringTransfer(from: string, p = practice) {
  const call = new FakeTwilioCall(t.app, from, p.number);
  await call.answer();
  expect((await call.say('Can I speak to a real person please')).dialTarget).toBeTruthy();
  await call.status('completed', 20);
  return (await recordsOf(t.db, call.callSid)).call!;
}

/** A caller who hangs up during the greeting. */
async function hangUpBeforeSpeaking(from: string, p = practice) {
  const call = new FakeTwilioCall(t.app, from, p.number);
  await call.answer();
  await call.status('completed', 3);
  return (await recordsOf(t.db, call.callSid)).call!;
}

const expectedText = (p: Practice) =>
  `${p.name}: sorry we missed you. Reply to this text and we will get back to you, or call us at ${formatPhoneNumber(p.number, 'US')}. In an emergency, call 911. Reply STOP to opt out.`;

describe('the text to a caller the practice missed', () => {
  it('a caller who hung up while a transfer rang gets exactly one text, two minutes later, through the gateway', async () => {
    const caller = uniqueNumber();
    const call = await hangUpDuringTransfer(caller);
    expect(call.outcome).toBe('abandoned');

    const [job] = await jobsFor(call.id);
    expect(job!.payload).toMatchObject({ callId: call.id, organizationId: practice.id, language: 'en' });
    const delay = new Date(job!.run_at).getTime() - call.endedAt!.getTime();
    expect(delay).toBeGreaterThanOrEqual(MISSED_CALL_TEXT_DELAY_MS - 1000);
    expect(delay).toBeLessThanOrEqual(MISSED_CALL_TEXT_DELAY_MS + 1000);
    expect(await outboxFor(t.db, caller)).toHaveLength(0);

    await runJobs(call.id);
    await runJobs(call.id); // a job run again sends nothing twice
    const texts = await outboxFor(t.db, caller);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ template: MISSED_CALL_TEMPLATE, channel: 'sms', organizationId: practice.id, status: 'queued', body: expectedText(practice) });
    expect(await decisionOf(call.id)).toMatchObject({ status: 'sent', reason: null, phone: caller, outboxMessageId: texts[0]!.id });

    await deliverTo(caller);
    await deliverTo(caller);
    expect(sentTo(caller)).toHaveLength(1);
    expect(sentTo(caller)[0]).toMatchObject({ from: practice.number, body: expectedText(practice) });
    // The call-back task the cut-off transfer left stays as it was: the text does not replace it.
    expect((await recordsOf(t.db, call.providerCallId)).handoffs.map((h) => h.type)).toEqual(['live_transfer', 'callback']);
  });

  it('a caller who hung up before speaking gets one; hanging up again within the day gets none', async () => {
    const caller = uniqueNumber();
    const first = await hangUpBeforeSpeaking(caller);
    expect(first.outcome).toBe('abandoned');
    await runJobs(first.id);
    const second = await hangUpBeforeSpeaking(caller);
    expect(await jobsFor(second.id)).toHaveLength(1);
    await runJobs(second.id);

    expect(await decisionOf(second.id)).toMatchObject({ status: 'skipped', reason: 'recently_texted' });
    expect(await outboxFor(t.db, caller, MISSED_CALL_TEMPLATE)).toHaveLength(1);
    await deliverTo(caller);
    expect(sentTo(caller)).toHaveLength(1);
  });

  it('a caller who stays silent until the agent hangs up gets one (queued with the agent’s hang-up)', async () => {
    const caller = uniqueNumber();
    const call = new FakeTwilioCall(t.app, caller, practice.number);
    await call.answer();
    let twiml = await call.silence();
    for (let i = 0; i < 5 && !twiml.hangup; i++) twiml = await call.silence();
    expect(twiml.hangup).toBe(true);
    const records = await recordsOf(t.db, call.callSid);
    expect(records.call).toMatchObject({ status: 'completed', outcome: 'abandoned' });
    expect(await jobsFor(records.call!.id)).toHaveLength(1);
    // The provider's own "completed" that follows changes nothing.
    await call.status('completed', 25);
    expect(await jobsFor(records.call!.id)).toHaveLength(1);
    await runJobs(records.call!.id);
    expect(await outboxFor(t.db, caller, MISSED_CALL_TEMPLATE)).toHaveLength(1);
  });

  it('the day after, a new missed call gets a text again', async () => {
    const caller = uniqueNumber();
    const first = await hangUpBeforeSpeaking(caller);
    await runJobs(first.id);
    await t.db.update(missedCallTexts).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(missedCallTexts.callId, first.id));
    const second = await hangUpBeforeSpeaking(caller);
    await runJobs(second.id);
    expect(await decisionOf(second.id)).toMatchObject({ status: 'sent' });
    expect(await outboxFor(t.db, caller, MISSED_CALL_TEMPLATE)).toHaveLength(2);
  });

  it('two missed calls from one number decided at once: one text', async () => {
    const caller = uniqueNumber();
    const a = await hangUpBeforeSpeaking(caller);
    const b = await hangUpBeforeSpeaking(caller);
    const jobs = [...(await jobsFor(a.id)), ...(await jobsFor(b.id))];
    await Promise.all(jobs.map((j) => taskList(t.ctx)[SEND_MISSED_CALL_TEXT_TASK]!(j.payload, attempt)));
    expect(await outboxFor(t.db, caller, MISSED_CALL_TEMPLATE)).toHaveLength(1);
    expect([(await decisionOf(a.id))!.status, (await decisionOf(b.id))!.status].sort()).toEqual(['sent', 'skipped']);
  });

  it('a number that replied STOP gets none', async () => {
    const caller = uniqueNumber();
    await t.db.insert(smsOptOuts).values({ organizationId: practice.id, phone: caller, keyword: 'STOP' });
    const call = await hangUpBeforeSpeaking(caller);
    await runJobs(call.id);
    expect(await decisionOf(call.id)).toMatchObject({ status: 'skipped', reason: 'opted_out' });
    expect(await outboxFor(t.db, caller)).toHaveLength(0);
    expect(sentTo(caller)).toHaveLength(0);
  });

  it.each([
    ['a toll-free number', '+18005550199'],
    ['a UK landline', '+442079460123'],
    ['a withheld number', 'anonymous'],
  ])('%s gets none (no job)', async (_what, caller) => {
    const call = await hangUpBeforeSpeaking(caller);
    expect(call.outcome).toBe('abandoned');
    expect(await jobsFor(call.id)).toHaveLength(0);
    expect(await outboxFor(t.db, caller)).toHaveLength(0);
  });

  it('a call on the simulator gets none, whatever number it says it is from', async () => {
    const caller = uniqueNumber();
    const started = await t.app.inject({ method: 'POST', url: '/api/simulator/calls', headers: { cookie: adminCookie }, payload: { organizationId: practice.id, from: caller } });
    expect(started.statusCode).toBe(201);
    const { callId } = started.json() as { callId: string };
    expect((await t.app.inject({ method: 'POST', url: `/api/simulator/calls/${callId}/hangup`, headers: { cookie: adminCookie } })).statusCode).toBeLessThan(300);
    expect((await t.db.select().from(calls).where(eq(calls.id, callId)))[0]).toMatchObject({ provider: 'simulator', outcome: 'abandoned', fromNumber: caller });
    expect(await jobsFor(callId)).toHaveLength(0);
    expect(await outboxFor(t.db, caller)).toHaveLength(0);
  });

  it('a call that produced a request gets none; nor one that left a message', async () => {
    const caller = uniqueNumber();
    const call = new FakeTwilioCall(t.app, caller, practice.number);
    await call.answer();
    for (const said of ["I'd like to make an appointment", 'Jane Smith', 'March third nineteen eighty', 'a follow-up', 'yes', 'Tuesday or Thursday mornings', 'yes']) await call.say(said);
    expect((await call.say('yes that is correct')).text).toMatch(/reference code is/);
    // The caller hangs up once the request is saved.
    await call.status('completed', 120);
    const records = await recordsOf(t.db, call.callSid);
    expect(records.requests).toHaveLength(1);
    expect(records.call!.outcome).toBe('appointment_requested');
    expect(await jobsFor(records.call!.id)).toHaveLength(0);

    const other = uniqueNumber();
    const message = new FakeTwilioCall(t.app, other, practice.number);
    await message.answer();
    await message.say('I need a refill on my blood pressure prescription, Lisinopril from Walgreens');
    await message.say('Bob Jones');
    expect((await message.say('yes')).text).toMatch(/passed your message on/);
    await message.status('completed', 60);
    const left = await recordsOf(t.db, message.callSid);
    expect(left.call!.outcome).toBe('message_taken');
    expect(await jobsFor(left.call!.id)).toHaveLength(0);
    expect([...(await outboxFor(t.db, caller)), ...(await outboxFor(t.db, other))].filter((m) => m.template === MISSED_CALL_TEMPLATE)).toEqual([]);
  });

  it('an abandoned call on which staff already opened work, or whose call-back they closed, gets none', async () => {
    const caller = uniqueNumber();
    const call = await hangUpDuringTransfer(caller);
    await t.db.update(handoffs).set({ status: 'resolved', resolvedAt: new Date(), resolution: 'called_back' }).where(and(eq(handoffs.callId, call.id), eq(handoffs.type, 'callback')));
    await runJobs(call.id);
    expect(await decisionOf(call.id)).toMatchObject({ status: 'skipped', reason: 'handled' });
    expect(await outboxFor(t.db, caller, MISSED_CALL_TEMPLATE)).toHaveLength(0);
  });

  it('a caller who rang back and was helped before the two minutes were up gets none', async () => {
    const caller = uniqueNumber();
    const missed = await hangUpBeforeSpeaking(caller);
    const again = new FakeTwilioCall(t.app, caller, practice.number);
    await again.answer();
    await again.say('What are your opening hours?');
    await again.status('completed', 30);
    await runJobs(missed.id);
    expect(await decisionOf(missed.id)).toMatchObject({ status: 'skipped', reason: 'called_again' });
    expect(await outboxFor(t.db, caller, MISSED_CALL_TEMPLATE)).toHaveLength(0);
  });

  it('an organization that did not turn them on (the default) texts nobody; one that turned them off since, neither', async () => {
    const quiet = await createPractice(t.ctx, { open: true });
    const caller = uniqueNumber();
    const call = await hangUpBeforeSpeaking(caller, quiet);
    expect(await jobsFor(call.id)).toHaveLength(0);

    const changed = await textingPractice({ open: true });
    const other = uniqueNumber();
    const late = await hangUpBeforeSpeaking(other, changed);
    await t.db.update(organizations).set({ missedCallTexts: { enabled: false } }).where(eq(organizations.id, changed.id));
    await runJobs(late.id);
    expect(await decisionOf(late.id)).toMatchObject({ status: 'skipped', reason: 'turned_off' });
    expect(await outboxFor(t.db, other)).toHaveLength(0);
  });

  it('in Spanish after a call held in Spanish, and in the organization’s own words when it wrote them', async () => {
    const own = await textingPractice({ open: true, onDuty: true }, { message: 'Hi from {practice}! Text back or ring {number}.', messageEs: '{practice}: le devolvemos la llamada pronto.' });
    const caller = uniqueNumber();
    const call = new FakeTwilioCall(t.app, caller, own.number);
    await call.answer();
    await call.say('Hola, quiero hablar con una persona por favor');
    await call.status('completed', 20);
    const records = await recordsOf(t.db, call.callSid);
    expect(records.call!.outcome).toBe('abandoned');
    await runJobs(records.call!.id);
    const [text] = await outboxFor(t.db, caller, MISSED_CALL_TEMPLATE);
    expect(text!.body).toBe(`${own.name}: le devolvemos la llamada pronto. Responda STOP para no recibir más mensajes.`);

    const english = uniqueNumber();
    const hung = await hangUpBeforeSpeaking(english, own);
    await runJobs(hung.id);
    expect((await outboxFor(t.db, english, MISSED_CALL_TEMPLATE))[0]!.body).toBe(`Hi from ${own.name}! Text back or ring ${formatPhoneNumber(own.number, 'US')}. Reply STOP to opt out.`);
  });
});

describe('a reply to the text', () => {
  let sids = 0;
  const textFrom = (from: string, body: string, sid = `SM${Date.now().toString(16)}${(sids++).toString(16).padStart(8, '0')}`) =>
    postSigned(t.app, '/telephony/twilio/sms', { MessageSid: sid, AccountSid: ACCOUNT_SID, From: from, To: practice.number, Body: body });

  async function textedCaller() {
    const caller = uniqueNumber();
    const call = await hangUpBeforeSpeaking(caller);
    await runJobs(call.id);
    return { caller, call };
  }

  it('opens a message thread in the handoff queue that staff see, with the text it answers; later replies land on it', async () => {
    const { caller, call } = await textedCaller();
    const sid = newCallSid().replace(/^CA/, 'SM');
    const res = await textFrom(caller, 'Hi, I was calling to move my appointment on Friday', sid);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${practice.name}: thank you, we have your message and will get back to you as soon as we can. In an emergency, call 911.</Message></Response>`,
    );

    const [thread] = await t.db.select().from(handoffs).where(and(eq(handoffs.organizationId, practice.id), eq(handoffs.source, 'sms'), eq(handoffs.contactPhone, caller)));
    expect(thread).toMatchObject({ type: 'message', priority: 'normal', status: 'open', callId: call.id, reason: 'Text reply after a missed call: “Hi, I was calling to move my appointment on Friday”' });
    expect(await decisionOf(call.id)).toMatchObject({ handoffId: thread!.id });

    // Staff find it in the queue and open it: the text sent, then the patient's reply.
    const list = await t.app.inject({ method: 'GET', url: `/api/handoffs?tab=open&organizationId=${practice.id}&pageSize=100`, headers: { cookie: staffCookie } });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { items: { id: string; source: string }[] }).items).toContainEqual(expect.objectContaining({ id: thread!.id, source: 'sms' }));
    const detail = await t.app.inject({ method: 'GET', url: `/api/handoffs/${thread!.id}`, headers: { cookie: staffCookie } });
    expect(detail.statusCode).toBe(200);
    const events = (detail.json() as { events: { kind: string; body: string | null; data: Record<string, unknown> }[] }).events;
    expect(events.map((e) => e.kind)).toEqual(['message_sent', 'created', 'patient_reply']);
    expect(events[0]).toMatchObject({ body: expectedText(practice), data: { channel: 'sms', automatic: MISSED_CALL_TEMPLATE } });
    expect(events[2]).toMatchObject({ body: 'Hi, I was calling to move my appointment on Friday', data: { channel: 'sms', by: 'patient' } });

    // The provider repeats the webhook: nothing twice. The record of the text keeps no words.
    expect((await textFrom(caller, 'Hi, I was calling to move my appointment on Friday', sid)).body).toBe(res.body);
    const [inbound] = await t.db.select().from(smsInboundMessages).where(eq(smsInboundMessages.messageSid, sid));
    expect(inbound).toMatchObject({ action: 'reply', organizationId: practice.id });
    expect(JSON.stringify(inbound)).not.toContain('Friday');

    // A second reply: on the same thread, nothing texted back.
    const second = await textFrom(caller, 'Any time after 3 works');
    expect(second.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const replies = await t.db.select().from(handoffEvents).where(and(eq(handoffEvents.handoffId, thread!.id), eq(handoffEvents.kind, 'patient_reply'))).orderBy(asc(handoffEvents.at));
    expect(replies.map((e) => e.body)).toEqual(['Hi, I was calling to move my appointment on Friday', 'Any time after 3 works']);
    expect(await t.db.select().from(handoffs).where(eq(handoffs.contactPhone, caller))).toHaveLength(1);
  });

  it('a reply after the thread was resolved puts it back in the queue', async () => {
    const { caller } = await textedCaller();
    await textFrom(caller, 'Please call me');
    const [thread] = await t.db.select().from(handoffs).where(and(eq(handoffs.source, 'sms'), eq(handoffs.contactPhone, caller)));
    await t.db.update(handoffs).set({ status: 'resolved', resolvedAt: new Date(), resolution: 'called_back' }).where(eq(handoffs.id, thread!.id));
    const res = await textFrom(caller, 'Still waiting for that call');
    expect(res.body).toContain('thank you, we have your message');
    expect((await t.db.select().from(handoffs).where(eq(handoffs.id, thread!.id)))[0]).toMatchObject({ status: 'open', resolution: null });
  });

  it('a reply that speaks of an emergency makes the thread urgent and answers with the emergency number', async () => {
    const { caller } = await textedCaller();
    const res = await textFrom(caller, 'my dad has crushing chest pain and cannot breathe');
    expect(res.body).toContain(`${practice.name}: if this is a medical emergency, call 911 now.`);
    const [thread] = await t.db.select().from(handoffs).where(and(eq(handoffs.source, 'sms'), eq(handoffs.contactPhone, caller)));
    expect(thread).toMatchObject({ priority: 'urgent', type: 'message' });

    // On a thread opened calmly, a later emergency raises it.
    const calm = await textedCaller();
    await textFrom(calm.caller, 'can you call me back');
    await textFrom(calm.caller, 'now she is unconscious and not breathing');
    const [raised] = await t.db.select().from(handoffs).where(and(eq(handoffs.source, 'sms'), eq(handoffs.contactPhone, calm.caller)));
    expect(raised!.priority).toBe('urgent');
  });

  it('a month after the text, a reply still reaches a thread someone wrote on lately; otherwise it is not kept', async () => {
    const old = await textedCaller();
    await textFrom(old.caller, 'Please call me about my bill');
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    await t.db.update(missedCallTexts).set({ createdAt: longAgo }).where(eq(missedCallTexts.callId, old.call.id));
    await textFrom(old.caller, 'Following up on my bill');
    const [thread] = await t.db.select().from(handoffs).where(and(eq(handoffs.source, 'sms'), eq(handoffs.contactPhone, old.caller)));
    expect((await t.db.select().from(handoffEvents).where(and(eq(handoffEvents.handoffId, thread!.id), eq(handoffEvents.kind, 'patient_reply')))).map((e) => e.body)).toEqual([
      'Please call me about my bill',
      'Following up on my bill',
    ]);

    const quiet = await textedCaller();
    await t.db.update(missedCallTexts).set({ createdAt: longAgo }).where(eq(missedCallTexts.callId, quiet.call.id));
    expect((await textFrom(quiet.caller, 'hello?')).body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(await t.db.select().from(handoffs).where(and(eq(handoffs.source, 'sms'), eq(handoffs.contactPhone, quiet.caller)))).toHaveLength(0);
  });

  it('STOP is still a keyword, not a reply; a text from a number never texted is not kept', async () => {
    const { caller } = await textedCaller();
    expect((await textFrom(caller, 'STOP')).body).toContain('You have been unsubscribed');
    expect(await t.db.select().from(handoffs).where(and(eq(handoffs.source, 'sms'), eq(handoffs.contactPhone, caller)))).toHaveLength(0);

    const stranger = uniqueNumber();
    const res = await textFrom(stranger, 'hello is this the clinic');
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(await t.db.select().from(handoffs).where(eq(handoffs.contactPhone, stranger))).toHaveLength(0);
  });

  it('a number that replied STOP after the text still reaches the thread, and gets nothing back', async () => {
    const { caller } = await textedCaller();
    await textFrom(caller, 'STOP');
    const res = await textFrom(caller, 'sorry, I meant: please call me tomorrow');
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const [thread] = await t.db.select().from(handoffs).where(and(eq(handoffs.source, 'sms'), eq(handoffs.contactPhone, caller)));
    expect(thread).toBeDefined();
    expect((await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, caller))).filter((m) => m.template !== MISSED_CALL_TEMPLATE)).toEqual([]);
  });
});

describe('the setting', () => {
  it('an administrator turns it on with the organization’s own words; a placeholder it cannot fill is refused beside the field', async () => {
    const org = await createPractice(t.ctx);
    const get = async () => (await t.app.inject({ method: 'GET', url: `/api/organizations/${org.id}`, headers: { cookie: adminCookie } })).json() as { version: number; missedCallTexts: unknown };
    const before = await get();
    expect(before.missedCallTexts).toEqual({ enabled: false, message: '', messageEs: '' });

    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/organizations/${org.id}`,
      headers: { cookie: adminCookie },
      payload: { version: before.version, missedCallTexts: { enabled: true, message: 'Call {phone}', messageEs: '' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['missedCallTexts.message']).toMatch(/^\{phone\} is not something we can fill in\. Use \{practice\}, \{number\}, \{emergency\}/);

    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/organizations/${org.id}`,
      headers: { cookie: adminCookie },
      payload: { version: before.version, missedCallTexts: { enabled: true, message: 'Sorry we missed you, call {number}', messageEs: '' } },
    });
    expect(ok.statusCode).toBe(200);
    expect((await get()).missedCallTexts).toEqual({ enabled: true, message: 'Sorry we missed you, call {number}', messageEs: '' });

    // Only administrators change an organization.
    const supervisor = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [org.id] });
    const cookie = await signIn(t.app, supervisor.email, supervisor.password);
    const refused = await t.app.inject({ method: 'PATCH', url: `/api/organizations/${org.id}`, headers: { cookie }, payload: { version: before.version + 1, missedCallTexts: { enabled: false } } });
    expect(refused.statusCode).toBe(403);
  });
});
