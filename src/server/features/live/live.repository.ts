import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryNamed, type Queryable } from '../../db/prepared.js';

/** One notification on `channel`, sent when the caller's transaction commits. */
export async function notifyOne(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

const NOTIFY_ALL = `select set_config('synchronous_commit', 'off', true), (select count(pg_notify($1::text, e)) from unnest($2::text[]) as e) as sent`;

/**
 * Several notifications in one statement whose own commit does not wait for the disk
 * (synchronous_commit off for this statement only): see notifyLive in live.service.ts.
 */
export async function notifyAll(db: Queryable, channel: string, payloads: string[]): Promise<void> {
  await queryNamed(db, 'switchboard_notify_live', NOTIFY_ALL, [channel, payloads]);
}
