/**
 * Outbound calling, the feature's public entry (issue 16, decision 019).
 *
 * For other features (the CSV import, handoffs, the web's routes) — signatures:
 *
 *   createCampaign(ctx, actor, body: CreateCampaignBody, tx?): Promise<CampaignRow>
 *     Checks role (outbound.campaigns) and organization (foreign → 404); inserts the campaign
 *     (status `scheduled` until its startAt, then `running`). Pass your transaction as `tx` to
 *     create it together with its contacts; then call wakeOutboundQueue(ctx) after the commit.
 *   addCampaignContacts(db | tx, campaignId, contacts: CampaignContact[]): Promise<number>
 *     Inserts every contact as a job in ONE statement (10,000 rows in well under a second).
 *     Contacts must already be valid (E.164 phone, IANA time zone or null, YYYY-MM-DD date of
 *     birth or null): `ValidContact` of src/domain/outbound/contacts-csv.ts fits as it is.
 *   wakeOutboundQueue(ctx | db): Promise<void>   — the dispatcher looks at the queue now.
 *   createSingleCall(ctx, actor, body: CreateSingleCallBody): Promise<OutboundJobDetail>
 *   callBackHandoff(ctx, actor, handoffId, body: CallBackBody): Promise<OutboundJobDetail>
 *   getJob / listJobsFor / cancelJob, getCampaign / listCampaignsFor / campaignContacts,
 *   pauseCampaign / resumeCampaign / cancelCampaign, campaignResultsCsv, outboundQueueSummary.
 */
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { invalid, notFound } from '../../http/errors.js';
import { assertOrganizationVisible, requireCapability, type StaffActor } from '../../policy/actor.js';
import { enqueueJob } from '../../jobs/jobs.repository.js';
import { recordAudit } from '../audit/index.js';
import { publishLive } from '../live/index.js';
import { isUuid, loadVisibleOrganization } from '../organizations/index.js';
import { findPatientOf } from '../patients/index.js';
import { contactFrom, loadHandoff, recordsOf } from '../handoffs/index.js';
import type { CallBackBody, CreateCampaignBody, CreateSingleCallBody } from '../../../contracts/outbound.js';
import { findCampaign, findJob, insertCampaign, insertCampaignJobs, insertJob, type CampaignRow, type JobRow } from './outbound.repository.js';
import { singleCallTimingFor } from './outbound-settings.service.js';
import { DISPATCH_TASK, SIMULATE_CALLEE_TASK } from './outbound-tasks.js';

export type { CampaignRow, JobRow };
export { DISPATCH_TASK, SIMULATE_CALLEE_TASK };

/** A contact to add to a campaign (the import's `ValidContact` has this shape). */
export interface CampaignContact {
  /** Spreadsheet row (2 = first contact), kept for the results. */
  row: number | null;
  name: string;
  /** E.164. */
  phone: string;
  timeZone: string | null;
  dateOfBirth: string | null;
  patientId?: string | null;
  /** Columns no field took. */
  fields: Record<string, string>;
}

const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_RETRY_MINUTES = 30;

export async function createCampaign(ctx: AppContext, actor: StaffActor, body: CreateCampaignBody, tx?: DbOrTx, opts: { waitForContacts?: boolean } = {}): Promise<CampaignRow> {
  requireCapability(actor, 'outbound.campaigns');
  const db = tx ?? ctx.db;
  const org = await loadVisibleOrganization(db, actor, body.organizationId);
  if (org.status !== 'active') throw invalid({ organizationId: 'This organization is not active; it cannot place calls.' });
  const now = ctx.clock.now();
  const startAt = body.startAt ? new Date(body.startAt) : now;
  const campaign = await insertCampaign(db, {
    organizationId: org.id,
    name: body.name,
    purpose: body.purpose,
    instructions: body.instructions,
    messageForPatient: body.messageForPatient ?? '',
    visitType: body.visitType ?? '',
    voicemailMessage: body.voicemailMessage,
    windowStart: body.window.start,
    windowEnd: body.window.end,
    windowDays: [...body.window.days].sort(),
    maxAttempts: body.maxAttempts,
    retryIntervalMinutes: body.retryIntervalMinutes,
    concurrency: body.concurrency,
    // Created before its contacts: scheduled until the dispatcher finds one to call (startDueCampaigns).
    status: startAt > now || opts.waitForContacts ? 'scheduled' : 'running',
    startAt,
    createdBy: actor.userId,
    createdAt: now,
    updatedAt: now,
  });
  await recordAudit(db, { action: 'outbound.campaign.create', outcome: 'success', actor, organizationId: org.id, recordType: 'outbound_campaign', recordId: campaign.id, details: { purpose: body.purpose } });
  await publishLive(db, { topic: 'outbound', organizationId: org.id, type: 'campaign', id: campaign.id, data: { status: campaign.status } });
  return campaign;
}

export async function addCampaignContacts(db: DbOrTx, campaignId: string, contacts: readonly CampaignContact[]): Promise<number> {
  const campaign = await findCampaign(db, campaignId);
  if (!campaign) throw notFound('That campaign');
  return insertCampaignJobs(
    db,
    campaign,
    contacts.map((c) => ({ row: c.row, name: c.name, phone: c.phone, timeZone: c.timeZone, dateOfBirth: c.dateOfBirth, patientId: c.patientId ?? null, fields: c.fields })),
  );
}

/** The dispatcher looks at the queue now (after a commit that added or freed work). */
export async function wakeOutboundQueue(ctxOrDb: AppContext | DbOrTx): Promise<void> {
  const db = 'db' in ctxOrDb && 'clock' in ctxOrDb ? ctxOrDb.db : (ctxOrDb as DbOrTx);
  await enqueueJob(db, DISPATCH_TASK, {}, { jobKey: 'outbound-dispatch-now', maxAttempts: 3 });
}

export async function createSingleCall(ctx: AppContext, actor: StaffActor, body: CreateSingleCallBody) {
  requireCapability(actor, 'outbound.single');
  const org = await loadVisibleOrganization(ctx.db, actor, body.organizationId);
  if (org.status !== 'active') throw invalid({ organizationId: 'This organization is not active; it cannot place calls.' });
  const now = ctx.clock.now();
  const requested = body.scheduledFor ? new Date(body.scheduledFor) : now;
  // Outside the organization's window (or the callee's day) the call waits for its opening, as a campaign's contact does.
  const timing = await singleCallTimingFor(ctx.db, org, body.phone, requested < now ? now : requested);
  const phone = timing.phone;
  let contactName = body.contactName ?? '';
  let dateOfBirth: string | null = null;
  if (body.patientId) {
    const patient = await findPatientOf(ctx.db, org.id, body.patientId);
    if (!patient) throw invalid({ patientId: 'No such patient in this organization.' });
    contactName ||= `${patient.firstName} ${patient.lastName}`.trim();
    dateOfBirth = patient.dateOfBirth;
  }
  const job = await ctx.db.transaction(async (tx) => {
    const created = await insertJob(tx, {
      organizationId: org.id,
      campaignId: null,
      handoffId: null,
      patientId: body.patientId ?? null,
      contactName,
      phone,
      timeZone: null,
      dateOfBirth,
      purpose: body.purpose,
      instructions: body.instructions ?? '',
      messageForPatient: body.messageForPatient ?? '',
      visitType: body.visitType ?? '',
      appointmentAt: body.appointmentAt ? new Date(body.appointmentAt) : null,
      maxAttempts: DEFAULT_MAX_ATTEMPTS,
      retryIntervalMinutes: DEFAULT_RETRY_MINUTES,
      nextAttemptAt: timing.placeAt ? new Date(timing.placeAt) : requested,
      rowNumber: null,
      fields: {},
      createdBy: actor.userId,
    });
    await recordAudit(tx, { action: 'outbound.call.create', outcome: 'success', actor, organizationId: org.id, recordType: 'outbound_job', recordId: created.id, details: { purpose: body.purpose } });
    await publishLive(tx, { topic: 'outbound', organizationId: org.id, type: 'job', id: created.id, data: { status: created.status } });
    await wakeOutboundQueue(tx);
    return created;
  });
  return job;
}

/** A handoff's "call back": a single call to its contact, linked to it; the result lands on the handoff. */
export async function callBackHandoff(ctx: AppContext, actor: StaffActor, handoffId: string, body: CallBackBody) {
  requireCapability(actor, 'outbound.single');
  const h = await loadHandoff(ctx.db, actor, handoffId);
  if (h.status === 'resolved' || h.status === 'canceled') throw invalid({ handoff: `This handoff is ${h.status}; reopen it to call back.` }, 'This handoff is closed.');
  const { request, patient } = await recordsOf(ctx.db, h);
  const { phone } = contactFrom(h, request, patient);
  if (!phone) throw invalid({ handoff: 'This handoff has no number to call back.' });
  const now = ctx.clock.now();
  const requested = body.scheduledFor && new Date(body.scheduledFor) > now ? new Date(body.scheduledFor) : now;
  // Like a single call: it waits for the organization's window, and the list says until when.
  const org = await loadVisibleOrganization(ctx.db, actor, h.organizationId);
  const timing = await singleCallTimingFor(ctx.db, org, phone, requested);
  const contactName = h.contactName ?? (patient ? `${patient.firstName} ${patient.lastName}`.trim() : '');
  return ctx.db.transaction(async (tx) => {
    const created = await insertJob(tx, {
      organizationId: h.organizationId,
      campaignId: null,
      handoffId: h.id,
      patientId: h.patientId ?? null,
      contactName,
      phone: timing.phone,
      timeZone: null,
      dateOfBirth: patient?.dateOfBirth ?? null,
      purpose: 'callback',
      // The handoff's reason is for the agent and the staff; the callee hears only that the practice returns their call.
      instructions: body.instructions ?? h.reason ?? '',
      maxAttempts: DEFAULT_MAX_ATTEMPTS,
      retryIntervalMinutes: DEFAULT_RETRY_MINUTES,
      nextAttemptAt: timing.placeAt ? new Date(timing.placeAt) : requested,
      rowNumber: null,
      fields: {},
      createdBy: actor.userId,
    });
    await recordAudit(tx, { action: 'outbound.call.create', outcome: 'success', actor, organizationId: h.organizationId, recordType: 'outbound_job', recordId: created.id, details: { purpose: 'callback', handoffId: h.id } });
    await publishLive(tx, { topic: 'outbound', organizationId: h.organizationId, type: 'job', id: created.id, data: { status: created.status, handoffId: h.id } });
    await wakeOutboundQueue(tx);
    return created;
  });
}

/** The job as the actor may see it; another organization's (or a malformed id) is "not found". */
export async function loadJob(db: DbOrTx, actor: StaffActor, id: string): Promise<JobRow> {
  if (!isUuid(id)) throw notFound('That outbound call');
  const row = await findJob(db, id);
  if (!row) throw notFound('That outbound call');
  assertOrganizationVisible(actor, row.organizationId, 'That outbound call');
  return row;
}
