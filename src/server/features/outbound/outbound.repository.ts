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

const lastCallId = sql<string | null>`(select a.call_id from outbound_attempts a where a.job_id = ${outboundJobs.id} order by a.attempt_no desc limit 1)`;

export type JobListRow = JobRow & { cursor: string; lastCallId: string | null };

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
    .select({ ...getTableColumns(outboundJobs), cursor: timeCursorOf(outboundJobs.createdAt, outboundJobs.id), lastCallId })
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
