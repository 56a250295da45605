import type { DbOrTx } from '../../db/client.js';
import type { Queryable } from '../../db/prepared.js';
import type { LiveEvent } from '../../../contracts/live.js';
import { notifyAll, notifyOne } from './live.repository.js';

export const LIVE_CHANNEL = 'switchboard_live';

/**
 * Publishes through PostgreSQL NOTIFY in the caller's transaction: delivered to every web
 * process on commit, never for a rolled-back change.
 */
export async function publishLive(db: DbOrTx, event: LiveEvent): Promise<void> {
  const collected = collectors.get(db);
  if (collected) {
    collected.push(event);
    return;
  }
  await notifyOne(db, LIVE_CHANNEL, JSON.stringify(event));
}

const collectors = new WeakMap<object, LiveEvent[]>();

/**
 * Opt-in for hot paths (the agent's turns): events published on `tx` are collected into `into`
 * instead of notified in the transaction, and the caller sends them with `notifyLive` right after
 * its commit. PostgreSQL serializes the commits of all notifying transactions (a global lock held
 * through the WAL flush), which caps a busy path at one commit per disk flush; a notification
 * sent after the commit keeps "never for a rolled-back change", and only a crash in between can
 * lose it (live screens refetch when they reconnect).
 */
export function collectLiveEvents(tx: DbOrTx, into: LiveEvent[]): void {
  collectors.set(tx, into);
}


/**
 * Sends several live events in one statement (after the commit they describe). Its own commit
 * does not wait for the disk (synchronous_commit off for this statement only): notifying
 * commits hold PostgreSQL's notify lock until they finish, and waiting for the disk there would
 * queue every notification behind every other write. The events go as one array parameter of a
 * named statement, so PostgreSQL plans it once per connection whatever the number of events.
 */
export async function notifyLive(db: Queryable, events: LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  await notifyAll(db, LIVE_CHANNEL, events.map((e) => JSON.stringify(e)));
}
