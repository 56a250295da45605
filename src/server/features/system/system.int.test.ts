import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, type Runner } from 'graphile-worker';
import { enqueueJob } from '../../jobs/jobs.repository.js';
import { createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';

let t: TestAppHandle;
let admin: string;
let developer: string;
let runner: Runner | undefined;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganization(t.ctx, { name: 'System Clinic' });
  const a = await createStaffUser(t.ctx, { role: 'admin' });
  admin = await signIn(t.app, a.email, a.password);
  const d = await createStaffUser(t.ctx, { role: 'developer', organizationIds: [org.id] });
  developer = await signIn(t.app, d.email, d.password);
});
afterAll(async () => {
  await runner?.stop();
  await t?.close();
});

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('queue and worker health', () => {
  it('counts jobs by task and state, the oldest waiting job’s age and the worker pools alive; the same on /metrics', async () => {
    await enqueueJob(t.db, 'system-test-waiting', { n: 1 }, { runAt: new Date(Date.now() - 120_000) });
    await enqueueJob(t.db, 'system-test-waiting', { n: 2 });
    await enqueueJob(t.db, 'system-test-later', { n: 3 }, { runAt: new Date(Date.now() + 3_600_000) });
    await enqueueJob(t.db, 'system-test-failed', { n: 4 }, { maxAttempts: 1 });
    await t.ctx.pool.query(`update graphile_worker._private_jobs set attempts = 1, last_error = 'Error: the receiver said no' || chr(10) || '    at stack' where task_id = (select id from graphile_worker._private_tasks where identifier = 'system-test-failed')`);

    const before = (await get(developer, '/api/developer/system/queue')).json();
    expect(before.workersAlive).toBe(0);
    runner = await run({ pgPool: t.ctx.pool, taskList: { 'system-test-other': async () => undefined }, noHandleSignals: true, concurrency: 1, pollInterval: 60_000 });
    await new Promise((r) => setTimeout(r, 300));

    const res = await get(developer, '/api/developer/system/queue');
    expect(res.statusCode).toBe(200);
    const health = res.json();
    const byTask = Object.fromEntries(health.byTask.map((x: { task: string }) => [x.task, x]));
    expect(byTask['system-test-waiting']).toMatchObject({ waiting: 2, scheduled: 0, running: 0, failed: 0 });
    expect(byTask['system-test-later']).toMatchObject({ waiting: 0, scheduled: 1 });
    expect(byTask['system-test-failed']).toMatchObject({ failed: 1, waiting: 0 });
    expect(health.oldestWaitingSeconds).toBeGreaterThanOrEqual(119);
    expect(health.workersAlive).toBeGreaterThanOrEqual(1);

    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('switchboard_jobs{task="system-test-waiting",state="waiting"} 2');
    expect(metrics).toContain('switchboard_jobs{task="system-test-failed",state="failed"} 1');
    expect(metrics).toMatch(/switchboard_worker_pools_alive [1-9]/);
    expect(metrics).toMatch(/switchboard_jobs_oldest_waiting_seconds (1[2-9]\d|[2-9]\d\d)/);
  });

  it('lists failed jobs with their error (administrators only) and retries one', async () => {
    expect((await get(developer, '/api/developer/system/failed-jobs')).statusCode).toBe(403);
    const list = (await get(admin, '/api/developer/system/failed-jobs')).json();
    const failed = list.items.find((j: { task: string }) => j.task === 'system-test-failed');
    expect(failed).toMatchObject({ attempts: 1, maxAttempts: 1, lastError: 'Error: the receiver said no' });
    const retry = await t.app.inject({ method: 'POST', url: `/api/developer/system/failed-jobs/${failed.id}/retry`, headers: { cookie: admin } });
    expect(retry.json()).toEqual({ id: failed.id, retried: true });
    const after = (await get(admin, '/api/developer/system/queue')).json();
    expect(after.byTask.find((x: { task: string }) => x.task === 'system-test-failed')).toMatchObject({ failed: 0, waiting: 1 });
    const again = await t.app.inject({ method: 'POST', url: `/api/developer/system/failed-jobs/${failed.id}/retry`, headers: { cookie: admin } });
    expect(again.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: '/api/developer/system/failed-jobs/abc/retry', headers: { cookie: admin } });
    expect(bad.statusCode).toBe(400);
  });
});
