import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationPhoneNumbers, outboxMessages } from '../../db/schema/index.js';
import { createOrganization, createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { deliverOutboxMessageTask } from '../../features/outbox/deliver-outbox-message.job.js';
import { OUTCOME_UNKNOWN_NOTE } from '../../features/outbox/deliver-text.js';
import { sendMessage } from '../../features/outbox/outbox.service.js';
import { startFakeTelnyx, type FakeTelnyx } from './testing/fake-telnyx-messaging.js';
import { textGatewayOf } from './text-gateway.js';

/**
 * Texts through Telnyx's Messaging API (decision 044) against a fake on 127.0.0.1: the request as
 * Telnyx gets it, its Ed25519-signed webhooks bringing the row to its final status, and what a
 * lost answer does when Telnyx cannot be asked.
 */
const API_KEY = 'KEYtest-telnyx-0123456789';
let t: TestAppHandle;
let fake: FakeTelnyx;
let privateKey: KeyObject;
let orgId: string;
let seq = 0;

const attempt = (n: number) => ({ job: { attempts: n, max_attempts: 8 } }) as unknown as JobHelpers;
const row = async (id: string) => (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
const nextNumber = () => `+1860555${String(4000 + seq++).padStart(4, '0')}`;
const deliver = () => deliverOutboxMessageTask(t.db, { mailFrom: 'x@example.test', texts: { gateway: textGatewayOf(t.ctx.env, t.ctx.baseUrl)!, perSecond: 50 } });
const queueText = async (to: string) => (await sendMessage(t.db, { channel: 'sms', recipient: to, body: 'See you Tuesday', template: 'appointment-scheduled', organizationId: orgId })).id;

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

function signed(body: string, key: KeyObject = privateKey) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return { 'content-type': 'application/json', 'telnyx-timestamp': timestamp, 'telnyx-signature-ed25519': sign(null, Buffer.from(`${timestamp}|${body}`), key).toString('base64') };
}

beforeAll(async () => {
  const pair = generateKeyPairSync('ed25519');
  privateKey = pair.privateKey;
  const publicKey = pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
  fake = await startFakeTelnyx(API_KEY, privateKey);
  t = await createTestApp({ TELNYX_API_KEY: API_KEY, TELNYX_API_BASE_URL: fake.baseUrl, TELNYX_PUBLIC_KEY: publicKey, OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  fake.targetPort = (t.app.server.address() as AddressInfo).port;
  const org = await createOrganization(t.ctx);
  orgId = org.id;
  await t.db.insert(organizationPhoneNumbers).values({ organizationId: org.id, e164: '+18605550300' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('sending a text through Telnyx', () => {
  it('posts from, to, text and a webhook_url naming the row, with the bearer key; the signed webhooks bring it to delivered', async () => {
    const to = nextNumber();
    const id = await queueText(to);
    await deliver()({ id }, attempt(1));
    expect(fake.unauthorized).toBe(0);
    const sent = fake.messages.filter((m) => m.to === to);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: '+18605550300', text: 'See you Tuesday. Reply STOP to opt out.', webhookUrl: `http://localhost:3000/telephony/telnyx/messaging?outbox=${id}` });
    expect(await row(id)).toMatchObject({ status: 'sent', transport: 'telnyx', providerMessageId: sent[0]!.id });
    expect(
      await until(
        () => row(id),
        (r) => r.status === 'delivered',
      ),
    ).toMatchObject({ status: 'delivered', providerStatus: 'delivered' });
    // The row is delivered once the second webhook is stored; the fake notes the answer a moment later.
    expect(
      await until(
        async () => sent[0]!.webhooks.map((w) => w.answered),
        (answered) => answered.length === 2 && answered.every((a) => a !== undefined && a !== null),
      ),
    ).toEqual([204, 204]);
    await deliver()({ id }, attempt(2));
    expect(fake.messages.filter((m) => m.to === to)).toHaveLength(1);
  });

  it('a carrier failure is undelivered with Telnyx’s error code; an invalid number fails at once', async () => {
    fake.outcomeOf = (n) => (n.endsWith('1') ? 'delivery_failed' : 'invalid');
    const failing = `+186055541${String(seq++ % 10)}1`;
    const a = await queueText(failing);
    await deliver()({ id: a }, attempt(1));
    expect(
      await until(
        () => row(a),
        (r) => r.status === 'undelivered',
      ),
    ).toMatchObject({ status: 'undelivered', providerErrorCode: '40002' });
    const b = await queueText('+18605554202');
    await deliver()({ id: b }, attempt(1));
    expect(await row(b)).toMatchObject({ status: 'failed', providerErrorCode: '40310' });
    fake.outcomeOf = () => 'delivered';
  });

  it('after a lost answer Telnyx cannot be asked: the row waits for a webhook, then fails rather than send twice', async () => {
    const to = nextNumber();
    const id = await queueText(to);
    await t.db
      .update(outboxMessages)
      .set({ status: 'sending', transport: 'telnyx', claimedAt: new Date(Date.now() - 60_000) })
      .where(eq(outboxMessages.id, id));
    await expect(deliver()({ id }, attempt(2))).rejects.toThrow(/Waiting for telnyx/);
    await t.db
      .update(outboxMessages)
      .set({ claimedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(outboxMessages.id, id));
    await deliver()({ id }, attempt(3));
    expect(await row(id)).toMatchObject({ status: 'failed', lastError: OUTCOME_UNKNOWN_NOTE });
    expect(fake.messages.filter((m) => m.to === to)).toHaveLength(0);
  });
});

describe('the Telnyx messaging webhook', () => {
  const path = (id: string) => `/telephony/telnyx/messaging?outbox=${id}`;
  const event = (id: string, status: string) => JSON.stringify({ data: { event_type: 'message.finalized', payload: { id, to: [{ status }], errors: [] } } });

  it('refuses a bad signature (403), accepts a good one, and answers bad input with a 4xx', async () => {
    fake.targetPort = null;
    const to = nextNumber();
    const id = await queueText(to);
    await deliver()({ id }, attempt(1));
    const providerId = fake.messages.find((m) => m.to === to)!.id;
    const body = event(providerId, 'delivered');
    const forged = await t.app.inject({ method: 'POST', url: path(id), payload: body, headers: signed(body, generateKeyPairSync('ed25519').privateKey) });
    expect(forged.statusCode).toBe(403);
    const unsigned = await t.app.inject({ method: 'POST', url: path(id), payload: body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(403);
    expect((await row(id)).status).toBe('sent');
    const broken = '{"data": ';
    expect((await t.app.inject({ method: 'POST', url: path(id), payload: broken, headers: signed(broken) })).statusCode).toBe(400);
    const shapeless = JSON.stringify({ data: { event_type: 'message.finalized' } });
    expect((await t.app.inject({ method: 'POST', url: path(id), payload: shapeless, headers: signed(shapeless) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: path('nope'), payload: body, headers: signed(body) })).statusCode).toBe(404);
    const ok = await t.app.inject({ method: 'POST', url: path(id), payload: body, headers: signed(body) });
    expect(ok.statusCode).toBe(204);
    expect(await row(id)).toMatchObject({ status: 'delivered', providerStatus: 'delivered' });
  });
});
