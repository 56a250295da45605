import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handoffEvents, handoffs, portalCodes } from '../../db/schema/index.js';
import { auditRows, createCall, createHandoffForCall, createStaffUser, createTestApp, outboxFor, signIn, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, uniqueNumber, type Practice } from '../../telephony/testing/call-fixtures.js';
import { postSigned, TWILIO_TEST_TOKEN } from '../../telephony/testing/fake-twilio.js';
import { startFakeTwilioRest, type FakeTwilioRest } from '../../telephony/outbound/testing/fake-twilio-rest.js';
import { textGatewayOf } from '../../telephony/messaging/text-gateway.js';
import { deliverOutboxMessageTask } from '../outbox/deliver-outbox-message.job.js';
import { LiveHub } from '../live/live.hub.js';
import type { LiveEvent } from '../../../contracts/live.js';
import { formatPhoneNumber } from '../../../domain/format/phone.js';
import type { HandoffTexts } from '../../../contracts/handoffs.js';
import { FREE_TEXT_NEEDS_CONFIRMED_NUMBER, HANDOFF_TEXT_TEMPLATE } from './handoff-texts.service.js';

/**
 * Issue 30 §3 (decision 048): staff text the patient from a handoff — templates in English and
 * Spanish, a message of their own only to a number the patient called or texted from — through
 * the outbox and the gateway (a fake Twilio REST API on loopback); never to a number that opted
 * out or cannot take texts, never from another organization's handoff; the reply comes back on
 * the same handoff, live; each text is in the audit log.
 */
const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
let t: TestAppHandle;
let fake: FakeTwilioRest;
let practice: Practice;
let other: Practice;
let cookie: string;
let hub: LiveHub;
const live: LiveEvent[] = [];

const attempt = { job: { attempts: 1, max_attempts: 8 } } as unknown as JobHelpers;

beforeAll(async () => {
  fake = await startFakeTwilioRest(ACCOUNT_SID, { authToken: TWILIO_TEST_TOKEN });
  t = await createTestApp({ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_API_BASE_URL: fake.baseUrl, OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  fake.targetPort = (t.app.server.address() as AddressInfo).port;
  fake.callbackDelayMs = 5;
  practice = await createPractice(t.ctx, { onDuty: false });
  other = await createPractice(t.ctx, { onDuty: false });
  const agent = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [practice.id] });
  cookie = await signIn(t.app, agent.email, agent.password);
  hub = new LiveHub(t.databaseUrl, t.app.log);
  await hub.start();
  hub.subscribe((e) => live.push(e));
});
afterAll(async () => {
  await hub?.stop();
  await t?.close();
  await fake?.close();
});

/** A call-back handoff about a call that came in (over Twilio) from `from`: the patient's number is confirmed. */
async function handoffAfterCall(from: string, p = practice) {
  const call = await createCall(t.ctx, { organizationId: p.id, provider: 'twilio', fromNumber: from, toNumber: p.number });
  return createHandoffForCall(t.ctx, { organizationId: p.id, callId: call.id, contactPhone: from });
}

/** A handoff staff opened with a number someone typed: not confirmed. */
async function handoffWithTypedNumber(phone: string, p = practice) {
  return createHandoffForCall(t.ctx, { organizationId: p.id, callId: null, source: 'staff', type: 'message', contactPhone: phone });
}

const sendText = (id: string, body: Record<string, unknown>, who = cookie) => t.app.inject({ method: 'POST', url: `/api/handoffs/${id}/texts`, headers: { cookie: who }, payload: body });
const panel = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/handoffs/${id}/texts`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as HandoffTexts;
};

let sids = 0;
const textFrom = (from: string, body: string, p = practice) =>
  postSigned(t.app, '/telephony/twilio/sms', { MessageSid: `SM${Date.now().toString(16)}${(sids++).toString(16).padStart(8, '0')}`, AccountSid: ACCOUNT_SID, From: from, To: p.number, Body: body });

async function deliverTo(to: string) {
  const deliver = deliverOutboxMessageTask(t.db, { mailFrom: 'x@example.test', texts: { gateway: textGatewayOf(t.ctx.env, t.ctx.baseUrl)!, perSecond: 50 } });
  for (const row of await outboxFor(t.db, to)) if (row.status === 'queued') await deliver({ id: row.id }, attempt);
}

async function waitFor<T>(find: () => T | undefined, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('texting the patient from a handoff', () => {
  it('sends a Spanish template through the outbox and the gateway, with its history event and audit record', async () => {
    const phone = uniqueNumber();
    const h = await handoffAfterCall(phone);
    const res = await sendText(h.id, { template: 'call_back', language: 'es' });
    expect(res.statusCode).toBe(201);
    const words = `${practice.name}: por favor, llámenos al ${formatPhoneNumber(practice.number, 'US')}.`;

    const [row] = await outboxFor(t.db, phone);
    expect(row).toMatchObject({ channel: 'sms', template: HANDOFF_TEXT_TEMPLATE, organizationId: practice.id, status: 'queued', body: `${words} Responda STOP para no recibir más mensajes.` });
    const [event] = await t.db.select().from(handoffEvents).where(and(eq(handoffEvents.handoffId, h.id), eq(handoffEvents.kind, 'message_sent')));
    expect(event).toMatchObject({ body: words, data: { channel: 'sms', outboxMessageId: row!.id, template: 'call_back', language: 'es', freeText: false, to: phone } });
    const [audit] = await auditRows(t.db, 'handoff.text', h.id);
    expect(audit).toMatchObject({ outcome: 'success', organizationId: practice.id, details: { template: 'call_back', language: 'es', freeText: false, to: phone, outboxMessageId: row!.id, confirmedBy: 'call' } });
    expect(JSON.stringify(audit!.details)).not.toContain('llámenos');

    const body = res.json() as HandoffTexts;
    expect(body).toMatchObject({ phone, blocked: null, confirmed: true, confirmedBy: 'call' });
    expect(body.thread).toEqual([expect.objectContaining({ direction: 'outbound', body: words, status: 'queued' })]);

    await deliverTo(phone);
    await deliverTo(phone);
    expect(fake.messages.filter((m) => m.to === phone)).toEqual([expect.objectContaining({ from: practice.number, body: `${words} Responda STOP para no recibir más mensajes.` })]);
    expect((await panel(h.id)).thread[0]!.status).not.toBe('queued');
  });

  it('a message of one’s own goes to a number the patient called from, not to one that was only typed', async () => {
    const called = uniqueNumber();
    const confirmed = await handoffAfterCall(called);
    const ok = await sendText(confirmed.id, { template: 'tried_to_reach', language: 'en', text: 'Your results are ready to discuss.' });
    expect(ok.statusCode).toBe(201);
    expect((await outboxFor(t.db, called))[0]!.body).toContain('or reply to this text. Your results are ready to discuss.');

    const typed = uniqueNumber();
    const unconfirmed = await handoffWithTypedNumber(typed);
    const refused = await sendText(unconfirmed.id, { template: 'message', language: 'en', text: 'Your results are ready.' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { fields: { text: FREE_TEXT_NEEDS_CONFIRMED_NUMBER } } });
    expect(await outboxFor(t.db, typed)).toHaveLength(0);
    expect((await panel(unconfirmed.id)).confirmed).toBe(false);
    // A template is fine: it says nothing about the patient's health.
    expect((await sendText(unconfirmed.id, { template: 'request_received', language: 'en' })).statusCode).toBe(201);

    // Once the patient texts from the number, it is theirs.
    await textFrom(typed, 'Thanks, who is this?');
    expect((await panel(unconfirmed.id)).confirmedBy).toBe('text');
    expect((await sendText(unconfirmed.id, { template: 'message', language: 'en', text: 'Dr Lee would like to go over your results.' })).statusCode).toBe(201);
  });

  it('a number the patient signed in to the portal with (the code was texted to it) is theirs too', async () => {
    const phone = uniqueNumber();
    const h = await handoffWithTypedNumber(phone);
    expect((await panel(h.id)).confirmed).toBe(false);
    // An unused or unmatched code proves nothing; a code used to sign in does.
    const code = { organizationId: practice.id, contactKind: 'phone' as const, contact: phone, dateOfBirth: '1980-03-03', codeHash: 'x', expiresAt: new Date(Date.now() + 600_000) };
    await t.db.insert(portalCodes).values([{ ...code, matched: false, consumedAt: null }, { ...code, matched: true, consumedAt: null }]);
    expect((await panel(h.id)).confirmed).toBe(false);
    await t.db.insert(portalCodes).values({ ...code, matched: true, consumedAt: new Date() });
    expect((await panel(h.id)).confirmedBy).toBe('portal');
    expect((await sendText(h.id, { template: 'message', language: 'en', text: 'Your form is ready to sign.' })).statusCode).toBe(201);
  });

  it('refuses a number that replied STOP, with a clear message, and texts nothing', async () => {
    const phone = uniqueNumber();
    const h = await handoffAfterCall(phone);
    expect((await textFrom(phone, 'STOP')).statusCode).toBe(200);
    const res = await sendText(h.id, { template: 'call_back', language: 'en' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'opted_out' } });
    expect((res.json() as { error: { message: string } }).error.message).toMatch(/replied STOP on .* has opted out of texts from .* only after the patient replies START/);
    expect(await outboxFor(t.db, phone)).toHaveLength(0);
    expect((await panel(h.id)).blocked).toMatchObject({ code: 'opted_out' });
    // The refusal is audited: who tried, on which handoff, and why.
    const [audit] = await auditRows(t.db, 'handoff.text', h.id);
    expect(audit).toMatchObject({ outcome: 'denied', details: { template: 'call_back', language: 'en', freeText: false, reason: 'opted_out' } });
  });

  it('refuses a landline', async () => {
    const landline = '+442079460123';
    const h = await handoffWithTypedNumber(landline);
    const res = await sendText(h.id, { template: 'call_back', language: 'en' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'not_textable' } });
    expect(await outboxFor(t.db, landline)).toHaveLength(0);
  });

  it('another organization’s handoff is not found; a closed one is refused', async () => {
    const foreign = await handoffAfterCall(uniqueNumber(), other);
    expect((await sendText(foreign.id, { template: 'call_back', language: 'en' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/handoffs/${foreign.id}/texts`, headers: { cookie } })).statusCode).toBe(404);
    expect((await sendText('not-a-uuid', { template: 'call_back', language: 'en' })).statusCode).toBe(404);

    const closed = await handoffAfterCall(uniqueNumber());
    await t.db.update(handoffs).set({ status: 'resolved', resolvedAt: new Date(), resolution: 'resolved' }).where(eq(handoffs.id, closed.id));
    const res = await sendText(closed.id, { template: 'call_back', language: 'en' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'invalid_transition' } });
  });

  it('validates the body field by field', async () => {
    const h = await handoffAfterCall(uniqueNumber());
    const bad = await sendText(h.id, { template: 'lab_results', language: 'fr', text: 'x'.repeat(301) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { fields: { template: 'Choose what to text.', language: 'Choose English or Spanish.', text: 'Use at most 300 characters.' } } });
    const empty = await sendText(h.id, { template: 'message', language: 'en', text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { fields: { text: 'Write the message.' } } });
    expect((await sendText(h.id, {}, '')).statusCode).toBe(401);
  });

  it('a reply from the number lands on the handoff it was texted from, live; a closed one goes back in the queue', async () => {
    const phone = uniqueNumber();
    const h = await handoffAfterCall(phone);
    expect((await sendText(h.id, { template: 'tried_to_reach', language: 'en' })).statusCode).toBe(201);
    live.length = 0;

    const res = await textFrom(phone, 'Sorry I missed you, I can talk after 5');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const thread = (await panel(h.id)).thread;
    expect(thread.map((m) => [m.direction, m.by])).toEqual([
      ['outbound', expect.any(String)],
      ['inbound', 'Patient'],
    ]);
    expect(thread[1]!.body).toBe('Sorry I missed you, I can talk after 5');
    await waitFor(() => live.find((e) => e.id === h.id && e.data?.action === 'patient_reply'));
    // No new handoff for the reply.
    expect(await t.db.select().from(handoffs).where(eq(handoffs.contactPhone, phone))).toHaveLength(1);

    await t.db.update(handoffs).set({ status: 'resolved', resolvedAt: new Date(), resolution: 'resolved' }).where(eq(handoffs.id, h.id));
    const again = await textFrom(phone, 'One more thing');
    expect(again.body).toContain('thank you, we have your message');
    expect((await t.db.select().from(handoffs).where(eq(handoffs.id, h.id)))[0]).toMatchObject({ status: 'open' });
  });

  it('a reply goes to the handoff that texted the number last', async () => {
    const phone = uniqueNumber();
    const first = await handoffAfterCall(phone);
    const second = await handoffWithTypedNumber(phone);
    expect((await sendText(first.id, { template: 'call_back', language: 'en' })).statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 5));
    expect((await sendText(second.id, { template: 'call_back', language: 'en' })).statusCode).toBe(201);
    await textFrom(phone, 'Calling you now');
    expect((await panel(second.id)).thread.map((m) => m.direction)).toEqual(['outbound', 'inbound']);
    expect((await panel(first.id)).thread.map((m) => m.direction)).toEqual(['outbound']);
  });
});
