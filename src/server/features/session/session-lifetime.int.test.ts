import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createStaffUser, createTestApp, errorCode, signIn, type TestAppHandle } from '../../test-support/index.js';

let t: TestAppHandle;
beforeAll(async () => {
  // Idle 30 minutes (the default) and absolute 2 hours, so the absolute limit is reachable quickly.
  t = await createTestApp({ SESSION_ABSOLUTE_HOURS: '2' });
});
afterAll(() => t?.close());
afterEach(() => t.ctx.clock.reset());

const MINUTE = 60_000;
const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });

describe('the session endpoint', () => {
  it('answers 401 unauthenticated without a cookie, and with a forged one', async () => {
    const none = await t.app.inject({ url: '/api/session' });
    expect(none.statusCode).toBe(401);
    expect(errorCode(none)).toBe('unauthenticated');
    const forged = await session('sb.session_token=forged.value');
    expect(forged.statusCode).toBe(401);
  });

  it("answers the signed-in user with their organizations", async () => {
    const u = await createStaffUser(t.ctx, { role: 'developer' });
    const res = await session(await signIn(t.app, u.email, u.password));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: u.id, role: 'developer', organizationIds: [], twoFactorEnabled: false, twoFactorRequired: false });
  });
});

describe('sign-out', () => {
  it('ends the server session: the old cookie no longer works', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const cookie = await signIn(t.app, u.email, u.password);
    const out = await t.app.inject({ method: 'POST', url: '/api/session/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect([out.headers['set-cookie']].flat().join('\n')).toMatch(/sb\.session_token=;/);
    expect((await session(cookie)).statusCode).toBe(401);
    const [row] = await auditRows(t.db, 'auth.sign_out', u.id);
    expect(row).toMatchObject({ outcome: 'success', actorId: u.id });
  });

  it('only ends the session it is called with', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const laptop = await signIn(t.app, u.email, u.password);
    const phone = await signIn(t.app, u.email, u.password);
    await t.app.inject({ method: 'POST', url: '/api/session/logout', headers: { cookie: laptop } });
    expect((await session(phone)).statusCode).toBe(200);
  });

  it('answers 204 without a session too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session/logout' });
    expect(res.statusCode).toBe(204);
  });
});

describe('idle timeout', () => {
  it('ends a session unused for longer than SESSION_IDLE_MINUTES with 401 session_expired', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const cookie = await signIn(t.app, u.email, u.password);
    t.ctx.clock.advance(31 * MINUTE);
    const res = await session(cookie);
    expect(res.statusCode).toBe(401);
    expect(errorCode(res)).toBe('session_expired');
    // The session is gone for good, not only refused once.
    const again = await session(cookie);
    expect(errorCode(again)).toBe('unauthenticated');
    expect((await auditRows(t.db, 'auth.session_expired', u.id)).length).toBe(1);
  });

  it('keeps a session that is in use alive', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const cookie = await signIn(t.app, u.email, u.password);
    for (let i = 0; i < 3; i++) {
      t.ctx.clock.advance(25 * MINUTE);
      expect((await session(cookie)).statusCode).toBe(200);
    }
  });

  it('follows a configured idle limit', async () => {
    const short = await createTestApp({ SESSION_IDLE_MINUTES: '5' });
    try {
      const u = await createStaffUser(short.ctx, { role: 'agent' });
      const cookie = await signIn(short.app, u.email, u.password);
      short.ctx.clock.advance(4 * MINUTE);
      expect((await short.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
      short.ctx.clock.advance(6 * MINUTE);
      const res = await short.app.inject({ url: '/api/session', headers: { cookie } });
      expect(errorCode(res)).toBe('session_expired');
    } finally {
      await short.close();
    }
  });
});

describe('absolute timeout', () => {
  it('ends even an active session SESSION_ABSOLUTE_HOURS after sign-in', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const cookie = await signIn(t.app, u.email, u.password);
    for (let i = 0; i < 4; i++) {
      t.ctx.clock.advance(25 * MINUTE);
      expect((await session(cookie)).statusCode).toBe(200);
    }
    t.ctx.clock.advance(25 * MINUTE); // 125 minutes after sign-in
    const res = await session(cookie);
    expect(res.statusCode).toBe(401);
    expect(errorCode(res)).toBe('session_expired');
  });
});
