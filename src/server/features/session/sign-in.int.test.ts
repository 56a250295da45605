import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, cookiesFrom, createOrganization, createStaffUser, createTestApp, errorCode, login, signIn, uniqueEmail, type TestAppHandle } from '../../test-support/index.js';

let t: TestAppHandle;

/** The attributes (lower-cased, without the value) of the session cookie a response sets. */
function sessionCookieAttributes(header: string | string[] | undefined): string[] {
  const line = [header ?? []].flat().find((c) => /^(__Secure-)?sb\.session_token=/.test(c));
  if (!line) throw new Error('no session cookie was set');
  return line.split(';').slice(1).map((a) => a.trim().toLowerCase());
}
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => t.ctx.clock.reset());

describe('sign-in with email and password', () => {
  it('answers the user and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const res = await login(t.app, u.email, u.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: u.id, email: u.email, role: 'agent', mustChangePassword: false });
    const attributes = sessionCookieAttributes(res.headers['set-cookie']);
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    // Served over plain HTTP here, so not Secure.
    expect(attributes).not.toContain('secure');
  });

  it("gives each organization's country and zone, so its records are shown in its clock and number format (issue 28)", async () => {
    const london = await createOrganization(t.ctx, { timeZone: 'Europe/London', address: { line1: '12 Camden Road', city: 'London', postalCode: 'NW1 9DP', country: 'gb' } });
    const noAddress = await createOrganization(t.ctx, { timeZone: 'America/Chicago' });
    const u = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [london.id, noAddress.id] });
    const session = (await t.app.inject({ url: '/api/session', headers: { cookie: await signIn(t.app, u.email, u.password) } })).json();
    expect(session.organizations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: london.id, timeZone: 'Europe/London', country: 'GB' }),
        expect.objectContaining({ id: noAddress.id, timeZone: 'America/Chicago', country: 'US' }),
      ]),
    );
  });

  it('marks the session cookie Secure when the app is served over HTTPS', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://switchboard.example' });
    try {
      const u = await createStaffUser(https.ctx, { role: 'agent' });
      const res = await login(https.app, u.email, u.password);
      expect(res.statusCode).toBe(200);
      expect(sessionCookieAttributes(res.headers['set-cookie'])).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']));
      const cookie = cookiesFrom(res);
      expect((await https.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
    } finally {
      await https.close();
    }
  });

  it('accepts the email in any letter case', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const res = await login(t.app, u.email.toUpperCase(), u.password);
    expect(res.statusCode).toBe(200);
  });

  it('gives one generic 401 for an unknown email and for a wrong password alike', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const unknown = await login(t.app, uniqueEmail('nobody'), u.password);
    const wrong = await login(t.app, u.email, 'not the right password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(errorCode(wrong)).toBe('invalid_credentials');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('validates the body field by field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session/login', payload: { email: 'not-an-email', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { email: expect.any(String), password: expect.any(String) } });
  });

  it('refuses a disabled account even with the right password, and leaves no session', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent', status: 'disabled' });
    const res = await login(t.app, u.email, u.password);
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe('account_disabled');
    const sessions = await t.ctx.pool.query('select count(*)::int as n from sessions where user_id = $1', [u.id]);
    expect(sessions.rows[0].n).toBe(0);
  });

  it('refuses an invited user who has not set a password yet, with the generic answer', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent', status: 'invited', password: null });
    const res = await login(t.app, u.email, 'whatever password 1');
    expect(res.statusCode).toBe(401);
    expect(errorCode(res)).toBe('invalid_credentials');
  });

  it('records the last sign-in time', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    await signIn(t.app, u.email, u.password);
    const row = await t.ctx.pool.query('select last_sign_in_at from users where id = $1', [u.id]);
    expect(row.rows[0].last_sign_in_at).toBeInstanceOf(Date);
  });
});

describe('per-account lockout', () => {
  it('locks the account for 15 minutes after 5 failures, then lets the right password in', async () => {
    const u = await createStaffUser(t.ctx, { role: 'supervisor' });
    for (let i = 0; i < 4; i++) {
      const res = await login(t.app, u.email, `wrong password ${i}`);
      expect(res.statusCode).toBe(401);
    }
    // The fifth failure trips the lock and says so at once.
    const fifth = await login(t.app, u.email, 'wrong password 4');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().error.code).toBe('account_locked');
    const locked = await login(t.app, u.email, u.password);
    expect(locked.statusCode).toBe(423);
    expect(locked.json().error.code).toBe('account_locked');
    const retry = locked.json().error.retryAfterSeconds;
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(locked.headers['retry-after']).toBe(String(retry));

    t.ctx.clock.advance(10 * 60_000);
    const stillLocked = await login(t.app, u.email, u.password);
    expect(stillLocked.statusCode).toBe(423);
    expect(stillLocked.json().error.retryAfterSeconds).toBeLessThanOrEqual(5 * 60);

    t.ctx.clock.advance(5 * 60_000 + 1_000);
    const after = await login(t.app, u.email, u.password);
    expect(after.statusCode).toBe(200);
  });

  it('counts only failures within 15 minutes', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    for (let i = 0; i < 4; i++) await login(t.app, u.email, `wrong password ${i}`);
    t.ctx.clock.advance(16 * 60_000);
    for (let i = 0; i < 4; i++) expect((await login(t.app, u.email, `wrong again ${i}`)).statusCode).toBe(401);
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(200);
  });

  it('starts counting afresh after a successful sign-in', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    for (let i = 0; i < 4; i++) await login(t.app, u.email, `wrong password ${i}`);
    await signIn(t.app, u.email, u.password);
    for (let i = 0; i < 4; i++) await login(t.app, u.email, `wrong again ${i}`);
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(200);
  });

  it('does not lock one account because of failures on another', async () => {
    const victim = await createStaffUser(t.ctx, { role: 'agent' });
    const other = await createStaffUser(t.ctx, { role: 'agent' });
    for (let i = 0; i < 6; i++) await login(t.app, other.email, `wrong password ${i}`);
    expect((await login(t.app, victim.email, victim.password)).statusCode).toBe(200);
  });

  it('leaves audit rows for the failures and the lockout', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    for (let i = 0; i < 5; i++) await login(t.app, u.email, `wrong password ${i}`);
    const failures = (await auditRows(t.db, 'auth.sign_in', u.id)).filter((r) => r.outcome === 'failure');
    expect(failures).toHaveLength(5);
    const [lockout] = await auditRows(t.db, 'auth.lockout', u.id);
    expect(lockout).toMatchObject({ outcome: 'success', actorType: 'system' });
    await login(t.app, u.email, u.password);
    const denied = (await auditRows(t.db, 'auth.sign_in', u.id)).filter((r) => r.outcome === 'denied');
    expect(denied[0]?.details).toMatchObject({ reason: 'locked' });
  });
});

describe('per-address rate limit', () => {
  it('answers 429 rate_limited when one address signs in too often', async () => {
    const limited = await createTestApp({ RATE_LIMIT_SCALE: '0.1' });
    try {
      const u = await createStaffUser(limited.ctx, { role: 'agent' });
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await login(limited.app, u.email, 'wrong password here')).statusCode);
      expect(codes).toEqual([401, 401, 429]);
      const res = await login(limited.app, u.email, u.password);
      expect(errorCode(res)).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});
