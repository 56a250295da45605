import quickselect from 'quickselect';
import type { Db } from '../../db/client.js';
import { durationFactsSince, type DurationFactRow } from './analytics-rollups.repository.js';
import type { Grouping, Window } from './analytics.repository.js';

/*
 * The handoff durations of analytics_handoff_facts, held in this process's memory (decision 034).
 *
 * Medians and 90th percentiles need every value of the period: no rollup compresses them at the
 * sizes we serve (a few handoffs per organization-hour), and sorting them in PostgreSQL was the
 * page's whole cost at a million calls. Here each organization's hours sit in arrays sorted by
 * time; a read copies the period's values into one typed array per duration and selects the
 * ranks it needs (Floyd–Rivest selection, linear time) instead of sorting.
 *
 * The database stays the truth: every hour the drain or the rebuild recomputes gets a new version
 * (migration 0023), and before each read the index fetches the hours above the last version it
 * saw, in one snapshot. Drains are serialised by a lock, so versions commit in order.
 */

const COLUMNS = ['claim', 'resolve', 'claimBusiness', 'resolveBusiness'] as const;
const WIDTH = COLUMNS.length;
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

/** One organization's handoffs in time order, column by column, as a read needs them. */
interface Layout {
  /** Starting instants (epoch ms) of the hours that hold handoffs, ascending. */
  starts: Float64Array;
  /** Index of each hour's first handoff in the columns (one more entry: the total). */
  firstOf: Int32Array;
  /** Per duration (COLUMNS order): every handoff's value, NONE when it did not happen. */
  columns: Int32Array[];
  /** Per duration: how many NONE values come before each index (one more entry: the total). */
  nonesBefore: Int32Array[];
}

class OrganizationHandoffs {
  /** Hour start → WIDTH values per handoff of that hour, in COLUMNS order. */
  private readonly hours = new Map<number, Int32Array>();
  private layout: Layout | null = null;

  set(start: number, values: Int32Array): void {
    this.hours.set(start, values);
    this.layout = null;
  }

  delete(start: number): void {
    if (this.hours.delete(start)) this.layout = null;
  }

  /** Rebuilt after a change, on the next read: one organization's handoffs, a few thousand values. */
  read(): Layout {
    if (this.layout) return this.layout;
    const hours = [...this.hours].sort((a, b) => a[0] - b[0]);
    const starts = new Float64Array(hours.length);
    const firstOf = new Int32Array(hours.length + 1);
    hours.forEach(([start, values], i) => {
      starts[i] = start;
      firstOf[i + 1] = firstOf[i]! + values.length / WIDTH;
    });
    const total = firstOf[hours.length]!;
    const columns = COLUMNS.map(() => new Int32Array(total));
    const nonesBefore = COLUMNS.map(() => new Int32Array(total + 1));
    let at = 0;
    for (const [, values] of hours) {
      for (let i = 0; i < values.length; i += WIDTH, at++) {
        for (let c = 0; c < WIDTH; c++) {
          columns[c]![at] = values[i + c]!;
          nonesBefore[c]![at + 1] = nonesBefore[c]![at]! + (values[i + c] === NONE ? 1 : 0);
        }
      }
    }
    return (this.layout = { starts, firstOf, columns, nonesBefore });
  }
}

/** Index of the first handoff created in an hour starting at or after `at`. */
function firstHandoffFrom(layout: Layout, at: number): number {
  let lo = 0;
  let hi = layout.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (layout.starts[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return layout.firstOf[lo]!;
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

export class DurationIndex {
  private readonly organizations = new Map<string, OrganizationHandoffs>();
  private version = 0;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Brings the index up to what is committed now. A call made while a refresh runs waits for the
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
    const changes = await this.db.transaction((tx) => durationFactsSince(tx, after), { isolationLevel: 'repeatable read', accessMode: 'read only' });
    for (const h of changes.hours) this.organizations.get(h.organizationId)?.delete(h.bucketStart);
    for (const [organizationId, hours] of groupByHour(changes.facts)) {
      let org = this.organizations.get(organizationId);
      if (!org) this.organizations.set(organizationId, (org = new OrganizationHandoffs()));
      for (const [start, values] of hours) org.set(start, Int32Array.from(values));
    }
    this.version = changes.version;
  }

  /** Median and 90th percentile of each duration per group key, and for the whole window when grouped by bucket. */
  durations(w: Window, group: Grouping): DurationRow[] {
    const start = w.start.getTime();
    const end = w.end.getTime();
    // Each key's time slices: the display buckets, or the whole window.
    const edges = group === 'bucket' ? [...w.bucketStarts.map((s) => Date.parse(s)), end] : [start, end];
    const slices = edges.length - 1;
    const keys = group === 'bucket' ? w.bucketStarts.map((_, i) => String(i + 1)) : group === 'organization' ? w.organizationIds : ['total'];

    // Every (key, organization) holds one run of consecutive handoffs: find the runs, then copy
    // each key's runs side by side into one array per duration.
    const runs: { key: number; layout: Layout; from: number; to: number }[] = [];
    const lengths = new Int32Array(keys.length);
    w.organizationIds.forEach((id, o) => {
      const org = this.organizations.get(id);
      if (!org) return;
      const layout = org.read();
      let from = firstHandoffFrom(layout, Math.max(start, edges[0]!));
      for (let b = 0; b < slices; b++) {
        const to = firstHandoffFrom(layout, Math.min(end, edges[b + 1]!));
        const key = group === 'organization' ? o : group === 'bucket' ? b : 0;
        if (to > from) {
          runs.push({ key, layout, from, to });
          lengths[key]! += to - from;
        }
        from = to;
      }
    });
    const offsets = new Int32Array(keys.length + 1);
    for (let k = 0; k < keys.length; k++) offsets[k + 1] = offsets[k]! + lengths[k]!;
    const columns = COLUMNS.map(() => new Int32Array(offsets[keys.length]!));
    const nones = COLUMNS.map(() => new Int32Array(keys.length));
    const cursor = offsets.slice(0, keys.length);
    for (const { key, layout, from, to } of runs) {
      COLUMNS.forEach((_, c) => {
        columns[c]!.set(layout.columns[c]!.subarray(from, to), cursor[key]!);
        nones[c]![key]! += layout.nonesBefore[c]![to]! - layout.nonesBefore[c]![from]!;
      });
      cursor[key]! += to - from;
    }

    const row = (key: string | null, from: number, to: number, nonesOf: (c: number) => number): DurationRow => {
      const [claim, resolve, claimBusiness, resolveBusiness] = COLUMNS.map((_, c) => ({ values: percentilesIn(columns[c]!, from, to, nonesOf(c)), count: to - from - nonesOf(c) }));
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
}

/** Facts grouped by organization, then by hour: WIDTH values per handoff. */
function groupByHour(facts: readonly DurationFactRow[]): Map<string, Map<number, number[]>> {
  const byOrganization = new Map<string, Map<number, number[]>>();
  for (const f of facts) {
    let hours = byOrganization.get(f.organizationId);
    if (!hours) byOrganization.set(f.organizationId, (hours = new Map()));
    let values = hours.get(f.bucketStart);
    if (!values) hours.set(f.bucketStart, (values = []));
    values.push(f.claim ?? NONE, f.resolve ?? NONE, f.claimBusiness ?? NONE, f.resolveBusiness ?? NONE);
  }
  return byOrganization;
}

const indexes = new WeakMap<Db, DurationIndex>();

/** The index of this database handle (one per application context), created on first use. */
export function durationIndexOf(db: Db): DurationIndex {
  let index = indexes.get(db);
  if (!index) indexes.set(db, (index = new DurationIndex(db)));
  return index;
}
