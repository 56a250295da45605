import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createOrganization, createStaffUser, createTestApp, errorCode, login, outboxFor, signIn, tokenFromBody, uniqueEmail, type TestAppHandle } from '../../test-support/index.js';

let t: TestAppHandle;
let adminCookie: string;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createStaffUser(t.ctx, { role: 'admin', name: 'Ada Admin' });
  adminCookie = await signIn(t.app, admin.email, admin.password);
  orgId = (await createOrganization(t.ctx)).id;
});
afterAll(() => t?.close());
afterEach(() => t.ctx.clock.reset());

const PASSWORD = 'invitee chosen passphrase 8';

async function invite(email = uniqueEmail('invitee')) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { cookie: adminCookie },
    payload: { email, name: 'Ivy Invitee', role: 'agent', organizationIds: [orgId], mode: 'invite' },
  });
  expect(res.statusCode).toBe(201);
  const [message] = await outboxFor(t.db, email, 'user-invitation');
  return { email, user: res.json().user, message: message!, token: tokenFromBody(message!.body) };
}
const accept = (token: string, password = PASSWORD, name = 'Ivy I. Invitee') =>
  t.app.inject({ method: 'POST', url: '/api/invitations/accept', payload: { token, name, password } });

describe('inviting a user', () => {
  it('creates an invited user and emails an invitation link through the outbox', async () => {
    const { user, message } = await invite();
    expect(user).toMatchObject({ status: 'invited', role: 'agent', organizationIds: [orgId] });
    expect(message).toMatchObject({ channel: 'email', template: 'user-invitation' });
    expect(message.body).toContain('Ada Admin invited you');
    expect(message.body).toMatch(/http:\/\/localhost:3000\/accept-invite\?token=/);
    expect(await auditRows(t.db, 'user.created', user.id)).toHaveLength(1);
  });

  it('the invitee cannot sign in before accepting', async () => {
    const { email } = await invite();
    expect(errorCode(await login(t.app, email, PASSWORD))).toBe('invalid_credentials');
  });

  it('accepting sets name and password; the user is active and signs in', async () => {
    const { email, user, token } = await invite();
    const res = await accept(token);
    expect(res.statusCode).toBe(200);
    const cookie = await signIn(t.app, email, PASSWORD);
    const me = (await t.app.inject({ url: '/api/session', headers: { cookie } })).json().user;
    expect(me).toMatchObject({ id: user.id, name: 'Ivy I. Invitee', role: 'agent', organizationIds: [orgId], mustChangePassword: false });
    expect(await auditRows(t.db, 'user.invitation_accepted', user.id)).toHaveLength(1);
  });

  it('an invitation link works once', async () => {
    const { token } = await invite();
    await accept(token);
    expect(errorCode(await accept(token, 'a second passphrase 99'))).toBe('link_used');
  });

  it('an invitation is valid for 7 days', async () => {
    const { token } = await invite();
    t.ctx.clock.advance(7 * 24 * 3_600_000 + 60_000);
    expect(errorCode(await accept(token))).toBe('link_expired');
  });

  it('a reset link cannot be used to accept an invitation', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: u.email } });
    const [message] = await outboxFor(t.db, u.email, 'password-reset');
    expect(errorCode(await accept(tokenFromBody(message!.body)))).toBe('link_invalid');
  });

  it('applies the password rules on acceptance', async () => {
    const { token } = await invite();
    const res = await accept(token, 'qwerty123');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.password).toMatch(/common/i);
  });

  it('refuses an email that is already in use with 409', async () => {
    const existing = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [orgId] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: adminCookie },
      payload: { email: existing.email.toUpperCase(), name: 'Again', role: 'agent', organizationIds: [orgId], mode: 'invite' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toHaveProperty('email');
  });

  it('requires an organization for a non-admin role, and an existing one', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/users', headers: { cookie: adminCookie }, payload: { email: uniqueEmail(), name: 'No Org', role: 'agent', organizationIds: [], mode: 'invite' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toHaveProperty('organizationIds');
    const ghost = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: adminCookie },
      payload: { email: uniqueEmail(), name: 'Ghost Org', role: 'agent', organizationIds: ['00000000-0000-4000-8000-000000000000'], mode: 'invite' },
    });
    expect(ghost.statusCode).toBe(400);
  });
});
