import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaffUser, createTestApp, errorCode, signIn, type TestAppHandle } from '../../test-support/index.js';

// Counting admins needs a database of its own per test.
let t: TestAppHandle | undefined;
beforeEach(async () => {
  await t?.close();
  t = await createTestApp();
});
afterAll(() => t?.close());

async function admin() {
  const a = await createStaffUser(t!.ctx, { role: 'admin' });
  return { ...a, cookie: await signIn(t!.app, a.email, a.password) };
}

describe('the last active admin', () => {
  it('cannot be deactivated (409 last_admin)', async () => {
    const a = await admin();
    const res = await t!.app.inject({ method: 'POST', url: `/api/users/${a.id}/deactivate`, headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(409);
    expect(errorCode(res)).toBe('last_admin');
    expect((await t!.app.inject({ url: '/api/session', headers: { cookie: a.cookie } })).statusCode).toBe(200);
  });

  it('cannot be demoted (409 last_admin)', async () => {
    const a = await admin();
    const res = await t!.app.inject({ method: 'PATCH', url: `/api/users/${a.id}`, headers: { cookie: a.cookie }, payload: { role: 'supervisor', organizationIds: [] } });
    expect(res.statusCode).toBe(409);
    expect(errorCode(res)).toBe('last_admin');
  });

  it('disabled admins do not count as active ones', async () => {
    const a = await admin();
    await createStaffUser(t!.ctx, { role: 'admin', status: 'disabled' });
    const res = await t!.app.inject({ method: 'POST', url: `/api/users/${a.id}/deactivate`, headers: { cookie: a.cookie } });
    expect(errorCode(res)).toBe('last_admin');
  });

  it('with a second active admin, either may be deactivated', async () => {
    const a = await admin();
    const b = await createStaffUser(t!.ctx, { role: 'admin' });
    const res = await t!.app.inject({ method: 'POST', url: `/api/users/${b.id}/deactivate`, headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(200);
    // Now a is the last one again.
    expect(errorCode(await t!.app.inject({ method: 'POST', url: `/api/users/${a.id}/deactivate`, headers: { cookie: a.cookie } }))).toBe('last_admin');
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const a = await admin();
    const b = await admin();
    const [ra, rb] = await Promise.all([
      t!.app.inject({ method: 'POST', url: `/api/users/${b.id}/deactivate`, headers: { cookie: a.cookie } }),
      t!.app.inject({ method: 'POST', url: `/api/users/${a.id}/deactivate`, headers: { cookie: b.cookie } }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const left = await t!.ctx.pool.query(`select count(*)::int as n from users where role = 'admin' and status = 'active'`);
    expect(left.rows[0].n).toBe(1);
  });
});
