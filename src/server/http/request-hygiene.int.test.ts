import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, users } from '../db/schema/index.js';
import { createOrganization, createStaffUser, createTestApp, errorCode, signIn, type StaffUser, type TestAppHandle } from '../test-support/index.js';
import { createPractice, type Practice } from '../telephony/testing/call-fixtures.js';
import { newCallSid, postSigned, TWILIO_TEST_TOKEN } from '../telephony/testing/fake-twilio.js';

/** Issue 14 §1: text no store can hold, unknown fields and framework-level errors, all as 4xx in the envelope. */
let t: TestAppHandle;
let admin: StaffUser;
let cookie: string;
let practice: Practice;
const BROKEN = /invisible or broken character/;

beforeAll(async () => {
  t = await createTestApp({ TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN });
  const org = await createOrganization(t.ctx);
  admin = await createStaffUser(t.ctx, { role: 'admin', organizationIds: [org.id] });
  cookie = await signIn(t.app, admin.email, admin.password);
  practice = await createPractice(t.ctx);
});
afterAll(() => t?.close());

const json = () => ({ cookie, 'content-type': 'application/json' });
const nameOf = async (id: string) => (await t.db.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, id)))[0]!;

describe('NUL bytes and lone surrogates', () => {
  it('in a body field: 400 naming the field, nothing saved', async () => {
    const before = await nameOf(admin.id);
    for (const payload of ['{"name":"Ann\\u0000Lee"}', '{"name":"Ann\\ud800Lee"}', '{"name":"Ann\\udc00"}']) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/profile', headers: json(), payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { name: expect.stringMatching(BROKEN) } });
    }
    expect(await nameOf(admin.id)).toEqual(before);
  });

  it('in a key or deep inside a body: 400, never 500', async () => {
    const key = await t.app.inject({ method: 'PATCH', url: '/api/profile', headers: json(), payload: '{"na\\u0000me":"x"}' });
    expect(key.statusCode).toBe(400);
    expect(Object.values(key.json().error.fields)).toEqual([expect.stringMatching(BROKEN)]);
    const deep = `${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`;
    const res = await t.app.inject({ method: 'PATCH', url: '/api/profile', headers: json(), payload: deep });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('validation_failed');
  });

  it('in a path id: 400 naming params.id; a surrogate (not encodable in a URL) is a bad URL', async () => {
    const nul = await t.app.inject({ method: 'DELETE', url: '/api/profile/sessions/abc%00def', headers: { cookie } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.fields).toEqual({ 'params.id': expect.stringMatching(BROKEN) });
    const surrogate = await t.app.inject({ method: 'DELETE', url: '/api/profile/sessions/abc%ED%A0%80', headers: { cookie } });
    expect(surrogate.statusCode).toBe(400);
    expect(errorCode(surrogate)).toBe('bad_url');
  });

  it('in a search filter: 400 naming querystring.q', async () => {
    for (const url of ['/api/users?q=Tom%00', '/api/organizations?q=%00']) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields, url).toEqual({ 'querystring.q': expect.stringMatching(BROKEN) });
    }
  });

  it("in a signed voice webhook's From: 400 naming From, no call stored", async () => {
    const callSid = newCallSid();
    const res = await postSigned(t.app, '/telephony/twilio/voice', { CallSid: callSid, From: '+1860555\u00000123', To: practice.number });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ From: expect.stringMatching(BROKEN) });
    expect(await t.db.select().from(calls).where(eq(calls.providerCallId, callSid))).toEqual([]);
    // A surrogate cannot travel form-encoded: its WTF-8 bytes stay undecoded text, answered without a 500.
    const raw = await postSigned(t.app, '/telephony/twilio/voice', { CallSid: newCallSid(), From: '%ED%A0%80', To: practice.number });
    expect(raw.statusCode).toBeLessThan(500);
  });
});

describe('unknown fields', () => {
  it('PATCH /api/profile {"role":"admin"} is a 400 naming role, and changes nothing', async () => {
    const agent = await createStaffUser(t.ctx, { role: 'agent' });
    const agentCookie = await signIn(t.app, agent.email, agent.password);
    const before = await nameOf(agent.id);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie: agentCookie }, payload: { name: 'New Name', role: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { role: 'Unknown field.' } });
    expect(await nameOf(agent.id)).toEqual(before);
    expect(before.role).toBe('agent');
  });

  it('names unknown fields inside nested objects by their dotted path', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie },
      payload: { notificationPreferences: { email: true, sms: false, urgentHandoffs: true, dailySummary: false, pager: true } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ 'notificationPreferences.pager': 'Unknown field.' });
  });

  it("Twilio's form posts, full of fields we do not read, stay accepted", async () => {
    const res = await postSigned(t.app, '/telephony/twilio/voice', {
      CallSid: newCallSid(),
      From: '+18605550123',
      To: practice.number,
      AccountSid: 'AC0123',
      ApiVersion: '2010-04-01',
      CallStatus: 'ringing',
      CallerCountry: 'US',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
  });
});

describe('framework-level errors answer the envelope', () => {
  it('a URL that does not decode: 400 bad_url', async () => {
    const res = await t.app.inject({ url: '/api/calls/%E0%A4%A', headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: { code: 'bad_url', message: expect.any(String) } });
    // Answered before any route or hook: still never cached.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('an over-long id: 414 uri_too_long', async () => {
    const res = await t.app.inject({ url: `/api/calls/${'a'.repeat(500)}`, headers: { cookie } });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: { code: 'uri_too_long', message: expect.any(String) } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a text/plain body: 415 unsupported_media_type', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie, 'content-type': 'text/plain' }, payload: 'name=x' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: { code: 'unsupported_media_type', message: expect.any(String) } });
  });

  it('invalid JSON, and a body too large: 400 malformed_body, 413 payload_too_large', async () => {
    const bad = await t.app.inject({ method: 'PATCH', url: '/api/profile', headers: json(), payload: '{"name":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { code: 'malformed_body', message: expect.any(String) } });
    const big = await t.app.inject({ method: 'PATCH', url: '/api/profile', headers: json(), payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: { code: 'payload_too_large', message: expect.any(String) } });
  });

  it('an oversized query string over real HTTP: 431 headers_too_large, in the envelope', async () => {
    const app = await createTestApp();
    try {
      const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${address}/api/users?q=${'a'.repeat(40_000)}`);
      expect(res.status).toBe(431);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ error: { code: 'headers_too_large', message: expect.any(String) } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      await app.close();
    }
  });
});
