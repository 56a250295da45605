import type { PatientMatch, PatientSearchQuery, PatientSearchResult } from '../../../contracts/patients.js';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { invalid } from '../../http/errors.js';
import { requireCapability, type StaffActor } from '../../policy/actor.js';
import { recordPhiView } from '../audit/index.js';
import { loadVisibleOrganization, phoneCountryOf } from '../organizations/index.js';
import { findOrCreatePatientRow, findPatientInOrganization, searchPatientRows, type PatientRow, type PatientSearch } from './patients.repository.js';

/**
 * Finds the practice's patient with this date of birth and the same phone or email, or creates
 * one; a known patient's missing phone or email is completed. Names are not used to match
 * (people spell them differently each time). Answers the patient's id.
 */
export async function findOrCreatePatient(
  db: DbOrTx,
  input: { organizationId: string; firstName: string; lastName: string; dateOfBirth: string; phone?: string | null; email?: string | null },
  at: Date,
): Promise<string> {
  return findOrCreatePatientRow(db, {
    organizationId: input.organizationId,
    dateOfBirth: input.dateOfBirth,
    phone: input.phone || null,
    email: input.email?.trim().toLowerCase() || null,
    firstName: input.firstName,
    lastName: input.lastName,
    at,
  });
}

/** The organization's patient with this id, or undefined (unknown, or another organization's). */
export async function findPatientOf(db: DbOrTx, organizationId: string, id: string): Promise<PatientRow | undefined> {
  return findPatientInOrganization(db, organizationId, id);
}

const realDate = (y: number, m: number, d: number): string | null => {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/**
 * A search box's text as a search: a date of birth (ISO, or written the organization's country's
 * way: 03/14/1962 in the US and Canada, 14/03/1962 in the UK), phone digits, or the starts of names.
 */
export function readPatientSearch(q: string, country: 'US' | 'GB' | 'CA'): PatientSearch {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(q);
  const written = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(q);
  if (iso || written) {
    const [y, m, d] = iso ? [+iso[1]!, +iso[2]!, +iso[3]!] : country === 'GB' ? [+written![3]!, +written![2]!, +written![1]!] : [+written![3]!, +written![1]!, +written![2]!];
    const date = realDate(y, m, d);
    if (!date) throw invalid({ 'querystring.q': 'That is not a real date of birth.' });
    return { kind: 'dateOfBirth', date };
  }
  const compact = q.replace(/[\s().+-]/g, '');
  if (/^\d+$/.test(compact)) {
    if (compact.length < 4) throw invalid({ 'querystring.q': 'Enter at least 4 digits of the phone number.' });
    // A local number written with its trunk prefix (0…) is stored without it.
    return { kind: 'phone', digits: country === 'GB' && compact.startsWith('0') ? compact.slice(1) : compact };
  }
  const words = q
    .split(/[\s,]+/)
    .map((w) => w.trim())
    .filter(Boolean)
    .slice(0, 4);
  if (words.length === 0) throw invalid({ 'querystring.q': 'Enter a name, phone number or date of birth.' });
  return { kind: 'name', words };
}

/**
 * Staff find one of an organization's patients (the single-call form's patient search). Roles that
 * read health information only; another organization is "not found"; each patient shown is a
 * view of health information and audited as one.
 */
export async function searchPatients(ctx: AppContext, actor: StaffActor, organizationId: string, query: PatientSearchQuery): Promise<PatientSearchResult> {
  requireCapability(actor, 'patients.read');
  const org = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const rows = await searchPatientRows(ctx.db, org.id, readPatientSearch(query.q, phoneCountryOf(org.address)), query.limit);
  for (const row of rows) await recordPhiView(ctx.db, actor, { type: 'patient', id: row.id, organizationId: org.id });
  return { items: rows.map(presentPatientMatch) };
}

function presentPatientMatch(row: PatientRow): PatientMatch {
  return { id: row.id, organizationId: row.organizationId, firstName: row.firstName, lastName: row.lastName, dateOfBirth: row.dateOfBirth, phone: row.phone };
}
