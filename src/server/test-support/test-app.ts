import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { InjectOptions } from 'fastify';
import { inject } from 'vitest';
import type { AppContext } from '../app-context.js';
import { buildApp } from '../app.js';
import { createAppContext } from '../bootstrap.js';
import { loadEnv } from '../config/env.js';
import type { Db } from '../db/client.js';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export interface TestAppHandle {
  app: TestApp;
  ctx: AppContext;
  db: Db;
  /** The database URL of this app (its own clone of the template). */
  databaseUrl: string;
  close: () => Promise<void>;
}

/** Environment of every test app; a test overrides what it is about (e.g. SESSION_IDLE_MINUTES). */
export const TEST_ENV = {
  NODE_ENV: 'test',
  PUBLIC_URL: 'http://localhost:3000',
  AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth-0123456789',
  LOG_LEVEL: 'silent',
  // Most files sign in many times from one address; a test about rate limits lowers it.
  RATE_LIMIT_SCALE: '100',
  // Telephony webhooks are signature-checked with this token (src/server/telephony/testing/fake-twilio.ts signs with it).
  TWILIO_AUTH_TOKEN: 'twilio-test-auth-token-0123456789',
} as const;

/**
 * A real app on its own database: `CREATE DATABASE … TEMPLATE switchboard_template` (about
 * 0.1 s), the real context (`createAppContext`) and the real Fastify app without the web build,
 * driven through `app.inject()`. Call `close()` in `afterAll`; it drops the database.
 */
export async function createTestApp(overrides: Record<string, string | undefined> = {}): Promise<TestAppHandle> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  if (!adminUrl || !template) {
    throw new Error('No test database: integration tests run in the Vitest project "integration" (files named *.int.test.ts), whose global setup starts PostgreSQL.');
  }
  const name = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`create database ${name} template ${template}`));
  const databaseUrl = withDatabase(adminUrl, name);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-test-'));
  const env = loadEnv({ ...TEST_ENV, DATA_DIR: dataDir, ...overrides } as NodeJS.ProcessEnv);
  const { ctx, database } = createAppContext(env, databaseUrl, { poolMax: 5 });
  const app = await buildApp(ctx);
  await app.ready();
  sendOurOrigin(app, new URL(ctx.baseUrl).origin);

  let closed = false;
  return {
    app,
    ctx,
    db: ctx.db,
    databaseUrl,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await database.close();
      await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Requests carry the app's own `Origin`, as the web app's do (the server refuses state changes
 * from other origins, and cookie or sign-in requests without one). A test about origins sets
 * `origin` itself; `origin: undefined` sends none.
 */
export function sendOurOrigin(app: TestApp, origin: string): void {
  const inject = app.inject.bind(app);
  const withOrigin = (opts: InjectOptions | string): InjectOptions => {
    const options = typeof opts === 'string' ? { url: opts } : opts;
    const headers: Record<string, unknown> = { origin, ...options.headers };
    if (headers.origin === undefined) delete headers.origin;
    return { ...options, headers: headers as InjectOptions['headers'] };
  };
  app.inject = ((opts?: InjectOptions | string, callback?: never) => {
    if (opts === undefined) return inject();
    return callback ? inject(withOrigin(opts), callback) : inject(withOrigin(opts));
  }) as TestApp['inject'];
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
