import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, createTestApp, errorCode, signIn, type TestAppHandle } from '../../test-support/index.js';

let t: TestAppHandle;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const u = await createStaffUser(t.ctx, { role: 'agent' });
  cookie = await signIn(t.app, u.email, u.password);
});
afterAll(() => t?.close());

const patchProfile = (headers: Record<string, string>) =>
  t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie, ...headers }, payload: { name: 'Changed by someone' } });

describe('state-changing requests with a session cookie', () => {
  it('are refused from another origin with 403 csrf_rejected', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/sessions/revoke-others', headers: { cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('csrf_rejected');
    // …and nothing happened: the session still works.
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
  });

  it('are refused with an opaque ("null") origin', async () => {
    expect(errorCode(await patchProfile({ origin: 'null' }))).toBe('csrf_rejected');
  });

  it('are refused without Origin when Fetch Metadata says cross-site', async () => {
    expect(errorCode(await patchProfile({ 'sec-fetch-site': 'cross-site' }))).toBe('csrf_rejected');
  });

  it('are accepted from the app’s own origin', async () => {
    const res = await patchProfile({ origin: 'http://localhost:3000' });
    expect(res.statusCode).toBe(200);
  });

  it('are accepted when Origin matches the Host the request came to', async () => {
    const res = await patchProfile({ origin: 'http://switchboard.internal:8080', host: 'switchboard.internal:8080' });
    expect(res.statusCode).toBe(200);
  });

  it('are accepted same-origin without an Origin header', async () => {
    expect((await patchProfile({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('sign-out from another origin is refused too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session/logout', headers: { cookie, origin: 'https://evil.example' } });
    expect(errorCode(res)).toBe('csrf_rejected');
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('reads and cookie-less requests', () => {
  it('a GET from another origin is answered (it changes nothing)', async () => {
    const res = await t.app.inject({ url: '/api/session', headers: { cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });

  it('a public POST without a cookie is not subject to the origin check', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/password/forgot', headers: { origin: 'https://evil.example' }, payload: { email: 'someone@example.test' } });
    expect(res.statusCode).toBe(202);
  });
});
