import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, createOrganization, createStaffUser, createTestApp, errorCode, signIn, type TestAppHandle } from '../../test-support/index.js';

let t: TestAppHandle;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrganization(t.ctx)).id;
});
afterAll(() => t?.close());

async function withTemporaryPassword() {
  const u = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [orgId], mustChangePassword: true });
  return { ...u, cookie: await signIn(t.app, u.email, u.password) };
}

describe('a user who must change a temporary password', () => {
  it('is told so at sign-in', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent', mustChangePassword: true });
    const res = await t.app.inject({ method: 'POST', url: '/api/session/login', payload: { email: u.email, password: u.password } });
    expect(res.json().user.mustChangePassword).toBe(true);
  });

  it('gets 403 password_change_required from staff routes', async () => {
    const u = await withTemporaryPassword();
    for (const url of ['/api/organizations', '/api/security-settings', '/api/developer/outbox']) {
      const res = await t.app.inject({ url, headers: { cookie: u.cookie } });
      expect(res.statusCode, url).toBe(403);
      expect(errorCode(res), url).toBe('password_change_required');
    }
  });

  it('may read the session and change the password, after which staff routes open', async () => {
    const u = await withTemporaryPassword();
    const me = await t.app.inject({ url: '/api/session', headers: { cookie: u.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.mustChangePassword).toBe(true);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password/change',
      headers: { cookie: u.cookie },
      payload: { currentPassword: u.password, newPassword: 'my own new passphrase 3' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = cookiesFrom(res, u.cookie);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).json().user.mustChangePassword).toBe(false);
    expect((await t.app.inject({ url: '/api/organizations', headers: { cookie } })).statusCode).toBe(200);
  });

  it('may sign out', async () => {
    const u = await withTemporaryPassword();
    const res = await t.app.inject({ method: 'POST', url: '/api/session/logout', headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(204);
  });
});
