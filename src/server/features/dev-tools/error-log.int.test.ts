import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, createTestApp, errorCode, signIn, type TestAppHandle } from '../../test-support/index.js';
import { errorEvents } from '../../db/schema/index.js';

let t: TestAppHandle;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  adminCookie = await signIn(t.app, admin.email, admin.password);
});
afterAll(() => t?.close());

const find = (digest: string, cookie = adminCookie) => t.app.inject({ url: `/api/developer/errors/${digest}`, headers: { cookie } });

describe('server errors', () => {
  it('answer 500 with a digest and no stack trace; the digest finds the full report', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sentry-example/server-error', headers: { 'user-agent': 'vitest' } });
    expect(res.statusCode).toBe(500);
    const { error } = res.json();
    expect(error.code).toBe('internal_error');
    expect(error.digest).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(error.message).toContain(error.digest);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    expect(res.body).not.toContain('Sentry example');

    const found = await find(error.digest);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      digest: error.digest,
      source: 'server',
      message: expect.stringContaining('Sentry example'),
      stack: expect.stringContaining('Error: Sentry example'),
      route: '/api/sentry-example/server-error',
      method: 'POST',
      statusCode: 500,
      requestId: expect.any(String),
    });
  });

  it('the digest is found in any letter case, and by a developer too', async () => {
    const { digest } = (await t.app.inject({ method: 'POST', url: '/api/sentry-example/server-error' })).json().error;
    expect((await find(digest.toLowerCase())).statusCode).toBe(200);
    const dev = await createStaffUser(t.ctx, { role: 'developer' });
    expect((await find(digest, await signIn(t.app, dev.email, dev.password))).statusCode).toBe(200);
  });

  it('an unknown digest is 404', async () => {
    const res = await find('ZZZZZ-ZZZZZ');
    expect(res.statusCode).toBe(404);
    expect(errorCode(res)).toBe('not_found');
  });

  it('are listed newest first, filtered by source', async () => {
    const { digest } = (await t.app.inject({ method: 'POST', url: '/api/sentry-example/server-error' })).json().error;
    const res = await t.app.inject({ url: '/api/developer/errors?source=server&limit=5', headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0].digest).toBe(digest);
    expect(res.json().items.every((e: { source: string }) => e.source === 'server')).toBe(true);
  });
});

describe('client errors', () => {
  it('are stored and answered with a digest that finds them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'user-agent': 'Mozilla/5.0 test' },
      payload: { message: 'TypeError: x is undefined', stack: 'TypeError: x is undefined\n    at render (app.js:1:1)', route: '/calls/123', sentryEventId: 'abc123' },
    });
    expect(res.statusCode).toBe(201);
    const { digest } = res.json();
    expect(digest).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const found = (await find(digest)).json();
    expect(found).toMatchObject({ source: 'client', message: 'TypeError: x is undefined', route: '/calls/123', userId: null });
  });

  it('carry the signed-in user when there is one', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const cookie = await signIn(t.app, u.email, u.password);
    const { digest } = (await t.app.inject({ method: 'POST', url: '/api/client-errors', headers: { cookie }, payload: { message: 'boom' } })).json();
    expect((await find(digest)).json().userId).toBe(u.id);
  });

  it('refuse an empty or oversized report with 400', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/client-errors', payload: { message: '' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/client-errors', payload: { message: 'x'.repeat(2001) } })).statusCode).toBe(400);
  });
});

describe('public configuration', () => {
  it('tells the browser whether Sentry is configured', async () => {
    const res = await t.app.inject({ url: '/api/public-config' });
    expect(res.json()).toEqual({ sentryDsn: null, environment: 'test' });
  });
});

describe('the error log', () => {
  it('pages by cursor without skipping or repeating errors logged in the same instant', async () => {
    const sameInstant = new Date('2026-03-01T10:00:00.654321Z');
    await t.db.insert(errorEvents).values(
      [1, 2, 3, 4, 5].map((n) => ({ digest: `PAGE${n}-TESTS`, source: 'worker' as const, message: `same instant ${n}`, createdAt: sameInstant })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const res = await t.app.inject({ url: `/api/developer/errors?source=worker&limit=2${cursor ? `&cursor=${cursor}` : ''}`, headers: { cookie: adminCookie } });
      expect(res.statusCode).toBe(200);
      const items = res.json().items as { message: string; cursor: string }[];
      seen.push(...items.map((e) => e.message).filter((m) => m.startsWith('same instant')));
      if (items.length < 2) break;
      cursor = items.at(-1)!.cursor;
    }
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5].map((n) => `same instant ${n}`));
  });
});
