import type { CampaignCreatedFromCsv, CampaignImportSummary, CreateCampaignFromCsvBody, ImportPreview, ImportPreviewBody } from '../../../contracts/outbound-import.js';
import { toCsv } from '../../../domain/export/csv.js';
import type { AppContext } from '../../app-context.js';
import { invalid, notFound } from '../../http/errors.js';
import { assertOrganizationVisible, requireCapability, type StaffActor } from '../../policy/actor.js';
import { recordAudit } from '../audit/index.js';
import { addCampaignContacts, createCampaign, wakeOutboundQueue } from '../outbound/index.js';
import { doNotCallNumbers } from '../do-not-call/index.js';
import { isUuid, loadVisibleOrganization, phoneCountryOf } from '../organizations/index.js';
import { analyseContacts, presentPreview } from './contacts-analysis.service.js';
import { findCampaignImport, findCampaignImportSummary, insertCampaignImport, type CampaignImportRow } from './outbound-import.repository.js';

/** What the CSV would give, row by row; nothing is saved. */
export async function previewImport(ctx: AppContext, actor: StaffActor, body: ImportPreviewBody): Promise<ImportPreview> {
  const organization = await loadVisibleOrganization(ctx.db, actor, body.organizationId);
  const doNotCall = await doNotCallNumbers(ctx.db, organization.id);
  return presentPreview(analyseContacts(body.csv, body.mapping, { country: phoneCountryOf(organization.address), doNotCall }));
}

/**
 * The campaign and its valid contacts in one transaction (a failure leaves nothing behind), with
 * the refused rows kept for download. The file is read again here, with the do-not-call list as
 * it is now, so nothing the preview showed stale gets in.
 */
export async function createCampaignFromCsv(ctx: AppContext, actor: StaffActor, input: CreateCampaignFromCsvBody): Promise<CampaignCreatedFromCsv> {
  requireCapability(actor, 'outbound.campaigns');
  const { csv, mapping, fileName = '', ...settings } = input;
  const organization = await loadVisibleOrganization(ctx.db, actor, settings.organizationId);
  const doNotCall = await doNotCallNumbers(ctx.db, organization.id);
  const analysis = analyseContacts(csv, mapping, { country: phoneCountryOf(organization.address), doNotCall });
  if (!analysis.verdict) {
    throw invalid(Object.fromEntries(Object.entries(analysis.mappingProblems).map(([field, message]) => [`mapping.${field}`, message])), 'Choose which column holds what.');
  }
  const { contacts, rejected } = analysis.verdict;
  if (contacts.length === 0) throw invalid({ csv: 'No row of the file can be imported; fix the refused rows first.' }, 'Nothing to import.');

  const { campaign, imported } = await ctx.db.transaction(async (tx) => {
    const campaign = await createCampaign(ctx, actor, { ...settings, instructions: settings.instructions ?? '', messageForPatient: settings.messageForPatient ?? '', visitType: settings.visitType ?? '', voicemailMessage: settings.voicemailMessage ?? '' }, tx);
    await addCampaignContacts(tx, campaign.id, contacts);
    const imported = await insertCampaignImport(tx, {
      organizationId: organization.id,
      campaignId: campaign.id,
      fileName,
      headers: analysis.table.headers,
      rowCount: analysis.table.rows.length,
      importedCount: contacts.length,
      rejectedCount: rejected.length,
      rejectedRows: rejected,
      createdBy: actor.userId,
    });
    await recordAudit(tx, {
      action: 'outbound.campaign.import',
      outcome: 'success',
      actor: { kind: 'staff', userId: actor.userId, email: actor.email, ip: actor.ip },
      organizationId: organization.id,
      recordType: 'outbound_campaign',
      recordId: campaign.id,
      details: { rows: analysis.table.rows.length, imported: contacts.length, rejected: rejected.length },
    });
    return { campaign, imported };
  });
  await wakeOutboundQueue(ctx);
  return {
    campaign: { id: campaign.id, organizationId: campaign.organizationId, name: campaign.name, status: campaign.status, startAt: campaign.startAt.toISOString() },
    import: presentImportSummary(imported),
  };
}

export function presentImportSummary(row: Omit<CampaignImportRow, 'rejectedRows'>): CampaignImportSummary {
  return {
    id: row.id,
    campaignId: row.campaignId,
    fileName: row.fileName,
    rows: row.rowCount,
    imported: row.importedCount,
    rejected: row.rejectedCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function campaignImportSummary(ctx: AppContext, actor: StaffActor, campaignId: string): Promise<CampaignImportSummary> {
  if (!isUuid(campaignId)) throw notFound('That campaign’s import');
  const row = await findCampaignImportSummary(ctx.db, campaignId);
  if (!row) throw notFound('That campaign’s import');
  assertOrganizationVisible(actor, row.organizationId, 'That campaign’s import');
  return presentImportSummary(row);
}

/**
 * The refused rows as the file had them, with a "row" and a "reason" column, for fixing in a
 * spreadsheet and importing again. Written by the one CSV writer (formula cells neutralised).
 */
export async function rejectedRowsCsv(ctx: AppContext, actor: StaffActor, campaignId: string): Promise<{ fileName: string; csv: string }> {
  if (!isUuid(campaignId)) throw notFound('That campaign’s import');
  const row = await findCampaignImport(ctx.db, campaignId);
  if (!row) throw notFound('That campaign’s import');
  assertOrganizationVisible(actor, row.organizationId, 'That campaign’s import');
  const csv = toCsv([
    ['row', ...row.headers, 'reason'],
    ...row.rejectedRows.map((r) => [r.row, ...r.cells, r.problems.map((p) => p.message).join(' ')]),
  ]);
  const base = (row.fileName.replace(/\.csv$/i, '') || 'contacts').replace(/[^\w.-]+/g, '-').slice(0, 100);
  return { fileName: `${base}-rejected.csv`, csv };
}
