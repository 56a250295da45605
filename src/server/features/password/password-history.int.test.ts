import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHistory } from '../../db/schema/index.js';
import { cookiesFrom, createStaffUser, createTestApp, login, outboxFor, signIn, tokenFromBody, type TestAppHandle } from '../../test-support/index.js';

/**
 * Issue 28: password history. A new password may not be one of the last five, nor a temporary
 * password an administrator set (else "must change" is undone by changing straight back); only
 * hashes are kept.
 */
let t: TestAppHandle;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  adminCookie = await signIn(t.app, admin.email, admin.password);
});
afterAll(() => t?.close());

const PASSWORDS = ['orchid lantern harbor 41', 'velvet compass meadow 72', 'granite puzzle willow 93', 'copper falcon ribbon 15', 'amber glacier tunnel 68', 'silver thistle canyon 27'];

/** Changes the password and returns the session cookie that goes on (the change replaces it). */
async function change(cookie: string, currentPassword: string, newPassword: string) {
  return t.app.inject({ method: 'POST', url: '/api/password/change', headers: { cookie }, payload: { currentPassword, newPassword } });
}

async function changeOk(cookie: string, from: string, to: string): Promise<string> {
  const res = await change(cookie, from, to);
  expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
  return cookiesFrom(res, cookie);
}

const historyOf = (userId: string) => t.db.select().from(passwordHistory).where(eq(passwordHistory.userId, userId));

describe('password history', () => {
  it('refuses the previous password, and each of the last five, with a message on the field; the sixth back is allowed', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent', password: PASSWORDS[0] });
    let cookie = await signIn(t.app, u.email, u.password);
    cookie = await changeOk(cookie, PASSWORDS[0]!, PASSWORDS[1]!);

    const back = await change(cookie, PASSWORDS[1]!, PASSWORDS[0]!);
    expect(back.statusCode).toBe(400);
    expect(back.json().error).toMatchObject({ code: 'validation_failed', fields: { newPassword: expect.stringMatching(/used this password recently.*last five/) } });
    expect((await login(t.app, u.email, PASSWORDS[1]!)).statusCode).toBe(200);

    for (let i = 1; i < 4; i++) cookie = await changeOk(cookie, PASSWORDS[i]!, PASSWORDS[i + 1]!);
    // Now the last five are PASSWORDS[0..4].
    expect((await change(cookie, PASSWORDS[4]!, PASSWORDS[0]!)).statusCode).toBe(400);
    expect((await change(cookie, PASSWORDS[4]!, PASSWORDS[2]!)).statusCode).toBe(400);
    cookie = await changeOk(cookie, PASSWORDS[4]!, PASSWORDS[5]!);
    // PASSWORDS[0] is now the sixth back.
    await changeOk(cookie, PASSWORDS[5]!, PASSWORDS[0]!);

    const rows = await historyOf(u.id);
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(PASSWORDS.some((p) => row.passwordHash.includes(p))).toBe(false);
    }
  });

  it('refuses the temporary password an administrator set, however many changes later', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const temporary = 'temporary harbor passphrase 55';
    const set = await t.app.inject({ method: 'POST', url: `/api/users/${u.id}/reset-password`, headers: { cookie: adminCookie }, payload: { mode: 'temporary_password', temporaryPassword: temporary } });
    expect(set.statusCode, set.body).toBe(200);
    let cookie = await signIn(t.app, u.email, temporary);
    cookie = await changeOk(cookie, temporary, PASSWORDS[0]!);

    const back = await change(cookie, PASSWORDS[0]!, temporary);
    expect(back.statusCode).toBe(400);
    expect(back.json().error.fields.newPassword).toMatch(/temporary password an administrator set/);

    for (let i = 0; i < 5; i++) cookie = await changeOk(cookie, PASSWORDS[i]!, PASSWORDS[i + 1]!);
    expect((await change(cookie, PASSWORDS[5]!, temporary)).json().error.fields.newPassword).toMatch(/temporary password an administrator set/);
    const rows = await historyOf(u.id);
    expect(rows.filter((r) => r.temporary)).toHaveLength(1);
    expect(rows.filter((r) => !r.temporary)).toHaveLength(5);
  });

  it('applies to a reset link too, and the link is not spent by the refusal', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent', password: PASSWORDS[2] });
    expect((await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: u.email } })).statusCode).toBe(202);
    const [message] = await outboxFor(t.db, u.email, 'password-reset');
    const token = tokenFromBody(message!.body);
    const same = await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, newPassword: PASSWORDS[2] } });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields.newPassword).toMatch(/used this password recently/);
    expect((await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, newPassword: PASSWORDS[3] } })).statusCode).toBe(200);
    expect((await historyOf(u.id)).map((r) => r.temporary)).toEqual([false, false]);
  });
});
