import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, createTestApp, errorCode, signIn, type TestAppHandle } from '../test-support/index.js';

let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the one error envelope', () => {
  it('an unknown route is a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/no-such-thing.' } });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/session' })).statusCode).toBe(404);
  });

  it('a malformed JSON body is 400 malformed_body, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session/login', headers: { 'content-type': 'application/json' }, payload: '{"email": "a@b.c", "password": ' });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('malformed_body');
  });

  it('an empty JSON body is 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
  });

  it('a JSON value of the wrong shape is 400 validation_failed', async () => {
    for (const payload of ['[]', '"text"', 'null', '42']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/session/login', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
    }
  });

  it('a body over 1 MiB is 413 payload_too_large', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(errorCode(res)).toBe('payload_too_large');
  });

  it('an unsupported content type is 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session/login', headers: { 'content-type': 'application/xml' }, payload: '<login/>' });
    expect(res.statusCode).toBe(415);
    expect(errorCode(res)).toBe('unsupported_media_type');
  });

  it('validation errors name each field by its dotted path', async () => {
    const admin = await createStaffUser(t.ctx, { role: 'admin' });
    const cookie = await signIn(t.app, admin.email, admin.password);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload: { notificationPreferences: { email: 'yes' } } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(expect.arrayContaining(['notificationPreferences.email']));
  });

  it('answers security headers', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  });
});
