import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { callerSpokeSql } from '../../db/caller-spoke.js';
import { handedOffSql, handedToAPersonSql } from '../../db/handed-to-a-person.js';
import { CALL_COUNTS } from './analytics-columns.js';

/*
 * Upkeep of the analytics rollups (decision 020). Triggers (migration 0014) append every changed
 * (organization, instant) of calls, handoffs and appointment requests to analytics_dirty; a
 * drain turns them into organization-local hours and recomputes those hours from the raw rows.
 * Recomputing (rather than adding deltas) keeps the rollups equal to the raw records whatever
 * order or how often the changes come. The same transaction recomputes the daily rows of the
 * dates those hours fall on (decision 046), so a day always equals the sum of its hours.
 */

/** The instant the organization-local hour containing `at` began (see domain/analytics/buckets.ts). */
export const bucketStartSql = (at: SQL, zone: SQL) => sql`(${at} - ((${at} at time zone ${zone}) - date_trunc('hour', ${at} at time zone ${zone})))`;

export interface HourKey {
  organizationId: string;
  bucketStart: Date;
}

export interface HourKeyWithZone extends HourKey {
  timeZone: string;
}

/** Serialises drains: two drains recomputing one hour could otherwise store the older answer last. */
export async function lockRollups(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('switchboard.analytics_rollups'))`);
}

/** Takes up to `limit` pending changes off the queue, as distinct organization-local hours. */
export async function takeDirtyHours(tx: DbOrTx, limit: number): Promise<{ hours: HourKeyWithZone[]; taken: number }> {
  const result = await tx.execute(sql`
    with taken as (
      delete from analytics_dirty where id in (select id from analytics_dirty order by id limit ${limit})
      returning organization_id, at
    )
    select t.organization_id as "organizationId", o.time_zone as "timeZone",
           ${bucketStartSql(sql`t.at`, sql`o.time_zone`)} as "bucketStart", count(*)::int as n
    from taken t join organizations o on o.id = t.organization_id
    group by 1, 2, 3`);
  const rows = result.rows as unknown as (HourKeyWithZone & { n: number })[];
  return { hours: rows.map((r) => ({ organizationId: r.organizationId, timeZone: r.timeZone, bucketStart: new Date(r.bucketStart) })), taken: rows.reduce((a, r) => a + r.n, 0) };
}

export async function pendingChanges(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from analytics_dirty`);
  return (result.rows[0] as { n: number }).n;
}

const hoursParam = (hours: readonly HourKey[]) =>
  sql`unnest(${`{${hours.map((h) => h.organizationId).join(',')}}`}::uuid[], ${`{${hours.map((h) => `"${h.bucketStart.toISOString()}"`).join(',')}}`}::timestamptz[]) as t(organization_id, bucket_start)`;

/**
 * Recomputes the call and request rollups of these hours from the raw rows. `completed` counts
 * completed calls; `silent` those of them with no caller turn; contained, handed off and handle
 * time count the others (answered = completed − silent). Outcomes are counted per outcome in one
 * jsonb object (`none` while no outcome is set): the columns come from CALL_COUNTS, the outcomes
 * from the calls themselves, so neither list is repeated here.
 */
export async function recomputeCountHours(tx: DbOrTx, hours: readonly HourKey[]): Promise<void> {
  if (hours.length === 0) return;
  const columns = Object.keys(CALL_COUNTS);
  await tx.execute(sql`delete from analytics_call_hours a using ${hoursParam(hours)} where a.organization_id = t.organization_id and a.bucket_start = t.bucket_start`);
  await tx.execute(sql`
    insert into analytics_call_hours (organization_id, bucket_start, direction, ${sql.raw(columns.join(', '))}, outcomes)
    select organization_id, bucket_start, direction, ${sql.raw(columns.map((c) => `sum(${c})`).join(', '))}, jsonb_object_agg(outcome, calls)
    from (
      select t.organization_id, t.bucket_start, c.direction, coalesce(c.outcome, 'none') as outcome,
             ${sql.join(Object.entries(CALL_COUNTS).map(([column, count]) => sql`${count} as ${sql.raw(column)}`), sql`, `)}
      from ${hoursParam(hours)}
      join calls c on c.organization_id = t.organization_id and c.started_at >= t.bucket_start and c.started_at < t.bucket_start + interval '1 hour'
      cross join lateral (select ${handedOffSql(sql`c`)} as has_handoff, ${callerSpokeSql(sql`c`)} as spoke) x
      group by 1, 2, 3, 4
    ) per_outcome
    group by 1, 2, 3`);
  await tx.execute(sql`delete from analytics_request_hours a using ${hoursParam(hours)} where a.organization_id = t.organization_id and a.bucket_start = t.bucket_start`);
  await tx.execute(sql`
    insert into analytics_request_hours (organization_id, bucket_start, source, started, submitted, scheduled)
    select t.organization_id, t.bucket_start, r.source,
           count(*),
           count(*) filter (where r.status <> 'draft' and r.submitted_at is not null),
           count(*) filter (where r.status = 'scheduled')
    from ${hoursParam(hours)}
    join appointment_requests r on r.organization_id = t.organization_id and r.created_at >= t.bucket_start and r.created_at < t.bucket_start + interval '1 hour'
    group by t.organization_id, t.bucket_start, r.source`);
}

export interface HandoffTimes {
  id: string;
  organizationId: string;
  bucketStart: Date;
  status: 'open' | 'claimed' | 'resolved' | 'canceled';
  createdAt: Date;
  claimedAt: Date | null;
  resolvedAt: Date | null;
}

/** The handoffs handed to a person created in these hours, with the times their durations are made of (db/handed-to-a-person.ts). */
export async function handoffsInHours(tx: DbOrTx, hours: readonly HourKey[]): Promise<HandoffTimes[]> {
  if (hours.length === 0) return [];
  const result = await tx.execute(sql`
    select h.id, h.organization_id as "organizationId", t.bucket_start as "bucketStart", h.status,
           h.created_at as "createdAt", h.claimed_at as "claimedAt", h.resolved_at as "resolvedAt"
    from ${hoursParam(hours)}
    join handoffs h on h.organization_id = t.organization_id and h.created_at >= t.bucket_start and h.created_at < t.bucket_start + interval '1 hour'
    where ${handedToAPersonSql(sql`h`)}`);
  return (result.rows as unknown as HandoffTimes[]).map((r) => ({
    ...r,
    bucketStart: new Date(r.bucketStart),
    createdAt: new Date(r.createdAt),
    claimedAt: r.claimedAt && new Date(r.claimedAt),
    resolvedAt: r.resolvedAt && new Date(r.resolvedAt),
  }));
}

export interface HandoffFact {
  handoffId: string;
  organizationId: string;
  bucketStart: Date;
  claimSeconds: number | null;
  resolveSeconds: number | null;
  claimBusinessSeconds: number | null;
  resolveBusinessSeconds: number | null;
}

/** The facts stored for these hours. */
export async function factsOfHours(tx: DbOrTx, hours: readonly HourKey[]): Promise<HandoffFact[]> {
  if (hours.length === 0) return [];
  const result = await tx.execute(sql`
    select f.handoff_id as "handoffId", f.organization_id as "organizationId", f.bucket_start as "bucketStart", f.claim_seconds as "claimSeconds",
           f.resolve_seconds as "resolveSeconds", f.claim_business_seconds as "claimBusinessSeconds", f.resolve_business_seconds as "resolveBusinessSeconds"
    from ${hoursParam(hours)} join analytics_handoff_facts f on f.organization_id = t.organization_id and f.bucket_start = t.bucket_start`);
  return (result.rows as unknown as HandoffFact[]).map((f) => ({ ...f, bucketStart: new Date(f.bucketStart) }));
}

/** Replaces the facts of these hours; returns the other hours a handoff was moved out of (its creation time edited). */
export async function replaceHandoffFacts(tx: DbOrTx, hours: readonly HourKey[], facts: readonly HandoffFact[]): Promise<HourKey[]> {
  if (hours.length === 0) return [];
  await tx.execute(sql`delete from analytics_handoff_facts a using ${hoursParam(hours)} where a.organization_id = t.organization_id and a.bucket_start = t.bucket_start`);
  const ids = new Set(facts.map((f) => f.handoffId));
  // A handoff moved to another hour (edited creation time) leaves its old row behind otherwise.
  const moved = ids.size === 0 ? [] : ((await tx.execute(sql`delete from analytics_handoff_facts where handoff_id = any(${`{${[...ids].join(',')}}`}::uuid[]) returning organization_id as "organizationId", bucket_start as "bucketStart"`)).rows as unknown as HourKey[]);
  for (let i = 0; i < facts.length; i += 1000) {
    const chunk = facts.slice(i, i + 1000);
    const values = chunk.map(
      (f) => sql`(${f.handoffId}::uuid, ${f.organizationId}::uuid, ${f.bucketStart.toISOString()}::timestamptz, ${f.claimSeconds}::int, ${f.resolveSeconds}::int, ${f.claimBusinessSeconds}::int, ${f.resolveBusinessSeconds}::int)`,
    );
    await tx.execute(sql`
      insert into analytics_handoff_facts (handoff_id, organization_id, bucket_start, claim_seconds, resolve_seconds, claim_business_seconds, resolve_business_seconds)
      values ${sql.join(values, sql`, `)}`);
  }
  return moved.map((h) => ({ organizationId: h.organizationId, bucketStart: new Date(h.bucketStart) }));
}

export interface HourSketches extends HourKey {
  claim: Uint8Array;
  resolve: Uint8Array;
  claimBusiness: Uint8Array;
  resolveBusiness: Uint8Array;
}

/** Replaces the duration sketches of these hours (an hour with no handoff has no row). */
export async function replaceHandoffHours(tx: DbOrTx, hours: readonly HourKey[], rows: readonly HourSketches[]): Promise<void> {
  if (hours.length === 0) return;
  await tx.execute(sql`delete from analytics_handoff_hours a using ${hoursParam(hours)} where a.organization_id = t.organization_id and a.bucket_start = t.bucket_start`);
  for (let i = 0; i < rows.length; i += 1000) {
    const values = rows
      .slice(i, i + 1000)
      .map((r) => sql`(${r.organizationId}::uuid, ${r.bucketStart.toISOString()}::timestamptz, ${Buffer.from(r.claim)}, ${Buffer.from(r.resolve)}, ${Buffer.from(r.claimBusiness)}, ${Buffer.from(r.resolveBusiness)})`);
    await tx.execute(sql`insert into analytics_handoff_hours (organization_id, bucket_start, claim, resolve, claim_business, resolve_business) values ${sql.join(values, sql`, `)}`);
  }
}

/**
 * The organization-local dates these hours fall on (the local date of the hour's start in the
 * organization's zone: how a daily row is defined), with the range of instants their hours start in.
 */
const daysOf = (hours: readonly HourKey[]) => sql`
  (select distinct t.organization_id, (t.bucket_start at time zone o.time_zone)::date as day, o.time_zone
   from ${hoursParam(hours)} join organizations o on o.id = t.organization_id) d`;
/** The hours of day `d` in table alias `h` (the margin lets the primary key's range serve, the date test decides). */
const hoursOfDay = (h: string) =>
  sql.raw(`${h}.organization_id = d.organization_id
     and ${h}.bucket_start >= (d.day::timestamp - interval '1 day') at time zone 'UTC' and ${h}.bucket_start < (d.day::timestamp + interval '2 days') at time zone 'UTC'
     and (${h}.bucket_start at time zone d.time_zone)::date = d.day`);

/**
 * Recomputes the daily call and request rows of the dates these hours fall on from their hourly
 * rows: a day is exactly the sum of its hours, so a read may take a day and add or take away hours.
 * A daily call row also keeps its hours' calls (`calls_by_hour`), which the heatmap places by instant.
 */
export async function recomputeCountDays(tx: DbOrTx, hours: readonly HourKey[]): Promise<void> {
  if (hours.length === 0) return;
  const columns = Object.keys(CALL_COUNTS);
  await tx.execute(sql`delete from analytics_call_days a using ${daysOf(hours)} where a.organization_id = d.organization_id and a.day = d.day`);
  await tx.execute(sql`
    with h as materialized (
      select d.day, h.organization_id, h.bucket_start, h.direction, ${sql.raw(columns.map((c) => `h.${c}`).join(', '))}, h.outcomes from ${daysOf(hours)} join analytics_call_hours h on ${hoursOfDay('h')}
    ), outcomes as (
      select organization_id, day, direction, jsonb_object_agg(outcome, n) as outcomes
      from (select h.organization_id, h.day, h.direction, o.key as outcome, sum(o.value::int) as n from h, jsonb_each_text(h.outcomes) o group by 1, 2, 3, 4) x
      group by 1, 2, 3
    )
    insert into analytics_call_days (organization_id, day, direction, ${sql.raw(columns.join(', '))}, outcomes, calls_by_hour)
    select h.organization_id, h.day, h.direction, ${sql.raw(columns.map((c) => `sum(h.${c})`).join(', '))}, coalesce(o.outcomes, '{}'::jsonb),
           string_agg(int8send(extract(epoch from h.bucket_start)::bigint) || int4send(h.calls), ''::bytea order by h.bucket_start)
    from h left join outcomes o on o.organization_id = h.organization_id and o.day = h.day and o.direction = h.direction
    group by h.organization_id, h.day, h.direction, o.outcomes`);
  await tx.execute(sql`delete from analytics_request_days a using ${daysOf(hours)} where a.organization_id = d.organization_id and a.day = d.day`);
  await tx.execute(sql`
    insert into analytics_request_days (organization_id, day, source, started, submitted, scheduled)
    select d.organization_id, d.day, h.source, sum(h.started), sum(h.submitted), sum(h.scheduled)
    from ${daysOf(hours)} join analytics_request_hours h on ${hoursOfDay('h')}
    group by 1, 2, 3`);
}

export interface DaySketchInput {
  organizationId: string;
  /** The local date, YYYY-MM-DD. */
  day: string;
  claim: Uint8Array;
  resolve: Uint8Array;
  claimBusiness: Uint8Array;
  resolveBusiness: Uint8Array;
}

/** The hourly sketches of every hour of the dates these hours fall on, by date. */
export async function hourSketchesOfDays(tx: DbOrTx, hours: readonly HourKey[]): Promise<{ days: { organizationId: string; day: string }[]; hours: DaySketchInput[] }> {
  if (hours.length === 0) return { days: [], hours: [] };
  const days = await tx.execute(sql`select d.organization_id as "organizationId", d.day::text as day from ${daysOf(hours)}`);
  const rows = await tx.execute(sql`
    select d.organization_id as "organizationId", d.day::text as day, h.claim, h.resolve, h.claim_business as "claimBusiness", h.resolve_business as "resolveBusiness"
    from ${daysOf(hours)} join analytics_handoff_hours h on ${hoursOfDay('h')}`);
  return { days: days.rows as unknown as { organizationId: string; day: string }[], hours: rows.rows as unknown as DaySketchInput[] };
}

/** Replaces the daily sketches of these dates (a date with no handoff has no row). */
export async function replaceHandoffDays(tx: DbOrTx, days: readonly { organizationId: string; day: string }[], rows: readonly DaySketchInput[]): Promise<void> {
  if (days.length === 0) return;
  const daysParam = sql`unnest(${`{${days.map((d) => d.organizationId).join(',')}}`}::uuid[], ${`{${days.map((d) => d.day).join(',')}}`}::date[]) as d(organization_id, day)`;
  await tx.execute(sql`delete from analytics_handoff_days a using ${daysParam} where a.organization_id = d.organization_id and a.day = d.day`);
  for (let i = 0; i < rows.length; i += 1000) {
    const values = rows
      .slice(i, i + 1000)
      .map((r) => sql`(${r.organizationId}::uuid, ${r.day}::date, ${Buffer.from(r.claim)}, ${Buffer.from(r.resolve)}, ${Buffer.from(r.claimBusiness)}, ${Buffer.from(r.resolveBusiness)})`);
    await tx.execute(sql`insert into analytics_handoff_days (organization_id, day, claim, resolve, claim_business, resolve_business) values ${sql.join(values, sql`, `)}`);
  }
}

/**
 * When a drain began (the database's clock, taken before it looks at the queue, so every change
 * committed earlier is folded in once the drain ends) and whether any change waits.
 */
export async function drainStart(db: DbOrTx): Promise<{ at: Date; pending: boolean }> {
  const result = await db.execute(sql`select statement_timestamp() as at, exists (select 1 from analytics_dirty) as pending`);
  const row = result.rows[0] as { at: string | Date; pending: boolean };
  return { at: new Date(row.at), pending: row.pending };
}

/** Records that everything committed before `at` is folded in (never moves back). */
export async function markDrained(db: DbOrTx, at: Date): Promise<void> {
  await db.execute(sql`update analytics_drain_state set drained_at = greatest(coalesce(drained_at, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz) where id = 1`);
}

/** When the rollups were last brought up to date: the figures include every change committed before it. */
export async function drainedAt(db: DbOrTx): Promise<Date | null> {
  const result = await db.execute(sql`select drained_at as "drainedAt" from analytics_drain_state where id = 1`);
  const at = (result.rows[0] as { drainedAt: string | Date | null } | undefined)?.drainedAt;
  return at ? new Date(at) : null;
}

/** Every organization-local hour that holds a call, a handoff or an appointment request. */
export async function allRecordHours(db: DbOrTx): Promise<HourKeyWithZone[]> {
  const result = await db.execute(sql`
    select distinct x.organization_id as "organizationId", o.time_zone as "timeZone", ${bucketStartSql(sql`x.at`, sql`o.time_zone`)} as "bucketStart"
    from (
      select organization_id, started_at as at from calls
      union all select organization_id, created_at from handoffs
      union all select organization_id, created_at from appointment_requests
    ) x join organizations o on o.id = x.organization_id
    order by 1, 3`);
  return (result.rows as unknown as HourKeyWithZone[]).map((r) => ({ ...r, bucketStart: new Date(r.bucketStart) }));
}

const ROLLUP_TABLES = 'analytics_call_hours, analytics_request_hours, analytics_handoff_facts, analytics_handoff_hours, analytics_call_days, analytics_request_days, analytics_handoff_days';

export async function clearRollups(tx: DbOrTx): Promise<void> {
  await tx.execute(sql.raw(`truncate ${ROLLUP_TABLES}, analytics_dirty`));
}

export async function analyzeRollups(db: DbOrTx): Promise<void> {
  await db.execute(sql.raw(`analyze ${ROLLUP_TABLES}`));
}
