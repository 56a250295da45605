import type { AppContext } from '../../app-context.js';
import { invalid } from '../../http/errors.js';
import { requireCapability, type StaffActor } from '../../policy/actor.js';
import { validateContacts, type CsvTable, type RejectedRow } from '../../../domain/outbound/contacts-csv.js';
import type { CampaignView } from '../../../contracts/outbound.js';
import type { CreatePublicCampaignBody, PublicCampaignContact } from '../../../contracts/public-api.js';
import { doNotCallNumbers } from '../do-not-call/index.js';
import { loadVisibleOrganization, phoneCountryOf } from '../organizations/index.js';
import { addCampaignContacts, createCampaign, wakeOutboundQueue } from './outbound.service.js';
import { getCampaign } from './outbound-views.service.js';

const BASE = ['name', 'phone', 'timeZone', 'dateOfBirth'] as const;
/** Enough to fix a batch; a list with thousands of bad contacts is answered with the first ones. */
const MAX_FIELD_ERRORS = 50;

/**
 * A campaign with its contacts given as JSON (the public API). The contacts go through the CSV
 * import's own validation (`validateContacts`), laid out as the table a file would give, so both
 * doors refuse the same contacts for the same reasons; unlike the import, which keeps refused rows
 * for download, a request with any refused contact creates nothing (400 with each contact's
 * field). The campaign and its contacts are one transaction.
 */
export async function createCampaignWithContacts(ctx: AppContext, actor: StaffActor, body: CreatePublicCampaignBody): Promise<CampaignView> {
  requireCapability(actor, 'outbound.campaigns');
  const { contacts: given, ...settings } = body;
  const organization = await loadVisibleOrganization(ctx.db, actor, settings.organizationId);
  const doNotCall = await doNotCallNumbers(ctx.db, organization.id);
  const table = tableOf(given);
  const verdict = validateContacts(table, { name: 'name', phone: 'phone', timeZone: 'timeZone', dateOfBirth: 'dateOfBirth' }, { country: phoneCountryOf(organization.address), doNotCall });
  if (verdict.rejected.length > 0) {
    throw invalid(fieldErrors(verdict.rejected), `${verdict.rejected.length} of ${given.length} contacts cannot be called; nothing was created.`);
  }
  const campaign = await ctx.db.transaction(async (tx) => {
    const created = await createCampaign(ctx, actor, settings, tx);
    await addCampaignContacts(tx, created.id, verdict.contacts);
    return created;
  });
  await wakeOutboundQueue(ctx);
  return getCampaign(ctx, actor, campaign.id);
}

/** The contacts as the table a CSV file with these columns would give (row i + 2 is contact i). */
function tableOf(contacts: readonly PublicCampaignContact[]): CsvTable {
  const extra = [...new Set(contacts.flatMap((c) => Object.keys(c.fields ?? {})))].filter((k) => !(BASE as readonly string[]).includes(k)).sort();
  return {
    headers: [...BASE, ...extra],
    rows: contacts.map((c) => [c.name, c.phone, c.timeZone ?? '', c.dateOfBirth ?? '', ...extra.map((k) => c.fields?.[k] ?? '')]),
    delimiter: ',',
  };
}

function fieldErrors(rejected: readonly RejectedRow[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const row of rejected) {
    const index = row.row - 2;
    for (const problem of row.problems) {
      if (Object.keys(fields).length >= MAX_FIELD_ERRORS) return fields;
      const column = problem.column ?? 'phone';
      const path = (BASE as readonly string[]).includes(column) ? `contacts.${index}.${column}` : `contacts.${index}.fields.${column}`;
      // The import numbers spreadsheet rows; a JSON caller counts list positions.
      const message = problem.code === 'duplicate' ? problem.message.replace(/row (\d+)/, (_, r: string) => `contacts.${Number(r) - 2}`) : problem.message;
      fields[path] ??= message;
    }
  }
  return fields;
}
