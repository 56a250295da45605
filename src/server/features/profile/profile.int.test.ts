import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createStaffUser, createTestApp, errorCode, signIn, type TestAppHandle } from '../../test-support/index.js';

let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function signedIn(role: 'agent' | 'developer' = 'agent') {
  const u = await createStaffUser(t.ctx, { role });
  return { ...u, cookie: await signIn(t.app, u.email, u.password) };
}
const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const patch = (cookie: string, payload: object) => t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload });

describe('own profile', () => {
  it('shows name, email, role, phone and notification preferences', async () => {
    const u = await signedIn('developer');
    const res = await get('/api/profile', u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: u.id,
      email: u.email,
      role: 'developer',
      phone: null,
      notificationPreferences: { email: true, sms: false, urgentHandoffs: true, dailySummary: false },
      twoFactorEnabled: false,
    });
  });

  it('saves the name, the phone in E.164 and the preferences, and audits the change', async () => {
    const u = await signedIn();
    const res = await patch(u.cookie, { name: '  Dana Reyes ', phone: '(860) 555-0100', notificationPreferences: { email: false, sms: true, urgentHandoffs: true, dailySummary: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Dana Reyes', phone: '+18605550100', notificationPreferences: { email: false, sms: true, dailySummary: true } });
    expect((await get('/api/profile', u.cookie)).json().phone).toBe('+18605550100');
    expect(await auditRows(t.db, 'profile.updated', u.id)).toHaveLength(1);
  });

  it('clears the phone with null or an empty string', async () => {
    const u = await signedIn();
    await patch(u.cookie, { phone: '+44 20 7946 0958' });
    expect((await patch(u.cookie, { phone: '' })).json().phone).toBeNull();
  });

  it('refuses an invalid phone number and an empty name, field by field', async () => {
    const u = await signedIn();
    const phone = await patch(u.cookie, { phone: '12' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().error.fields).toHaveProperty('phone');
    const name = await patch(u.cookie, { name: '   ' });
    expect(name.statusCode).toBe(400);
    expect(name.json().error.fields).toHaveProperty('name');
    expect((await get('/api/profile', u.cookie)).json().name).toBe(u.user.name);
  });

  it('refuses a role or email in the body, naming them, and changes nothing', async () => {
    const u = await signedIn();
    const before = (await get('/api/profile', u.cookie)).json();
    const res = await patch(u.cookie, { name: 'Still an agent', role: 'admin', email: 'new@example.test' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { role: 'Unknown field.', email: 'Unknown field.' } });
    expect((await get('/api/profile', u.cookie)).json()).toEqual(before);
    expect(before).toMatchObject({ role: 'agent', email: u.email });
  });
});

describe('active sessions', () => {
  it('lists the own sessions and marks the current one', async () => {
    const u = await signedIn();
    await signIn(t.app, u.email, u.password);
    const res = await get('/api/profile/sessions', u.cookie);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { current: boolean }[];
    expect(items).toHaveLength(2);
    expect(items.filter((s) => s.current)).toHaveLength(1);
  });

  it('"sign out everywhere else" ends the other sessions and keeps this one', async () => {
    const u = await signedIn();
    const other = await signIn(t.app, u.email, u.password);
    const third = await signIn(t.app, u.email, u.password);
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/sessions/revoke-others', headers: { cookie: u.cookie } });
    expect(res.json()).toEqual({ revoked: 2 });
    expect((await get('/api/session', u.cookie)).statusCode).toBe(200);
    expect((await get('/api/session', other)).statusCode).toBe(401);
    expect((await get('/api/session', third)).statusCode).toBe(401);
    expect(await auditRows(t.db, 'auth.sessions_revoked', u.id)).toHaveLength(1);
  });

  it('signs out one other session by id', async () => {
    const u = await signedIn();
    const other = await signIn(t.app, u.email, u.password);
    const items = (await get('/api/profile/sessions', u.cookie)).json().items as { id: string; current: boolean }[];
    const target = items.find((s) => !s.current)!;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/profile/sessions/${target.id}`, headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(204);
    expect((await get('/api/session', other)).statusCode).toBe(401);
  });

  it("cannot end someone else's session: 404", async () => {
    const u = await signedIn();
    const victim = await signedIn();
    const theirs = (await get('/api/profile/sessions', victim.cookie)).json().items[0].id as string;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/profile/sessions/${theirs}`, headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(404);
    expect(errorCode(res)).toBe('not_found');
    expect((await get('/api/session', victim.cookie)).statusCode).toBe(200);
  });
});
