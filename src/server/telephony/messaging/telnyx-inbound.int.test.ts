import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doNotCall, handoffEvents, handoffs, organizations, smsInboundMessages, smsOptOuts } from '../../db/schema/index.js';
import { createStaffUser, createTestApp, outboxFor, signIn, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, recordsOf, uniqueNumber, type Practice } from '../testing/call-fixtures.js';
import { FakeTwilioCall } from '../testing/fake-twilio.js';
import { deliverOutboxMessageTask } from '../../features/outbox/deliver-outbox-message.job.js';
import { sendMessage } from '../../features/outbox/outbox.service.js';
import { MISSED_CALL_TEMPLATE, SEND_MISSED_CALL_TEXT_TASK } from '../../features/missed-calls/missed-calls.service.js';
import { taskList } from '../../worker.js';
import { startFakeTelnyx, type FakeTelnyx } from './testing/fake-telnyx-messaging.js';
import { textGatewayOf } from './text-gateway.js';
import { TEXT_REPLY_TEMPLATE } from './thread-replies.js';

/**
 * Texts that come in through Telnyx (issue 30 §1: Telnyx's messaging API the same way as Twilio's):
 * the messaging profile's `message.received` webhook, Ed25519-signed, played by the fake Telnyx on
 * loopback. A reply to the practice's text lands on the patient's thread in the handoff queue, its
 * acknowledgement goes back as a text through Telnyx (Telnyx takes no answer in the webhook's
 * response), once however often Telnyx repeats the webhook; STOP opts the number out here too,
 * with no confirmation from us (Telnyx blocks the number and confirms itself).
 */
const API_KEY = 'KEYtest-telnyx-inbound-0123456789';
let t: TestAppHandle;
let fake: FakeTelnyx;
let privateKey: KeyObject;
let practice: Practice;
let staffCookie: string;

const attempt = { job: { attempts: 1, max_attempts: 8 } } as unknown as JobHelpers;

beforeAll(async () => {
  const pair = generateKeyPairSync('ed25519');
  privateKey = pair.privateKey;
  const publicKey = pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
  fake = await startFakeTelnyx(API_KEY, privateKey);
  // Texts through Telnyx; calls still come in over the Twilio-compatible voice webhooks (TWILIO_AUTH_TOKEN of the test app).
  t = await createTestApp({ TELNYX_API_KEY: API_KEY, TELNYX_API_BASE_URL: fake.baseUrl, TELNYX_PUBLIC_KEY: publicKey, OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  fake.targetPort = (t.app.server.address() as AddressInfo).port;
  practice = await createPractice(t.ctx, { open: true, onDuty: true });
  await t.db.update(organizations).set({ missedCallTexts: { enabled: true } }).where(eq(organizations.id, practice.id));
  const agent = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [practice.id] });
  staffCookie = await signIn(t.app, agent.email, agent.password);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Delivers the queued texts to `to` through the configured gateway (the fake Telnyx). */
async function deliverTo(to: string) {
  const deliver = deliverOutboxMessageTask(t.db, { mailFrom: 'x@example.test', texts: { gateway: textGatewayOf(t.ctx.env, t.ctx.baseUrl)!, perSecond: 50 } });
  for (const row of await outboxFor(t.db, to)) if (row.status === 'queued') await deliver({ id: row.id }, attempt);
}

/** A caller who hung up during the greeting, and the missed-call text the practice sent them through Telnyx. */
async function textedCaller() {
  const caller = uniqueNumber();
  const call = new FakeTwilioCall(t.app, caller, practice.number);
  await call.answer();
  await call.status('completed', 3);
  const record = (await recordsOf(t.db, call.callSid)).call!;
  await taskList(t.ctx)[SEND_MISSED_CALL_TEXT_TASK]!({ callId: record.id, organizationId: practice.id, language: 'en' }, attempt);
  await deliverTo(caller);
  expect(fake.messages.filter((m) => m.to === caller)).toEqual([expect.objectContaining({ from: practice.number, text: expect.stringContaining('sorry we missed you') })]);
  return { caller, callId: record.id };
}

const threadOf = async (caller: string) => (await t.db.select().from(handoffs).where(and(eq(handoffs.organizationId, practice.id), eq(handoffs.contactPhone, caller))))[0];
const repliesOn = async (handoffId: string) =>
  (await t.db.select().from(handoffEvents).where(and(eq(handoffEvents.handoffId, handoffId), eq(handoffEvents.kind, 'patient_reply'))).orderBy(asc(handoffEvents.at))).map((e) => e.body);

function signed(body: string, key: KeyObject = privateKey) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return { 'content-type': 'application/json', 'telnyx-timestamp': timestamp, 'telnyx-signature-ed25519': sign(null, Buffer.from(`${timestamp}|${body}`), key).toString('base64') };
}

describe('a text that comes in through Telnyx', () => {
  it('a reply to the practice’s text opens the patient’s thread in the handoff queue; the thanks go back through Telnyx once, however often the webhook comes', async () => {
    const { caller, callId } = await textedCaller();
    const words = 'Hi, I was calling to move my appointment on Friday';
    const first = await fake.receive({ from: caller, to: practice.number, text: words });
    expect(first.answered).toBe(204);

    // The thread: a message handoff from a text, with the text it answers, then the reply.
    const thread = await threadOf(caller);
    expect(thread).toMatchObject({ type: 'message', source: 'sms', status: 'open', callId, reason: `Text reply after a missed call: “${words}”` });
    const detail = await t.app.inject({ method: 'GET', url: `/api/handoffs/${thread!.id}`, headers: { cookie: staffCookie } });
    expect(detail.statusCode).toBe(200);
    const events = (detail.json() as { events: { kind: string; body: string | null; data: Record<string, unknown> }[] }).events;
    expect(events.map((e) => e.kind)).toEqual(['message_sent', 'created', 'patient_reply']);
    expect(events[0]).toMatchObject({ data: { channel: 'sms', automatic: MISSED_CALL_TEMPLATE } });
    expect(events[2]).toMatchObject({ body: words, data: { channel: 'sms', by: 'patient' } });
    const [inbound] = await t.db.select().from(smsInboundMessages).where(eq(smsInboundMessages.messageSid, first.id));
    expect(inbound).toMatchObject({ action: 'reply', organizationId: practice.id, fromNumber: caller, toNumber: practice.number });
    expect(JSON.stringify(inbound)).not.toContain('Friday');

    // The thanks: one text through the outbox, sent by Telnyx from the practice's number.
    const thanks = `${practice.name}: thank you, we have your message and will get back to you as soon as we can. In an emergency, call 911. Reply STOP to opt out.`;
    expect((await outboxFor(t.db, caller, TEXT_REPLY_TEMPLATE)).map((r) => [r.body, r.status])).toEqual([[thanks, 'queued']]);
    await deliverTo(caller);
    expect(fake.messages.filter((m) => m.to === caller).map((m) => [m.from, m.text])).toEqual([
      [practice.number, expect.stringContaining('sorry we missed you')],
      [practice.number, thanks],
    ]);
    expect((await outboxFor(t.db, caller, TEXT_REPLY_TEMPLATE))[0]).toMatchObject({ transport: 'telnyx' });

    // Telnyx delivers the same webhook again (no 2xx seen): nothing lands twice, nothing is sent twice.
    expect((await fake.receive({ from: caller, to: practice.number, text: words, id: first.id })).answered).toBe(204);
    expect(await repliesOn(thread!.id)).toEqual([words]);
    expect(await outboxFor(t.db, caller, TEXT_REPLY_TEMPLATE)).toHaveLength(1);

    // A second reply: on the same thread, nothing texted back (a person answers).
    expect((await fake.receive({ from: caller, to: practice.number, text: 'Any time after 3 works' })).answered).toBe(204);
    expect(await repliesOn(thread!.id)).toEqual([words, 'Any time after 3 works']);
    expect(await outboxFor(t.db, caller, TEXT_REPLY_TEMPLATE)).toHaveLength(1);
    expect(await t.db.select().from(handoffs).where(eq(handoffs.contactPhone, caller))).toHaveLength(1);
  });

  it('a forged or unsigned webhook is refused and lands nowhere', async () => {
    const { caller } = await textedCaller();
    const body = JSON.stringify({ data: { event_type: 'message.received', payload: { id: crypto.randomUUID(), from: { phone_number: caller }, to: [{ phone_number: practice.number }], text: 'Please call me' } } });
    const forged = await t.app.inject({ method: 'POST', url: fake.profileWebhookPath, payload: body, headers: signed(body, generateKeyPairSync('ed25519').privateKey) });
    expect(forged.statusCode).toBe(403);
    const unsigned = await t.app.inject({ method: 'POST', url: fake.profileWebhookPath, payload: body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(403);
    expect(await threadOf(caller)).toBeUndefined();
    expect(await outboxFor(t.db, caller, TEXT_REPLY_TEMPLATE)).toHaveLength(0);
  });

  it('STOP opts the number out and puts it on the do-not-call list, with no confirmation from us; a later text to it is not sent', async () => {
    const { caller } = await textedCaller();
    expect((await fake.receive({ from: caller, to: practice.number, text: 'STOP' })).answered).toBe(204);
    expect(await t.db.select().from(smsOptOuts).where(and(eq(smsOptOuts.organizationId, practice.id), eq(smsOptOuts.phone, caller)))).toEqual([expect.objectContaining({ keyword: 'STOP' })]);
    expect(await t.db.select().from(doNotCall).where(and(eq(doNotCall.organizationId, practice.id), eq(doNotCall.phone, caller)))).toHaveLength(1);
    expect(await threadOf(caller)).toBeUndefined();
    // Telnyx confirms the STOP itself: nothing queued here.
    expect((await outboxFor(t.db, caller)).map((r) => r.template)).toEqual([MISSED_CALL_TEMPLATE]);

    const later = await sendMessage(t.db, { channel: 'sms', recipient: caller, body: 'Your visit is confirmed.', template: 'appointment-scheduled', organizationId: practice.id });
    expect(later.status).toBe('suppressed');
    await deliverTo(caller);
    expect(fake.messages.filter((m) => m.to === caller)).toHaveLength(1);
  });

  it('a text from a number the practice never texted is not kept; other events on the profile’s webhook change nothing', async () => {
    const stranger = uniqueNumber();
    expect((await fake.receive({ from: stranger, to: practice.number, text: 'Who is this?' })).answered).toBe(204);
    expect(await threadOf(stranger)).toBeUndefined();
    expect(await outboxFor(t.db, stranger)).toHaveLength(0);

    // Telnyx's own keyword answer, sent from the profile: its status event carries no outbox row.
    const body = JSON.stringify({ data: { event_type: 'message.finalized', payload: { id: crypto.randomUUID(), to: [{ phone_number: stranger, status: 'delivered' }], errors: [] } } });
    expect((await t.app.inject({ method: 'POST', url: fake.profileWebhookPath, payload: body, headers: signed(body) })).statusCode).toBe(204);
  });
});
