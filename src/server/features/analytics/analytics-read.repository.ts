import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { OUTCOME_KEYS, type OutcomeKey, type Percentiles } from '../../../domain/analytics/figures.js';
import { addEncoded, emptyCounts, sketchPercentiles, type SketchCounts } from '../../../domain/analytics/duration-sketch.js';
import { CALL_COUNT_COLUMNS, DURATION_COLUMNS, DURATION_NAMES, REQUEST_COUNT_COLUMNS, type DurationName } from './analytics-columns.js';
import { planDays, type DayPlan } from './analytics-read-plan.js';
import type { CallSumsRow, FunnelRow, Grouping, Window } from './analytics.repository.js';

/*
 * The analytics page read from PostgreSQL (decision 046). Each rollup is read by one statement: an
 * index range scan over the window's daily rows (or, per hour, its hourly rows) plus the few hours
 * a day's plan moves between keys (analytics-read-plan.ts). Counts are added up in the statement,
 * per key; duration sketches come back as bytes and are merged here. The cost grows with the
 * organizations and the days (or hours) of the window, never with the calls or handoffs in it.
 * Each statement sees one snapshot, in which every day equals the sum of its hours; the statements
 * run side by side on the pool. No lock is taken and nothing is drained here.
 */

export interface HourOfWeekCalls {
  /** 0 is Monday 00:00 local. */
  hourOfWeek: number;
  direction: 'inbound' | 'outbound';
  calls: number;
}

export type DurationPercentiles = Record<DurationName, Percentiles>;

export interface RollupRead {
  calls: CallSumsRow[];
  funnel: FunnelRow[];
  /** Per key; and the whole window's (every key's sketches merged). */
  durations: Map<string, DurationPercentiles>;
  totalDurations: DurationPercentiles;
  /** With buckets: calls per local hour of the week, in the window's zone. */
  hoursOfWeek: HourOfWeekCalls[];
}

const uuids = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::uuid[]`;
const ints = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::int[]`;
const instants = (values: readonly number[]) => sql`${`{${values.map((v) => `"${new Date(v).toISOString()}"`).join(',')}}`}::timestamptz[]`;
const epochDate = (day: number) => sql`${new Date(day * 86_400_000).toISOString().slice(0, 10)}::date`;

interface Source {
  /** The organizations, their zone (index into `zones`) and their index (the key when grouped by organization). */
  orgs: SQL;
  plan: DayPlan | null;
  window: Window;
  group: Grouping;
}

/**
 * The rows of one rollup that make up the window, each with its key (0-based) and sign: `select
 * key, sign, <columns of r>`. `days`/`hours` are the rollup's daily and hourly tables.
 */
function rowsOf(s: Source, tables: { days: string; hours: string }, columns: string): SQL {
  const orgKey = s.group === 'organization';
  if (!s.plan) {
    // Per hour: the window's hourly rows, each in the bucket its start falls in.
    const key = orgKey ? sql`o.idx` : s.group === 'bucket' ? sql`width_bucket(r.bucket_start, ${instants(s.window.bucketStarts.map(Date.parse))}) - 1` : sql`0`;
    return sql`
      select ${key} as key, 1 as sign, ${sql.raw(columns)}
      from ${sql.raw(tables.hours)} r join ${s.orgs} on o.org = r.organization_id
      where r.organization_id = any(${uuids(s.window.organizationIds)}) and r.bucket_start >= ${s.window.start.toISOString()}::timestamptz and r.bucket_start < ${s.window.end.toISOString()}::timestamptz`;
  }
  const { days, hours, firstDay, lastDay } = s.plan;
  const parts: SQL[] = [];
  if (firstDay !== null && lastDay !== null) {
    parts.push(sql`
      select ${orgKey ? sql`o.idx` : sql`m.key`} as key, 1 as sign, ${sql.raw(columns)}
      from ${sql.raw(tables.days)} r
      join ${s.orgs} on o.org = r.organization_id
      join unnest(${ints(days.map((d) => d.zone))}, ${ints(days.map((d) => d.day))}, ${ints(days.map((d) => d.key))}) as m(zone, day, key)
        on m.zone = o.zone and m.day = r.day - date '1970-01-01'
      where r.organization_id = any(${uuids(s.window.organizationIds)}) and r.day >= ${epochDate(firstDay)} and r.day <= ${epochDate(lastDay)}`);
  }
  if (hours.length > 0) {
    // Each run of hours a plan moves: one index range scan per organization of its zone.
    parts.push(sql`
      select ${orgKey ? sql`o.idx` : sql`f.key`} as key, f.sign, ${sql.raw(columns)}
      from unnest(${ints(hours.map((h) => h.zone))}, ${instants(hours.map((h) => h.from))}, ${instants(hours.map((h) => h.to))}, ${ints(hours.map((h) => h.key))}, ${ints(hours.map((h) => h.sign))}) as f(zone, from_at, to_at, key, sign)
      join ${s.orgs} on o.zone = f.zone
      cross join lateral (select * from ${sql.raw(tables.hours)} h where h.organization_id = o.org and h.bucket_start >= f.from_at and h.bucket_start < f.to_at offset 0) r`);
  }
  if (parts.length === 0) return sql`select 0 as key, 1 as sign, ${sql.raw(columns)} from ${sql.raw(tables.hours)} r where false`;
  return sql.join(parts, sql` union all `);
}

const keyName = (w: Window, group: Grouping, key: number) => (group === 'bucket' ? String(key + 1) : group === 'organization' ? w.organizationIds[key]! : 'total');

async function callSums(db: DbOrTx, s: Source): Promise<CallSumsRow[]> {
  const counts = CALL_COUNT_COLUMNS.map((c) => `r.${c}`).join(', ');
  const result = await db.execute(sql`
    with x as materialized (${rowsOf(s, { days: 'analytics_call_days', hours: 'analytics_call_hours' }, `r.direction, ${counts}, r.outcomes`)})
    select key, direction, null as outcome, array[${sql.raw(CALL_COUNT_COLUMNS.map((c) => `sum(sign * ${c})`).join(', '))}]::float8[] as n from x group by 1, 2
    union all
    select x.key, x.direction, o.key, array[sum(x.sign * o.value::int)]::float8[] from x, jsonb_each_text(x.outcomes) o group by 1, 2, 3`);
  const rows = new Map<string, CallSumsRow>();
  for (const r of result.rows as { key: number; direction: 'inbound' | 'outbound'; outcome: string | null; n: number[] }[]) {
    const key = keyName(s.window, s.group, r.key);
    const id = `${key} ${r.direction}`;
    let row = rows.get(id);
    if (!row) {
      row = { key, direction: r.direction, calls: 0, completed: 0, silent: 0, contained: 0, handedOff: 0, handleSeconds: 0, handleCount: 0, connected: 0, voicemail: 0, outcomes: {} };
      rows.set(id, row);
    }
    if (r.outcome === null) {
      const [calls, completed, silent, contained, handedOff, handleSeconds, handleCount, connected, voicemail] = CALL_COUNT_COLUMNS.map((_, i) => r.n[i]!);
      Object.assign(row, { calls, completed, silent, contained, handedOff, handleSeconds, handleCount, connected, voicemail });
    } else if ((OUTCOME_KEYS as readonly string[]).includes(r.outcome)) {
      row.outcomes[r.outcome as OutcomeKey] = r.n[0]!;
    }
  }
  return [...rows.values()];
}

async function funnel(db: DbOrTx, s: Source): Promise<FunnelRow[]> {
  const result = await db.execute(sql`
    select key, source, array[${sql.raw(REQUEST_COUNT_COLUMNS.map((c) => `sum(sign * ${c})`).join(', '))}]::float8[] as n
    from (${rowsOf(s, { days: 'analytics_request_days', hours: 'analytics_request_hours' }, `r.source, ${REQUEST_COUNT_COLUMNS.map((c) => `r.${c}`).join(', ')}`)}) x
    group by 1, 2`);
  return (result.rows as { key: number; source: FunnelRow['source']; n: number[] }[]).map((r) => ({ key: keyName(s.window, s.group, r.key), source: r.source, started: r.n[0]!, submitted: r.n[1]!, scheduled: r.n[2]! }));
}

const noPercentiles = (): DurationPercentiles => Object.fromEntries(DURATION_NAMES.map((d) => [d, { median: null, p90: null, count: 0 }])) as DurationPercentiles;

function percentilesOf(counts: Record<DurationName, SketchCounts>): DurationPercentiles {
  return Object.fromEntries(
    DURATION_NAMES.map((d) => {
      const { values, count } = sketchPercentiles(counts[d], [0.5, 0.9]);
      return [d, { median: values[0]!, p90: values[1]!, count }];
    }),
  ) as DurationPercentiles;
}

/** Median and 90th percentile of each duration per key, from the merged sketches (within RELATIVE_ERROR). */
async function durations(db: DbOrTx, s: Source): Promise<{ byKey: Map<string, DurationPercentiles>; total: DurationPercentiles }> {
  const columns = DURATION_NAMES.map((d) => `r.${DURATION_COLUMNS[d]} as "${d}"`).join(', ');
  const result = await db.execute(sql`${rowsOf(s, { days: 'analytics_handoff_days', hours: 'analytics_handoff_hours' }, columns)}`);
  const merged = new Map<number, Record<DurationName, SketchCounts>>();
  for (const r of result.rows as ({ key: number; sign: 1 | -1 } & Record<DurationName, Buffer>)[]) {
    let counts = merged.get(r.key);
    if (!counts) merged.set(r.key, (counts = Object.fromEntries(DURATION_NAMES.map((d) => [d, emptyCounts()])) as Record<DurationName, SketchCounts>));
    for (const d of DURATION_NAMES) addEncoded(counts[d], r[d], r.sign);
  }
  const byKey = new Map<string, DurationPercentiles>();
  const total = Object.fromEntries(DURATION_NAMES.map((d) => [d, emptyCounts()])) as Record<DurationName, SketchCounts>;
  for (const [key, counts] of merged) {
    byKey.set(keyName(s.window, s.group, key), percentilesOf(counts));
    for (const d of DURATION_NAMES) {
      const into = total[d];
      counts[d].forEach((n, b) => (into[b]! += n));
    }
  }
  return { byKey, total: merged.size ? percentilesOf(total) : noPercentiles() };
}

/** Calls per local hour of the week in the window's zone: the hourly rows added up per starting instant, then placed by the zone's offset. */
async function hoursOfWeek(db: DbOrTx, w: Window): Promise<HourOfWeekCalls[]> {
  const result = await db.execute(sql`
    select (extract(epoch from bucket_start) * 1000)::float8 as at, direction, sum(calls)::float8 as calls
    from analytics_call_hours
    where organization_id = any(${uuids(w.organizationIds)}) and bucket_start >= ${w.start.toISOString()}::timestamptz and bucket_start < ${w.end.toISOString()}::timestamptz
    group by 1, 2`);
  const offsetStarts = w.offsets.from.map((at) => Date.parse(at));
  const cells = new Map<string, HourOfWeekCalls>();
  for (const r of result.rows as { at: number; direction: 'inbound' | 'outbound'; calls: number }[]) {
    let lo = 0;
    let hi = offsetStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (offsetStarts[mid]! <= r.at) lo = mid;
      else hi = mid - 1;
    }
    // 1970-01-01 was a Thursday: 72 hours after a Monday 00:00.
    const hourOfWeek = (Math.floor((r.at / 1000 + w.offsets.seconds[lo]!) / 3600) + 72) % 168;
    const id = `${hourOfWeek} ${r.direction}`;
    const cell = cells.get(id);
    if (cell) cell.calls += r.calls;
    else cells.set(id, { hourOfWeek, direction: r.direction, calls: r.calls });
  }
  return [...cells.values()];
}

/**
 * Every rollup figure of a window per key. `zones` are the organizations' zones (in
 * `w.organizationIds` order); `byDay` reads daily rows (buckets of a day or longer), otherwise the
 * hourly ones.
 */
export async function readRollups(db: DbOrTx, w: Window, group: Grouping, zones: readonly string[], byDay: boolean): Promise<RollupRead> {
  const distinct = [...new Set(zones)];
  const orgs = sql`unnest(${uuids(w.organizationIds)}, ${ints(zones.map((z) => distinct.indexOf(z)))}, ${ints(w.organizationIds.map((_, i) => i))}) as o(org, zone, idx)`;
  const plan = byDay ? planDays({ start: w.start.getTime(), end: w.end.getTime(), bucketStarts: group === 'bucket' ? w.bucketStarts.map(Date.parse) : [] }, distinct) : null;
  const s: Source = { orgs, plan, window: w, group };
  const [calls, funnelRows, d, week] = await Promise.all([callSums(db, s), funnel(db, s), durations(db, s), group === 'bucket' ? hoursOfWeek(db, w) : []]);
  return { calls, funnel: funnelRows, durations: d.byKey, totalDurations: d.total, hoursOfWeek: week };
}
