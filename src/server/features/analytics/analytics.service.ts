import type { AppContext } from '../../app-context.js';
import { organizationScope, type StaffActor } from '../../policy/actor.js';
import { invalid, notFound } from '../../http/errors.js';
import { listVisibleOrganizations } from '../organizations/organizations.service.js';
import type { AnalyticsQuery, AnalyticsResponse } from '../../../contracts/analytics.js';
import { defaultZoneOf, displayBuckets, offsetSegments, previousRange, rangeInstants, todayIn, type DateRange } from '../../../domain/analytics/buckets.js';
import { emptyCallSums, emptyFunnel, figuresOf, OUTCOME_KEYS, type CallSums, type Figures, type FunnelSums } from '../../../domain/analytics/figures.js';
import type { CallDirection } from '../../../domain/calls/vocabulary.js';
import { doNotCallAdditions, type CallSumsRow, type Grouping, type Window } from './analytics.repository.js';
import { readRollups, type DurationPercentiles, type HourOfWeekCalls } from './analytics-read.repository.js';
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
 * Figures per group key of one window; `total` sums every key (percentiles from every key's
 * sketches merged). Per bucket, the same read also brings the calls per local hour of the week.
 * The rollups are read from PostgreSQL (analytics-read.repository.ts, decision 046): daily rows
 * for buckets of a day or longer, hourly ones per hour.
 */
async function figuresBy(
  ctx: AppContext,
  w: Window,
  zones: readonly string[],
  byDay: boolean,
  directions: CallDirection[],
  group: Grouping,
): Promise<{ total: Figures; byKey: Map<string, Figures>; hoursOfWeek: HourOfWeekCalls[] }> {
  const [read, dnc] = await Promise.all([readRollups(ctx.db, w, group, zones, byDay), doNotCallAdditions(ctx.db, w, group)]);
  type Acc = { calls: CallSums; funnel: FunnelSums; dnc: number };
  const accs = new Map<string, Acc>();
  const total: Acc = { calls: emptyCallSums(), funnel: emptyFunnel(), dnc: 0 };
  const acc = (key: string) => {
    let a = accs.get(key);
    if (!a) accs.set(key, (a = { calls: emptyCallSums(), funnel: emptyFunnel(), dnc: 0 }));
    return a;
  };
  for (const r of read.calls) {
    addCallRow(acc(r.key).calls, r, directions);
    addCallRow(total.calls, r, directions);
  }
  for (const r of read.funnel) {
    for (const f of [acc(r.key).funnel, total.funnel]) {
      f[r.source].started += r.started;
      f[r.source].submitted += r.submitted;
      f[r.source].scheduled += r.scheduled;
    }
  }
  for (const r of dnc) {
    acc(r.key).dnc += r.count;
    total.dnc += r.count;
  }
  for (const key of read.durations.keys()) acc(key);
  const byKey = new Map<string, Figures>();
  for (const [key, a] of accs) byKey.set(key, figuresOf(a.calls, a.funnel, read.durations.get(key) ?? noDurations(), a.dnc));
  return { total: figuresOf(total.calls, total.funnel, read.totalDurations, total.dnc), byKey, hoursOfWeek: read.hoursOfWeek };
}

const noDurations = (): DurationPercentiles => ({
  claim: { median: null, p90: null, count: 0 },
  resolve: { median: null, p90: null, count: 0 },
  claimBusiness: { median: null, p90: null, count: 0 },
  resolveBusiness: { median: null, p90: null, count: 0 },
});

function windowOf(organizations: AnalyticsOrganization[], range: DateRange, zone: string, granularity: AnalyticsQuery['granularity']) {
  const { start, end } = rangeInstants(range, zone);
  const buckets = displayBuckets(range, zone, granularity);
  const segments = offsetSegments(zone, start, end);
  const window: Window = {
    organizationIds: organizations.map((o) => o.id),
    start: new Date(start),
    end: new Date(end),
    bucketStarts: buckets.map((b) => b.start),
    offsets: { from: segments.from.map((ms) => new Date(ms).toISOString()), seconds: segments.offsetSeconds },
  };
  // Buckets of a day or longer read the daily rollups; hourly buckets the hourly ones.
  return { window, buckets, zones: organizations.map((o) => o.timeZone), byDay: granularity !== 'hour' };
}

/** Every figure of the analytics page for a period, its buckets and the previous period of the same length. */
export async function getAnalytics(ctx: AppContext, actor: StaffActor, query: AnalyticsQuery): Promise<AnalyticsResponse> {
  const began = performance.now();
  const { organizations, zone } = await resolveScope(ctx, actor, query);
  const range = { from: query.from, to: query.to };
  const previous = previousRange(range);
  const directions = directionsOf(query.direction);
  const current = windowOf(organizations, range, zone, query.granularity);
  const before = windowOf(organizations, previous, zone, 'month');
  const asOf = await drainedAt(ctx.db);
  const zero = figuresOf(emptyCallSums(), emptyFunnel(), { claim: [], resolve: [], claimBusiness: [], resolveBusiness: [] }, 0);
  const none = { total: zero, byKey: new Map<string, Figures>(), hoursOfWeek: [] };
  const empty = organizations.length === 0;
  const [now, then] = await Promise.all([empty ? none : figuresBy(ctx, current.window, current.zones, current.byDay, directions, 'bucket'), empty ? none : figuresBy(ctx, before.window, before.zones, before.byDay, directions, 'total')]);
  // Index 0 is Monday 00:00, as the grid.
  const grid = new Array<number>(7 * 24).fill(0);
  for (const c of now.hoursOfWeek) if (directions.includes(c.direction)) grid[c.hourOfWeek]! += c.calls;
  const period = (r: DateRange, w: Window) => ({ ...r, start: w.start.toISOString(), end: w.end.toISOString() });
  return {
    timeZone: zone,
    granularity: query.granularity,
    direction: query.direction,
    organizations,
    period: period(range, current.window),
    previousPeriod: period(previous, before.window),
    totals: now.total,
    previousTotals: then.total,
    series: current.buckets.map((b, i) => ({ ...b, figures: now.byKey.get(String(i + 1)) ?? zero })),
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
      const today = todayIn(zone, now.getTime());
      const { window, zones, byDay } = windowOf(orgs, { from: today, to: today }, zone, 'day');
      const { byKey } = await figuresBy(ctx, window, zones, byDay, ['inbound', 'outbound'], 'organization');
      for (const o of orgs) if (byKey.has(o.id)) out.set(o.id, byKey.get(o.id)!);
    }),
  );
  return out;
}
