import type { AppContext } from '../../app-context.js';
import { organizationScope, type StaffActor } from '../../policy/actor.js';
import { invalid, notFound } from '../../http/errors.js';
import { listVisibleOrganizations } from '../organizations/index.js';
import type { AnalyticsQuery, AnalyticsResponse } from '../../../contracts/analytics.js';
import { defaultZoneOf, displayBuckets, offsetSegments, previousRange, rangeInstants, todayIn, type DateRange } from '../../../domain/analytics/buckets.js';
import { emptyCallSums, emptyDurations, emptyFunnel, figuresOf, OUTCOME_KEYS, type CallSums, type Figures, type FunnelSums, type Percentiles } from '../../../domain/analytics/figures.js';
import { emptyCounts, sketchPercentiles, type SketchCounts } from '../../../domain/analytics/duration-sketch.js';
import type { CallDirection } from '../../../domain/calls/vocabulary.js';
import { doNotCallAdditions, type CallSumsRow, type RollupQuery } from './analytics.repository.js';
import { hoursOfWeek, readRollups } from './analytics-read.repository.js';
import { DURATION_NAMES, type DurationName } from './analytics-columns.js';
import { drainedAt } from './analytics-rollups.repository.js';

export { drainRollups, rebuildRollups, pendingChanges } from './analytics-rollups.service.js';

export interface AnalyticsOrganization {
  id: string;
  name: string;
  timeZone: string;
}

/**
 * The organizations asked for, all of them the actor's (an unknown or foreign id is "not found"),
 * and the zone their figures are read in: the one asked for, which must be the zone of an
 * organization the actor may see (a zone nobody works in would be a view no one can check), or
 * by default the zone most of the chosen ones share.
 */
export async function resolveScope(
  ctx: AppContext,
  actor: StaffActor,
  query: { organizations?: string[] | undefined; timeZone?: string | undefined },
): Promise<{ organizations: AnalyticsOrganization[]; zone: string }> {
  const visible = (await listVisibleOrganizations(ctx.db, organizationScope(actor))).map((o) => ({ id: o.id, name: o.name, timeZone: o.timeZone }));
  const ids = query.organizations;
  const byId = new Map(visible.map((o) => [o.id, o]));
  const organizations =
    !ids || ids.length === 0
      ? visible
      : ids.map((id) => {
          const o = byId.get(id);
          if (!o) throw notFound('The organization');
          return o;
        });
  const fallback = defaultZone(organizations);
  if (query.timeZone === undefined) return { organizations, zone: fallback };
  const allowed = [...new Set([...visible.map((o) => o.timeZone), fallback])];
  const zone = query.timeZone;
  if (!allowed.includes(zone)) {
    const shown = allowed.slice(0, 6).join(', ') + (allowed.length > 6 ? ', …' : '');
    throw invalid({ 'querystring.timeZone': `Choose the time zone of one of your organizations: ${shown}.` });
  }
  return { organizations, zone };
}

/** One organization: its zone. Several: the zone most of them share (the first such by name). */
export function defaultZone(organizations: readonly AnalyticsOrganization[]): string {
  return defaultZoneOf(organizations.map((o) => o.timeZone));
}

export const directionsOf = (direction: AnalyticsQuery['direction']): CallDirection[] => (direction === 'all' ? ['inbound', 'outbound'] : [direction]);

/** Adds one rollup row (one key, one direction) into `sums` by the definitions (domain/analytics/reference.ts addCall). */
function addCallRow(sums: CallSums, row: CallSumsRow, directions: readonly CallDirection[]): void {
  if (row.direction === 'inbound') {
    sums.inbound += row.calls;
    sums.answered += row.completed - row.silent;
    sums.hungUpBeforeSpeaking += row.silent;
    sums.contained += row.contained;
    sums.handedOff += row.handedOff;
    sums.handleSeconds += row.handleSeconds;
    sums.handleCount += row.handleCount;
  } else {
    sums.outbound += row.calls;
    sums.outboundConnected += row.connected;
    sums.outboundVoicemail += row.voicemail;
  }
  if (!directions.includes(row.direction)) return;
  for (const k of OUTCOME_KEYS) sums.outcomes[k] += row.outcomes[k] ?? 0;
}

/**
 * The figures of each group of keys (`groupsOf` names the groups a key counts in: its bucket, the
 * period it belongs to), from one read of the rollups (analytics-read.repository.ts, decision 046):
 * counts added up, percentiles from the group's sketches merged.
 */
async function figuresBy(ctx: AppContext, q: RollupQuery, directions: readonly CallDirection[], groupsOf: (key: number) => readonly string[]): Promise<Map<string, Figures>> {
  const [read, dnc] = await Promise.all([readRollups(ctx.db, q), doNotCallAdditions(ctx.db, q)]);
  type Acc = { calls: CallSums; funnel: FunnelSums; durations: Record<DurationName, SketchCounts>; dnc: number };
  const accs = new Map<string, Acc>();
  const accsOf = (key: number) =>
    groupsOf(key).map((group) => {
      let a = accs.get(group);
      if (!a) accs.set(group, (a = { calls: emptyCallSums(), funnel: emptyFunnel(), durations: emptySketches(), dnc: 0 }));
      return a;
    });
  for (const r of read.calls) for (const a of accsOf(r.key)) addCallRow(a.calls, r, directions);
  for (const r of read.funnel) {
    for (const { funnel: f } of accsOf(r.key)) {
      f[r.source].started += r.started;
      f[r.source].submitted += r.submitted;
      f[r.source].scheduled += r.scheduled;
    }
  }
  for (const [key, sketches] of read.durations) for (const a of accsOf(key)) for (const d of DURATION_NAMES) addCounts(a.durations[d], sketches[d]);
  for (const r of dnc) for (const a of accsOf(r.key)) a.dnc += r.count;
  const figures = new Map<string, Figures>();
  for (const [group, a] of accs) figures.set(group, figuresOf(a.calls, a.funnel, percentilesOf(a.durations), a.dnc));
  return figures;
}

const emptySketches = (): Record<DurationName, SketchCounts> => ({ claim: emptyCounts(), resolve: emptyCounts(), claimBusiness: emptyCounts(), resolveBusiness: emptyCounts() });

function addCounts(into: SketchCounts, counts: SketchCounts): void {
  for (let b = 0; b < counts.length; b++) into[b]! += counts[b]!;
}

/** Median and 90th percentile of each duration, from the merged sketches (within RELATIVE_ERROR). */
function percentilesOf(sketches: Record<DurationName, SketchCounts>): Record<DurationName, Percentiles> {
  const of = (counts: SketchCounts): Percentiles => {
    const { values, count } = sketchPercentiles(counts, [0.5, 0.9]);
    return { median: values[0]!, p90: values[1]!, count };
  };
  return { claim: of(sketches.claim), resolve: of(sketches.resolve), claimBusiness: of(sketches.claimBusiness), resolveBusiness: of(sketches.resolveBusiness) };
}

/** Every figure of the analytics page for a period, its buckets and the previous period of the same length. */
export async function getAnalytics(ctx: AppContext, actor: StaffActor, query: AnalyticsQuery): Promise<AnalyticsResponse> {
  const began = performance.now();
  const { organizations, zone } = await resolveScope(ctx, actor, query);
  const range = { from: query.from, to: query.to };
  const previous = previousRange(range);
  const directions = directionsOf(query.direction);
  const current = rangeInstants(range, zone);
  const before = rangeInstants(previous, zone);
  const buckets = displayBuckets(range, zone, query.granularity);
  // One read for the whole page: key 0 is the previous period (its figures need no buckets), key
  // i ≥ 1 the i-th display bucket; the period's totals are its buckets added up.
  const q: RollupQuery = {
    organizationIds: organizations.map((o) => o.id),
    zones: organizations.map((o) => o.timeZone),
    starts: [before.start, ...buckets.map((b) => Date.parse(b.start))],
    end: current.end,
    // Buckets of a day or longer read the daily rollups; hourly buckets the hourly ones.
    firstHourKey: query.granularity === 'hour' ? 1 : null,
    byOrganization: false,
  };
  const offsets = offsetSegments(zone, current.start, current.end);
  const empty = organizations.length === 0;
  // Read before the rollups: the figures include at least every change before it.
  const asOf = await drainedAt(ctx.db);
  const [figures, week] = await Promise.all([
    empty ? new Map<string, Figures>() : figuresBy(ctx, q, directions, (key) => (key === 0 ? ['previous'] : [String(key), 'total'])),
    empty ? [] : hoursOfWeek(ctx.db, q.organizationIds, current.start, current.end, { from: offsets.from, seconds: offsets.offsetSeconds }),
  ]);
  const zero = figuresOf(emptyCallSums(), emptyFunnel(), emptyDurations(), 0);
  // Index 0 is Monday 00:00, as the grid.
  const grid = new Array<number>(7 * 24).fill(0);
  for (const c of week) if (directions.includes(c.direction)) grid[c.hourOfWeek]! += c.calls;
  const period = (r: DateRange, w: { start: number; end: number }) => ({ ...r, start: new Date(w.start).toISOString(), end: new Date(w.end).toISOString() });
  return {
    timeZone: zone,
    granularity: query.granularity,
    direction: query.direction,
    organizations,
    period: period(range, current),
    previousPeriod: period(previous, before),
    totals: figures.get('total') ?? zero,
    previousTotals: figures.get('previous') ?? zero,
    series: buckets.map((b, i) => ({ ...b, figures: figures.get(String(i + 1)) ?? zero })),
    heatmap: grid.map((calls, i) => ({ weekday: Math.floor(i / 24) + 1, hour: i % 24, calls })),
    asOf: asOf?.toISOString() ?? null,
    computedInMs: Math.round((performance.now() - began) * 10) / 10,
  };
}

/**
 * Today's figures per organization, each in its own zone (the overview's KPIs): the same
 * rollups and definitions as the analytics page, as of the worker's last drain.
 */
export async function todayFiguresByOrganization(ctx: AppContext, organizations: readonly AnalyticsOrganization[], now: Date): Promise<Map<string, Figures>> {
  const byZone = new Map<string, AnalyticsOrganization[]>();
  for (const o of organizations) byZone.set(o.timeZone, [...(byZone.get(o.timeZone) ?? []), o]);
  const out = new Map<string, Figures>();
  await Promise.all(
    [...byZone].map(async ([zone, orgs]) => {
      const { start, end } = rangeInstants({ from: todayIn(zone, now.getTime()), to: todayIn(zone, now.getTime()) }, zone);
      const q: RollupQuery = { organizationIds: orgs.map((o) => o.id), zones: orgs.map((o) => o.timeZone), starts: [start], end, firstHourKey: null, byOrganization: true };
      const byIndex = await figuresBy(ctx, q, ['inbound', 'outbound'], (key) => [String(key)]);
      orgs.forEach((o, i) => {
        const figures = byIndex.get(String(i));
        if (figures) out.set(o.id, figures);
      });
    }),
  );
  return out;
}
