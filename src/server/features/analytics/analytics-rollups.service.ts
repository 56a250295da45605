import type { Db, DbOrTx } from '../../db/client.js';
import type { Hours } from '../../../domain/time/hours.schema.js';
import { handoffDurations } from '../../../domain/analytics/reference.js';
import { addEncoded, emptyCounts, encodeCounts, encodeValues } from '../../../domain/analytics/duration-sketch.js';
import { findHours, toHours } from '../organizations/index.js';
import {
  allRecordHours,
  analyzeRollups,
  clearRollups,
  drainStart,
  factsOfHours,
  handoffsInHours,
  hourSketchesOfDays,
  lockRollups,
  markDrained,
  recomputeCountDays,
  recomputeCountHours,
  replaceHandoffDays,
  replaceHandoffFacts,
  replaceHandoffHours,
  takeDirtyHours,
  type DaySketchInput,
  type HandoffFact,
  type HourKey,
  type HourKeyWithZone,
  type HourSketches,
} from './analytics-rollups.repository.js';
import { DURATION_NAMES } from './analytics-columns.js';

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

/**
 * Recomputes these organization-hours from the raw records — call and request counts, each
 * handoff's durations and the hours' duration sketches — then the daily rows of the dates they
 * fall on, all in the caller's transaction.
 */
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
  const moved = await replaceHandoffFacts(tx, hours, facts);
  // A handoff moved to another hour leaves its old hour's sketch to recompute too: from the facts
  // that hour still holds, which are not among this batch's.
  const touched: HourKey[] = [...hours, ...moved];
  await replaceHandoffHours(tx, touched, sketchesByHour(facts));
  if (moved.length) await replaceHandoffHours(tx, moved, sketchesByHour(await factsOfHours(tx, moved)));
  await recomputeCountDays(tx, touched);
  const { days, hours: hourSketches } = await hourSketchesOfDays(tx, touched);
  await replaceHandoffDays(tx, days, mergeByDay(hourSketches));
}

/** One sketch per duration for each hour holding facts. */
function sketchesByHour(facts: readonly HandoffFact[]): HourSketches[] {
  const byHour = new Map<string, HandoffFact[]>();
  for (const f of facts) {
    const key = `${f.organizationId} ${f.bucketStart.getTime()}`;
    const list = byHour.get(key);
    if (list) list.push(f);
    else byHour.set(key, [f]);
  }
  return [...byHour.values()].map((list) => ({
    organizationId: list[0]!.organizationId,
    bucketStart: list[0]!.bucketStart,
    claim: encodeValues(list.map((f) => f.claimSeconds)),
    resolve: encodeValues(list.map((f) => f.resolveSeconds)),
    claimBusiness: encodeValues(list.map((f) => f.claimBusinessSeconds)),
    resolveBusiness: encodeValues(list.map((f) => f.resolveBusinessSeconds)),
  }));
}

/** A day's sketches: its hours' sketches added up, so a day is exactly the sum of its hours. */
function mergeByDay(hours: readonly DaySketchInput[]): DaySketchInput[] {
  const byDay = new Map<string, { organizationId: string; day: string; counts: Record<(typeof DURATION_NAMES)[number], Float64Array> }>();
  for (const h of hours) {
    const key = `${h.organizationId} ${h.day}`;
    let day = byDay.get(key);
    if (!day) byDay.set(key, (day = { organizationId: h.organizationId, day: h.day, counts: { claim: emptyCounts(), resolve: emptyCounts(), claimBusiness: emptyCounts(), resolveBusiness: emptyCounts() } }));
    for (const d of DURATION_NAMES) addEncoded(day.counts[d], h[d]);
  }
  return [...byDay.values()].map(({ organizationId, day, counts }) => ({
    organizationId,
    day,
    claim: encodeCounts(counts.claim),
    resolve: encodeCounts(counts.resolve),
    claimBusiness: encodeCounts(counts.claimBusiness),
    resolveBusiness: encodeCounts(counts.resolveBusiness),
  }));
}

/**
 * Folds every pending change into the rollups; returns how many changes it took. The worker calls
 * it every few seconds (analytics-drain.ts); pages never do, they read what was last drained and
 * say when that was (`drainedAt`).
 */
export async function drainRollups(db: Db): Promise<number> {
  // A change committed before `at` is in the queue by then, so it is folded in below.
  const { at, pending } = await drainStart(db);
  let total = 0;
  if (pending) {
    const lookup = hoursLookup(db);
    for (;;) {
      const taken = await db.transaction(async (tx) => {
        await lockRollups(tx);
        const { hours, taken } = await takeDirtyHours(tx, DRAIN_BATCH);
        await recompute(tx, hours, lookup);
        return taken;
      });
      total += taken;
      if (taken < DRAIN_BATCH) break;
    }
  }
  await markDrained(db, at);
  return total;
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
