import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, createStaffUser, createTestApp, enableTwoFactor, errorCode, login, signIn, type TestAppHandle } from '../../test-support/index.js';

let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const session = (cookie: string) => t.app.inject({ url: '/api/session', headers: { cookie } });

async function userWithTwoFactor() {
  const u = await createStaffUser(t.ctx, { role: 'agent' });
  const first = await signIn(t.app, u.email, u.password);
  const { totp, cookie } = await enableTwoFactor(t.app, first, u.password);
  return { ...u, totp, cookie };
}

describe('two-factor sign-in', () => {
  it('turning two-factor on keeps the user signed in and shows it on the session', async () => {
    const u = await userWithTwoFactor();
    const res = await session(u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.twoFactorEnabled).toBe(true);
  });

  it('asks for a code after the password, and signs in with the current code', async () => {
    const u = await userWithTwoFactor();
    const first = await login(t.app, u.email, u.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true });
    const pending = cookiesFrom(first);
    // The password alone gives no session.
    expect((await session(pending)).statusCode).toBe(401);

    const second = await t.app.inject({ method: 'POST', url: '/api/session/login/two-factor', headers: { cookie: pending }, payload: { code: u.totp.generate() } });
    expect(second.statusCode).toBe(200);
    const cookie = cookiesFrom(second, pending);
    const res = await session(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(u.email);
  });

  it('refuses a wrong code with a field error', async () => {
    const u = await userWithTwoFactor();
    const pending = cookiesFrom(await login(t.app, u.email, u.password));
    const current = u.totp.generate();
    const wrong = current === '000000' ? '111111' : '000000';
    const res = await t.app.inject({ method: 'POST', url: '/api/session/login/two-factor', headers: { cookie: pending }, payload: { code: wrong } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('code');
    expect(res.headers['set-cookie'] ?? '').not.toMatch(/sb\.session_token=[^;]/);
  });

  it('refuses a code without the password step first', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session/login/two-factor', payload: { code: '123456' } });
    expect(res.statusCode).toBe(400);
  });

  it('still applies the generic answer to a wrong password', async () => {
    const u = await userWithTwoFactor();
    const res = await login(t.app, u.email, 'not the password at all');
    expect(res.statusCode).toBe(401);
    expect(errorCode(res)).toBe('invalid_credentials');
  });
});
