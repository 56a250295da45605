import type { AppContext } from '../../app-context.js';
import { organizationScope, type StaffActor } from '../../policy/actor.js';
import { notFound } from '../../http/errors.js';
import { listVisibleOrganizations } from '../organizations/organizations.service.js';
import type { AnalyticsQuery, AnalyticsResponse } from '../../../contracts/analytics.js';
import { defaultZoneOf, displayBuckets, previousRange, rangeInstants, todayIn, type DateRange } from '../../../domain/analytics/buckets.js';
import { emptyCallSums, emptyFunnel, figuresOf, OUTCOME_KEYS, type CallSums, type Figures, type FunnelSums, type Percentiles } from '../../../domain/analytics/figures.js';
import type { CallDirection } from '../../../domain/calls/vocabulary.js';
import { callSums, doNotCallAdditions, funnel, handoffDurations, heatmap, type CallSumsRow, type DurationRow, type FunnelRow, type Grouping, type Window } from './analytics.repository.js';
import { drainRollups } from './analytics-rollups.service.js';

export { drainRollups, rebuildRollups, pendingChanges } from './analytics-rollups.service.js';

export interface AnalyticsOrganization {
  id: string;
  name: string;
  timeZone: string;
}

/** The organizations asked for, all of them the actor's; an unknown or foreign id is "not found". */
export async function resolveOrganizations(ctx: AppContext, actor: StaffActor, ids: string[] | undefined): Promise<AnalyticsOrganization[]> {
  const visible = (await listVisibleOrganizations(ctx.db, organizationScope(actor))).map((o) => ({ id: o.id, name: o.name, timeZone: o.timeZone }));
  if (!ids || ids.length === 0) return visible;
  const byId = new Map(visible.map((o) => [o.id, o]));
  return ids.map((id) => {
    const o = byId.get(id);
    if (!o) throw notFound('The organization');
    return o;
  });
}

/** One organization: its zone. Several: the zone most of them share (the first such by name). */
export function defaultZone(organizations: readonly AnalyticsOrganization[]): string {
  return defaultZoneOf(organizations.map((o) => o.timeZone));
}

export const directionsOf = (direction: AnalyticsQuery['direction']): CallDirection[] => (direction === 'all' ? ['inbound', 'outbound'] : [direction]);

function toCallSums(row: CallSumsRow | undefined): CallSums {
  const sums = emptyCallSums();
  if (!row) return sums;
  Object.assign(sums, {
    inbound: row.inbound,
    outbound: row.outbound,
    answered: row.answered,
    contained: row.contained,
    handedOff: row.handedOff,
    handleSeconds: Number(row.handleSeconds),
    handleCount: row.handleCount,
    outboundConnected: row.outboundConnected,
    outboundVoicemail: row.outboundVoicemail,
  });
  for (const k of OUTCOME_KEYS) sums.outcomes[k] = row[k];
  return sums;
}

const noDurations = (): Percentiles => ({ median: null, p90: null, count: 0 });

function toDurations(row: DurationRow | undefined) {
  if (!row) return { claim: noDurations(), resolve: noDurations(), claimBusiness: noDurations(), resolveBusiness: noDurations() };
  const p = (m: number | null, p90: number | null, count: number): Percentiles => ({ median: m, p90, count });
  return {
    claim: p(row.claimMedian, row.claimP90, row.claimCount),
    resolve: p(row.resolveMedian, row.resolveP90, row.resolveCount),
    claimBusiness: p(row.claimBusinessMedian, row.claimBusinessP90, row.claimBusinessCount),
    resolveBusiness: p(row.resolveBusinessMedian, row.resolveBusinessP90, row.resolveBusinessCount),
  };
}

function toFunnels(rows: FunnelRow[]): Map<string | null, FunnelSums> {
  const out = new Map<string | null, FunnelSums>();
  for (const r of rows) {
    let f = out.get(r.key);
    if (!f) out.set(r.key, (f = emptyFunnel()));
    f[r.source] = { started: r.started, submitted: r.submitted, scheduled: r.scheduled };
  }
  return out;
}

/** Figures per group key (null: the total) of one window. */
async function figuresBy(ctx: AppContext, w: Window, directions: CallDirection[], group: Grouping): Promise<Map<string | null, Figures>> {
  const [calls, durations, funnels, dnc] = await Promise.all([callSums(ctx.db, w, directions, group), handoffDurations(ctx.db, w, group), funnel(ctx.db, w, group), doNotCallAdditions(ctx.db, w, group)]);
  const callsBy = new Map(calls.map((r) => [r.key, r]));
  const durationsBy = new Map(durations.map((r) => [r.key, r]));
  const funnelsBy = toFunnels(funnels);
  const dncBy = new Map(dnc.map((r) => [r.key, r.count]));
  const keys = new Set<string | null>([null, ...callsBy.keys(), ...durationsBy.keys(), ...funnelsBy.keys(), ...dncBy.keys()]);
  const out = new Map<string | null, Figures>();
  for (const key of keys) out.set(key, figuresOf(toCallSums(callsBy.get(key)), funnelsBy.get(key) ?? emptyFunnel(), toDurations(durationsBy.get(key)), dncBy.get(key) ?? 0));
  return out;
}

function windowOf(organizations: AnalyticsOrganization[], range: DateRange, zone: string, granularity: AnalyticsQuery['granularity']): Window {
  const { start, end } = rangeInstants(range, zone);
  return { organizationIds: organizations.map((o) => o.id), start: new Date(start), end: new Date(end), zone, granularity };
}

/** Every figure of the analytics page for a period, its buckets and the previous period of the same length. */
export async function getAnalytics(ctx: AppContext, actor: StaffActor, query: AnalyticsQuery): Promise<AnalyticsResponse> {
  const began = performance.now();
  const organizations = await resolveOrganizations(ctx, actor, query.organizations);
  const zone = query.timeZone ?? defaultZone(organizations);
  const range = { from: query.from, to: query.to };
  const previous = previousRange(range);
  const directions = directionsOf(query.direction);
  const current = windowOf(organizations, range, zone, query.granularity);
  const before = windowOf(organizations, previous, zone, query.granularity);
  await drainRollups(ctx.db);
  const empty = organizations.length === 0;
  const [byBucket, previousTotals, cells] = await Promise.all([
    empty ? new Map<string | null, Figures>() : figuresBy(ctx, current, directions, 'bucket'),
    empty ? new Map<string | null, Figures>() : figuresBy(ctx, before, directions, 'total'),
    empty ? [] : heatmap(ctx.db, current, directions),
  ]);
  const zero = figuresOf(emptyCallSums(), emptyFunnel(), { claim: [], resolve: [], claimBusiness: [], resolveBusiness: [] }, 0);
  const cellMap = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c.calls]));
  const period = (r: DateRange, w: Window) => ({ ...r, start: w.start.toISOString(), end: w.end.toISOString() });
  return {
    timeZone: zone,
    granularity: query.granularity,
    direction: query.direction,
    organizations,
    period: period(range, current),
    previousPeriod: period(previous, before),
    totals: byBucket.get(null) ?? zero,
    previousTotals: previousTotals.get(null) ?? zero,
    series: displayBuckets(range, zone, query.granularity).map((b) => ({ ...b, figures: byBucket.get(b.key) ?? zero })),
    heatmap: Array.from({ length: 7 * 24 }, (_, i) => {
      const weekday = Math.floor(i / 24) + 1;
      const hour = i % 24;
      return { weekday, hour, calls: cellMap.get(`${weekday}:${hour}`) ?? 0 };
    }),
    computedInMs: Math.round((performance.now() - began) * 10) / 10,
  };
}

/**
 * Today's figures per organization, each in its own zone (the overview's KPIs): the same
 * rollups and definitions as the analytics page.
 */
export async function todayFiguresByOrganization(ctx: AppContext, organizations: readonly AnalyticsOrganization[], now: Date): Promise<Map<string, Figures>> {
  await drainRollups(ctx.db);
  const byZone = new Map<string, AnalyticsOrganization[]>();
  for (const o of organizations) byZone.set(o.timeZone, [...(byZone.get(o.timeZone) ?? []), o]);
  const out = new Map<string, Figures>();
  await Promise.all(
    [...byZone].map(async ([zone, orgs]) => {
      const today = todayIn(zone, now.getTime());
      const figures = await figuresBy(ctx, windowOf(orgs, { from: today, to: today }, zone, 'day'), ['inbound', 'outbound'], 'organization');
      for (const o of orgs) if (figures.has(o.id)) out.set(o.id, figures.get(o.id)!);
    }),
  );
  return out;
}
