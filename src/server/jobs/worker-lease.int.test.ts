import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestAppHandle } from '../test-support/index.js';
import { CUT_OFF_ATTEMPTS_GIVEN_BACK, enqueueJob, releaseJobsOfDeadWorkers } from './jobs.repository.js';
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

  it('gives a cut-off job its attempt back, so a one-attempt crontab run is not left spent — a few times in a row, not for ever', async () => {
    await enqueueJob(t.db, 'lease-test', {}, { jobKey: 'once', maxAttempts: 1 });
    await enqueueJob(t.db, 'lease-test', {}, { jobKey: 'failed-before', maxAttempts: 3 });
    await t.db.execute(sql`update graphile_worker._private_jobs set attempts = 2, last_error = 'Error: SMTP refused' where key = 'failed-before'`);
    // What graphile-worker's get_job does when a worker takes a job: one attempt spent, locked by its pool.
    const takeAndDie = (key: string, pool: string) =>
      t.db.execute(sql`update graphile_worker._private_jobs set attempts = attempts + 1, locked_by = ${pool}, locked_at = now() - interval '1 minute' where key = ${key}`);
    const job = async (key: string) => {
      const { rows } = await t.db.execute<{ attempts: number; max_attempts: number; locked_by: string | null; last_error: string | null }>(
        sql`select attempts, max_attempts, locked_by, last_error from graphile_worker.jobs where key = ${key}`,
      );
      return rows[0]!;
    };

    await takeAndDie('failed-before', 'pool-gone-0');
    expect(await releaseJobsOfDeadWorkers(t.db, 5)).toEqual(['pool-gone-0']);
    // Its real failures still count; only the cut-off attempt is given back.
    expect(await job('failed-before')).toMatchObject({ attempts: 2, locked_by: null, last_error: expect.stringMatching(/^Cut off 1 time\(s\) in a row/) });

    for (let time = 1; time <= CUT_OFF_ATTEMPTS_GIVEN_BACK; time++) {
      await takeAndDie('once', `pool-gone-${time}`);
      expect(await releaseJobsOfDeadWorkers(t.db, 5)).toEqual([`pool-gone-${time}`]);
      const after = await job('once');
      expect(after, `cut off ${time} times`).toMatchObject({ attempts: 0, max_attempts: 1, locked_by: null });
      expect(after.last_error).toMatch(new RegExp(`^Cut off ${time} time\\(s\\) in a row: its worker process died`));
    }
    // One cut-off too many: the job is spent, and its last error says why.
    await takeAndDie('once', 'pool-gone-last');
    expect(await releaseJobsOfDeadWorkers(t.db, 5)).toEqual(['pool-gone-last']);
    expect(await job('once')).toMatchObject({ attempts: 1, max_attempts: 1, locked_by: null, last_error: expect.stringMatching(`^Cut off ${CUT_OFF_ATTEMPTS_GIVEN_BACK} time`) });
  });
});
