import { eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messagingSettings, organizationPhoneNumbers, outboxMessages, smsOptOuts } from '../../db/schema/index.js';
import { createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { deliverOutboxMessageTask } from '../../features/outbox/deliver-outbox-message.job.js';
import { FOUND_AT_PROVIDER_NOTE } from '../../features/outbox/deliver-text.js';
import { DELIVER_OUTBOX_TASK, sendMessage } from '../../features/outbox/outbox.service.js';
import { taskList } from '../../worker.js';
import { postSigned, TWILIO_TEST_TOKEN } from '../testing/fake-twilio.js';
import { startFakeTwilioRest, type FakeTwilioRest } from '../outbound/testing/fake-twilio-rest.js';
import { textGatewayOf } from './text-gateway.js';

/**
 * Texts through Twilio's Messages API (issue 30 §1, decision 044), against a fake Twilio on
 * 127.0.0.1 that checks basic auth, records every message and sends the signed status callbacks
 * to this app listening on loopback: what lands on the outbox row, what Twilio received — exactly
 * one message per row whatever the retries — and the status callback's signature check.
 */
const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const ORG_NUMBER = '+18605550100';
let t: TestAppHandle;
let fake: FakeTwilioRest;
let orgId: string;
let seq = 0;

const attempt = (n: number) => ({ job: { attempts: n, max_attempts: 8 } }) as unknown as JobHelpers;
const row = async (id: string) => (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
const nextNumber = () => `+1860555${String(2000 + seq++).padStart(4, '0')}`;
const deliver = () => deliverOutboxMessageTask(t.db, { mailFrom: 'x@example.test', texts: { gateway: textGatewayOf(t.ctx.env, t.ctx.baseUrl)!, perSecond: 50 } });
const queueText = async (to: string, body = 'Your visit is confirmed for Tuesday.', organizationId = orgId) =>
  (await sendMessage(t.db, { channel: 'sms', recipient: to, body, template: 'appointment-scheduled', organizationId })).id;
const sentTo = (to: string) => fake.messages.filter((m) => m.to === to);

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  fake = await startFakeTwilioRest(ACCOUNT_SID, { authToken: TWILIO_TEST_TOKEN });
  t = await createTestApp({ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_API_BASE_URL: fake.baseUrl, OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  fake.targetPort = (t.app.server.address() as AddressInfo).port;
  fake.callbackDelayMs = 5;
  const org = await createOrganization(t.ctx, { name: 'Texting Clinic' });
  orgId = org.id;
  await t.db.insert(organizationPhoneNumbers).values({ organizationId: org.id, e164: ORG_NUMBER });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.messageOutcomeOf = () => 'delivered';
  fake.targetPort = (t.app.server.address() as AddressInfo).port;
});

describe('sending a text through Twilio', () => {
  it('posts To, From (the organization’s first number), Body and a StatusCallback naming the row, with basic auth; the callbacks bring it to delivered', async () => {
    const to = nextNumber();
    const id = await queueText(to);
    await deliver()({ id }, attempt(1));
    expect(fake.unauthorized).toBe(0);
    expect(sentTo(to)).toHaveLength(1);
    const [m] = sentTo(to);
    expect(m).toMatchObject({ from: ORG_NUMBER, body: 'Your visit is confirmed for Tuesday. Reply STOP to opt out.', statusCallback: `http://localhost:3000/telephony/twilio/sms/status?outbox=${id}` });
    expect(await row(id)).toMatchObject({ status: 'sent', transport: 'twilio', providerMessageId: m!.sid, attempts: 1, lastError: null });
    const done = await until(
      () => row(id),
      (r) => r.status === 'delivered',
    );
    expect(done).toMatchObject({ status: 'delivered', providerStatus: 'delivered', providerErrorCode: null, providerMessageId: m!.sid });
    // The row turns delivered while the server answers; the fake notes the answer a moment later.
    await until(
      async () => m!.callbacks.length,
      (n) => n >= 2,
    );
    expect(m!.callbacks).toEqual([
      { status: 'sent', answered: 204 },
      { status: 'delivered', answered: 204 },
    ]);
  });

  it('the worker’s own task list sends through the configured gateway', async () => {
    const to = nextNumber();
    const id = await queueText(to);
    await taskList(t.ctx)[DELIVER_OUTBOX_TASK]!({ id }, attempt(1));
    expect(sentTo(to)).toHaveLength(1);
    expect((await row(id)).transport).toBe('twilio');
  });

  it('from the organization’s messaging sender when it has one', async () => {
    const org = await createOrganization(t.ctx);
    await t.db.insert(organizationPhoneNumbers).values({ organizationId: org.id, e164: '+18605550177' });
    await t.db.insert(messagingSettings).values({ organizationId: org.id, sender: '+18605550188' });
    const to = nextNumber();
    await deliver()({ id: await queueText(to, 'Hello', org.id) }, attempt(1));
    expect(sentTo(to)[0]?.from).toBe('+18605550188');
  });

  it('a job run again, or twice at once, sends one message', async () => {
    const to = nextNumber();
    const id = await queueText(to);
    await Promise.all([deliver()({ id }, attempt(1)), deliver()({ id }, attempt(1))]);
    await deliver()({ id }, attempt(2));
    expect(sentTo(to)).toHaveLength(1);
    expect((await row(id)).attempts).toBe(1);
  });

  it('after an attempt whose answer never came, the retry finds the message at Twilio and does not send it again', async () => {
    fake.targetPort = null; // no status callback to tell us: only Twilio's list can
    fake.messageOutcomeOf = () => 'unreachable';
    const to = nextNumber();
    const id = await queueText(to);
    await expect(deliver()({ id }, attempt(1))).rejects.toThrow(/No answer from Twilio/);
    expect(await row(id)).toMatchObject({ status: 'sending', providerMessageId: null, attempts: 1 });
    // A retry moments later leaves a claim that may still be running alone.
    await expect(deliver()({ id }, attempt(2))).rejects.toThrow(/moments ago/);
    await t.db
      .update(outboxMessages)
      .set({ claimedAt: new Date(Date.now() - 60_000) })
      .where(eq(outboxMessages.id, id));
    fake.messageOutcomeOf = () => 'delivered';
    await deliver()({ id }, attempt(3));
    expect(sentTo(to)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', providerMessageId: sentTo(to)[0]!.sid, lastError: FOUND_AT_PROVIDER_NOTE });
  });

  it('a status callback that arrives while the answer is lost ties the message to the row; the retry sends nothing', async () => {
    fake.messageOutcomeOf = () => 'unreachable';
    const to = nextNumber();
    const id = await queueText(to);
    await expect(deliver()({ id }, attempt(1))).rejects.toThrow();
    const tied = await until(
      () => row(id),
      (r) => r.status === 'delivered',
    );
    expect(tied).toMatchObject({ status: 'delivered', providerMessageId: sentTo(to)[0]!.sid });
    await deliver()({ id }, attempt(2));
    expect(sentTo(to)).toHaveLength(1);
  });

  it('a worker killed after claiming, before Twilio was asked: the retry sends it, once', async () => {
    const to = nextNumber();
    const id = await queueText(to);
    await t.db
      .update(outboxMessages)
      .set({ status: 'sending', claimedAt: new Date(Date.now() - 60_000), transport: 'twilio' })
      .where(eq(outboxMessages.id, id));
    await deliver()({ id }, attempt(2));
    await deliver()({ id }, attempt(3));
    expect(sentTo(to)).toHaveLength(1);
    expect((await row(id)).status).toBe('sent');
  });

  it('a 500 from Twilio is retried; the retry looks first and sends once', async () => {
    fake.messageOutcomeOf = () => 'error';
    const to = nextNumber();
    const id = await queueText(to);
    await expect(deliver()({ id }, attempt(1))).rejects.toThrow(/Twilio answered 500/);
    await t.db
      .update(outboxMessages)
      .set({ claimedAt: new Date(Date.now() - 60_000) })
      .where(eq(outboxMessages.id, id));
    fake.messageOutcomeOf = () => 'delivered';
    await deliver()({ id }, attempt(2));
    expect(sentTo(to)).toHaveLength(1);
  });

  it('an invalid number: failed for good with Twilio’s error code, not retried', async () => {
    fake.messageOutcomeOf = () => 'invalid';
    const to = nextNumber();
    const id = await queueText(to);
    await deliver()({ id }, attempt(1));
    expect(await row(id)).toMatchObject({ status: 'failed', providerStatus: 'failed', providerErrorCode: '21211', transport: 'twilio' });
    expect((await row(id)).lastError).toMatch(/not a valid phone number/);
    expect(sentTo(to)).toHaveLength(0);
  });

  it('a carrier rejection: undelivered, with error 30007', async () => {
    fake.messageOutcomeOf = () => 'undelivered';
    const to = nextNumber();
    const id = await queueText(to);
    await deliver()({ id }, attempt(1));
    expect(
      await until(
        () => row(id),
        (r) => r.status === 'undelivered',
      ),
    ).toMatchObject({ status: 'undelivered', providerStatus: 'undelivered', providerErrorCode: '30007' });
  });

  it('a slow gateway: the message is sent once, when it answers', async () => {
    fake.messageDelayMs = 600;
    try {
      const to = nextNumber();
      const id = await queueText(to);
      await deliver()({ id }, attempt(1));
      expect(sentTo(to)).toHaveLength(1);
      expect((await row(id)).status).not.toBe('sending');
    } finally {
      fake.messageDelayMs = 0;
    }
  });

  it('a number that replied STOP is never texted: not queued, and held back if STOP came after queueing', async () => {
    const to = nextNumber();
    await t.db.insert(smsOptOuts).values({ organizationId: orgId, phone: to, keyword: 'STOP' });
    const before = await queueText(to);
    expect((await row(before)).status).toBe('suppressed');
    const to2 = nextNumber();
    const queued = await queueText(to2);
    await t.db.insert(smsOptOuts).values({ organizationId: orgId, phone: to2, keyword: 'STOP' });
    await deliver()({ id: queued }, attempt(1));
    expect((await row(queued)).status).toBe('suppressed');
    expect(sentTo(to)).toHaveLength(0);
    expect(sentTo(to2)).toHaveLength(0);
  });

  it('keeps each organization’s pace: 2 a second', async () => {
    const org = await createOrganization(t.ctx);
    await t.db.insert(organizationPhoneNumbers).values({ organizationId: org.id, e164: '+18605550199' });
    await t.db.insert(messagingSettings).values({ organizationId: org.id, perSecond: 2 });
    const numbers = [nextNumber(), nextNumber(), nextNumber()];
    const ids = [];
    for (const n of numbers) ids.push(await queueText(n, 'Paced', org.id));
    for (const id of ids) await deliver()({ id }, attempt(1));
    const times = numbers.map((n) => sentTo(n)[0]!.createdAt.getTime());
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(400);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(400);
  });

  it('a text beyond the pace’s next second is rescheduled as a new job, not held in the worker', async () => {
    const org = await createOrganization(t.ctx);
    await t.db.insert(organizationPhoneNumbers).values({ organizationId: org.id, e164: '+18605550198' });
    await t.db.insert(messagingSettings).values({ organizationId: org.id, perSecond: 0.2, nextSendAt: new Date(Date.now() + 4000) });
    const to = nextNumber();
    const id = await queueText(to, 'Later', org.id);
    await deliver()({ id }, attempt(1));
    expect(sentTo(to)).toHaveLength(0);
    expect((await row(id)).status).toBe('queued');
    const jobs = await t.db.execute<{ run_at: Date }>(
      sql`select j.run_at from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
        where k.identifier = ${DELIVER_OUTBOX_TASK} and j.payload->>'id' = ${id} and j.run_at > now() + interval '2 seconds'`,
    );
    expect(jobs.rows).toHaveLength(1);
  });
});

describe('the status callback', () => {
  const path = (id: string) => `/telephony/twilio/sms/status?outbox=${id}`;
  let id: string;
  let sid: string;
  beforeAll(async () => {
    fake.targetPort = null; // the callbacks here are the test's own
    const to = nextNumber();
    id = await queueText(to);
    await deliver()({ id }, attempt(1));
    sid = sentTo(to)[0]!.sid;
    await until(
      async () => sentTo(to)[0]!.callbacks.length,
      (n) => n === 2,
    );
  });
  beforeEach(() => {
    fake.targetPort = null;
  });

  it('refuses a bad or missing signature (403) and changes nothing', async () => {
    const bad = await postSigned(t.app, path(id), { MessageSid: sid, MessageStatus: 'delivered' }, { token: 'not-the-token' });
    expect(bad.statusCode).toBe(403);
    const none = await postSigned(t.app, path(id), { MessageSid: sid, MessageStatus: 'delivered' }, { sign: false });
    expect(none.statusCode).toBe(403);
    expect((await row(id)).status).toBe('sent');
  });

  it('answers bad input with a 4xx, never a 500', async () => {
    expect((await postSigned(t.app, path(id), { MessageStatus: 'delivered' })).statusCode).toBe(400);
    expect((await postSigned(t.app, path(id), { MessageSid: sid, MessageStatus: 'delivered', ErrorCode: 'abc' })).statusCode).toBe(400);
    expect((await postSigned(t.app, '/telephony/twilio/sms/status', { MessageSid: sid, MessageStatus: 'delivered' })).statusCode).toBe(400);
    expect((await postSigned(t.app, path('not-a-uuid'), { MessageSid: sid, MessageStatus: 'delivered' })).statusCode).toBe(404);
    expect((await postSigned(t.app, path('00000000-0000-4000-8000-000000000000'), { MessageSid: sid, MessageStatus: 'delivered' })).statusCode).toBe(404);
    expect((await postSigned(t.app, path(id), { MessageSid: sid, MessageStatus: 'x'.repeat(500) })).statusCode).toBe(400);
  });

  it('a signed callback records the status; out of order or about another message, nothing moves back', async () => {
    expect((await postSigned(t.app, path(id), { MessageSid: 'SM' + 'f'.repeat(32), MessageStatus: 'failed', ErrorCode: '30008' })).statusCode).toBe(204);
    expect((await row(id)).status).toBe('sent');
    expect((await postSigned(t.app, path(id), { MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003' })).statusCode).toBe(204);
    expect(await row(id)).toMatchObject({ status: 'undelivered', providerStatus: 'undelivered', providerErrorCode: '30003' });
    expect((await postSigned(t.app, path(id), { MessageSid: sid, MessageStatus: 'sent' })).statusCode).toBe(204);
    expect((await postSigned(t.app, path(id), { MessageSid: sid, MessageStatus: 'receiving' })).statusCode).toBe(204);
    expect(await row(id)).toMatchObject({ status: 'undelivered', providerStatus: 'undelivered' });
  });

  it('shows in /developer → Outbox', async () => {
    const admin = await createStaffUser(t.ctx, { role: 'admin' });
    const cookie = await signIn(t.app, admin.email, admin.password);
    const res = await t.app.inject({ method: 'GET', url: `/api/developer/outbox?recipient=${encodeURIComponent((await row(id)).recipient)}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ id, status: 'undelivered', transport: 'twilio', provider: { messageId: sid, status: 'undelivered', errorCode: '30003' } });
  });
});
