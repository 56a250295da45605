import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * Reads graphile-worker's own tables (graphile_worker._private_jobs and _private_tasks, 0.17):
 * the only SQL of the app that does; the queue is graphile-worker's, this only looks at it.
 */

export interface TaskFiguresRow extends Record<string, unknown> {
  task: string;
  waiting: number;
  scheduled: number;
  running: number;
  failed: number;
  oldest_waiting_seconds: number | null;
}

export async function queueFigures(db: DbOrTx): Promise<TaskFiguresRow[]> {
  const { rows } = await db.execute<TaskFiguresRow>(sql`
    select t.identifier as task,
      count(*) filter (where j.locked_at is null and j.attempts < j.max_attempts and j.run_at <= now())::int as waiting,
      count(*) filter (where j.locked_at is null and j.attempts < j.max_attempts and j.run_at > now())::int as scheduled,
      count(*) filter (where j.locked_at is not null)::int as running,
      count(*) filter (where j.locked_at is null and j.attempts >= j.max_attempts)::int as failed,
      extract(epoch from now() - min(j.run_at) filter (where j.locked_at is null and j.attempts < j.max_attempts and j.run_at <= now()))::float8 as oldest_waiting_seconds
    from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    group by t.identifier order by t.identifier`);
  return rows;
}

/** Worker pools alive: connections to this database that listen for new jobs (graphile-worker LISTENs on "jobs:insert"). */
export async function workersAlive(db: DbOrTx): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and query like 'LISTEN "jobs:insert"%'`);
  return rows[0]?.n ?? 0;
}

export interface FailedJobRow extends Record<string, unknown> {
  id: string;
  task: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export async function failedJobs(db: DbOrTx, limit: number): Promise<FailedJobRow[]> {
  const { rows } = await db.execute<FailedJobRow>(sql`
    select j.id::text as id, t.identifier as task, j.attempts, j.max_attempts, j.last_error, j.created_at, j.updated_at
    from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where j.locked_at is null and j.attempts >= j.max_attempts
    order by j.updated_at desc limit ${limit}`);
  return rows;
}

/** Runs a failed job again now with a fresh count of attempts (graphile-worker's own reschedule_jobs); false when it is not a failed job. */
export async function retryFailedJob(db: DbOrTx, id: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select j.id::text as id from graphile_worker.reschedule_jobs(
      array(select id from graphile_worker._private_jobs where id = ${id}::bigint and locked_at is null and attempts >= max_attempts),
      run_at => now(), attempts => 0) j`);
  return rows.length > 0;
}
