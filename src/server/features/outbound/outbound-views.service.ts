import type { AppContext } from '../../app-context.js';
import { conflict, notFound } from '../../http/errors.js';
import { actorCan, assertOrganizationVisible, organizationScope, requireCapability, type StaffActor } from '../../policy/actor.js';
import { toCsv } from '../../../domain/export/csv.js';
import { recordAudit } from '../audit/index.js';
import { publishLive } from '../live/index.js';
import { isUuid, findOrganizationById } from '../organizations/index.js';
import type {
  CampaignContactsQuery,
  CampaignList,
  CampaignListQuery,
  CampaignView,
  OutboundJobDetail,
  OutboundJobList,
  OutboundJobListQuery,
  OutboundQueueSummary,
  OutboundSummaryQuery,
} from '../../../contracts/outbound.js';
import { jobCancelable, presentCampaign, presentJob, presentJobDetail } from './outbound.presenter.js';
import {
  attemptsOfJob,
  campaignProgress,
  cancelWaitingJob,
  cancelWaitingJobsOfCampaign,
  findCampaignListRow,
  findJobListRow,
  jobsOfCampaign,
  listCampaigns,
  listJobs,
  queueFigures,
  setCampaignStatus,
  type CampaignListRow,
  type JobListRow,
} from './outbound.repository.js';
import { wakeOutboundQueue } from './outbound.service.js';

/** What staff read and do on /outbound (PRODUCT §3): jobs, campaigns, results, the queue summary. */

const canReadJobs = (actor: StaffActor) => actorCan(actor, 'outbound.single') || actorCan(actor, 'outbound.campaigns.read');
const readJobs = (actor: StaffActor) => {
  if (!canReadJobs(actor)) requireCapability(actor, 'outbound.single');
};

async function zonesOf(ctx: AppContext, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const id of new Set(ids)) {
    const org = await findOrganizationById(ctx.db, id);
    if (org) out.set(id, org.timeZone);
  }
  return out;
}

async function loadJobRow(ctx: AppContext, actor: StaffActor, id: string): Promise<JobListRow> {
  if (!isUuid(id)) throw notFound('That outbound call');
  const row = await findJobListRow(ctx.db, id);
  if (!row) throw notFound('That outbound call');
  assertOrganizationVisible(actor, row.organizationId, 'That outbound call');
  return row;
}

async function loadCampaignRow(ctx: AppContext, actor: StaffActor, id: string): Promise<CampaignListRow> {
  if (!isUuid(id)) throw notFound('That campaign');
  const row = await findCampaignListRow(ctx.db, id);
  if (!row) throw notFound('That campaign');
  assertOrganizationVisible(actor, row.organizationId, 'That campaign');
  return row;
}

export async function listJobsFor(ctx: AppContext, actor: StaffActor, q: OutboundJobListQuery): Promise<OutboundJobList> {
  readJobs(actor);
  if (q.organizationId) assertOrganizationVisible(actor, q.organizationId, 'That organization');
  const rows = await listJobs(ctx.db, { ...q, scope: organizationScope(actor), limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const zones = await zonesOf(
    ctx,
    page.map((r) => r.organizationId),
  );
  return { items: page.map((r) => presentJob(r, zones.get(r.organizationId) ?? 'UTC')), nextCursor: rows.length > q.limit ? page.at(-1)!.cursor : null };
}

export async function getJob(ctx: AppContext, actor: StaffActor, id: string): Promise<OutboundJobDetail> {
  readJobs(actor);
  const row = await loadJobRow(ctx, actor, id);
  const [attempts, zones] = await Promise.all([attemptsOfJob(ctx.db, row.id), zonesOf(ctx, [row.organizationId])]);
  const canAct = row.campaignId ? actorCan(actor, 'outbound.campaigns') : actorCan(actor, 'outbound.single');
  return presentJobDetail(row, zones.get(row.organizationId) ?? 'UTC', attempts, canAct);
}

/** Cancels a job that waits; a call in progress is never interrupted (409). */
export async function cancelJob(ctx: AppContext, actor: StaffActor, id: string): Promise<OutboundJobDetail> {
  readJobs(actor);
  const row = await loadJobRow(ctx, actor, id);
  requireCapability(actor, row.campaignId ? 'outbound.campaigns' : 'outbound.single');
  if (!jobCancelable(row)) throw conflict(`This call is ${row.status.replace(/_/g, ' ')}; only a call that is still waiting can be canceled.`, 'invalid_transition', { status: row.status });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const done = await cancelWaitingJob(tx, row.id, now);
    if (!done) throw conflict('This call is no longer waiting; it cannot be canceled.', 'invalid_transition');
    await recordAudit(tx, { action: 'outbound.call.cancel', outcome: 'success', actor, organizationId: row.organizationId, recordType: 'outbound_job', recordId: row.id });
    await publishLive(tx, { topic: 'outbound', organizationId: row.organizationId, type: 'job', id: row.id, data: { status: 'canceled', campaignId: row.campaignId } });
  });
  return getJob(ctx, actor, id);
}

export async function listCampaignsFor(ctx: AppContext, actor: StaffActor, q: CampaignListQuery): Promise<CampaignList> {
  requireCapability(actor, 'outbound.campaigns.read');
  if (q.organizationId) assertOrganizationVisible(actor, q.organizationId, 'That organization');
  const rows = await listCampaigns(ctx.db, { ...q, scope: organizationScope(actor), limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const progress = await campaignProgress(
    ctx.db,
    page.map((r) => r.id),
  );
  const manage = actorCan(actor, 'outbound.campaigns');
  return { items: page.map((r) => presentCampaign(r, progress.get(r.id), manage)), nextCursor: rows.length > q.limit ? page.at(-1)!.cursor : null };
}

export async function getCampaign(ctx: AppContext, actor: StaffActor, id: string): Promise<CampaignView> {
  requireCapability(actor, 'outbound.campaigns.read');
  const row = await loadCampaignRow(ctx, actor, id);
  const progress = await campaignProgress(ctx.db, [row.id]);
  return presentCampaign(row, progress.get(row.id), actorCan(actor, 'outbound.campaigns'));
}

export async function campaignContacts(ctx: AppContext, actor: StaffActor, id: string, q: CampaignContactsQuery): Promise<OutboundJobList> {
  requireCapability(actor, 'outbound.campaigns.read');
  const row = await loadCampaignRow(ctx, actor, id);
  return listJobsFor(ctx, actor, { ...q, campaignId: row.id, kind: 'campaign' });
}

const MOVES = {
  pause: { from: ['running', 'scheduled'], verb: 'paused' },
  resume: { from: ['paused'], verb: 'resumed' },
  cancel: { from: ['scheduled', 'running', 'paused'], verb: 'canceled' },
} as const;

/** Pause, resume or cancel (cancel stops what waits; calls in progress finish). Illegal moves are 409. */
export async function changeCampaign(ctx: AppContext, actor: StaffActor, id: string, action: keyof typeof MOVES): Promise<CampaignView> {
  requireCapability(actor, 'outbound.campaigns');
  const row = await loadCampaignRow(ctx, actor, id);
  const move = MOVES[action];
  const now = ctx.clock.now();
  const to = action === 'pause' ? 'paused' : action === 'cancel' ? 'canceled' : row.startAt > now ? 'scheduled' : 'running';
  const refuse = (status: string) => conflict(`This campaign is ${status}, so it cannot be ${move.verb}.`, 'invalid_transition', { status });
  if (!(move.from as readonly string[]).includes(row.status)) throw refuse(row.status);
  await ctx.db.transaction(async (tx) => {
    const changed = await setCampaignStatus(tx, row.id, [...move.from], to, now);
    if (!changed) throw refuse('no longer in that state');
    const canceledJobs = action === 'cancel' ? await cancelWaitingJobsOfCampaign(tx, row.id, now) : 0;
    await recordAudit(tx, { action: `outbound.campaign.${action}`, outcome: 'success', actor, organizationId: row.organizationId, recordType: 'outbound_campaign', recordId: row.id, details: { from: row.status, to, canceledJobs } });
    await publishLive(tx, { topic: 'outbound', organizationId: row.organizationId, type: 'campaign', id: row.id, data: { status: to } });
    if (action === 'resume') await wakeOutboundQueue(tx);
  });
  return getCampaign(ctx, actor, id);
}

const RESULT_HEADERS = ['Row', 'Name', 'Phone', 'Status', 'Outcome', 'What they said', 'Created', 'Attempts', 'Last result', 'Last call', 'Updated'];

/** "Appointment request AB12CD (https://…/handoffs/…)", "Handoff (https://…/handoffs/…)" or ''. */
function createdCell(baseUrl: string, j: JobListRow): string {
  const link = j.resultHandoffId ? ` (${baseUrl}/handoffs/${j.resultHandoffId})` : '';
  if (j.appointmentRequestId) return `Appointment request ${j.requestReference ?? ''}${link}`.replace('  ', ' ');
  return j.resultHandoffId ? `Handoff${link}` : '';
}

/** The campaign's per-contact results as CSV (cells that start with = + - @ are neutralised by the CSV writer). */
export async function campaignResultsCsv(ctx: AppContext, actor: StaffActor, id: string): Promise<{ filename: string; csv: string }> {
  requireCapability(actor, 'outbound.campaigns.read');
  const row = await loadCampaignRow(ctx, actor, id);
  const jobs = await jobsOfCampaign(ctx.db, row.id);
  const extra = [...new Set(jobs.flatMap((j) => Object.keys(j.fields)))].sort();
  const lines = [
    [...RESULT_HEADERS, ...extra],
    ...jobs.map((j) => [
      j.rowNumber,
      j.contactName,
      j.phone,
      j.status,
      j.outcome ?? '',
      j.response ?? '',
      createdCell(ctx.baseUrl, j),
      j.attempts,
      j.lastResult ?? '',
      j.lastCallId ? `${ctx.baseUrl}/calls/${j.lastCallId}` : '',
      j.updatedAt.toISOString(),
      ...extra.map((k) => j.fields[k] ?? ''),
    ]),
  ];
  await recordAudit(ctx.db, { action: 'outbound.campaign.export', outcome: 'success', actor, organizationId: row.organizationId, recordType: 'outbound_campaign', recordId: row.id, details: { rows: jobs.length } });
  const safeName = row.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'campaign';
  return { filename: `${safeName}-results.csv`, csv: toCsv(lines) };
}

export function outboundProviderOf(ctx: Pick<AppContext, 'env'>): 'twilio' | 'simulator' {
  return ctx.env.TWILIO_ACCOUNT_SID && ctx.env.TWILIO_AUTH_TOKEN ? 'twilio' : 'simulator';
}

/** The outbound queue for /overview: running campaigns, calls in progress, and when the next window opens. */
export async function outboundQueueSummary(ctx: AppContext, actor: StaffActor, q: OutboundSummaryQuery): Promise<OutboundQueueSummary> {
  if (!actorCan(actor, 'overview.read') && !actorCan(actor, 'outbound.campaigns.read')) requireCapability(actor, 'overview.read');
  if (q.organizationId) assertOrganizationVisible(actor, q.organizationId, 'That organization');
  const scope = organizationScope(actor);
  const now = ctx.clock.now();
  const [running, figures] = await Promise.all([
    listCampaigns(ctx.db, { scope, organizationId: q.organizationId, status: 'running', limit: 20 }),
    queueFigures(ctx.db, scope, q.organizationId, now),
  ]);
  const progress = await campaignProgress(
    ctx.db,
    running.map((c) => c.id),
  );
  return {
    provider: outboundProviderOf(ctx),
    runningCampaigns: running.map((c) => ({ id: c.id, organizationId: c.organizationId, name: c.name, total: progress.get(c.id)?.total ?? 0, done: progress.get(c.id)?.done ?? 0 })),
    callsInProgress: figures.callsInProgress,
    waiting: figures.waiting,
    nextWindowOpensAt: figures.nextWindowOpensAt?.toISOString() ?? null,
  };
}
