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
