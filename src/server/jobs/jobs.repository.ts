import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

/**
 * Adds a graphile-worker job with SQL inside the caller's transaction: the job exists if and
 * only if the records it works on were committed (no lost or orphan jobs).
 */
export async function enqueueJob(
  db: DbOrTx,
  task: string,
  payload: Record<string, unknown>,
  opts: { runAt?: Date; maxAttempts?: number; jobKey?: string; queueName?: string } = {},
): Promise<void> {
  await db.execute(sql`select graphile_worker.add_job(
    ${task}::text,
    ${JSON.stringify(payload)}::json,
    queue_name => ${opts.queueName ?? null}::text,
    run_at => ${opts.runAt ? opts.runAt.toISOString() : null}::timestamptz,
    max_attempts => ${opts.maxAttempts ?? 10}::int,
    job_key => ${opts.jobKey ?? null}::text
  )`);
}

/**
 * Advisory-lock class of worker leases (jobs/worker-lease.ts): a worker process holds
 * `pg_advisory_lock(WORKER_LEASE_CLASS, hashtext(<its graphile-worker pool id>))` on a connection of
 * its own for as long as it lives. PostgreSQL drops the lock when that connection ends, so a
 * process killed with SIGKILL loses its lease within moments.
 */
export const WORKER_LEASE_CLASS = 0x5357;

/**
 * Frees the jobs (and job queues) locked by worker pools that hold no lease: their process is gone
 * (kill -9, a lost machine). graphile-worker itself frees them only after four hours. A lock younger
 * than `graceSeconds` is left alone: a pool takes its lease right after it is created, and its
 * first jobs may be locked a few milliseconds before. Returns the pool ids freed.
 */
export async function releaseJobsOfDeadWorkers(db: DbOrTx, graceSeconds: number): Promise<string[]> {
  const dead = await db.execute<{ locked_by: string }>(sql`
    with locked as (
      select locked_by from graphile_worker._private_jobs
        where locked_by is not null and locked_at < now() - make_interval(secs => ${graceSeconds})
      union
      select locked_by from graphile_worker._private_job_queues
        where locked_by is not null and locked_at < now() - make_interval(secs => ${graceSeconds})
    )
    select locked_by from locked
    where not exists (
      select 1 from pg_locks l
      where l.locktype = 'advisory' and l.granted
        and l.database = (select oid from pg_database where datname = current_database())
        and l.classid = ${WORKER_LEASE_CLASS}::int4::oid and l.objid = hashtext(locked.locked_by)::oid and l.objsubid = 2
    )`);
  const ids = dead.rows.map((r) => r.locked_by);
  if (ids.length > 0) await db.execute(sql`select graphile_worker.force_unlock_workers(array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[])`);
  return ids;
}
