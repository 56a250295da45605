import type { Db, DbOrTx } from '../../db/client.js';
import type { Hours } from '../../../domain/time/hours.schema.js';
import { handoffDurations } from '../../../domain/analytics/reference.js';
import { findHours, toHours } from '../hours/hours.service.js';
import {
  allRecordHours,
  analyzeRollups,
  anyPendingChange,
  clearRollups,
  handoffsInHours,
  lockRollups,
  recomputeCountHours,
  replaceHandoffFacts,
  takeDirtyHours,
  type HandoffFact,
  type HourKeyWithZone,
} from './analytics-rollups.repository.js';

export { pendingChanges } from './analytics-rollups.repository.js';

const DRAIN_BATCH = 5000;
const REBUILD_BATCH = 2000;

type HoursLookup = (organizationId: string, timeZone: string) => Promise<Hours>;

function hoursLookup(db: Db): HoursLookup {
  const cache = new Map<string, Promise<Hours>>();
  return (organizationId, timeZone) => {
    let hours = cache.get(organizationId);
    if (!hours) {
      hours = findHours(db, organizationId).then((row) => toHours(timeZone, row));
      cache.set(organizationId, hours);
    }
    return hours;
  };
}

async function recompute(tx: DbOrTx, hours: HourKeyWithZone[], lookup: HoursLookup): Promise<void> {
  await recomputeCountHours(tx, hours);
  const zones = new Map(hours.map((h) => [h.organizationId, h.timeZone]));
  const facts: HandoffFact[] = [];
  for (const h of await handoffsInHours(tx, hours)) {
    const d = handoffDurations(
      { status: h.status, createdAt: h.createdAt.getTime(), claimedAt: h.claimedAt?.getTime() ?? null, resolvedAt: h.resolvedAt?.getTime() ?? null },
      await lookup(h.organizationId, zones.get(h.organizationId)!),
    );
    facts.push({ handoffId: h.id, organizationId: h.organizationId, bucketStart: h.bucketStart, claimSeconds: d.claim, resolveSeconds: d.resolve, claimBusinessSeconds: d.claimBusiness, resolveBusinessSeconds: d.resolveBusiness });
  }
  await replaceHandoffFacts(tx, hours, facts);
}

/**
 * Folds every pending change into the rollups; returns how many changes it took. Called before
 * each analytics read (so figures are never stale) and every few seconds by the worker.
 */
export async function drainRollups(db: Db): Promise<number> {
  // A change committed after this check is as if it came after the read: the next read folds it in.
  if (!(await anyPendingChange(db))) return 0;
  const lookup = hoursLookup(db);
  let total = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      await lockRollups(tx);
      const { hours, taken } = await takeDirtyHours(tx, DRAIN_BATCH);
      await recompute(tx, hours, lookup);
      return taken;
    });
    total += taken;
    if (taken < DRAIN_BATCH) return total;
  }
}

/** Recomputes every rollup from the raw records (`npm run analytics:rebuild`). */
export async function rebuildRollups(db: Db): Promise<{ hours: number }> {
  const lookup = hoursLookup(db);
  return db.transaction(async (tx) => {
    await lockRollups(tx);
    await clearRollups(tx);
    const hours = await allRecordHours(tx);
    for (let i = 0; i < hours.length; i += REBUILD_BATCH) await recompute(tx, hours.slice(i, i + REBUILD_BATCH), lookup);
    return { hours: hours.length };
  }).then(async (result) => {
    // Fresh statistics, so the planner knows how many rows a period holds.
    await analyzeRollups(db);
    return result;
  });
}
