import quickselect from 'quickselect';
import type { Db } from '../../db/client.js';
import { CALL_COLUMNS, REQUEST_COLUMNS, rollupRowsSince, type HourRows } from './analytics-rollups.repository.js';
import type { CallSumsRow, FunnelRow, Grouping, Window } from './analytics.repository.js';

/*
 * The analytics rollups, held in this process's memory (decision 034) and read from there.
 *
 * The page adds up organization-hours (a bounded number: 50 organizations × 90 days are 108,000
 * hours whatever the calls) and takes medians and 90th percentiles of handoff durations, which
 * need every value of the period: no rollup compresses them at the sizes we serve (a few
 * handoffs per organization-hour), and sorting them in PostgreSQL was most of the page's time at
 * a million calls. Here each organization's hours sit in typed arrays in time order; a read adds
 * up the hours of its window, copies the period's durations side by side and selects the ranks it
 * needs (Floyd–Rivest selection, linear time) instead of sorting.
 *
 * The database stays the truth: every hour the drain or the rebuild recomputes gets a new version
 * (migration 0023), and before each read the memory fetches the hours above the last version it
 * saw, in one snapshot. Drains are serialised by a lock, so versions commit in order.
 */

const DIRECTIONS = ['inbound', 'outbound'] as const;
const SOURCES = ['web', 'phone', 'portal'] as const;
const CALL_WIDTH = CALL_COLUMNS.length;
const REQUEST_WIDTH = REQUEST_COLUMNS.length;
/** CallSumsRow's names for CALL_COLUMNS, in that order. */
const CALL_FIELDS = [
  'calls', 'completed', 'contained', 'handedOff', 'handleSeconds', 'handleCount', 'connected', 'voicemail',
  'appointment_requested', 'question_answered', 'transferred', 'message_taken', 'emergency', 'outcome_voicemail', 'abandoned', 'other', 'none', 'silent',
] as const satisfies readonly (keyof CallSumsRow)[];
const DURATIONS = ['claim', 'resolve', 'claimBusiness', 'resolveBusiness'] as const;
const DURATION_WIDTH = DURATIONS.length;
/** Stands for "did not happen" (a handoff not yet claimed or resolved); durations are never negative. */
const NONE = -1;

export interface DurationRow {
  /** The display bucket (1-based), the organization id or 'total'; null for the window's own row of a bucketed read. */
  key: string | null;
  /** [median, 90th percentile], null when no handoff reached it; and how many handoffs reached it. */
  claim: [number, number] | null;
  claimCount: number;
  resolve: [number, number] | null;
  resolveCount: number;
  claimBusiness: [number, number] | null;
  claimBusinessCount: number;
  resolveBusiness: [number, number] | null;
  resolveBusinessCount: number;
}

export interface HourOfWeekCalls {
  /** 0 is Monday 00:00 local. */
  hourOfWeek: number;
  direction: 'inbound' | 'outbound';
  calls: number;
}

/** One organization-hour's rollup rows. */
interface Hour {
  /** CALL_WIDTH sums per direction (DIRECTIONS order); null when the hour had no call. */
  calls: Float64Array | null;
  /** REQUEST_WIDTH sums per source (SOURCES order); null when no request. */
  requests: Float64Array | null;
  /** DURATION_WIDTH values per handoff, NONE where it did not happen. */
  handoffs: number[];
}

/** One organization's hours in time order, column by column, as reads need them. */
interface Layout {
  /** Starting instants (epoch ms) of the hours, ascending. */
  starts: Float64Array;
  /** Per hour: the sums of each direction and each source (zeros when none). */
  calls: Float64Array;
  requests: Float64Array;
  /** Which hours hold a rollup row per direction / source (a row is reported only where one exists, as SQL grouping would). */
  hasCalls: Uint8Array;
  hasRequests: Uint8Array;
  /** Index of each hour's first handoff in the duration columns (one more entry: the total). */
  firstHandoff: Int32Array;
  /** Per duration: every handoff's value in time order. */
  durations: Int32Array[];
  /** Per duration: how many NONE values come before each index (one more entry: the total). */
  nonesBefore: Int32Array[];
}

class OrganizationHours {
  private readonly hours = new Map<number, Hour>();
  private layout: Layout | null = null;

  hour(start: number): Hour {
    let hour = this.hours.get(start);
    if (!hour) this.hours.set(start, (hour = { calls: null, requests: null, handoffs: [] }));
    this.layout = null;
    return hour;
  }

  delete(start: number): void {
    if (this.hours.delete(start)) this.layout = null;
  }

  /** Rebuilt on the first read after a change: one organization's hours, a few thousand. */
  read(): Layout {
    if (this.layout) return this.layout;
    const hours = [...this.hours].sort((a, b) => a[0] - b[0]);
    const n = hours.length;
    const layout: Layout = {
      starts: new Float64Array(n),
      calls: new Float64Array(n * 2 * CALL_WIDTH),
      requests: new Float64Array(n * 3 * REQUEST_WIDTH),
      hasCalls: new Uint8Array(n * 2),
      hasRequests: new Uint8Array(n * 3),
      firstHandoff: new Int32Array(n + 1),
      durations: [],
      nonesBefore: [],
    };
    hours.forEach(([start, hour], i) => {
      layout.starts[i] = start;
      if (hour.calls) layout.calls.set(hour.calls, i * 2 * CALL_WIDTH);
      if (hour.requests) layout.requests.set(hour.requests, i * 3 * REQUEST_WIDTH);
      for (let d = 0; d < 2; d++) layout.hasCalls[i * 2 + d] = hour.calls && hour.calls[d * CALL_WIDTH]! > 0 ? 1 : 0;
      for (let s = 0; s < 3; s++) layout.hasRequests[i * 3 + s] = hour.requests && hour.requests[s * REQUEST_WIDTH]! > 0 ? 1 : 0;
      layout.firstHandoff[i + 1] = layout.firstHandoff[i]! + hour.handoffs.length / DURATION_WIDTH;
    });
    const total = layout.firstHandoff[n]!;
    layout.durations = DURATIONS.map(() => new Int32Array(total));
    layout.nonesBefore = DURATIONS.map(() => new Int32Array(total + 1));
    let at = 0;
    for (const [, { handoffs }] of hours) {
      for (let i = 0; i < handoffs.length; i += DURATION_WIDTH, at++) {
        for (let c = 0; c < DURATION_WIDTH; c++) {
          const value = handoffs[i + c]!;
          layout.durations[c]![at] = value;
          layout.nonesBefore[c]![at + 1] = layout.nonesBefore[c]![at]! + (value === NONE ? 1 : 0);
        }
      }
    }
    return (this.layout = layout);
  }
}

/** Index of the first entry of `sorted` at or after `at`. */
function lowerBound(sorted: Float64Array | readonly number[], at: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const select = quickselect as unknown as (values: Int32Array, k: number, left: number, right: number) => void;

/**
 * Nearest-rank median and 90th percentile (figures.ts nearestRank, as percentile_disc) of the
 * values in [from, to) that are not NONE, `nones` of them being NONE; reorders that range. NONE
 * is below every duration, so the k-th value that happened is the (nones + k)-th smallest.
 */
function percentilesIn(values: Int32Array, from: number, to: number, nones: number): [number, number] | null {
  const n = to - from - nones;
  if (n <= 0) return null;
  const rank = (p: number) => from + nones + Math.max(1, Math.ceil(p * n)) - 1;
  const median = rank(0.5);
  const p90 = rank(0.9);
  select(values, median, from, to - 1);
  const medianValue = values[median]!;
  // Everything right of the median is at least the median: the 90th percentile is among them.
  // (Read the median first: this second selection may move an equal value into its place.)
  if (p90 > median) select(values, p90, median + 1, to - 1);
  return [medianValue, values[p90]!];
}

/** A window cut into keys: per organization, the hour index where each key's slice begins and ends. */
interface Slices {
  keys: string[];
  /** Per organization present: its layout and, per key, [first hour, end hour). */
  organizations: { layout: Layout; bounds: Int32Array }[];
}

export class RollupMemory {
  private readonly organizations = new Map<string, OrganizationHours>();
  private version = 0;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Brings the memory up to what is committed now. A call made while a refresh runs waits for the
   * next one (the running one may have taken its snapshot before the caller's own drain committed).
   */
  refresh(): Promise<void> {
    if (!this.running) {
      this.running = this.load().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.refresh();
      });
    return this.queued;
  }

  private async load(): Promise<void> {
    const after = this.version;
    const rows = await this.db.transaction((tx) => rollupRowsSince(tx, after), { isolationLevel: 'repeatable read', accessMode: 'read only' });
    this.apply(rows);
    this.version = rows.version;
  }

  private apply(rows: HourRows): void {
    const org = (id: string) => {
      let o = this.organizations.get(id);
      if (!o) this.organizations.set(id, (o = new OrganizationHours()));
      return o;
    };
    for (const h of rows.hours) this.organizations.get(h.organizationId)?.delete(h.bucketStart);
    for (const r of rows.calls) {
      const hour = org(r.organizationId).hour(r.bucketStart);
      hour.calls ??= new Float64Array(2 * CALL_WIDTH);
      hour.calls.set(r.values, DIRECTIONS.indexOf(r.direction) * CALL_WIDTH);
    }
    for (const r of rows.requests) {
      const hour = org(r.organizationId).hour(r.bucketStart);
      hour.requests ??= new Float64Array(3 * REQUEST_WIDTH);
      hour.requests.set(r.values, SOURCES.indexOf(r.source) * REQUEST_WIDTH);
    }
    for (const r of rows.handoffs) org(r.organizationId).hour(r.bucketStart).handoffs.push(...r.values.map((v) => v ?? NONE));
  }

  /** Every rollup figure of a window per key: the window is cut into keys once for all three. */
  read(w: Window, group: Grouping): { calls: CallSumsRow[]; hoursOfWeek: HourOfWeekCalls[]; funnel: FunnelRow[]; durations: DurationRow[] } {
    const slices = this.slices(w, group);
    const { buckets, hoursOfWeek } = callsOf(slices, w, group);
    return { calls: buckets, hoursOfWeek, funnel: funnelOf(slices), durations: durationsOf(slices, group) };
  }

  private slices(w: Window, group: Grouping): Slices {
    const start = w.start.getTime();
    const end = w.end.getTime();
    // Each key's time slices: the display buckets, or the whole window.
    const edges = group === 'bucket' ? [...w.bucketStarts.map((s) => Date.parse(s)), end] : [start, end];
    const keys = group === 'bucket' ? w.bucketStarts.map((_, i) => String(i + 1)) : group === 'organization' ? w.organizationIds : ['total'];
    const organizations: Slices['organizations'] = [];
    w.organizationIds.forEach((id, o) => {
      const org = this.organizations.get(id);
      if (!org) return;
      const layout = org.read();
      const bounds = new Int32Array(keys.length * 2);
      for (let k = 0; k < keys.length; k++) {
        const slice = group === 'organization' ? (k === o ? 0 : -1) : group === 'bucket' ? k : 0;
        if (slice < 0) continue;
        bounds[k * 2] = lowerBound(layout.starts, Math.max(start, edges[slice]!));
        bounds[k * 2 + 1] = lowerBound(layout.starts, Math.min(end, edges[slice + 1]!));
      }
      organizations.push({ layout, bounds });
    });
    return { keys, organizations };
  }
}

/**
 * Call sums per key and direction (as analytics.repository's CallSumsRow), and with buckets the
 * calls per local hour of the week: the zone's offset of the segment each hour falls in.
 */
function callsOf(slices: Slices, w: Window, group: Grouping): { buckets: CallSumsRow[]; hoursOfWeek: HourOfWeekCalls[] } {
  const week = new Float64Array(168 * 2);
  const offsetStarts = w.offsets.from.map((s) => Date.parse(s));
  const countHourOfWeek = (layout: Layout, i: number, d: number) => {
    const offset = w.offsets.seconds[Math.max(0, lowerBound(offsetStarts, layout.starts[i]! + 1) - 1)]!;
    // 1970-01-01 was a Thursday: 72 hours after a Monday 00:00.
    const hourOfWeek = (Math.floor((layout.starts[i]! / 1000 + offset) / 3600) + 72) % 168;
    week[hourOfWeek * 2 + d]! += layout.calls[(i * 2 + d) * CALL_WIDTH]!;
  };
  const { keys } = slices;
  const { sums, present } = addUp(slices, DIRECTIONS.length, CALL_WIDTH, (l) => [l.calls, l.hasCalls], group === 'bucket' ? countHourOfWeek : undefined);
  const buckets: CallSumsRow[] = [];
  keys.forEach((key, k) =>
    DIRECTIONS.forEach((direction, d) => {
      if (!present[k * 2 + d]) return;
      const row = { key, direction } as Record<string, unknown>;
      CALL_FIELDS.forEach((field, c) => (row[field] = sums[(k * 2 + d) * CALL_WIDTH + c]));
      buckets.push(row as unknown as CallSumsRow);
    }),
  );
  const hoursOfWeek: HourOfWeekCalls[] = [];
  for (let h = 0; h < 168; h++) DIRECTIONS.forEach((direction, d) => week[h * 2 + d] && hoursOfWeek.push({ hourOfWeek: h, direction, calls: week[h * 2 + d]! }));
  return { buckets, hoursOfWeek };
}

/** Appointment requests per key and source: started, submitted, scheduled (a cohort by creation hour). */
function funnelOf(slices: Slices): FunnelRow[] {
  const { keys } = slices;
  const { sums, present } = addUp(slices, SOURCES.length, REQUEST_WIDTH, (l) => [l.requests, l.hasRequests]);
  const rows: FunnelRow[] = [];
  keys.forEach((key, k) =>
    SOURCES.forEach((source, s) => {
      if (!present[k * 3 + s]) return;
      const at = (k * 3 + s) * REQUEST_WIDTH;
      rows.push({ key, source, started: sums[at]!, submitted: sums[at + 1]!, scheduled: sums[at + 2]! });
    }),
  );
  return rows;
}

/**
 * Adds up each key's hours of one rollup — per hour, `groups` rows (directions or sources) of
 * `width` sums — and marks the (key, group) pairs that had a row; `each` sees every row added.
 */
function addUp(
  { keys, organizations }: Slices,
  groups: number,
  width: number,
  part: (layout: Layout) => [values: Float64Array, has: Uint8Array],
  each?: (layout: Layout, hour: number, group: number) => void,
): { sums: Float64Array; present: Uint8Array } {
  const sums = new Float64Array(keys.length * groups * width);
  const present = new Uint8Array(keys.length * groups);
  for (const { layout, bounds } of organizations) {
    const [values, has] = part(layout);
    for (let k = 0; k < keys.length; k++) {
      for (let i = bounds[k * 2]!; i < bounds[k * 2 + 1]!; i++) {
        for (let g = 0; g < groups; g++) {
          if (!has[i * groups + g]) continue;
          present[k * groups + g] = 1;
          const from = (i * groups + g) * width;
          const to = (k * groups + g) * width;
          for (let c = 0; c < width; c++) sums[to + c]! += values[from + c]!;
          each?.(layout, i, g);
        }
      }
    }
  }
  return { sums, present };
}

/** Median and 90th percentile of each handoff duration per key, and for the whole window when grouped by bucket. */
function durationsOf({ keys, organizations }: Slices, group: Grouping): DurationRow[] {
  // Every (key, organization) holds one run of consecutive handoffs: copy each key's runs side
  // by side into one array per duration, then select within each key's stretch.
  const lengths = new Int32Array(keys.length);
  for (const { layout, bounds } of organizations) {
    for (let k = 0; k < keys.length; k++) lengths[k]! += layout.firstHandoff[bounds[k * 2 + 1]!]! - layout.firstHandoff[bounds[k * 2]!]!;
  }
  const offsets = new Int32Array(keys.length + 1);
  for (let k = 0; k < keys.length; k++) offsets[k + 1] = offsets[k]! + lengths[k]!;
  const columns = DURATIONS.map(() => new Int32Array(offsets[keys.length]!));
  const nones = DURATIONS.map(() => new Int32Array(keys.length));
  const cursor = offsets.slice(0, keys.length);
  for (const { layout, bounds } of organizations) {
    for (let k = 0; k < keys.length; k++) {
      const from = layout.firstHandoff[bounds[k * 2]!]!;
      const to = layout.firstHandoff[bounds[k * 2 + 1]!]!;
      if (to === from) continue;
      for (let c = 0; c < DURATION_WIDTH; c++) {
        columns[c]!.set(layout.durations[c]!.subarray(from, to), cursor[k]!);
        nones[c]![k]! += layout.nonesBefore[c]![to]! - layout.nonesBefore[c]![from]!;
      }
      cursor[k]! += to - from;
    }
  }
  const row = (key: string | null, from: number, to: number, nonesOf: (c: number) => number): DurationRow => {
    const [claim, resolve, claimBusiness, resolveBusiness] = DURATIONS.map((_, c) => ({ values: percentilesIn(columns[c]!, from, to, nonesOf(c)), count: to - from - nonesOf(c) }));
    return {
      key,
      claim: claim!.values,
      claimCount: claim!.count,
      resolve: resolve!.values,
      resolveCount: resolve!.count,
      claimBusiness: claimBusiness!.values,
      claimBusinessCount: claimBusiness!.count,
      resolveBusiness: resolveBusiness!.values,
      resolveBusinessCount: resolveBusiness!.count,
    };
  };
  // A key whose handoffs are all still open has a row too (counts 0), as a SQL group would.
  const rows = keys.flatMap((key, k) => (lengths[k]! > 0 ? [row(key, offsets[k]!, offsets[k + 1]!, (c) => nones[c]![k]!)] : []));
  // The whole window: every key's values together (selection only reordered within each key).
  const total = offsets[keys.length]!;
  if (group === 'bucket' && total > 0) rows.push(row(null, 0, total, (c) => nones[c]!.reduce((a, n) => a + n, 0)));
  return rows;
}

const memories = new WeakMap<Db, RollupMemory>();

/** The memory of this database handle (one per application context), created on first use. */
export function rollupMemoryOf(db: Db): RollupMemory {
  let memory = memories.get(db);
  if (!memory) memories.set(db, (memory = new RollupMemory(db)));
  return memory;
}
