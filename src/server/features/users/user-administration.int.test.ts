import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, cookiesFrom, createOrganization, createStaffUser, createTestApp, errorCode, login, outboxFor, signIn, tokenFromBody, type TestAppHandle } from '../../test-support/index.js';

let t: TestAppHandle;
let adminCookie: string;
let orgA: string;
let orgB: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  adminCookie = await signIn(t.app, admin.email, admin.password);
  orgA = (await createOrganization(t.ctx)).id;
  orgB = (await createOrganization(t.ctx)).id;
});
afterAll(() => t?.close());

const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: adminCookie }, ...(payload ? { payload } : {}) });

describe('listing users', () => {
  it('finds users by text, role and organization, with paging', async () => {
    const marker = `zeta${Date.now()}`;
    const one = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [orgA], name: `${marker} One` });
    await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [orgB], name: `${marker} Two` });
    const byText = (await asAdmin('GET', `/api/users?q=${marker}`)).json();
    expect(byText.total).toBe(2);
    const byRole = (await asAdmin('GET', `/api/users?q=${marker}&role=agent`)).json();
    expect(byRole.items.map((u: { id: string }) => u.id)).toEqual([one.id]);
    const byOrg = (await asAdmin('GET', `/api/users?q=${marker}&organizationId=${orgB}`)).json();
    expect(byOrg.items).toHaveLength(1);
    const paged = (await asAdmin('GET', `/api/users?q=${marker}&pageSize=1&page=2`)).json();
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items).toHaveLength(1);
  });

  it('shows the last sign-in', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [orgA] });
    await signIn(t.app, u.email, u.password);
    const res = await asAdmin('GET', `/api/users/${u.id}`);
    expect(res.json().lastSignInAt).not.toBeNull();
  });

  it('answers 404 for an unknown user id', async () => {
    const res = await asAdmin('GET', '/api/users/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(errorCode(res)).toBe('not_found');
  });

  it('rejects a bad filter with 400', async () => {
    expect((await asAdmin('GET', '/api/users?role=janitor')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/users?pageSize=1000')).statusCode).toBe(400);
  });
});

describe('temporary password', () => {
  it('creates an active user who must change it at first sign-in', async () => {
    const res = await asAdmin('POST', '/api/users', { email: 'temp.user@example.test', name: 'Temp User', role: 'developer', organizationIds: [orgA], mode: 'temporary_password' });
    expect(res.statusCode).toBe(201);
    const { user, temporaryPassword } = res.json();
    expect(user).toMatchObject({ status: 'active', mustChangePassword: true });
    expect(temporaryPassword).toEqual(expect.any(String));
    const signedIn = await login(t.app, 'temp.user@example.test', temporaryPassword);
    expect(signedIn.json().user.mustChangePassword).toBe(true);
    const cookie = cookiesFrom(signedIn);
    expect(errorCode(await t.app.inject({ url: '/api/organizations', headers: { cookie } }))).toBe('password_change_required');
  });

  it('takes a chosen temporary password, but not a common one', async () => {
    const bad = await asAdmin('POST', '/api/users', { email: 'temp.common@example.test', name: 'Temp', role: 'agent', organizationIds: [orgA], mode: 'temporary_password', temporaryPassword: 'password1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('temporaryPassword');
  });

  it('an admin reset to a temporary password ends the sessions and forces a change', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [orgA] });
    const cookie = await signIn(t.app, u.email, u.password);
    const res = await asAdmin('POST', `/api/users/${u.id}/reset-password`, { mode: 'temporary_password', temporaryPassword: 'temporary passphrase 12' });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(401);
    const again = await login(t.app, u.email, 'temporary passphrase 12');
    expect(again.json().user.mustChangePassword).toBe(true);
    expect(await auditRows(t.db, 'user.password_reset', u.id)).toHaveLength(1);
  });

  it('an admin reset by email sends a reset link', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [orgA] });
    expect((await asAdmin('POST', `/api/users/${u.id}/reset-password`, { mode: 'email' })).statusCode).toBe(200);
    const [message] = await outboxFor(t.db, u.email, 'password-reset');
    const token = tokenFromBody(message!.body);
    const reset = await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, newPassword: 'emailed reset passphrase 4' } });
    expect(reset.statusCode).toBe(200);
  });
});

describe('role and organizations', () => {
  it('changes role and organizations, which take effect on the next request, audited', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [orgA] });
    const cookie = await signIn(t.app, u.email, u.password);
    expect((await t.app.inject({ url: '/api/developer/outbox', headers: { cookie } })).statusCode).toBe(403);

    const res = await asAdmin('PATCH', `/api/users/${u.id}`, { role: 'developer', organizationIds: [orgB] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'developer', organizationIds: [orgB] });
    expect((await t.app.inject({ url: '/api/developer/outbox', headers: { cookie } })).statusCode).toBe(200);
    const me = (await t.app.inject({ url: '/api/session', headers: { cookie } })).json().user;
    expect(me).toMatchObject({ role: 'developer', organizationIds: [orgB] });

    const [roleChange] = await auditRows(t.db, 'user.role_changed', u.id);
    expect(roleChange?.details).toEqual({ from: 'agent', to: 'developer' });
    expect(await auditRows(t.db, 'user.organizations_changed', u.id)).toHaveLength(1);
  });

  it('refuses an empty change', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [orgA] });
    expect((await asAdmin('PATCH', `/api/users/${u.id}`, {})).statusCode).toBe(400);
  });

  it('refuses to leave a non-admin without organizations', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [orgA] });
    const res = await asAdmin('PATCH', `/api/users/${u.id}`, { organizationIds: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('organizationIds');
  });
});

describe('deactivation', () => {
  it('ends all of the user’s sessions and stops sign-in; reactivation lets them back', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [orgA] });
    const one = await signIn(t.app, u.email, u.password);
    const two = await signIn(t.app, u.email, u.password);
    const res = await asAdmin('POST', `/api/users/${u.id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('disabled');
    for (const cookie of [one, two]) expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(401);
    expect(errorCode(await login(t.app, u.email, u.password))).toBe('account_disabled');
    expect(await auditRows(t.db, 'user.deactivated', u.id)).toHaveLength(1);

    const back = await asAdmin('POST', `/api/users/${u.id}/reactivate`);
    expect(back.json().status).toBe('active');
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(200);
  });

  it('refuses transitions that do not apply with 409', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [orgA] });
    expect(errorCode(await asAdmin('POST', `/api/users/${u.id}/reactivate`))).toBe('invalid_transition');
    await asAdmin('POST', `/api/users/${u.id}/deactivate`);
    expect(errorCode(await asAdmin('POST', `/api/users/${u.id}/deactivate`))).toBe('invalid_transition');
    expect(errorCode(await asAdmin('POST', `/api/users/${u.id}/reset-password`, { mode: 'email' }))).toBe('invalid_transition');
  });

  it('an invited user who is deactivated and reactivated is invited again', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [orgA], status: 'invited', password: null });
    await asAdmin('POST', `/api/users/${u.id}/deactivate`);
    expect((await asAdmin('POST', `/api/users/${u.id}/reactivate`)).json().status).toBe('invited');
  });
});

describe('unlock', () => {
  it('lifts a sign-in lockout at once', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [orgA] });
    for (let i = 0; i < 5; i++) await login(t.app, u.email, `wrong password ${i}`);
    expect((await asAdmin('GET', `/api/users/${u.id}`)).json().lockedUntil).not.toBeNull();
    expect((await asAdmin('POST', `/api/users/${u.id}/unlock`)).statusCode).toBe(204);
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(200);
  });
});
