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
 *
 * A freed job gets back the attempt its dead worker had taken: being cut off is not a failure of
 * the job, and a job of one attempt (a crontab run, `?max=1`) would otherwise stay a spent row
 * that never runs and reads as failed. So that a job which itself kills its worker (memory, a
 * native crash) cannot restart it for ever, an attempt is given back at most
 * CUT_OFF_ATTEMPTS_GIVEN_BACK times in a row; `last_error` counts them (a real failure resets it).
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
  if (ids.length === 0) return ids;
  const workers = sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with cut as (
        select id, coalesce(substring(last_error from ${CUT_OFF_COUNT_PATTERN})::int, 0) as times
        from graphile_worker._private_jobs where locked_by = any(${workers}) and attempts > 0
        for update
      )
      update graphile_worker._private_jobs j
      set attempts = j.attempts - 1, last_error = ${CUT_OFF_NOTE_START} || (cut.times + 1) || ${CUT_OFF_NOTE_END}, updated_at = now()
      from cut where j.id = cut.id and cut.times < ${CUT_OFF_ATTEMPTS_GIVEN_BACK}`);
    await tx.execute(sql`select graphile_worker.force_unlock_workers(${workers})`);
  });
  return ids;
}

/** How many times in a row a job cut off by its worker's death gets its attempt back. */
export const CUT_OFF_ATTEMPTS_GIVEN_BACK = 3;
const CUT_OFF_NOTE_START = 'Cut off ';
const CUT_OFF_NOTE_END = ' time(s) in a row: its worker process died while it ran; the attempt was given back.';
const CUT_OFF_COUNT_PATTERN = '^Cut off (\\d+) time\\(s\\) in a row: ';
