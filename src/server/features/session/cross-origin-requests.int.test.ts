import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appointmentRequests, users } from '../../db/schema/index.js';
import { createStaffUser, createTestApp, errorCode, signIn, TEST_ENV, type StaffUser, type TestAppHandle } from '../../test-support/index.js';
import { createPractice } from '../../test-support/patients.js';
import { createPractice as createPhonePractice } from '../../telephony/testing/call-fixtures.js';
import { newCallSid, signature, TWILIO_TEST_TOKEN } from '../../telephony/testing/fake-twilio.js';

/**
 * State changes on the browser-facing API must come from our own pages: Origin is exactly
 * PUBLIC_URL's origin (http://localhost:3000 here) and Sec-Fetch-Site, when sent, same-origin.
 * The test app sends our Origin on every request unless a test sets `origin` (undefined: none).
 */
const OURS = TEST_ENV.PUBLIC_URL;
const NO_ORIGIN = { origin: undefined };

let t: TestAppHandle;
let user: StaffUser;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN });
  user = await createStaffUser(t.ctx, { role: 'agent' });
  cookie = await signIn(t.app, user.email, user.password);
});
afterAll(() => t?.close());

const patchProfile = (name: string, headers: Record<string, string | undefined>) =>
  t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie, ...headers }, payload: { name } });

async function nameOf(id: string): Promise<string> {
  const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row!.name;
}

describe('state-changing requests with a session cookie', () => {
  it('are refused from another origin with 403 csrf_rejected, and change nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/sessions/revoke-others', headers: { cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('csrf_rejected');
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
  });

  it.each([
    ['an opaque ("null") origin', { origin: 'null' }],
    ['our host with another scheme', { origin: 'https://localhost:3000' }],
    ['our host on another port', { origin: 'http://localhost:3001' }],
    ['an origin that matches only the Host header', { origin: 'http://switchboard.internal:8080', host: 'switchboard.internal:8080' }],
    ['no Origin and Fetch Metadata cross-site', { ...NO_ORIGIN, 'sec-fetch-site': 'cross-site' }],
    ['no Origin and Fetch Metadata same-site (a sibling subdomain)', { ...NO_ORIGIN, 'sec-fetch-site': 'same-site' }],
    ['our Origin but Fetch Metadata cross-site', { origin: OURS, 'sec-fetch-site': 'cross-site' }],
    ['neither Origin nor Sec-Fetch-Site', NO_ORIGIN],
  ])('are refused with %s', async (_label, headers) => {
    const res = await patchProfile('Changed by someone', headers);
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('csrf_rejected');
    expect(await nameOf(user.id)).toBe(user.user.name);
  });

  it('are accepted from our own origin', async () => {
    const res = await patchProfile('Renamed at home', { origin: OURS, 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(200);
    expect(await nameOf(user.id)).toBe('Renamed at home');
  });

  it('are accepted same-origin without an Origin header', async () => {
    expect((await patchProfile('Renamed again', { ...NO_ORIGIN, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect(await nameOf(user.id)).toBe('Renamed again');
  });

  it('sign-out from another origin is refused too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session/logout', headers: { cookie, origin: 'https://evil.example' } });
    expect(errorCode(res)).toBe('csrf_rejected');
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('sign-in', () => {
  const login = (headers: Record<string, string | undefined>) =>
    t.app.inject({ method: 'POST', url: '/api/session/login', headers, payload: { email: user.email, password: user.password } });

  it('is refused from another origin: no session is made', async () => {
    const res = await login({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('csrf_rejected');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('is refused over http when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://switchboard.example' });
    try {
      const u = await createStaffUser(secure.ctx, { role: 'agent' });
      const payload = { email: u.email, password: u.password };
      const plain = await secure.app.inject({ method: 'POST', url: '/api/session/login', headers: { origin: 'http://switchboard.example' }, payload });
      expect(errorCode(plain)).toBe('csrf_rejected');
      const tls = await secure.app.inject({ method: 'POST', url: '/api/session/login', headers: { origin: 'https://switchboard.example' }, payload });
      expect(tls.statusCode).toBe(200);
    } finally {
      await secure.close();
    }
  });

  it('is refused without Origin or Sec-Fetch-Site, even without a cookie', async () => {
    const res = await login(NO_ORIGIN);
    expect(errorCode(res)).toBe('csrf_rejected');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('of the patient portal is refused from another origin and without Origin', async () => {
    const practice = await createPractice(t.ctx);
    const body = { organization: practice.slug, contact: 'someone@example.test', dateOfBirth: '1980-01-01' };
    for (const headers of [{ origin: 'https://evil.example' }, NO_ORIGIN]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/portal/sign-in', headers, payload: body });
      expect(errorCode(res)).toBe('csrf_rejected');
    }
    const verify = await t.app.inject({ method: 'POST', url: '/api/portal/verify', headers: NO_ORIGIN, payload: { organization: practice.slug, contact: 'someone@example.test', code: '123456' } });
    expect(errorCode(verify)).toBe('csrf_rejected');
    expect((await t.app.inject({ method: 'POST', url: '/api/portal/sign-in', headers: { origin: OURS }, payload: body })).statusCode).toBe(202);
  });

  it('is accepted from our own origin', async () => {
    expect((await login({ origin: OURS })).statusCode).toBe(200);
  });
});

describe('public forms without a cookie', () => {
  it('are refused from another origin, and nothing is saved', async () => {
    const practice = await createPractice(t.ctx);
    const start = await t.app.inject({ method: 'POST', url: '/api/public/appointment-requests/draft', headers: { origin: 'https://evil.example' }, payload: { organization: practice.slug } });
    expect(errorCode(start)).toBe('csrf_rejected');
    const forgot = await t.app.inject({ method: 'POST', url: '/api/password/forgot', headers: { origin: 'https://evil.example' }, payload: { email: user.email } });
    expect(errorCode(forgot)).toBe('csrf_rejected');
    expect(await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.organizationId, practice.id))).toEqual([]);
  });

  it('are answered without Origin (a script, not a page: it can do nothing a page could not)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/password/forgot', headers: NO_ORIGIN, payload: { email: 'someone@example.test' } });
    expect(res.statusCode).toBe(202);
  });
});

describe('what the origin rule leaves alone', () => {
  it('a GET from another origin is answered (it changes nothing)', async () => {
    const res = await t.app.inject({ url: '/api/session', headers: { cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });

  it('the signed telephony webhooks, which have no Origin', async () => {
    const practice = await createPhonePractice(t.ctx);
    const params = { CallSid: newCallSid(), From: '+18605550100', To: practice.number };
    const res = await t.app.inject({
      method: 'POST',
      url: '/telephony/twilio/voice',
      headers: { ...NO_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature(`${OURS}/telephony/twilio/voice`, params) },
      payload: new URLSearchParams(params).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
  });
});

describe('without PUBLIC_URL (the product on this machine, http://localhost:PORT)', () => {
  it('takes sign-ins from the loopback spellings of the same port, and refuses other origins', async () => {
    const local = await createTestApp({ PUBLIC_URL: undefined, PORT: '3000' });
    try {
      const staff = await createStaffUser(local.ctx, { role: 'agent' });
      const login = (origin: string) => local.app.inject({ method: 'POST', url: '/api/session/login', headers: { origin }, payload: { email: staff.email, password: staff.password } });
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) expect((await login(origin)).statusCode, origin).toBe(200);
      for (const origin of ['http://127.0.0.1:3001', 'http://192.168.1.20:3000', 'https://evil.example']) expect(errorCode(await login(origin)), origin).toBe('csrf_rejected');
    } finally {
      await local.close();
    }
  });
});
