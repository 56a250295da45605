import type { AddDoNotCallBody, DoNotCallImportResult, DoNotCallList, DoNotCallListQuery, ImportDoNotCallBody } from '../../../contracts/do-not-call.js';
import { readCsvTable, toE164 } from '../../../domain/outbound/contacts-csv.js';
import { normaliseHeader, suggestMapping } from '../../../domain/outbound/column-mapping.js';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict, invalid, notFound } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import { recordAudit } from '../audit/index.js';
import { isUuid, loadVisibleOrganization, phoneCountryOf } from '../organizations/index.js';
import {
  deleteDoNotCallEntry,
  insertDoNotCall,
  insertDoNotCallReturning,
  insertManyDoNotCall,
  listDoNotCall,
} from './do-not-call.repository.js';
import { presentDoNotCallEntry } from './do-not-call.presenter.js';

/** What other features read of this one: the whole list of an organization, for imports and placement checks. */
export { doNotCallNumbers } from './do-not-call.repository.js';

/** A caller asked not to be called again: the number goes on the organization's list. */
export async function addDoNotCallFromCall(db: DbOrTx, entry: { organizationId: string; phone: string; reason: string; callId: string }): Promise<void> {
  await insertDoNotCall(db, { ...entry, source: 'call' });
}

/**
 * A number that replied STOP by text: on the list with reason "STOP by text". Answers the new
 * entry's id, or null when the number was already listed (then a later START leaves it there).
 */
export async function addDoNotCallFromText(db: DbOrTx, entry: { organizationId: string; phone: string }): Promise<string | null> {
  const row = await insertDoNotCallReturning(db, { ...entry, reason: 'STOP by text', source: 'sms' });
  return row?.id ?? null;
}

/** Takes off the entry a STOP added, when the same number replies START. */
export async function removeDoNotCallFromText(db: DbOrTx, organizationId: string, entryId: string): Promise<boolean> {
  return Boolean(await deleteDoNotCallEntry(db, organizationId, entryId));
}

const staffActor = (actor: StaffActor) => ({ kind: 'staff' as const, userId: actor.userId, email: actor.email, ip: actor.ip });

export async function listDoNotCallFor(ctx: AppContext, actor: StaffActor, organizationId: string, query: DoNotCallListQuery): Promise<DoNotCallList> {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const rows = await listDoNotCall(ctx.db, { organizationId: organization.id, q: query.q || undefined, cursor: query.cursor, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  return { items: page.map(presentDoNotCallEntry), nextCursor: rows.length > query.limit ? page[page.length - 1]!.cursor : null };
}

export async function addDoNotCallEntry(ctx: AppContext, actor: StaffActor, organizationId: string, body: AddDoNotCallBody) {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const country = phoneCountryOf(organization.address);
  const phone = toE164(body.phone, country);
  if (!phone) throw invalid({ phone: `Not a valid phone number for ${country}. A number abroad needs its country code (+44 …).` });
  return ctx.db.transaction(async (tx) => {
    const row = await insertDoNotCallReturning(tx, { organizationId: organization.id, phone, reason: body.reason, source: 'staff' });
    if (!row) throw conflict(`${phone} is already on the do-not-call list.`);
    await recordAudit(tx, {
      action: 'do_not_call.add',
      outcome: 'success',
      actor: staffActor(actor),
      organizationId: organization.id,
      recordType: 'do_not_call',
      recordId: row.id,
      details: { phone, reason: body.reason },
    });
    return presentDoNotCallEntry({ ...row, cursor: '' });
  });
}

export async function removeDoNotCallEntry(ctx: AppContext, actor: StaffActor, organizationId: string, entryId: string, reason: string): Promise<void> {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  if (!isUuid(entryId)) throw notFound('That do-not-call entry');
  await ctx.db.transaction(async (tx) => {
    const row = await deleteDoNotCallEntry(tx, organization.id, entryId);
    if (!row) throw notFound('That do-not-call entry');
    await recordAudit(tx, {
      action: 'do_not_call.remove',
      outcome: 'success',
      actor: staffActor(actor),
      organizationId: organization.id,
      recordType: 'do_not_call',
      recordId: row.id,
      details: { phone: row.phone, reason, addedReason: row.reason, addedBy: row.source },
    });
  });
}

const MAX_REJECTED_SHOWN = 200;

/**
 * A list from another system: the column headed like a phone number (else the first), and a
 * "reason" column if there is one. Numbers already listed are left as they are.
 */
export async function importDoNotCall(ctx: AppContext, actor: StaffActor, organizationId: string, body: ImportDoNotCallBody): Promise<DoNotCallImportResult> {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const country = phoneCountryOf(organization.address);
  // A file of bare numbers has no header: its first line is a number too.
  const headerIsNumber = toE164(body.csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0]!.split(/[,;\t]/)[0]!.replace(/"/g, ''), country) !== null;
  const read = readCsvTable(headerIsNumber ? `phone\n${body.csv.replace(/^\uFEFF/, '')}` : body.csv);
  if (!read.ok) throw badRequest(`csv_${read.error.code}`, read.error.message);
  const { headers, rows } = read.table;
  const phoneColumn = Math.max(0, headers.indexOf(suggestMapping(headers).phone ?? ''));
  const reasonColumn = headers.findIndex((h) => ['reason', 'note', 'notes', 'comment'].includes(normaliseHeader(h)));

  const entries = new Map<string, string>();
  const rejected: DoNotCallImportResult['rejected'] = [];
  let rejectedCount = 0;
  rows.forEach((cells, i) => {
    const value = cells[phoneColumn]!;
    const phone = value === '' ? null : toE164(value, country);
    if (!phone) {
      rejectedCount++;
      if (rejected.length < MAX_REJECTED_SHOWN) rejected.push({ row: i + (headerIsNumber ? 1 : 2), value, message: value === '' ? 'No phone number.' : `Not a valid phone number for ${country}.` });
      return;
    }
    if (!entries.has(phone)) entries.set(phone, (reasonColumn >= 0 ? cells[reasonColumn] : '') || body.reason);
  });
  if (entries.size === 0) throw invalid({ csv: 'No row holds a valid phone number.' }, 'Nothing to import.');

  const added = await ctx.db.transaction(async (tx) => {
    const count = await insertManyDoNotCall(tx, organization.id, [...entries].map(([phone, reason]) => ({ phone, reason: reason.slice(0, 500) })), 'import');
    await recordAudit(tx, {
      action: 'do_not_call.import',
      outcome: 'success',
      actor: staffActor(actor),
      organizationId: organization.id,
      recordType: 'do_not_call',
      details: { reason: body.reason, rows: rows.length, added: count, rejected: rejectedCount },
    });
    return count;
  });
  return { added, alreadyListed: entries.size - added, rejected, rejectedCount };
}
