import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT_THRESHOLD } from './session.service.js';
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

/** A six-digit code that is none of the codes the server accepts right now (previous, current, next step). */
function wrongCode(totp: { generate: (o?: { timestamp?: number }) => string }): string {
  const now = Date.now();
  const valid = new Set([-30_000, 0, 30_000].map((d) => totp.generate({ timestamp: now + d })));
  for (let n = 0; ; n++) {
    const code = String(n * 7919 % 1_000_000).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
const secondStep = (pending: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/session/login/two-factor', headers: { cookie: pending }, payload: { code } });

describe('two-factor codes are used once', () => {
  it('refuses a code that already signed in, on a new sign-in with the right password', async () => {
    const u = await userWithTwoFactor();
    const code = u.totp.generate();
    const first = await secondStep(cookiesFrom(await login(t.app, u.email, u.password)), code);
    expect(first.statusCode).toBe(200);

    const pending = cookiesFrom(await login(t.app, u.email, u.password));
    const replay = await secondStep(pending, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatchObject({ code: 'code_already_used', fields: { code: expect.stringMatching(/already been used/) } });
    expect(replay.headers['set-cookie'] ?? '').not.toMatch(/sb\.session_token=[^;]/);
    expect((await session(cookiesFrom(replay, pending))).statusCode).toBe(401);
    const [row] = (await t.db.execute<{ last_used_step: string }>(sql`select last_used_step::text from two_factors where user_id = ${u.id}`)).rows;
    expect(Number(row!.last_used_step)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 30_000) - 1);
  });

  it('of two sign-ins racing with the same code, exactly one gets a session', async () => {
    const u = await userWithTwoFactor();
    const [a, b] = await Promise.all([login(t.app, u.email, u.password), login(t.app, u.email, u.password)]);
    const code = u.totp.generate();
    const results = await Promise.all([secondStep(cookiesFrom(a!), code), secondStep(cookiesFrom(b!), code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().error.code).toBe('code_already_used');
  });
});

describe('wrong two-factor codes count toward the account lockout', () => {
  it(`${LOCKOUT_THRESHOLD} wrong codes lock the account like ${LOCKOUT_THRESHOLD} wrong passwords do`, async () => {
    const u = await userWithTwoFactor();
    const pending = cookiesFrom(await login(t.app, u.email, u.password));
    const wrong = wrongCode(u.totp);
    for (let i = 1; i < LOCKOUT_THRESHOLD; i++) {
      const res = await secondStep(pending, wrong);
      expect(res.statusCode, `attempt ${i}`).toBe(400);
      expect(errorCode(res)).toBe('validation_failed');
    }
    const last = await secondStep(pending, wrong);
    expect(last.statusCode).toBe(423);
    expect(errorCode(last)).toBe('account_locked');

    // Locked: the right code does not get in, and neither does the right password.
    expect(errorCode(await secondStep(pending, u.totp.generate()))).toBe('account_locked');
    expect(errorCode(await login(t.app, u.email, u.password))).toBe('account_locked');
    const [row] = (await t.db.execute<{ locked: boolean }>(sql`select locked_until > now() as locked from users where id = ${u.id}`)).rows;
    expect(row!.locked).toBe(true);
  });

  it('wrong passwords and wrong codes add up to one count', async () => {
    const u = await userWithTwoFactor();
    for (let i = 0; i < LOCKOUT_THRESHOLD - 1; i++) expect(errorCode(await login(t.app, u.email, 'not the password at all'))).toBe('invalid_credentials');
    const pending = cookiesFrom(await login(t.app, u.email, u.password));
    const res = await secondStep(pending, wrongCode(u.totp));
    expect(res.statusCode).toBe(423);
    expect(errorCode(res)).toBe('account_locked');
  });
});
