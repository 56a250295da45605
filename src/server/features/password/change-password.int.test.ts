import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { auditRows, cookiesFrom, createStaffUser, createTestApp, errorCode, login, signIn, type TestAppHandle } from '../../test-support/index.js';

let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const NEW_PASSWORD = 'a brand new passphrase 9';

async function signedIn() {
  const u = await createStaffUser(t.ctx, { role: 'agent' });
  return { ...u, cookie: await signIn(t.app, u.email, u.password) };
}
const change = (cookie: string, currentPassword: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/password/change', headers: { cookie }, payload: { currentPassword, newPassword } });

describe('changing the own password', () => {
  it('refuses a wrong current password on the currentPassword field', async () => {
    const u = await signedIn();
    const res = await change(u.cookie, 'not my current password', NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { currentPassword: expect.any(String) } });
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(200);
  });

  it('refuses a password shorter than 8 characters', async () => {
    const u = await signedIn();
    const res = await change(u.cookie, u.password, 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.newPassword).toMatch(/at least 8/);
  });

  it('refuses a password longer than 128 characters', async () => {
    const u = await signedIn();
    const res = await change(u.cookie, u.password, 'x'.repeat(129));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('newPassword');
  });

  it.each(['password1', 'qwerty123', 'Password1'])('refuses the common password %s', async (common) => {
    const u = await signedIn();
    const res = await change(u.cookie, u.password, common);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.newPassword).toMatch(/common/i);
  });

  it('refuses a new password equal to the current one', async () => {
    const u = await signedIn();
    const res = await change(u.cookie, u.password, u.password);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.newPassword).toMatch(/different/i);
  });

  it('accepts a long passphrase without composition rules', async () => {
    const u = await signedIn();
    expect((await change(u.cookie, u.password, 'all lower case words are fine here')).statusCode).toBe(200);
  });

  it('succeeds: the new password signs in, the old does not, other sessions end, this one goes on', async () => {
    const u = await signedIn();
    const elsewhere = await signIn(t.app, u.email, u.password);
    const res = await change(u.cookie, u.password, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    const current = cookiesFrom(res, u.cookie);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie: current } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie: elsewhere } })).statusCode).toBe(401);
    expect(errorCode(await login(t.app, u.email, u.password))).toBe('invalid_credentials');
    expect((await login(t.app, u.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('is audited, failures too', async () => {
    const u = await signedIn();
    await change(u.cookie, 'not my current password', NEW_PASSWORD);
    await change(u.cookie, u.password, NEW_PASSWORD);
    const rows = await auditRows(t.db, 'auth.password_change', u.id);
    expect(rows.map((r) => r.outcome)).toEqual(['success', 'failure']);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/password/change', payload: { currentPassword: 'x', newPassword: NEW_PASSWORD } });
    expect(res.statusCode).toBe(401);
  });
});

describe('the absolute session limit', () => {
  it('still counts from sign-in after a password change (the replacement session keeps its start)', async () => {
    const u = await signedIn();
    // Signed in 11 h 50 min ago, active all along.
    const startedAt = new Date(Date.now() - (12 * 60 - 10) * 60_000);
    await t.db.update(sessions).set({ createdAt: startedAt }).where(eq(sessions.userId, u.id));
    const res = await change(u.cookie, u.password, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = cookiesFrom(res, u.cookie);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
    const [replacement] = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(replacement!.createdAt.getTime()).toBe(startedAt.getTime());

    t.ctx.clock.advance(15 * 60_000); // 12 h 5 min after sign-in, 15 min after the last request
    const after = await t.app.inject({ url: '/api/session', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(errorCode(after)).toBe('session_expired');
    t.ctx.clock.reset();
  });
});
