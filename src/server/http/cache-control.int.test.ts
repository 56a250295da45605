import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createAppContext } from '../bootstrap.js';
import { loadEnv } from '../config/env.js';
import { appointmentRequests } from '../db/schema/index.js';
import { createStaffUser, createTestApp, errorCode, signIn, TEST_ENV, type TestAppHandle } from '../test-support/index.js';
import { createPractice, intakeTokenFor, portalSignIn, submitWebRequest } from '../test-support/patients.js';

/**
 * API answers carry health information: no browser or proxy may keep a copy
 * (`Cache-Control: no-store`, set in one place, app.ts). The web build's files keep their caching.
 */

let t: TestAppHandle;
let staffCookie: string;
let patientCookie: string;
let intakeToken: string;
let requestId: string;

beforeAll(async () => {
  t = await createTestApp();
  const practice = await createPractice(t.ctx);
  const supervisor = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [practice.id] });
  staffCookie = await signIn(t.app, supervisor.email, supervisor.password);
  const submitted = await submitWebRequest(t.app, practice.slug);
  const [row] = await t.db.select({ id: appointmentRequests.id }).from(appointmentRequests).where(eq(appointmentRequests.referenceCode, submitted.referenceCode));
  requestId = row!.id;
  intakeToken = await intakeTokenFor(t.ctx, submitted.email);
  patientCookie = await portalSignIn(t.app, t.ctx, practice.slug, submitted.email, submitted.dateOfBirth);
});
afterAll(() => t?.close());

describe('Cache-Control: no-store on API answers', () => {
  it.each([
    ['the portal overview', () => ({ url: '/api/portal/overview', headers: { cookie: patientCookie } })],
    ['the intake form', () => ({ url: '/api/intake', headers: { 'x-intake-token': intakeToken } })],
    ['the handoffs list', () => ({ url: '/api/handoffs', headers: { cookie: staffCookie } })],
    ['a request as FHIR', () => ({ url: `/api/appointment-requests/${requestId}/fhir`, headers: { cookie: staffCookie } })],
    ['the signed-in session', () => ({ url: '/api/session', headers: { cookie: staffCookie } })],
  ])('%s', async (_label, request) => {
    const res = await t.app.inject(request());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a state change', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie: staffCookie }, payload: { name: 'Sam Cached' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['a record not found', () => ({ url: `/api/calls/${randomUUID()}`, headers: { cookie: staffCookie } }), 404, 'not_found'],
    ['no session', () => ({ url: '/api/handoffs' }), 401, 'unauthenticated'],
    ['a bad query', () => ({ url: '/api/handoffs?pageSize=1000', headers: { cookie: staffCookie } }), 400, 'validation_failed'],
    ['an unknown API route', () => ({ url: '/api/no-such-thing' }), 404, 'not_found'],
  ])('an error: %s', async (_label, request, status, code) => {
    const res = await t.app.inject(request());
    expect(res.statusCode).toBe(status);
    expect(errorCode(res)).toBe(code);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('outside the API', () => {
  it('the built web app keeps its own caching: hashed assets for a year, pages revalidated', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-web-'));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-test-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body>app</body></html>');
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'main-abc123.js'), 'console.log(1);');
    const { ctx, database } = createAppContext(loadEnv({ ...TEST_ENV, DATA_DIR: dataDir } as NodeJS.ProcessEnv), t.databaseUrl, { poolMax: 1 });
    const app = await buildApp(ctx, { webDir });
    try {
      const asset = await app.inject({ url: '/assets/main-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await app.inject({ url: '/calls', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      // …while the same app's API answers are not kept.
      expect((await app.inject({ url: '/api/handoffs' })).headers['cache-control']).toBe('no-store');
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(webDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
