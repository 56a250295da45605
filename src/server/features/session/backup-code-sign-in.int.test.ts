import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT_THRESHOLD } from './session.service.js';
import { auditRows, cookiesFrom, createStaffUser, createTestApp, enableTwoFactor, errorCode, login, signIn, type TestAppHandle } from '../../test-support/index.js';

/** Signing in with a backup code when the authenticator app is lost: each code once, audited, counted with wrong passwords. */
let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const session = (cookie: string) => t.app.inject({ url: '/api/session', headers: { cookie } });
const useBackupCode = (cookie: string | undefined, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/session/login/backup-code', headers: cookie ? { cookie } : {}, payload: { code } });

async function userWithTwoFactor() {
  const u = await createStaffUser(t.ctx, { role: 'supervisor' });
  const first = await signIn(t.app, u.email, u.password);
  const { backupCodes } = await enableTwoFactor(t.app, first, u.password);
  return { ...u, backupCodes };
}

/** The password step, as the sign-in page does it: answers the cookie that carries the pending sign-in. */
async function passwordStep(email: string, password: string): Promise<string> {
  const first = await login(t.app, email, password);
  expect(first.json()).toEqual({ twoFactorRequired: true });
  return cookiesFrom(first);
}

describe('sign-in with a backup code', () => {
  it('signs in with a backup code instead of the app code, says how many are left, and audits it without the code', async () => {
    const u = await userWithTwoFactor();
    expect(u.backupCodes.length).toBe(10);
    const pending = await passwordStep(u.email, u.password);
    // The password alone gives no session.
    expect((await session(pending)).statusCode).toBe(401);

    const res = await useBackupCode(pending, u.backupCodes[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, backupCodesLeft: 9 });
    const me = await session(cookiesFrom(res, pending));
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(u.email);

    const audit = await auditRows(t.db, 'auth.two_factor.backup_code', u.id);
    expect(audit.map((a) => [a.outcome, a.details])).toEqual([['success', { backupCodesLeft: 9 }]]);
    expect(JSON.stringify(audit)).not.toContain(u.backupCodes[0]!);
    expect((await auditRows(t.db, 'auth.sign_in', u.id)).map((a) => a.outcome)).toContain('success');
  });

  it('takes a code as people type it: without the dash, with spaces', async () => {
    const u = await userWithTwoFactor();
    const typed = ` ${u.backupCodes[3]!.replace('-', '').slice(0, 5)} ${u.backupCodes[3]!.replace('-', '').slice(5)} `;
    const res = await useBackupCode(await passwordStep(u.email, u.password), typed);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('each code works once: the same code is refused on the next sign-in, another one works', async () => {
    const u = await userWithTwoFactor();
    expect((await useBackupCode(await passwordStep(u.email, u.password), u.backupCodes[1]!)).statusCode).toBe(200);

    const again = await useBackupCode(await passwordStep(u.email, u.password), u.backupCodes[1]!);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields.code).toMatch(/used already/);
    expect(again.headers['set-cookie'] ?? '').not.toMatch(/sb\.session_token=[^;]/);

    const other = await useBackupCode(await passwordStep(u.email, u.password), u.backupCodes[2]!);
    expect(other.statusCode).toBe(200);
    expect(other.json().backupCodesLeft).toBe(8);
    const outcomes = (await auditRows(t.db, 'auth.two_factor.backup_code', u.id)).map((a) => a.outcome).sort();
    expect(outcomes).toEqual(['failure', 'success', 'success']);
  });

  it('two sign-ins racing with the same code: only one gets a session', async () => {
    const u = await userWithTwoFactor();
    const [a, b] = await Promise.all([passwordStep(u.email, u.password), passwordStep(u.email, u.password)]);
    const answers = await Promise.all([useBackupCode(a, u.backupCodes[4]!), useBackupCode(b, u.backupCodes[4]!)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a code of another user, and a malformed one with a message for the field', async () => {
    const u = await userWithTwoFactor();
    const other = await userWithTwoFactor();
    const pending = await passwordStep(u.email, u.password);
    const foreign = await useBackupCode(pending, other.backupCodes[0]!);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toHaveProperty('code');

    for (const bad of ['123456', 'abcde-1234', 'abcde_12345', '']) {
      const res = await useBackupCode(pending, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(errorCode(res)).toBe('validation_failed');
      expect(res.json().error.fields.code, bad).toBeTruthy();
    }
    // The other user's code still works for them: a refusal elsewhere struck nothing.
    expect((await useBackupCode(await passwordStep(other.email, other.password), other.backupCodes[0]!)).statusCode).toBe(200);
  });

  it('refuses a backup code without the password step first', async () => {
    const u = await userWithTwoFactor();
    const res = await useBackupCode(undefined, u.backupCodes[0]!);
    expect(res.statusCode).toBe(400);
    // Not spent by the refusal.
    expect((await useBackupCode(await passwordStep(u.email, u.password), u.backupCodes[0]!)).statusCode).toBe(200);
  });

  it('wrong backup codes count toward the lockout with wrong passwords, and a locked account is refused even with a good code', async () => {
    const u = await userWithTwoFactor();
    const pending = await passwordStep(u.email, u.password);
    let last = await useBackupCode(pending, 'zzzzz-00000');
    for (let i = 1; i < LOCKOUT_THRESHOLD && last.statusCode === 400; i++) last = await useBackupCode(pending, `zzzzz-0000${i}`);
    expect(last.statusCode).toBe(423);
    expect(errorCode(last)).toBe('account_locked');
    // The pending sign-in of before the lock: a good code is refused while the lock lasts.
    const locked = await useBackupCode(pending, u.backupCodes[0]!);
    expect(locked.statusCode).toBe(423);
  });
});
