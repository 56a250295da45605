import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestAppHandle } from '../test-support/index.js';
import { enqueueJob, releaseJobsOfDeadWorkers } from './jobs.repository.js';
import { WorkerLease } from './worker-lease.js';

/**
 * Decision 023: the jobs of a worker pool whose process is gone (its lease — an advisory lock on
 * the process's own connection — went with it) are freed; a living pool's and a lock just taken
 * are not.
 */
let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function lockedBy(): Promise<Record<string, string | null>> {
  const { rows } = await t.db.execute<{ key: string; locked_by: string | null }>(sql`select key, locked_by from graphile_worker.jobs where task_identifier = 'lease-test'`);
  return Object.fromEntries(rows.map((r) => [r.key, r.locked_by]));
}

describe('jobs of dead workers', () => {
  it('are freed when their pool holds no lease, and only then', async () => {
    for (const key of ['dead', 'alive', 'young']) await enqueueJob(t.db, 'lease-test', {}, { jobKey: key });
    const lock = (key: string, pool: string, ago: string) =>
      t.db.execute(sql`update graphile_worker._private_jobs set locked_by = ${pool}, locked_at = now() - ${ago}::interval where key = ${key}`);
    await lock('dead', 'pool-dead', '1 minute');
    await lock('alive', 'pool-alive', '1 minute');
    await lock('young', 'pool-young', '1 second');
    const lease = new WorkerLease({ connectionString: t.databaseUrl }, t.ctx.log);
    await lease.open();
    await lease.hold('pool-alive');

    expect(await releaseJobsOfDeadWorkers(t.db, 5)).toEqual(['pool-dead']);
    expect(await lockedBy()).toEqual({ dead: null, alive: 'pool-alive', young: 'pool-young' });

    // The process ends (its connection closes, as with SIGKILL): its jobs are freed next time.
    await lease.close();
    expect(await releaseJobsOfDeadWorkers(t.db, 5)).toEqual(['pool-alive']);
    expect(await lockedBy()).toEqual({ dead: null, alive: null, young: 'pool-young' });
  });
});
