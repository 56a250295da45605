import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createStaffUser, createTestApp, errorCode, login, outboxFor, signIn, tokenFromBody, uniqueEmail, type TestAppHandle } from '../../test-support/index.js';

let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => t.ctx.clock.reset());

const NEW_PASSWORD = 'a fresh reset passphrase 5';
const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });
const reset = (token: string, newPassword = NEW_PASSWORD) => t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, newPassword } });

async function requestLink(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(202);
  const [message] = await outboxFor(t.db, email, 'password-reset');
  return tokenFromBody(message!.body);
}

describe('forgot password', () => {
  it('answers the same 202 for an existing and an unknown email', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const known = await forgot(u.email);
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
  });

  it('puts a reset email with a link in the outbox, and a delivery job in the queue', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    await forgot(u.email);
    const messages = await outboxFor(t.db, u.email);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'email', template: 'password-reset', status: 'queued' });
    expect(messages[0]!.body).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{40,}/);
    const jobs = await t.ctx.pool.query(`select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'deliver-outbox-message' and j.payload->>'id' = $1`, [messages[0]!.id]);
    expect(jobs.rows[0].n).toBe(1);
  });

  it('sends nothing for an unknown or a disabled account', async () => {
    const disabled = await createStaffUser(t.ctx, { role: 'agent', status: 'disabled' });
    const nobody = uniqueEmail('nobody');
    await forgot(disabled.email);
    await forgot(nobody);
    expect(await outboxFor(t.db, disabled.email)).toHaveLength(0);
    expect(await outboxFor(t.db, nobody)).toHaveLength(0);
  });

  it('validates the email', async () => {
    const res = await forgot('not an email');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('email');
  });
});

describe('reset with the emailed link', () => {
  it('sets the new password, ends existing sessions and is audited', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const cookie = await signIn(t.app, u.email, u.password);
    const token = await requestLink(u.email);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect((await login(t.app, u.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(errorCode(await login(t.app, u.email, u.password))).toBe('invalid_credentials');
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(401);
    expect(await auditRows(t.db, 'auth.password_reset', u.id)).toHaveLength(1);
  });

  it('works once: a second use answers 400 link_used', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const token = await requestLink(u.email);
    expect((await reset(token)).statusCode).toBe(200);
    const again = await reset(token, 'yet another passphrase 6');
    expect(again.statusCode).toBe(400);
    expect(errorCode(again)).toBe('link_used');
  });

  it('expires after 30 minutes: 400 link_expired', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const token = await requestLink(u.email);
    t.ctx.clock.advance(31 * 60_000);
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('link_expired');
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(200);
  });

  it('is replaced by a newer link', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const older = await requestLink(u.email);
    const newer = await requestLink(u.email);
    expect(errorCode(await reset(older))).toBe('link_used');
    expect((await reset(newer)).statusCode).toBe(200);
  });

  it('refuses an unknown token with 400 link_invalid', async () => {
    const res = await reset('x'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('link_invalid');
  });

  it('applies the password rules to the new password', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const token = await requestLink(u.email);
    const common = await reset(token, 'password1');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.newPassword).toMatch(/common/i);
    // The link was not spent by the refused attempt.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('lifts a lockout', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    for (let i = 0; i < 5; i++) await login(t.app, u.email, `wrong password ${i}`);
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(423);
    await reset(await requestLink(u.email));
    expect((await login(t.app, u.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('checking a link when its page opens', () => {
  const check = (token: string, purpose = 'reset') => t.app.inject({ method: 'POST', url: '/api/links/check', payload: { token, purpose } });

  it('says a fresh link is usable, and changes nothing', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const token = await requestLink(u.email);
    expect((await check(token)).statusCode).toBe(200);
    expect((await check(token)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('says at once that a link was used, has expired, is for something else or is not one', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const used = await requestLink(u.email);
    expect((await reset(used)).statusCode).toBe(200);
    expect(errorCode(await check(used))).toBe('link_used');

    const old = await requestLink(u.email);
    t.ctx.clock.advance(31 * 60_000);
    expect(errorCode(await check(old))).toBe('link_expired');
    t.ctx.clock.reset();

    const fresh = await requestLink(u.email);
    expect(errorCode(await check(fresh, 'invite'))).toBe('link_invalid');
    expect(errorCode(await check('x'.repeat(43)))).toBe('link_invalid');
    const bad = await check('short', 'nonsense');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['purpose', 'token']);
  });
});
