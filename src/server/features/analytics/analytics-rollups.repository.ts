import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { callerSpokeSql } from '../../db/caller-spoke.js';

/*
 * Upkeep of the analytics rollups (decision 020). Triggers (migration 0014) append every changed
 * (organization, instant) of calls, handoffs and appointment requests to analytics_dirty; a
 * drain turns them into organization-local hours and recomputes those hours from the raw rows.
 * Recomputing (rather than adding deltas) keeps the rollups equal to the raw records whatever
 * order or how often the changes come.
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

/** Whether any change waits: one index probe, no lock, so a read with nothing to fold in pays almost nothing. */
export async function anyPendingChange(db: DbOrTx): Promise<boolean> {
  const result = await db.execute(sql`select exists (select 1 from analytics_dirty) as pending`);
  return (result.rows[0] as { pending: boolean }).pending;
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
 * time count the others (answered = completed − silent).
 */
export async function recomputeCountHours(tx: DbOrTx, hours: readonly HourKey[]): Promise<void> {
  if (hours.length === 0) return;
  await tx.execute(sql`delete from analytics_call_hours a using ${hoursParam(hours)} where a.organization_id = t.organization_id and a.bucket_start = t.bucket_start`);
  await tx.execute(sql`
    insert into analytics_call_hours (organization_id, bucket_start, direction, calls, completed, contained, handed_off, handle_seconds, handle_count,
      connected, voicemail, outcome_appointment_requested, outcome_question_answered, outcome_transferred, outcome_message_taken,
      outcome_emergency, outcome_voicemail, outcome_abandoned, outcome_other, outcome_none, silent)
    select t.organization_id, t.bucket_start, c.direction,
           count(*),
           count(*) filter (where c.status = 'completed'),
           count(*) filter (where c.status = 'completed' and x.spoke and not x.has_handoff),
           count(*) filter (where c.status = 'completed' and x.spoke and x.has_handoff),
           coalesce(sum(c.duration_seconds) filter (where c.status = 'completed' and x.spoke), 0),
           count(c.duration_seconds) filter (where c.status = 'completed' and x.spoke),
           count(*) filter (where c.status = 'completed' and c.outcome is distinct from 'voicemail'),
           count(*) filter (where c.outcome = 'voicemail'),
           count(*) filter (where c.outcome = 'appointment_requested'),
           count(*) filter (where c.outcome = 'question_answered'),
           count(*) filter (where c.outcome = 'transferred'),
           count(*) filter (where c.outcome = 'message_taken'),
           count(*) filter (where c.outcome = 'emergency'),
           count(*) filter (where c.outcome = 'voicemail'),
           count(*) filter (where c.outcome = 'abandoned'),
           count(*) filter (where c.outcome = 'other'),
           count(*) filter (where c.outcome is null),
           count(*) filter (where c.status = 'completed' and not x.spoke)
    from ${hoursParam(hours)}
    join calls c on c.organization_id = t.organization_id and c.started_at >= t.bucket_start and c.started_at < t.bucket_start + interval '1 hour'
    cross join lateral (select exists (select 1 from handoffs h where h.call_id = c.id) as has_handoff, ${callerSpokeSql(sql`c`)} as spoke) x
    group by t.organization_id, t.bucket_start, c.direction`);
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

/** The handoffs created in these hours, with the times their durations are made of. */
export async function handoffsInHours(tx: DbOrTx, hours: readonly HourKey[]): Promise<HandoffTimes[]> {
  if (hours.length === 0) return [];
  const result = await tx.execute(sql`
    select h.id, h.organization_id as "organizationId", t.bucket_start as "bucketStart", h.status,
           h.created_at as "createdAt", h.claimed_at as "claimedAt", h.resolved_at as "resolvedAt"
    from ${hoursParam(hours)}
    join handoffs h on h.organization_id = t.organization_id and h.created_at >= t.bucket_start and h.created_at < t.bucket_start + interval '1 hour'`);
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

export async function replaceHandoffFacts(tx: DbOrTx, hours: readonly HourKey[], facts: readonly HandoffFact[]): Promise<void> {
  if (hours.length === 0) return;
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
  await bumpHourVersions(tx, [...hours, ...moved.map((h) => ({ organizationId: h.organizationId, bucketStart: new Date(h.bucketStart) }))]);
}

/**
 * New versions for recomputed hours (migration 0023): processes holding the rollups in memory
 * fetch the hours above the version they last saw. Called under the rollups' lock.
 */
async function bumpHourVersions(tx: DbOrTx, hours: readonly HourKey[]): Promise<void> {
  await tx.execute(sql`
    insert into analytics_hour_versions (organization_id, bucket_start, version)
    select distinct on (t.organization_id, t.bucket_start) t.organization_id, t.bucket_start, nextval('analytics_hour_version_seq') from ${hoursParam(hours)}
    on conflict (organization_id, bucket_start) do update set version = excluded.version`);
}

/** Call sums of one organization-hour and direction, in CALL_FIELDS order (rollup-memory.ts). */
export const CALL_COLUMNS = [
  'calls', 'completed', 'contained', 'handed_off', 'handle_seconds', 'handle_count', 'connected', 'voicemail',
  'outcome_appointment_requested', 'outcome_question_answered', 'outcome_transferred', 'outcome_message_taken',
  'outcome_emergency', 'outcome_voicemail', 'outcome_abandoned', 'outcome_other', 'outcome_none', 'silent',
] as const;
export const REQUEST_COLUMNS = ['started', 'submitted', 'scheduled'] as const;

export interface HourRows {
  /** The newest version committed: the next read asks for hours above it. */
  version: number;
  /** Hours recomputed since the version asked for (empty on a first, full read). */
  hours: { organizationId: string; bucketStart: number }[];
  calls: { organizationId: string; bucketStart: number; direction: 'inbound' | 'outbound'; values: number[] }[];
  requests: { organizationId: string; bucketStart: number; source: 'web' | 'phone' | 'portal'; values: number[] }[];
  handoffs: { organizationId: string; bucketStart: number; values: (number | null)[] }[];
}

/**
 * Every rollup row of the hours recomputed after `afterVersion` (all of them from 0), and the
 * newest version. Run it in one repeatable-read snapshot, so the hours and their rows agree.
 * Instants come back as epoch milliseconds.
 */
export async function rollupRowsSince(tx: DbOrTx, afterVersion: number): Promise<HourRows> {
  const full = afterVersion === 0;
  const changed = sql`select organization_id, bucket_start from analytics_hour_versions where version > ${afterVersion}`;
  const rowsOf = (table: string, columns: string) =>
    tx.execute(sql`
      select r.organization_id as "organizationId", (extract(epoch from r.bucket_start) * 1000)::float8 as "bucketStart", ${sql.raw(columns)}
      from ${sql.raw(table)} r
      ${full ? sql`` : sql`join (${changed}) v on v.organization_id = r.organization_id and v.bucket_start = r.bucket_start`}`);
  const version = await tx.execute(sql`select coalesce(max(version), 0)::float8 as version from analytics_hour_versions`);
  const hours = full ? { rows: [] } : await tx.execute(sql`select organization_id as "organizationId", (extract(epoch from bucket_start) * 1000)::float8 as "bucketStart" from (${changed}) v`);
  const calls = await rowsOf('analytics_call_hours', `r.direction, array[${CALL_COLUMNS.map((c) => `r.${c}`).join(', ')}]::float8[] as values`);
  const requests = await rowsOf('analytics_request_hours', `r.source, array[${REQUEST_COLUMNS.map((c) => `r.${c}`).join(', ')}]::float8[] as values`);
  const handoffs = await rowsOf('analytics_handoff_facts', 'array[r.claim_seconds, r.resolve_seconds, r.claim_business_seconds, r.resolve_business_seconds] as values');
  return {
    version: (version.rows[0] as { version: number }).version,
    hours: hours.rows as unknown as HourRows['hours'],
    calls: calls.rows as unknown as HourRows['calls'],
    requests: requests.rows as unknown as HourRows['requests'],
    handoffs: handoffs.rows as unknown as HourRows['handoffs'],
  };
}

/** Every organization-local hour that holds a call, a handoff or an appointment request. */
export async function allRecordHours(db: DbOrTx): Promise<HourKeyWithZone[]> {
  const result = await db.execute(sql`
    select distinct x.organization_id as "organizationId", o.time_zone as "timeZone", ${bucketStartSql(sql`x.at`, sql`o.time_zone`)} as "bucketStart"
    from (
      select organization_id, started_at as at from calls
      union all select organization_id, created_at from handoffs
      union all select organization_id, created_at from appointment_requests
    ) x join organizations o on o.id = x.organization_id`);
  return (result.rows as unknown as HourKeyWithZone[]).map((r) => ({ ...r, bucketStart: new Date(r.bucketStart) }));
}

export async function clearRollups(tx: DbOrTx): Promise<void> {
  // Hours that held records and hold none after the rebuild are recomputed to nothing: their new
  // version tells processes holding them in memory to let them go.
  await tx.execute(sql`update analytics_hour_versions set version = nextval('analytics_hour_version_seq')`);
  await tx.execute(sql`truncate analytics_call_hours, analytics_request_hours, analytics_handoff_facts, analytics_dirty`);
}

export async function analyzeRollups(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze analytics_call_hours, analytics_request_hours, analytics_handoff_facts`);
}
