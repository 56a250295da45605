import { and, desc, eq, getTableColumns, inArray, isNull, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { outboundAttempts, outboundCampaigns, outboundJobs } from '../../db/schema/index.js';
import { olderThanCursor, timeCursorOf } from '../../db/time-cursor.js';
import type { OutboundPurpose } from '../../../domain/outbound/vocabulary.js';

/** The only access to outbound_campaigns, outbound_jobs and outbound_attempts (decision 017). */

export type CampaignRow = typeof outboundCampaigns.$inferSelect;
export type JobRow = typeof outboundJobs.$inferSelect;
export type AttemptRow = typeof outboundAttempts.$inferSelect;

export async function insertCampaign(db: DbOrTx, row: typeof outboundCampaigns.$inferInsert): Promise<CampaignRow> {
  const [created] = await db.insert(outboundCampaigns).values(row).returning();
  return created!;
}

export async function findCampaign(db: DbOrTx, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(outboundCampaigns).where(eq(outboundCampaigns.id, id)).limit(1);
  return row;
}

export interface NewJob {
  messageForPatient?: string;
  visitType?: string;
  appointmentAt?: Date | null;
  organizationId: string;
  campaignId: string | null;
  handoffId: string | null;
  patientId: string | null;
  contactName: string;
  phone: string;
  timeZone: string | null;
  dateOfBirth: string | null;
  purpose: OutboundPurpose;
  instructions: string;
  maxAttempts: number;
  retryIntervalMinutes: number;
  nextAttemptAt: Date;
  rowNumber: number | null;
  fields: Record<string, string>;
  createdBy: string | null;
}

export async function insertJob(db: DbOrTx, job: NewJob): Promise<JobRow> {
  const [created] = await db.insert(outboundJobs).values(job).returning();
  return created!;
}

/** A campaign's contacts in one statement (jsonb_to_recordset): 10,000 rows are one round trip. */
export async function insertCampaignJobs(
  db: DbOrTx,
  campaign: Pick<CampaignRow, 'id' | 'organizationId' | 'purpose' | 'instructions' | 'maxAttempts' | 'retryIntervalMinutes' | 'startAt' | 'createdBy'>,
  contacts: { row: number | null; name: string; phone: string; timeZone: string | null; dateOfBirth: string | null; patientId: string | null; fields: Record<string, string> }[],
): Promise<number> {
  if (contacts.length === 0) return 0;
  const rows = JSON.stringify(contacts.map((c) => ({ r: c.row, n: c.name, p: c.phone, z: c.timeZone, d: c.dateOfBirth, pt: c.patientId, f: c.fields })));
  const result = await db.execute(sql`
    insert into outbound_jobs (organization_id, campaign_id, patient_id, contact_name, phone, time_zone, date_of_birth, purpose, instructions,
      max_attempts, retry_interval_minutes, next_attempt_at, row_number, fields, created_by)
    select ${campaign.organizationId}::uuid, ${campaign.id}::uuid, x.pt, x.n, x.p, x.z, x.d, ${campaign.purpose}, ${campaign.instructions},
      ${campaign.maxAttempts}::int, ${campaign.retryIntervalMinutes}::int, ${campaign.startAt.toISOString()}::timestamptz, x.r, coalesce(x.f, '{}'::jsonb), ${campaign.createdBy}
    from jsonb_to_recordset(${rows}::jsonb) as x(r int, n text, p text, z text, d text, pt uuid, f jsonb)`);
  return result.rowCount ?? contacts.length;
}

export async function findJob(db: DbOrTx, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(outboundJobs).where(eq(outboundJobs.id, id)).limit(1);
  return row;
}

export async function attemptsOfJob(db: DbOrTx, jobId: string): Promise<AttemptRow[]> {
  return db.select().from(outboundAttempts).where(eq(outboundAttempts.jobId, jobId)).orderBy(outboundAttempts.attemptNo);
}

// Spelled out: inside a subquery drizzle would name the column without its table.
const lastCallId = sql<string | null>`(select a.call_id from outbound_attempts a where a.job_id = "outbound_jobs"."id" order by a.attempt_no desc limit 1)`;

/** The reference of the request the call created (said to the callee; shown in the results). */
const requestReference = sql<string | null>`(select r.reference_code from appointment_requests r where r.id = "outbound_jobs"."appointment_request_id")`;

export type JobListRow = JobRow & { cursor: string; lastCallId: string | null; requestReference: string | null };

export async function listJobs(
  db: DbOrTx,
  opts: { scope: string[] | null; organizationId?: string; campaignId?: string; handoffId?: string; kind: 'single' | 'campaign' | 'all'; status?: JobRow['status']; cursor?: string; limit: number },
): Promise<JobListRow[]> {
  const where: SQL[] = [];
  if (opts.scope) where.push(opts.scope.length ? inArray(outboundJobs.organizationId, opts.scope) : sql`false`);
  if (opts.organizationId) where.push(eq(outboundJobs.organizationId, opts.organizationId));
  if (opts.campaignId) where.push(eq(outboundJobs.campaignId, opts.campaignId));
  if (opts.handoffId) where.push(eq(outboundJobs.handoffId, opts.handoffId));
  if (opts.kind === 'single') where.push(isNull(outboundJobs.campaignId));
  if (opts.kind === 'campaign') where.push(isNotNull(outboundJobs.campaignId));
  if (opts.status) where.push(eq(outboundJobs.status, opts.status));
  if (opts.cursor) where.push(olderThanCursor(outboundJobs.createdAt, outboundJobs.id, opts.cursor));
  return db
    .select({ ...getTableColumns(outboundJobs), cursor: timeCursorOf(outboundJobs.createdAt, outboundJobs.id), lastCallId, requestReference })
    .from(outboundJobs)
    .where(and(...where))
    .orderBy(desc(outboundJobs.createdAt), desc(outboundJobs.id))
    .limit(opts.limit);
}

export type CampaignListRow = CampaignRow & { cursor: string };

export async function listCampaigns(db: DbOrTx, opts: { scope: string[] | null; organizationId?: string; status?: CampaignRow['status']; cursor?: string; limit: number }): Promise<CampaignListRow[]> {
  const where: SQL[] = [];
  if (opts.scope) where.push(opts.scope.length ? inArray(outboundCampaigns.organizationId, opts.scope) : sql`false`);
  if (opts.organizationId) where.push(eq(outboundCampaigns.organizationId, opts.organizationId));
  if (opts.status) where.push(eq(outboundCampaigns.status, opts.status));
  if (opts.cursor) where.push(olderThanCursor(outboundCampaigns.createdAt, outboundCampaigns.id, opts.cursor));
  return db
    .select({ ...getTableColumns(outboundCampaigns), cursor: timeCursorOf(outboundCampaigns.createdAt, outboundCampaigns.id) })
    .from(outboundCampaigns)
    .where(and(...where))
    .orderBy(desc(outboundCampaigns.createdAt), desc(outboundCampaigns.id))
    .limit(opts.limit);
}

export interface ProgressCounts {
  total: number;
  queued: number;
  dialing: number;
  inProgress: number;
  answered: number;
  voicemail: number;
  noAnswer: number;
  busy: number;
  failed: number;
  doNotCall: number;
  canceled: number;
  done: number;
}

/** Progress of each campaign in one grouped scan of its jobs. */
export async function campaignProgress(db: DbOrTx, campaignIds: string[]): Promise<Map<string, ProgressCounts>> {
  const out = new Map<string, ProgressCounts>();
  if (campaignIds.length === 0) return out;
  const rows = await db
    .select({
      campaignId: outboundJobs.campaignId,
      total: sql<number>`count(*)::int`,
      queued: sql<number>`count(*) filter (where status in ('scheduled', 'queued'))::int`,
      dialing: sql<number>`count(*) filter (where status = 'dialing')::int`,
      inProgress: sql<number>`count(*) filter (where status = 'in_progress')::int`,
      answered: sql<number>`count(*) filter (where status = 'completed' and outcome is distinct from 'voicemail')::int`,
      voicemail: sql<number>`count(*) filter (where status = 'completed' and outcome = 'voicemail')::int`,
      noAnswer: sql<number>`count(*) filter (where status = 'no_answer')::int`,
      busy: sql<number>`count(*) filter (where status = 'busy')::int`,
      failed: sql<number>`count(*) filter (where status = 'failed')::int`,
      doNotCall: sql<number>`count(*) filter (where status = 'blocked_dnc')::int`,
      canceled: sql<number>`count(*) filter (where status = 'canceled')::int`,
      done: sql<number>`count(*) filter (where status in ('completed', 'no_answer', 'busy', 'failed', 'canceled', 'blocked_dnc'))::int`,
    })
    .from(outboundJobs)
    .where(inArray(outboundJobs.campaignId, campaignIds))
    .groupBy(outboundJobs.campaignId);
  for (const { campaignId, ...counts } of rows) out.set(campaignId!, counts);
  return out;
}

export async function findJobListRow(db: DbOrTx, id: string): Promise<JobListRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(outboundJobs), cursor: timeCursorOf(outboundJobs.createdAt, outboundJobs.id), lastCallId, requestReference })
    .from(outboundJobs)
    .where(eq(outboundJobs.id, id))
    .limit(1);
  return row;
}

export async function findCampaignListRow(db: DbOrTx, id: string): Promise<CampaignListRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(outboundCampaigns), cursor: timeCursorOf(outboundCampaigns.createdAt, outboundCampaigns.id) })
    .from(outboundCampaigns)
    .where(eq(outboundCampaigns.id, id))
    .limit(1);
  return row;
}

/** Cancels a job only while it waits (never a call in progress); null when it no longer waits. */
export async function cancelWaitingJob(db: DbOrTx, id: string, now: Date): Promise<JobRow | undefined> {
  const [row] = await db
    .update(outboundJobs)
    .set({ status: 'canceled', completedAt: now, updatedAt: now })
    .where(and(eq(outboundJobs.id, id), inArray(outboundJobs.status, ['scheduled', 'queued'])))
    .returning();
  return row;
}

/** Moves a campaign from one of `from` to `to`; undefined when it was not in one of them. */
export async function setCampaignStatus(db: DbOrTx, id: string, from: CampaignRow['status'][], to: CampaignRow['status'], now: Date): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(outboundCampaigns)
    .set({ status: to, updatedAt: now, ...(to === 'canceled' ? { completedAt: now } : {}) })
    .where(and(eq(outboundCampaigns.id, id), inArray(outboundCampaigns.status, from)))
    .returning();
  return row;
}

/** A canceled campaign's waiting jobs are canceled; calls in progress finish. */
export async function cancelWaitingJobsOfCampaign(db: DbOrTx, campaignId: string, now: Date): Promise<number> {
  const rows = await db
    .update(outboundJobs)
    .set({ status: 'canceled', completedAt: now, updatedAt: now })
    .where(and(eq(outboundJobs.campaignId, campaignId), inArray(outboundJobs.status, ['scheduled', 'queued'])))
    .returning({ id: outboundJobs.id });
  return rows.length;
}

/** Every job of a campaign for its results export, in spreadsheet order. */
export async function jobsOfCampaign(db: DbOrTx, campaignId: string): Promise<JobListRow[]> {
  return db
    .select({ ...getTableColumns(outboundJobs), cursor: timeCursorOf(outboundJobs.createdAt, outboundJobs.id), lastCallId, requestReference })
    .from(outboundJobs)
    .where(eq(outboundJobs.campaignId, campaignId))
    .orderBy(sql`${outboundJobs.rowNumber} asc nulls last`, outboundJobs.createdAt, outboundJobs.id);
}

export interface QueueFigures {
  callsInProgress: number;
  waiting: number;
  nextWindowOpensAt: Date | null;
}

export async function queueFigures(db: DbOrTx, scope: string[] | null, organizationId: string | undefined, now: Date): Promise<QueueFigures> {
  const orgs = organizationId ? [organizationId] : scope;
  const inScope = orgs ? (orgs.length ? sql`j.organization_id in (${sql.join(orgs.map((o) => sql`${o}::uuid`), sql`, `)})` : sql`false`) : sql`true`;
  const result = await db.execute<Record<string, unknown>>(sql`
    select
      count(*) filter (where j.status in ('dialing', 'in_progress'))::int as live,
      count(*) filter (where j.status in ('scheduled', 'queued') and j.next_attempt_at <= ${now.toISOString()}::timestamptz and (j.campaign_id is null or c.status = 'running'))::int as waiting,
      min(j.next_attempt_at) filter (where j.status = 'scheduled' and j.next_attempt_at > ${now.toISOString()}::timestamptz and (j.campaign_id is null or c.status = 'running')) as next_at
    from outbound_jobs j left join outbound_campaigns c on c.id = j.campaign_id
    where ${inScope} and j.status in ('scheduled', 'queued', 'dialing', 'in_progress')`);
  const r = result.rows[0] ?? {};
  return { callsInProgress: Number(r.live ?? 0), waiting: Number(r.waiting ?? 0), nextWindowOpensAt: r.next_at ? new Date(r.next_at as string) : null };
}
