import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, createOrganization, createStaffUser, createTestApp, login, signIn, type TestAppHandle } from '../../test-support/index.js';

let t: TestAppHandle;
let adminCookie: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  adminId = admin.id;
  adminCookie = await signIn(t.app, admin.email, admin.password);
});
afterAll(() => t?.close());

interface AuditItem {
  id: number;
  action: string;
  outcome: string;
  actorType: string;
  actorId: string | null;
  recordId: string | null;
  ipAddress: string | null;
  details: Record<string, unknown>;
}
async function audit(query: string): Promise<AuditItem[]> {
  const res = await t.app.inject({ url: `/api/audit?${query}`, headers: { cookie: adminCookie } });
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

describe('the audit log', () => {
  it('records sign-in, failed sign-in, lockout and sign-out of a user', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const cookie = await signIn(t.app, u.email, u.password);
    await t.app.inject({ method: 'POST', url: '/api/session/logout', headers: { cookie } });
    for (let i = 0; i < 5; i++) await login(t.app, u.email, `wrong password ${i}`);

    const rows = await audit(`recordType=user&recordId=${u.id}&limit=50`);
    const actions = rows.map((r) => `${r.action}:${r.outcome}`);
    expect(actions).toContain('auth.sign_in:success');
    expect(actions).toContain('auth.sign_out:success');
    expect(actions.filter((a) => a === 'auth.sign_in:failure')).toHaveLength(5);
    expect(actions).toContain('auth.lockout:success');
    const signInRow = rows.find((r) => r.action === 'auth.sign_in' && r.outcome === 'success')!;
    expect(signInRow).toMatchObject({ actorType: 'staff', actorId: u.id, ipAddress: '127.0.0.1' });
  });

  it('records a failed sign-in of an unknown email without a record', async () => {
    await login(t.app, 'ghost@example.test', 'whatever password 1');
    const rows = await audit('action=auth.sign_in&limit=5');
    expect(rows[0]).toMatchObject({ outcome: 'failure', actorType: 'anonymous', recordId: null });
  });

  it('records role changes and password changes with the acting user', async () => {
    const org = await createOrganization(t.ctx);
    const u = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id] });
    await t.app.inject({ method: 'PATCH', url: `/api/users/${u.id}`, headers: { cookie: adminCookie }, payload: { role: 'supervisor' } });
    const cookie = await signIn(t.app, u.email, u.password);
    const changed = await t.app.inject({ method: 'POST', url: '/api/password/change', headers: { cookie }, payload: { currentPassword: u.password, newPassword: 'audited new passphrase 2' } });
    expect(changed.statusCode).toBe(200);
    cookiesFrom(changed, cookie);

    const [role] = await audit(`action=user.role_changed&recordId=${u.id}`);
    expect(role).toMatchObject({ actorId: adminId, details: { from: 'agent', to: 'supervisor' } });
    const [password] = await audit(`action=auth.password_change&recordId=${u.id}`);
    expect(password).toMatchObject({ outcome: 'success', actorId: u.id });
  });

  it('pages backwards with `before`', async () => {
    const first = await audit('limit=2');
    const next = await audit(`limit=2&before=${first[1]!.id}`);
    expect(next[0]!.id).toBeLessThan(first[1]!.id);
  });

  it('never stores secrets in the details', async () => {
    const rows = await audit('limit=200');
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/password"?\s*:\s*"[^"]/i);
    expect(text).not.toContain('audited new passphrase');
  });

  it('filters by an action or by a group of actions (their dotted prefix), taking the name literally', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    await signIn(t.app, u.email, u.password);
    await t.app.inject({ method: 'POST', url: '/api/session/logout', headers: { cookie: await signIn(t.app, u.email, u.password) } });

    const group = await audit(`action=auth&recordId=${u.id}&limit=50`);
    expect(new Set(group.map((r) => r.action))).toEqual(new Set(['auth.sign_in', 'auth.sign_out']));
    expect(await audit(`action=auth.&recordId=${u.id}&limit=50`)).toEqual(group);

    const exact = await audit(`action=auth.sign_out&recordId=${u.id}`);
    expect(exact.map((r) => r.action)).toEqual(['auth.sign_out']);
    // `_` and `%` are letters here, not LIKE wildcards; a partial word is not a group.
    expect(await audit(`action=auth.sign%25&recordId=${u.id}`)).toEqual([]);
    expect(await audit(`action=auth.sign_ou&recordId=${u.id}`)).toEqual([]);
    expect(await audit(`action=au&recordId=${u.id}`)).toEqual([]);
  });
});
