import type { Hours } from '../time/hours.schema.js';
import { openIntervals } from '../time/hours.js';
import type { CallDirection, CallOutcome, CallStatus } from '../calls/vocabulary.js';
import type { AppointmentSource, AppointmentStatus } from '../appointment-requests/state.js';
import { bucketKey, displayBuckets, hourBucketStart, hourOfWeek, rangeInstants, type DateRange, type Granularity } from './buckets.js';
import { emptyCallSums, emptyDurations, emptyFunnel, figuresOf, type CallSums, type DurationLists, type Figures, type FunnelSums } from './figures.js';

/*
 * The figures computed straight from raw records, record by record: the executable form of the
 * definitions. The server reads rollups instead; the property test checks both agree, and the
 * rollup upkeep uses `classifyCall`, `classifyRequest` and `handoffDurations` from here.
 */

export interface RawCall {
  organizationId: string;
  direction: CallDirection;
  status: CallStatus;
  outcome: CallOutcome | null;
  startedAt: number;
  durationSeconds: number | null;
  /** Its handoffs handed to a person (not those the agent settled by its own booking: db/handed-to-a-person.ts). */
  handoffCount: number;
  /** Whether the caller said something (at least one caller turn with words). */
  callerSpoke: boolean;
}

export interface RawHandoff {
  organizationId: string;
  status: 'open' | 'claimed' | 'resolved' | 'canceled';
  createdAt: number;
  claimedAt: number | null;
  resolvedAt: number | null;
}

export interface RawRequest {
  organizationId: string;
  source: AppointmentSource;
  status: AppointmentStatus;
  createdAt: number;
  submittedAt: number | null;
}

export interface AnalyticsQuery {
  range: DateRange;
  /** The zone buckets are read in. */
  zone: string;
  granularity: Granularity;
  directions: readonly CallDirection[];
}

/** Adds one call to `sums` by the definitions. */
export function addCall(sums: CallSums, call: Omit<RawCall, 'organizationId' | 'startedAt'>, directions: readonly CallDirection[]): void {
  if (call.direction === 'inbound') sums.inbound++;
  else sums.outbound++;
  if (call.direction === 'inbound' && call.status === 'completed' && !call.callerSpoke) sums.hungUpBeforeSpeaking++;
  if (call.direction === 'inbound' && call.status === 'completed' && call.callerSpoke) {
    sums.answered++;
    if (call.handoffCount > 0) sums.handedOff++;
    else sums.contained++;
    if (call.durationSeconds !== null) {
      sums.handleSeconds += call.durationSeconds;
      sums.handleCount++;
    }
  }
  if (call.direction === 'outbound') {
    if (call.outcome === 'voicemail') sums.outboundVoicemail++;
    else if (call.status === 'completed') sums.outboundConnected++;
  }
  if (directions.includes(call.direction)) sums.outcomes[call.outcome ?? 'none']++;
}

export function addRequest(funnel: FunnelSums, request: Pick<RawRequest, 'source' | 'status' | 'submittedAt'>): void {
  const step = funnel[request.source];
  step.started++;
  if (request.status !== 'draft' && request.submittedAt !== null) step.submitted++;
  if (request.status === 'scheduled') step.scheduled++;
}

/** Open time of `hours` within [fromMs, toMs), in whole seconds. */
export function businessSeconds(hours: Hours, fromMs: number, toMs: number): number {
  if (toMs <= fromMs) return 0;
  let ms = 0;
  for (const i of openIntervals(hours, fromMs, toMs)) ms += i.end.epochMilliseconds - i.start.epochMilliseconds;
  return Math.floor(ms / 1000);
}

export interface HandoffDurations {
  claim: number | null;
  resolve: number | null;
  claimBusiness: number | null;
  resolveBusiness: number | null;
}

export function handoffDurations(handoff: Omit<RawHandoff, 'organizationId'>, hours: Hours): HandoffDurations {
  const seconds = (to: number) => Math.max(0, Math.floor((to - handoff.createdAt) / 1000));
  const claimedAt = handoff.claimedAt;
  const resolvedAt = handoff.status === 'resolved' ? handoff.resolvedAt : null;
  return {
    claim: claimedAt === null ? null : seconds(claimedAt),
    resolve: resolvedAt === null ? null : seconds(resolvedAt),
    claimBusiness: claimedAt === null ? null : businessSeconds(hours, handoff.createdAt, claimedAt),
    resolveBusiness: resolvedAt === null ? null : businessSeconds(hours, handoff.createdAt, resolvedAt),
  };
}

export function addDurations(lists: DurationLists, d: HandoffDurations): void {
  if (d.claim !== null) lists.claim.push(d.claim);
  if (d.resolve !== null) lists.resolve.push(d.resolve);
  if (d.claimBusiness !== null) lists.claimBusiness.push(d.claimBusiness);
  if (d.resolveBusiness !== null) lists.resolveBusiness.push(d.resolveBusiness);
}

export interface RawRecords {
  calls: readonly RawCall[];
  handoffs: readonly RawHandoff[];
  requests: readonly RawRequest[];
  doNotCall: readonly { organizationId: string; createdAt: number }[];
  organizations: ReadonlyMap<string, { timeZone: string; hours: Hours }>;
}

export interface ComputedAnalytics {
  totals: Figures;
  series: { key: string; figures: Figures }[];
  /** [weekday 1..7][hour 0..23] → calls of the selected directions. */
  heatmap: number[][];
}

/**
 * Records count in the range and in a bucket by the organization-local hour they fall in (its
 * starting instant), which is what the rollups keep; for the zones of whole-hour offsets that
 * is the record's own instant.
 */
export function computeFromRaw(records: RawRecords, query: AnalyticsQuery): ComputedAnalytics {
  const { start, end } = rangeInstants(query.range, query.zone);
  const buckets = displayBuckets(query.range, query.zone, query.granularity);
  const acc = new Map(buckets.map((b) => [b.key, { calls: emptyCallSums(), funnel: emptyFunnel(), durations: emptyDurations(), dnc: 0 }]));
  const total = { calls: emptyCallSums(), funnel: emptyFunnel(), durations: emptyDurations(), dnc: 0 };
  const heatmap = Array.from({ length: 8 }, () => new Array<number>(24).fill(0));
  const place = (organizationId: string, at: number) => {
    const org = records.organizations.get(organizationId);
    if (!org) return null;
    const hour = hourBucketStart(at, org.timeZone);
    if (hour < start || hour >= end) return null;
    return { hour, org, bucket: acc.get(bucketKey(hour, query.zone, query.granularity)) };
  };
  for (const c of records.calls) {
    const p = place(c.organizationId, c.startedAt);
    if (!p) continue;
    addCall(total.calls, c, query.directions);
    if (p.bucket) addCall(p.bucket.calls, c, query.directions);
    if (query.directions.includes(c.direction)) {
      const cell = hourOfWeek(p.hour, query.zone);
      heatmap[cell.weekday]![cell.hour]!++;
    }
  }
  for (const h of records.handoffs) {
    const p = place(h.organizationId, h.createdAt);
    if (!p) continue;
    const d = handoffDurations(h, p.org.hours);
    addDurations(total.durations, d);
    if (p.bucket) addDurations(p.bucket.durations, d);
  }
  for (const r of records.requests) {
    const p = place(r.organizationId, r.createdAt);
    if (!p) continue;
    addRequest(total.funnel, r);
    if (p.bucket) addRequest(p.bucket.funnel, r);
  }
  for (const n of records.doNotCall) {
    if (!records.organizations.has(n.organizationId) || n.createdAt < start || n.createdAt >= end) continue;
    total.dnc++;
    const b = acc.get(bucketKey(n.createdAt, query.zone, query.granularity));
    if (b) b.dnc++;
  }
  return {
    totals: figuresOf(total.calls, total.funnel, total.durations, total.dnc),
    series: buckets.map((b) => {
      const a = acc.get(b.key)!;
      return { key: b.key, figures: figuresOf(a.calls, a.funnel, a.durations, a.dnc) };
    }),
    heatmap: heatmap.slice(1),
  };
}
