import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createAppContext } from '../../bootstrap.js';
import { loadEnv } from '../../config/env.js';
import { createTestApp, TEST_ENV, type TestAppHandle } from '../../test-support/index.js';

let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('health endpoints', () => {
  it('/healthz answers ok without a session', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers ready when the database is reachable and migrated', async () => {
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', pendingMigrations: 0 });
  });

  it('/readyz answers 503 when a migration is missing', async () => {
    const { rows } = await t.ctx.pool.query('delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *');
    try {
      const res = await t.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', reason: '1 migration(s) not applied' });
    } finally {
      await t.ctx.pool.query('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)', [rows[0].id, rows[0].hash, rows[0].created_at]);
    }
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 when the database cannot be reached', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-test-'));
    const env = loadEnv({ ...TEST_ENV, DATA_DIR: dataDir } as NodeJS.ProcessEnv);
    // Nothing listens on port 1.
    const { ctx, database } = createAppContext(env, 'postgres://nobody:nothing@127.0.0.1:1/none', { poolMax: 1 });
    const app = await buildApp(ctx);
    try {
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', reason: 'database unreachable' });
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('/metrics serves Prometheus text with request durations and the pool', async () => {
    await t.app.inject({ url: '/healthz' });
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^# HELP switchboard_http_request_duration_seconds/m);
    expect(res.body).toMatch(/switchboard_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(res.body).toMatch(/switchboard_db_pool_connections\{state="total"\}/);
    expect(res.body).toMatch(/switchboard_process_cpu_seconds_total/);
  });
});
