import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createAppContext } from '../bootstrap.js';
import { loadEnv } from '../config/env.js';
import { createTestApp, TEST_ENV, type TestApp, type TestAppHandle } from '../test-support/index.js';
import { createPractice } from '../test-support/patients.js';
import { purgeRateLimitCounters } from './rate-limit-store.js';

/** Two web processes' worth of app on one database: the limits must hold across both. */
let first: TestAppHandle;
let second: TestApp;
let closeSecond: () => Promise<void>;
let slug: string;

beforeAll(async () => {
  first = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-test-'));
  const { ctx, database } = createAppContext(loadEnv({ ...TEST_ENV, RATE_LIMIT_SCALE: '1', DATA_DIR: dataDir } as NodeJS.ProcessEnv), first.databaseUrl, { poolMax: 2 });
  second = await buildApp(ctx);
  await second.ready();
  closeSecond = async () => {
    await second.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  slug = (await createPractice(first.ctx)).slug;
});

afterAll(async () => {
  await closeSecond();
  await first.close();
});

const portalSignIn = (app: TestApp, i: number, ip = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/portal/sign-in', remoteAddress: ip, headers: { origin: TEST_ENV.PUBLIC_URL }, payload: { organization: slug, contact: `x${i}@example.test`, dateOfBirth: '1980-01-01' } });

describe('rate limits counted in PostgreSQL', () => {
  it('one address gets the limit once, whichever process it reaches', async () => {
    const statuses: number[] = [];
    // The portal allows 10 sign-in starts per address in 10 minutes; alternate between the apps.
    for (let i = 0; i < 12; i++) statuses.push((await portalSignIn(i % 2 === 0 ? first.app : second, i)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses.slice(10)).toEqual([429, 429]);

    const refused = await portalSignIn(second, 99);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);

    // Another address, and another route, count on their own.
    expect((await portalSignIn(second, 100, '203.0.113.8')).statusCode).toBe(202);
    const rows = await first.db.execute<{ key: string; count: number }>(sql`select key, count from rate_limit_counters order by key`);
    expect(rows.rows).toEqual([
      { key: 'POST/api/portal/sign-in-203.0.113.7', count: 13 },
      { key: 'POST/api/portal/sign-in-203.0.113.8', count: 1 },
    ]);
  });

  it('a window that has ended starts again, and ended windows are purged', async () => {
    await first.db.execute(sql`update rate_limit_counters set window_ends_at = now() - interval '1 second' where key like '%203.0.113.7'`);
    expect((await portalSignIn(first.app, 200)).statusCode).toBe(202);
    const [row] = (await first.db.execute<{ count: number }>(sql`select count from rate_limit_counters where key like '%203.0.113.7'`)).rows;
    expect(row?.count).toBe(1);

    await first.db.execute(sql`update rate_limit_counters set window_ends_at = now() - interval '1 second' where key like '%203.0.113.8'`);
    expect(await purgeRateLimitCounters(first.ctx.pool)).toBe(1);
    const keys = (await first.db.execute<{ key: string }>(sql`select key from rate_limit_counters`)).rows.map((r) => r.key);
    expect(keys).toEqual(['POST/api/portal/sign-in-203.0.113.7']);
  });
});
