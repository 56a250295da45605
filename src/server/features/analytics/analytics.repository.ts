import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { Granularity } from '../../../domain/analytics/buckets.js';
import type { CallDirection } from '../../../domain/calls/vocabulary.js';

/*
 * Reads of the analytics rollups (analytics-rollups.repository.ts keeps them): sums per display
 * bucket read in the chosen zone, with the whole period's total in the same pass (grouping sets).
 */

export interface Window {
  organizationIds: string[];
  start: Date;
  end: Date;
  zone: string;
  granularity: Granularity;
}

/** The display bucket a rollup hour falls in (matches domain/analytics/buckets.ts `bucketKey`). */
function keySql(at: SQL, w: Window): SQL {
  const local = sql`(${at} at time zone ${w.zone})`;
  if (w.granularity === 'hour') {
    const hourStart = sql`(${at} - (${local} - date_trunc('hour', ${local})))`;
    return sql`to_char(${hourStart} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  return sql`to_char(date_trunc(${w.granularity}, ${local}), 'YYYY-MM-DD')`;
}

/** bucket: per display bucket plus a total row (key null); organization: per organization id; total: one row (none when empty). */
export type Grouping = 'bucket' | 'organization' | 'total';

function groupKey(group: Grouping, at: SQL, w: Window): SQL {
  if (group === 'bucket') return keySql(at, w);
  if (group === 'organization') return sql`organization_id::text`;
  return sql`null::text`;
}

const inWindow = (w: Window, column: SQL) =>
  sql`organization_id = any(${`{${w.organizationIds.join(',')}}`}::uuid[]) and ${column} >= ${w.start.toISOString()}::timestamptz and ${column} < ${w.end.toISOString()}::timestamptz`;

const directionsParam = (directions: readonly CallDirection[]) => sql`${`{${directions.join(',')}}`}::text[]`;

/** Totals have key null. */
export interface CallSumsRow {
  key: string | null;
  inbound: number;
  outbound: number;
  answered: number;
  contained: number;
  handedOff: number;
  handleSeconds: number;
  handleCount: number;
  outboundConnected: number;
  outboundVoicemail: number;
  appointment_requested: number;
  question_answered: number;
  transferred: number;
  message_taken: number;
  emergency: number;
  voicemail: number;
  abandoned: number;
  other: number;
  none: number;
}

export async function callSums(db: DbOrTx, w: Window, directions: readonly CallDirection[], group: Grouping): Promise<CallSumsRow[]> {
  const dirs = directionsParam(directions);
  const outcome = (column: string, as: string) => sql`coalesce(sum(${sql.raw(column)}) filter (where direction = any(${dirs})), 0)::int as ${sql.raw(`"${as}"`)}`;
  const result = await db.execute(sql`
    select key,
           coalesce(sum(calls) filter (where direction = 'inbound'), 0)::int as inbound,
           coalesce(sum(calls) filter (where direction = 'outbound'), 0)::int as outbound,
           coalesce(sum(completed) filter (where direction = 'inbound'), 0)::int as answered,
           coalesce(sum(contained) filter (where direction = 'inbound'), 0)::int as contained,
           coalesce(sum(handed_off) filter (where direction = 'inbound'), 0)::int as "handedOff",
           coalesce(sum(handle_seconds) filter (where direction = 'inbound'), 0)::float8 as "handleSeconds",
           coalesce(sum(handle_count) filter (where direction = 'inbound'), 0)::int as "handleCount",
           coalesce(sum(connected) filter (where direction = 'outbound'), 0)::int as "outboundConnected",
           coalesce(sum(voicemail) filter (where direction = 'outbound'), 0)::int as "outboundVoicemail",
           ${outcome('outcome_appointment_requested', 'appointment_requested')}, ${outcome('outcome_question_answered', 'question_answered')},
           ${outcome('outcome_transferred', 'transferred')}, ${outcome('outcome_message_taken', 'message_taken')},
           ${outcome('outcome_emergency', 'emergency')}, ${outcome('outcome_voicemail', 'voicemail')},
           ${outcome('outcome_abandoned', 'abandoned')}, ${outcome('outcome_other', 'other')}, ${outcome('outcome_none', 'none')}
    from (select *, ${groupKey(group, sql`bucket_start`, w)} as key from analytics_call_hours where ${inWindow(w, sql`bucket_start`)}) s
    ${group === 'bucket' ? sql`group by grouping sets ((key), ())` : sql`group by key`}`);
  return result.rows as unknown as CallSumsRow[];
}

export async function heatmap(db: DbOrTx, w: Window, directions: readonly CallDirection[]): Promise<{ weekday: number; hour: number; calls: number }[]> {
  const local = sql`(bucket_start at time zone ${w.zone})`;
  const result = await db.execute(sql`
    select extract(isodow from ${local})::int as weekday, extract(hour from ${local})::int as hour, sum(calls)::int as calls
    from analytics_call_hours
    where ${inWindow(w, sql`bucket_start`)} and direction = any(${directionsParam(directions)})
    group by 1, 2`);
  return result.rows as unknown as { weekday: number; hour: number; calls: number }[];
}

export interface DurationRow {
  key: string | null;
  claimMedian: number | null;
  claimP90: number | null;
  claimCount: number;
  resolveMedian: number | null;
  resolveP90: number | null;
  resolveCount: number;
  claimBusinessMedian: number | null;
  claimBusinessP90: number | null;
  claimBusinessCount: number;
  resolveBusinessMedian: number | null;
  resolveBusinessP90: number | null;
  resolveBusinessCount: number;
}

export async function handoffDurations(db: DbOrTx, w: Window, group: Grouping): Promise<DurationRow[]> {
  const pct = (column: string, as: string) =>
    sql`percentile_disc(0.5) within group (order by ${sql.raw(column)}) as ${sql.raw(`"${as}Median"`)},
        percentile_disc(0.9) within group (order by ${sql.raw(column)}) as ${sql.raw(`"${as}P90"`)},
        count(${sql.raw(column)})::int as ${sql.raw(`"${as}Count"`)}`;
  const result = await db.execute(sql`
    select key,
           ${pct('claim_seconds', 'claim')}, ${pct('resolve_seconds', 'resolve')},
           ${pct('claim_business_seconds', 'claimBusiness')}, ${pct('resolve_business_seconds', 'resolveBusiness')}
    from (select *, ${groupKey(group, sql`bucket_start`, w)} as key from analytics_handoff_facts where ${inWindow(w, sql`bucket_start`)}) s
    ${group === 'bucket' ? sql`group by grouping sets ((key), ())` : sql`group by key`}`);
  return result.rows as unknown as DurationRow[];
}

export interface FunnelRow {
  key: string | null;
  source: 'web' | 'phone' | 'portal';
  started: number;
  submitted: number;
  scheduled: number;
}

export async function funnel(db: DbOrTx, w: Window, group: Grouping): Promise<FunnelRow[]> {
  const result = await db.execute(sql`
    select key, source,
           sum(started)::int as started, sum(submitted)::int as submitted, sum(scheduled)::int as scheduled
    from (select *, ${groupKey(group, sql`bucket_start`, w)} as key from analytics_request_hours where ${inWindow(w, sql`bucket_start`)}) s
    ${group === 'bucket' ? sql`group by grouping sets ((key, source), (source))` : sql`group by key, source`}`);
  return result.rows as unknown as FunnelRow[];
}

/** Numbers added to the do-not-call list: few rows, counted straight from the list. */
export async function doNotCallAdditions(db: DbOrTx, w: Window, group: Grouping): Promise<{ key: string | null; count: number }[]> {
  const result = await db.execute(sql`
    select key, count(*)::int as count
    from (select *, ${groupKey(group, sql`created_at`, w)} as key from do_not_call where ${inWindow(w, sql`created_at`)}) s
    ${group === 'bucket' ? sql`group by grouping sets ((key), ())` : sql`group by key`}`);
  return result.rows as unknown as { key: string | null; count: number }[];
}
