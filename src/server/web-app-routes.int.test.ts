import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createAppContext } from './bootstrap.js';
import { loadEnv } from './config/env.js';
import { createTestApp, TEST_ENV, type TestAppHandle } from './test-support/index.js';
import { CLIENT_ROUTE_PATTERNS } from '../web/app/route-patterns.js';

/**
 * Issue 19 §8: an address that is no page of the app answers 404 (with the page, whose router
 * shows "Page not found"); every page of the app answers 200. The route table is the one the
 * web build writes (client-routes.json, from src/web/app/route-patterns.ts).
 */
let t: TestAppHandle;
let webDir: string;
let dataDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;

beforeAll(async () => {
  t = await createTestApp();
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-web-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-test-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body>staff app</body></html>');
  fs.writeFileSync(path.join(webDir, 'patient.html'), '<!doctype html><html><head></head><body>patient pages</body></html>');
  fs.writeFileSync(path.join(webDir, 'client-routes.json'), JSON.stringify(CLIENT_ROUTE_PATTERNS));
  const { ctx, database } = createAppContext(loadEnv({ ...TEST_ENV, DATA_DIR: dataDir } as NodeJS.ProcessEnv), t.databaseUrl, { poolMax: 1 });
  app = await buildApp(ctx, { webDir });
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(async () => {
  await close?.();
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const page = (url: string) => app.inject({ url, headers: { accept: 'text/html' } });

it.each([
  '/',
  '/login',
  '/auth/error?code=link_expired',
  '/overview',
  '/calls',
  '/calls/3b0c8f3e-0000-4000-8000-000000000000',
  '/calls/3b0c8f3e-0000-4000-8000-000000000000/chat-context',
  '/handoffs/abc',
  '/organizations/schedules?org=x',
  '/developer',
  '/users/',
])('a page of the app answers 200: %s', async (url) => {
  const res = await page(url);
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('staff app');
});

it.each(['/request-appointment', '/request-appointment/success', '/portal', '/intake?token=x'])('a patient page answers 200 with the patient entry: %s', async (url) => {
  const res = await page(url);
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('patient pages');
});

it.each(['/no-such-page', '/calls/abc/transcript', '/overview/extra', '/portal/nothing', '/wp-admin'])('an unknown address answers 404 with the page (its router says "Page not found"): %s', async (url) => {
  const res = await page(url);
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.body).toMatch(/staff app|patient pages/);
});
