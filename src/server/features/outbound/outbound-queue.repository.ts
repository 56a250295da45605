import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { outboundAttempts, outboundCampaigns, outboundJobs } from '../../db/schema/index.js';
import type { AttemptRow, CampaignRow, JobRow } from './outbound.repository.js';

/** The queue's own statements (decision 019): claims, placements, transitions. */

export type DueJob = JobRow & {
  campaignWindowStart: string | null;
  campaignWindowEnd: string | null;
  campaignWindowDays: number[] | null;
  campaignConcurrency: number | null;
};

/** Scheduled campaigns whose start has come begin running. */
export async function startDueCampaigns(db: DbOrTx, now: Date): Promise<CampaignRow[]> {
  return db
    .update(outboundCampaigns)
    .set({ status: 'running', updatedAt: now })
    .where(
      and(
        eq(outboundCampaigns.status, 'scheduled'),
        sql`${outboundCampaigns.startAt} <= ${now.toISOString()}::timestamptz`,
        // Issue 27 §4: a campaign starts with at least one contact left to call, never empty.
        sql`exists (select 1 from outbound_jobs j where j.campaign_id = ${outboundCampaigns.id} and j.status in ('scheduled', 'queued'))`,
      ),
    )
    .returning();
}

/**
 * Due jobs (their time has come, their campaign runs), oldest due first, locked for this
 * transaction (SKIP LOCKED: a second dispatcher would take others, though the advisory lock keeps
 * it to one).
 */
export async function lockDueJobs(db: DbOrTx, now: Date, limit: number): Promise<DueJob[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select j.id from outbound_jobs j
    left join outbound_campaigns c on c.id = j.campaign_id
    where j.status in ('scheduled', 'queued') and j.next_attempt_at <= ${now.toISOString()}::timestamptz
      and (j.campaign_id is null or c.status = 'running')
    order by j.next_attempt_at, j.id
    limit ${limit}
    for update of j skip locked`);
  const ids = result.rows.map((r) => r.id as string);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      job: outboundJobs,
      campaignWindowStart: outboundCampaigns.windowStart,
      campaignWindowEnd: outboundCampaigns.windowEnd,
      campaignWindowDays: outboundCampaigns.windowDays,
      campaignConcurrency: outboundCampaigns.concurrency,
    })
    .from(outboundJobs)
    .leftJoin(outboundCampaigns, eq(outboundCampaigns.id, outboundJobs.campaignId))
    .where(inArray(outboundJobs.id, ids));
  const byId = new Map(rows.map((r) => [r.job.id, { ...r.job, campaignWindowStart: r.campaignWindowStart, campaignWindowEnd: r.campaignWindowEnd, campaignWindowDays: r.campaignWindowDays, campaignConcurrency: r.campaignConcurrency }]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/** Calls on the line or being dialled now, per organization and per campaign. */
export async function liveCounts(db: DbOrTx, organizationIds: string[]): Promise<{ byOrganization: Map<string, number>; byCampaign: Map<string, number> }> {
  const byOrganization = new Map<string, number>();
  const byCampaign = new Map<string, number>();
  if (organizationIds.length === 0) return { byOrganization, byCampaign };
  const rows = await db
    .select({ organizationId: outboundJobs.organizationId, campaignId: outboundJobs.campaignId, n: sql<number>`count(*)::int` })
    .from(outboundJobs)
    .where(and(inArray(outboundJobs.organizationId, organizationIds), inArray(outboundJobs.status, ['dialing', 'in_progress'])))
    .groupBy(outboundJobs.organizationId, outboundJobs.campaignId);
  for (const r of rows) {
    byOrganization.set(r.organizationId, (byOrganization.get(r.organizationId) ?? 0) + r.n);
    if (r.campaignId) byCampaign.set(r.campaignId, (byCampaign.get(r.campaignId) ?? 0) + r.n);
  }
  return { byOrganization, byCampaign };
}

/** Jobs that wait: for their window (`scheduled` until then) or for a line (`queued`). */
export async function deferJobs(db: DbOrTx, rows: { id: string; status: 'scheduled' | 'queued'; nextAttemptAt: Date }[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const data = JSON.stringify(rows.map((r) => ({ id: r.id, s: r.status, t: r.nextAttemptAt.toISOString() })));
  await db.execute(sql`
    update outbound_jobs j set status = x.s, next_attempt_at = x.t, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${data}::jsonb) as x(id uuid, s text, t timestamptz)
    where j.id = x.id`);
}

export async function blockJobs(db: DbOrTx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(outboundJobs).set({ status: 'blocked_dnc', completedAt: now, updatedAt: now }).where(inArray(outboundJobs.id, ids));
}

/** Claims: each job goes to `dialing` with one more attempt, and its attempt row is written. */
export async function claimJobs(db: DbOrTx, claims: { jobId: string; organizationId: string; attemptNo: number }[], provider: AttemptRow['provider'], now: Date): Promise<AttemptRow[]> {
  if (claims.length === 0) return [];
  const data = JSON.stringify(claims.map((c) => ({ j: c.jobId, o: c.organizationId, n: c.attemptNo })));
  await db.execute(sql`
    update outbound_jobs j set status = 'dialing', attempts = x.n, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${data}::jsonb) as x(j uuid, o uuid, n int)
    where j.id = x.j`);
  const result = await db.execute<Record<string, unknown>>(sql`
    insert into outbound_attempts (job_id, organization_id, attempt_no, provider, placement, claimed_at)
    select x.j, x.o, x.n, ${provider}, 'placing', ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${data}::jsonb) as x(j uuid, o uuid, n int)
    returning id`);
  const ids = result.rows.map((r) => r.id as string);
  return db.select().from(outboundAttempts).where(inArray(outboundAttempts.id, ids));
}

export async function findAttempt(db: DbOrTx, id: string): Promise<AttemptRow | undefined> {
  const [row] = await db.select().from(outboundAttempts).where(eq(outboundAttempts.id, id)).limit(1);
  return row;
}

export async function lockAttempt(db: DbOrTx, id: string): Promise<AttemptRow | undefined> {
  const result = await db.execute<Record<string, unknown>>(sql`select id from outbound_attempts where id = ${id}::uuid for update`);
  if (result.rows.length === 0) return undefined;
  return findAttempt(db, id);
}

export async function lockJob(db: DbOrTx, id: string): Promise<JobRow | undefined> {
  await db.execute(sql`select id from outbound_jobs where id = ${id}::uuid for update`);
  const [row] = await db.select().from(outboundJobs).where(eq(outboundJobs.id, id)).limit(1);
  return row;
}

/** Attempts claimed but whose placement was never recorded (the placer died in between). */
export async function unplacedAttempts(db: DbOrTx, limit: number): Promise<AttemptRow[]> {
  return db.select().from(outboundAttempts).where(eq(outboundAttempts.placement, 'placing')).orderBy(outboundAttempts.claimedAt).limit(limit);
}

/** Placed attempts still without a result since before `before` (their final callback may be lost). */
export async function staleAttempts(db: DbOrTx, before: Date, limit: number): Promise<AttemptRow[]> {
  return db
    .select()
    .from(outboundAttempts)
    .where(and(eq(outboundAttempts.placement, 'placed'), sql`${outboundAttempts.result} is null`, sql`${outboundAttempts.placedAt} < ${before.toISOString()}::timestamptz`))
    .orderBy(outboundAttempts.placedAt)
    .limit(limit);
}

export async function updateAttempt(db: DbOrTx, id: string, patch: Partial<typeof outboundAttempts.$inferInsert>): Promise<void> {
  await db.update(outboundAttempts).set(patch).where(eq(outboundAttempts.id, id));
}

export async function updateJob(db: DbOrTx, id: string, patch: Partial<typeof outboundJobs.$inferInsert>): Promise<JobRow | undefined> {
  const [row] = await db.update(outboundJobs).set(patch).where(eq(outboundJobs.id, id)).returning();
  return row;
}

/** Provider call ids already tied to an attempt (reconciliation must not take one twice). */
export async function linkedProviderCallIds(db: DbOrTx, provider: AttemptRow['provider'], ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: outboundAttempts.providerCallId })
    .from(outboundAttempts)
    .where(and(eq(outboundAttempts.provider, provider), inArray(outboundAttempts.providerCallId, ids)));
  return new Set(rows.map((r) => r.id!));
}

/** The earliest moment the dispatcher has work: a due job of a running campaign or a single call, or a campaign's start. */
export async function nextWorkAt(db: DbOrTx): Promise<Date | null> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select least(
      (select min(j.next_attempt_at) from outbound_jobs j left join outbound_campaigns c on c.id = j.campaign_id
        where j.status in ('scheduled', 'queued') and (j.campaign_id is null or c.status = 'running')),
      (select min(start_at) from outbound_campaigns where status = 'scheduled')
    ) as at`);
  const at = result.rows[0]?.at;
  return at ? new Date(at as string) : null;
}

/** Running campaigns (or the one given) whose every job is final become `completed`. */
export async function completeFinishedCampaigns(db: DbOrTx, now: Date, campaignId?: string): Promise<CampaignRow[]> {
  if (campaignId) {
    // Two last contacts settling at once would each see the other still open (neither commit
    // visible) and leave the campaign running for ever: the campaign's row lock makes the
    // second check wait for the first commit, and a statement after the wait sees it.
    await db.execute(sql`select 1 from outbound_campaigns where id = ${campaignId} for update`);
  }
  return db
    .update(outboundCampaigns)
    .set({ status: 'completed', completedAt: now, updatedAt: now })
    .where(
      and(
        eq(outboundCampaigns.status, 'running'),
        ...(campaignId ? [eq(outboundCampaigns.id, campaignId)] : []),
        sql`not exists (select 1 from outbound_jobs j where j.campaign_id = ${outboundCampaigns.id} and j.status not in ('completed', 'no_answer', 'busy', 'failed', 'canceled', 'blocked_dnc'))`,
      ),
    )
    .returning();
}

export async function findCampaignOfJob(db: DbOrTx, job: Pick<JobRow, 'campaignId'>): Promise<CampaignRow | undefined> {
  if (!job.campaignId) return undefined;
  const [row] = await db.select().from(outboundCampaigns).where(eq(outboundCampaigns.id, job.campaignId)).limit(1);
  return row;
}
