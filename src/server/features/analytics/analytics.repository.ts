import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/*
 * Reads of the analytics rollups (analytics-rollups.repository.ts keeps them). No row's instant
 * is converted to a time zone here: the display buckets arrive as their starting instants and
 * each row finds its bucket by binary search (width_bucket), and local hours of the week come
 * from adding the zone's offset of the segment the row falls in. Sums come back per bucket and
 * direction (a few hundred rows at most); the service adds them up.
 */

export interface Window {
  organizationIds: string[];
  start: Date;
  end: Date;
  /** Starting instants (ISO) of the display buckets, ascending; the first is `start`. */
  bucketStarts: string[];
  /** The zone's offsets in the window: where each begins and how many seconds east of UTC. */
  offsets: { from: string[]; seconds: number[] };
}

/** bucket: per display bucket (1-based index into `bucketStarts`); organization: per organization id; total: one key. */
export type Grouping = 'bucket' | 'organization' | 'total';

const instants = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v}"`).join(',')}}`}::timestamptz[]`;

function groupKey(group: Grouping, at: SQL, w: Window): SQL {
  if (group === 'bucket') return sql`width_bucket(${at}, ${instants(w.bucketStarts)})::text`;
  if (group === 'organization') return sql`organization_id::text`;
  return sql`'total'`;
}

const inWindow = (w: Window, column: SQL) =>
  sql`organization_id = any(${`{${w.organizationIds.join(',')}}`}::uuid[]) and ${column} >= ${w.start.toISOString()}::timestamptz and ${column} < ${w.end.toISOString()}::timestamptz`;

export interface CallSumsRow {
  key: string;
  direction: 'inbound' | 'outbound';
  calls: number;
  completed: number;
  contained: number;
  handedOff: number;
  handleSeconds: number;
  handleCount: number;
  connected: number;
  voicemail: number;
  appointment_requested: number;
  question_answered: number;
  transferred: number;
  message_taken: number;
  emergency: number;
  outcome_voicemail: number;
  abandoned: number;
  other: number;
  none: number;
}

export async function callSums(db: DbOrTx, w: Window, group: Grouping): Promise<CallSumsRow[]> {
  const result = await db.execute(sql`
    select ${groupKey(group, sql`bucket_start`, w)} as key, direction,
           sum(calls)::int as calls, sum(completed)::int as completed, sum(contained)::int as contained, sum(handed_off)::int as "handedOff",
           sum(handle_seconds)::float8 as "handleSeconds", sum(handle_count)::int as "handleCount", sum(connected)::int as connected, sum(voicemail)::int as voicemail,
           sum(outcome_appointment_requested)::int as appointment_requested, sum(outcome_question_answered)::int as question_answered,
           sum(outcome_transferred)::int as transferred, sum(outcome_message_taken)::int as message_taken, sum(outcome_emergency)::int as emergency,
           sum(outcome_voicemail)::int as outcome_voicemail, sum(outcome_abandoned)::int as abandoned, sum(outcome_other)::int as other, sum(outcome_none)::int as none
    from analytics_call_hours
    where ${inWindow(w, sql`bucket_start`)}
    group by 1, 2`);
  return result.rows as unknown as CallSumsRow[];
}

/** Calls per local hour of the week (0 = Monday 00:00 … 167) and direction. */
export async function heatmap(db: DbOrTx, w: Window): Promise<{ localEpochHour: number; direction: 'inbound' | 'outbound'; calls: number }[]> {
  const offset = sql`(${`{${w.offsets.seconds.join(',')}}`}::int[])[width_bucket(bucket_start, ${instants(w.offsets.from)})]`;
  const result = await db.execute(sql`
    select min(floor((extract(epoch from bucket_start) + ${offset}) / 3600))::float8 as "localEpochHour", direction, sum(calls)::int as calls
    from analytics_call_hours
    where ${inWindow(w, sql`bucket_start`)}
    group by ((floor((extract(epoch from bucket_start) + ${offset}) / 3600))::bigint + 72) % 168, direction`);
  return result.rows as unknown as { localEpochHour: number; direction: 'inbound' | 'outbound'; calls: number }[];
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

/** Medians and 90th percentiles need the values: per key, and (with buckets) for the whole window (key null). */
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
  key: string;
  source: 'web' | 'phone' | 'portal';
  started: number;
  submitted: number;
  scheduled: number;
}

export async function funnel(db: DbOrTx, w: Window, group: Grouping): Promise<FunnelRow[]> {
  const result = await db.execute(sql`
    select ${groupKey(group, sql`bucket_start`, w)} as key, source, sum(started)::int as started, sum(submitted)::int as submitted, sum(scheduled)::int as scheduled
    from analytics_request_hours
    where ${inWindow(w, sql`bucket_start`)}
    group by 1, 2`);
  return result.rows as unknown as FunnelRow[];
}

/** Numbers added to the do-not-call list: few rows, counted straight from the list. */
export async function doNotCallAdditions(db: DbOrTx, w: Window, group: Grouping): Promise<{ key: string; count: number }[]> {
  const result = await db.execute(sql`
    select ${groupKey(group, sql`created_at`, w)} as key, count(*)::int as count
    from do_not_call
    where ${inWindow(w, sql`created_at`)}
    group by 1`);
  return result.rows as unknown as { key: string; count: number }[];
}
