import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, cookiesFrom, createStaffUser, createTestApp, enableTwoFactor, login, signIn, type TestAppHandle } from '../../test-support/index.js';

let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('turning two-factor on in the profile', () => {
  it('needs the password before showing the secret', async () => {
    const u = await createStaffUser(t.ctx, { role: 'developer' });
    const cookie = await signIn(t.app, u.email, u.password);
    const res = await post('/api/profile/two-factor/enable', cookie, { password: 'not my password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('password');
  });

  it('answers an otpauth URI and backup codes, and is not on until a code confirms it', async () => {
    const u = await createStaffUser(t.ctx, { role: 'developer' });
    const cookie = await signIn(t.app, u.email, u.password);
    const res = await post('/api/profile/two-factor/enable', cookie, { password: u.password });
    expect(res.statusCode).toBe(200);
    const { totpURI, backupCodes } = res.json();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Switchboard:/);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).json().user.twoFactorEnabled).toBe(false);
    // Not confirmed yet: signing in needs the password only.
    expect((await login(t.app, u.email, u.password)).json()).toHaveProperty('user');

    const bad = await post('/api/profile/two-factor/confirm', cookie, { code: '12345' });
    expect(bad.statusCode).toBe(400);
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    const ok = await post('/api/profile/two-factor/confirm', cookie, { code: totp.generate() });
    expect(ok.statusCode).toBe(200);
    const next = cookiesFrom(ok, cookie);
    expect((await t.app.inject({ url: '/api/profile', headers: { cookie: next } })).json().twoFactorEnabled).toBe(true);
    expect(await auditRows(t.db, 'auth.two_factor_enabled', u.id)).toHaveLength(1);
  });

  it('can be turned off again with the password, and sign-in then needs no code', async () => {
    const u = await createStaffUser(t.ctx, { role: 'developer' });
    const first = await signIn(t.app, u.email, u.password);
    const { cookie } = await enableTwoFactor(t.app, first, u.password);
    const res = await post('/api/profile/two-factor/disable', cookie, { password: u.password });
    expect(res.statusCode).toBe(200);
    const next = cookiesFrom(res, cookie);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie: next } })).statusCode).toBe(200);
    expect((await login(t.app, u.email, u.password)).json()).toHaveProperty('user');
    expect(await auditRows(t.db, 'auth.two_factor_disabled', u.id)).toHaveLength(1);
  });
});
