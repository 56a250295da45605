import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/*
 * Reads of the analytics rollups (analytics-rollups.repository.ts keeps them). No row's instant
 * is converted to a time zone here: the display buckets arrive as their starting instants and
 * each row finds its bucket by binary search (width_bucket), and local hours of the week come
 * from adding the zone's offset of the segment the row falls in. Sums come back per bucket and
 * direction (a few hundred rows at most); the service adds them up. Handoff durations are read
 * from memory (duration-index.ts): their percentiles need every value.
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

function groupKey(group: Grouping, at: SQL, w: Window, asText = true): SQL {
  if (group === 'bucket') return asText ? sql`width_bucket(${at}, ${instants(w.bucketStarts)})::text` : sql`width_bucket(${at}, ${instants(w.bucketStarts)})`;
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

const CALL_SUMS = sql.raw(`sum(calls)::int as calls, sum(completed)::int as completed, sum(contained)::int as contained, sum(handed_off)::int as "handedOff",
           sum(handle_seconds)::float8 as "handleSeconds", sum(handle_count)::int as "handleCount", sum(connected)::int as connected, sum(voicemail)::int as voicemail,
           sum(outcome_appointment_requested)::int as appointment_requested, sum(outcome_question_answered)::int as question_answered,
           sum(outcome_transferred)::int as transferred, sum(outcome_message_taken)::int as message_taken, sum(outcome_emergency)::int as emergency,
           sum(outcome_voicemail)::int as outcome_voicemail, sum(outcome_abandoned)::int as abandoned, sum(outcome_other)::int as other, sum(outcome_none)::int as none`);

/** Sums per organization or for the whole window (the overview's today, the previous period). */
export async function callSums(db: DbOrTx, w: Window, group: Exclude<Grouping, 'bucket'>): Promise<CallSumsRow[]> {
  const result = await db.execute(sql`
    select ${groupKey(group, sql`bucket_start`, w)} as key, direction, ${CALL_SUMS}
    from analytics_call_hours
    where ${inWindow(w, sql`bucket_start`)}
    group by 1, 2`);
  return result.rows as unknown as CallSumsRow[];
}

/**
 * Sums per display bucket and per local hour of the week, in one statement. The organizations'
 * rows are first added up per hour (a hash aggregate: at most two rows per hour of the window),
 * so finding a bucket and a local hour of the week is done once per hour, not once per
 * organization-hour: the per-row work left is one hash lookup and the sums.
 */
export async function callSumsByBucketAndHourOfWeek(db: DbOrTx, w: Window): Promise<{ buckets: CallSumsRow[]; hoursOfWeek: { hourOfWeek: number; direction: 'inbound' | 'outbound'; calls: number }[] }> {
  const offset = sql`(${`{${w.offsets.seconds.join(',')}}`}::int[])[width_bucket(bucket_start, ${instants(w.offsets.from)})]`;
  const hourSums = sql.raw(`sum(calls) as calls, sum(completed) as completed, sum(contained) as contained, sum(handed_off) as handed_off,
           sum(handle_seconds) as handle_seconds, sum(handle_count) as handle_count, sum(connected) as connected, sum(voicemail) as voicemail,
           sum(outcome_appointment_requested) as outcome_appointment_requested, sum(outcome_question_answered) as outcome_question_answered,
           sum(outcome_transferred) as outcome_transferred, sum(outcome_message_taken) as outcome_message_taken, sum(outcome_emergency) as outcome_emergency,
           sum(outcome_voicemail) as outcome_voicemail, sum(outcome_abandoned) as outcome_abandoned, sum(outcome_other) as outcome_other, sum(outcome_none) as outcome_none`);
  const result = await db.execute(sql`
    with hours as materialized (
      select bucket_start, direction, ${hourSums}
      from analytics_call_hours
      where ${inWindow(w, sql`bucket_start`)}
      group by bucket_start, direction)
    select 'bucket' as part, width_bucket(bucket_start, ${instants(w.bucketStarts)})::text as key, direction, ${CALL_SUMS}
    from hours group by 2, 3
    union all
    -- 1970-01-01 was a Thursday: 72 hours after a Monday 00:00.
    select 'hourOfWeek', ((floor((extract(epoch from bucket_start) + ${offset}) / 3600))::bigint + 72) % 168 || '', direction, ${CALL_SUMS}
    from hours group by 2, 3`);
  const rows = result.rows as unknown as (CallSumsRow & { part: 'bucket' | 'hourOfWeek' })[];
  return {
    buckets: rows.filter((r) => r.part === 'bucket'),
    hoursOfWeek: rows.filter((r) => r.part === 'hourOfWeek').map((r) => ({ hourOfWeek: Number(r.key), direction: r.direction, calls: r.calls })),
  };
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
    from (select ${group === 'organization' ? sql`organization_id` : sql`null::uuid as organization_id`}, bucket_start, source, sum(started) as started, sum(submitted) as submitted, sum(scheduled) as scheduled
          from analytics_request_hours where ${inWindow(w, sql`bucket_start`)} group by 1, 2, 3) hours
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
