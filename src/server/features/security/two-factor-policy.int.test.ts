import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { auditRows, createOrganization, createStaffUser, createTestApp, enableTwoFactor, errorCode, signIn, type TestAppHandle } from '../../test-support/index.js';

// The policy is one row for the whole deployment: every test gets its own database.
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
const requireFor = (cookie: string, roles: string[]) =>
  t!.app.inject({ method: 'PUT', url: '/api/security-settings', headers: { cookie }, payload: { twoFactorRequiredRoles: roles } });

describe('requiring two-factor for a role', () => {
  it('is saved, answered back and audited', async () => {
    const a = await admin();
    expect((await t!.app.inject({ url: '/api/security-settings', headers: { cookie: a.cookie } })).json()).toEqual({ twoFactorRequiredRoles: [] });
    const res = await requireFor(a.cookie, ['agent', 'supervisor', 'agent']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequiredRoles: ['agent', 'supervisor'] });
    expect((await t!.app.inject({ url: '/api/security-settings', headers: { cookie: a.cookie } })).json().twoFactorRequiredRoles).toEqual(['agent', 'supervisor']);
    expect(await auditRows(t!.db, 'security.two_factor_policy_changed')).toHaveLength(1);
  });

  it('refuses an unknown role', async () => {
    const a = await admin();
    const res = await requireFor(a.cookie, ['janitor']);
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('validation_failed');
  });

  it('sends that role to set up two-factor before any staff page, while the profile stays reachable', async () => {
    const a = await admin();
    const org = await createOrganization(t!.ctx);
    const agent = await createStaffUser(t!.ctx, { role: 'agent', organizationIds: [org.id] });
    const supervisor = await createStaffUser(t!.ctx, { role: 'supervisor', organizationIds: [org.id] });
    await requireFor(a.cookie, ['agent']);

    const cookie = await signIn(t!.app, agent.email, agent.password);
    const refused = await t!.app.inject({ url: '/api/organizations', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('two_factor_setup_required');
    const me = await t!.app.inject({ url: '/api/session', headers: { cookie } });
    expect(me.json().user).toMatchObject({ twoFactorRequired: true, twoFactorEnabled: false });
    expect((await t!.app.inject({ url: '/api/profile', headers: { cookie } })).statusCode).toBe(200);

    // Another role is not affected.
    const other = await signIn(t!.app, supervisor.email, supervisor.password);
    expect((await t!.app.inject({ url: '/api/organizations', headers: { cookie: other } })).statusCode).toBe(200);

    // Once two-factor is on, the staff pages open.
    const { cookie: after } = await enableTwoFactor(t!.app, cookie, agent.password);
    const ok = await t!.app.inject({ url: '/api/organizations', headers: { cookie: after } });
    expect(ok.statusCode).toBe(200);
  });

  it('does not let a user of that role turn two-factor off', async () => {
    const a = await admin();
    const agent = await createStaffUser(t!.ctx, { role: 'agent' });
    const first = await signIn(t!.app, agent.email, agent.password);
    const { cookie } = await enableTwoFactor(t!.app, first, agent.password);
    await requireFor(a.cookie, ['agent']);
    const res = await t!.app.inject({ method: 'POST', url: '/api/profile/two-factor/disable', headers: { cookie }, payload: { password: agent.password } });
    expect(res.statusCode).toBe(409);
    expect(errorCode(res)).toBe('two_factor_required');
  });
});
