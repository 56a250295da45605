import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { OUTCOME_KEYS, type OutcomeKey } from '../../../domain/analytics/figures.js';
import { addEncoded, emptyCounts, type SketchCounts } from '../../../domain/analytics/duration-sketch.js';
import { CALL_COUNT_COLUMNS, DURATION_COLUMNS, DURATION_NAMES, REQUEST_COUNT_COLUMNS, type DurationName } from './analytics-columns.js';
import { planDays, type DayPlan } from './analytics-read-plan.js';
import type { CallSumsRow, FunnelRow, RollupQuery } from './analytics.repository.js';

/*
 * The analytics page read from PostgreSQL (decision 046). Each rollup is read by one statement for
 * every key of the page at once (the previous period and each display bucket): an index range scan
 * over the daily rows, plus the few hours a day's plan moves between keys (analytics-read-plan.ts),
 * plus, for hourly buckets, the hourly rows. Counts are added up in the statement, per key;
 * duration sketches come back as bytes and are merged here. The cost grows with the organizations
 * and the days (or hours) of the window, never with the calls or handoffs in it. Each statement
 * sees one snapshot, in which every day equals the sum of its hours; the statements run side by
 * side on the pool. No lock is taken and nothing is drained here.
 */

export interface HourOfWeekCalls {
  /** 0 is Monday 00:00 local. */
  hourOfWeek: number;
  direction: 'inbound' | 'outbound';
  calls: number;
}

export interface RollupRead {
  calls: CallSumsRow[];
  funnel: FunnelRow[];
  /** Each key's duration sketches (a key with no handoff is absent). */
  durations: Map<number, Record<DurationName, SketchCounts>>;
}

const uuids = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::uuid[]`;
const ints = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::int[]`;
const instants = (values: readonly number[]) => sql`${`{${values.map((v) => `"${new Date(v).toISOString()}"`).join(',')}}`}::timestamptz[]`;
const isoDate = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const epochDate = (day: number) => sql`${isoDate(day)}::date`;
const dates = (days: readonly number[]) => sql`${`{${days.map(isoDate).join(',')}}`}::date[]`;

interface Source {
  query: RollupQuery;
  /** The organizations, their zone (index into the plan's zones) and their index (the key when keyed by organization). */
  orgs: SQL;
  /** What is read from the daily rows: the keys before the first hourly one. */
  plan: DayPlan;
}

/**
 * The rows of one rollup that make up every key, each with its key (0-based) and sign: `select
 * key, sign, <columns of r>`. `days`/`hours` are the rollup's daily and hourly tables.
 */
function rowsOf(s: Source, tables: { days: string; hours: string }, columns: string): SQL {
  const { query: q, plan } = s;
  const byOrg = q.byOrganization;
  const parts: SQL[] = [];
  if (plan.firstDay !== null && plan.lastDay !== null) {
    const { days } = plan;
    parts.push(sql`
      select ${byOrg ? sql`o.idx` : sql`m.key`} as key, 1 as sign, ${sql.raw(columns)}
      from ${sql.raw(tables.days)} r
      join ${s.orgs} on o.org = r.organization_id
      join unnest(${ints(days.map((d) => d.zone))}, ${dates(days.map((d) => d.day))}, ${ints(days.map((d) => d.key))}) as m(zone, day, key)
        on m.zone = o.zone and m.day = r.day
      where r.organization_id = any(${uuids(q.organizationIds)}) and r.day >= ${epochDate(plan.firstDay)} and r.day <= ${epochDate(plan.lastDay)}`);
  }
  if (plan.hours.length > 0) {
    // Each run of hours a plan moves: one index range scan per organization of its zone, counted
    // once taken away from its date's key and once added to its own.
    const { hours } = plan;
    // (`offset 0` keeps each range scan apart, and the rows found before they are counted twice.)
    parts.push(sql`
      select ${byOrg ? sql`r.idx` : sql`m.key`} as key, m.sign, ${sql.raw(columns)}
      from (
        select f.from_key, f.to_key, o.idx, h.*
        from unnest(${ints(hours.map((h) => h.zone))}, ${instants(hours.map((h) => h.start))}, ${instants(hours.map((h) => h.end))}, ${ints(hours.map((h) => h.from))}, ${ints(hours.map((h) => h.to))})
          as f(zone, start_at, end_at, from_key, to_key)
        join ${s.orgs} on o.zone = f.zone
        cross join lateral (select * from ${sql.raw(tables.hours)} h where h.organization_id = o.org and h.bucket_start >= f.start_at and h.bucket_start < f.end_at offset 0) h
        offset 0
      ) r
      cross join lateral (values (r.from_key, -1), (r.to_key, 1)) as m(key, sign)
      where m.key >= 0`);
  }
  if (q.firstHourKey !== null) {
    // Hourly buckets: the hourly rows, each in the bucket its start falls in.
    const starts = q.starts.slice(q.firstHourKey);
    const key = byOrg ? sql`o.idx` : sql`${q.firstHourKey - 1}::int + width_bucket(r.bucket_start, ${instants(starts)})`;
    parts.push(sql`
      select ${key} as key, 1 as sign, ${sql.raw(columns)}
      from ${sql.raw(tables.hours)} r join ${s.orgs} on o.org = r.organization_id
      where r.organization_id = any(${uuids(q.organizationIds)}) and r.bucket_start >= ${new Date(starts[0]!).toISOString()}::timestamptz and r.bucket_start < ${new Date(q.end).toISOString()}::timestamptz`);
  }
  if (parts.length === 0) return sql`select 0 as key, 1 as sign, ${sql.raw(columns)} from ${sql.raw(tables.hours)} r where false`;
  return sql.join(parts, sql` union all `);
}

/** Call counts per key and direction: the counted columns, then the calls per outcome (by name, from the one list of outcomes). */
async function callSums(db: DbOrTx, s: Source): Promise<CallSumsRow[]> {
  const sums = [...CALL_COUNT_COLUMNS.map((c) => `sum(sign * ${c})`), ...OUTCOME_KEYS.map((k) => `sum(sign * coalesce((outcomes ->> '${k}')::int, 0))`)];
  const result = await db.execute(sql`
    select key, direction, array[${sql.raw(sums.join(', '))}]::float8[] as n
    from (${rowsOf(s, { days: 'analytics_call_days', hours: 'analytics_call_hours' }, `r.direction, ${CALL_COUNT_COLUMNS.map((c) => `r.${c}`).join(', ')}, r.outcomes`)}) x
    group by 1, 2`);
  return (result.rows as { key: number; direction: 'inbound' | 'outbound'; n: number[] }[]).map((r) => {
    const [calls, completed, silent, contained, handedOff, handleSeconds, handleCount, connected, voicemail] = r.n;
    const outcomes = Object.fromEntries(OUTCOME_KEYS.map((k, i) => [k, r.n[CALL_COUNT_COLUMNS.length + i]!])) as Record<OutcomeKey, number>;
    return { key: r.key, direction: r.direction, calls: calls!, completed: completed!, silent: silent!, contained: contained!, handedOff: handedOff!, handleSeconds: handleSeconds!, handleCount: handleCount!, connected: connected!, voicemail: voicemail!, outcomes };
  });
}

async function funnel(db: DbOrTx, s: Source): Promise<FunnelRow[]> {
  const result = await db.execute(sql`
    select key, source, array[${sql.raw(REQUEST_COUNT_COLUMNS.map((c) => `sum(sign * ${c})`).join(', '))}]::float8[] as n
    from (${rowsOf(s, { days: 'analytics_request_days', hours: 'analytics_request_hours' }, `r.source, ${REQUEST_COUNT_COLUMNS.map((c) => `r.${c}`).join(', ')}`)}) x
    group by 1, 2`);
  return (result.rows as { key: number; source: FunnelRow['source']; n: number[] }[]).map((r) => ({ key: r.key, source: r.source, started: r.n[0]!, submitted: r.n[1]!, scheduled: r.n[2]! }));
}

/** Each key's duration sketches, merged from its rows' (added or taken away by the row's sign). */
async function durations(db: DbOrTx, s: Source): Promise<Map<number, Record<DurationName, SketchCounts>>> {
  const columns = DURATION_NAMES.map((d) => `r.${DURATION_COLUMNS[d]} as "${d}"`).join(', ');
  const result = await db.execute(sql`${rowsOf(s, { days: 'analytics_handoff_days', hours: 'analytics_handoff_hours' }, columns)}`);
  const merged = new Map<number, Record<DurationName, SketchCounts>>();
  for (const r of result.rows as ({ key: number; sign: 1 | -1 } & Record<DurationName, Buffer>)[]) {
    let counts = merged.get(r.key);
    if (!counts) merged.set(r.key, (counts = Object.fromEntries(DURATION_NAMES.map((d) => [d, emptyCounts()])) as Record<DurationName, SketchCounts>));
    for (const d of DURATION_NAMES) addEncoded(counts[d], r[d], r.sign);
  }
  return merged;
}

/**
 * Every rollup figure per key. The keys before `firstHourKey` are read from the daily rows by a
 * plan (per zone of the organizations), the others from the hourly rows.
 */
export async function readRollups(db: DbOrTx, q: RollupQuery): Promise<RollupRead> {
  const distinct = [...new Set(q.zones)];
  const orgs = sql`unnest(${uuids(q.organizationIds)}, ${ints(q.zones.map((z) => distinct.indexOf(z)))}, ${ints(q.organizationIds.map((_, i) => i))}) as o(org, zone, idx)`;
  const byDay = q.firstHourKey === null ? q.starts : q.starts.slice(0, q.firstHourKey);
  const plan = planDays({ start: q.starts[0]!, end: q.firstHourKey === null ? q.end : q.starts[q.firstHourKey]!, bucketStarts: byDay }, distinct);
  const s: Source = { query: q, orgs, plan };
  const [calls, funnelRows, d] = await Promise.all([callSums(db, s), funnel(db, s), durations(db, s)]);
  return { calls, funnel: funnelRows, durations: d };
}

/**
 * Calls per local hour of the week in the page's zone over [start, end): each hour's calls as its
 * date's daily rows keep them (`calls_by_hour`: the hour's start, Unix seconds as int8, and its
 * calls as int4), placed by the instant it began and the zone's offsets. The dates read are every
 * organization-local date that may hold an hour of the window (a local date is at most one day
 * from the UTC date); hours outside the window are left out, so the figure is exact.
 */
export async function hoursOfWeek(
  db: DbOrTx,
  organizationIds: readonly string[],
  start: number,
  end: number,
  offsets: { from: readonly number[]; seconds: readonly number[] },
): Promise<HourOfWeekCalls[]> {
  const utcDay = (ms: number) => Math.floor(ms / 86_400_000);
  const result = await db.execute(sql`
    select direction, calls_by_hour as hours from analytics_call_days
    where organization_id = any(${uuids(organizationIds)}) and day >= ${epochDate(utcDay(start) - 1)} and day <= ${epochDate(utcDay(end - 1) + 1)}`);
  // calls[direction][hour of the week]
  const grid = { inbound: new Array<number>(168).fill(0), outbound: new Array<number>(168).fill(0) };
  for (const r of result.rows as { direction: 'inbound' | 'outbound'; hours: Buffer }[]) {
    for (let i = 0; i < r.hours.length; i += 12) {
      const at = (r.hours.readInt32BE(i) * 2 ** 32 + r.hours.readUInt32BE(i + 4)) * 1000;
      if (at < start || at >= end) continue;
      let lo = 0;
      let hi = offsets.from.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (offsets.from[mid]! <= at) lo = mid;
        else hi = mid - 1;
      }
      // 1970-01-01 was a Thursday: 72 hours after a Monday 00:00.
      const hourOfWeek = (Math.floor((at / 1000 + offsets.seconds[lo]!) / 3600) + 72) % 168;
      grid[r.direction][hourOfWeek]! += r.hours.readInt32BE(i + 8);
    }
  }
  return (['inbound', 'outbound'] as const).flatMap((direction) => grid[direction].map((calls, hourOfWeek) => ({ hourOfWeek, direction, calls })).filter((c) => c.calls > 0));
}
