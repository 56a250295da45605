import type { DbOrTx } from '../../db/client.js';
import { queryNamed } from '../../db/prepared.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { patients } from '../../db/schema/index.js';

export type PatientRow = typeof patients.$inferSelect;

/**
 * $1 organization, $2 date of birth, $3 phone and $4 email to match by (normalised; null: not
 * given), $5/$6 first and last name, $7 now. One branch per contact, each skipped when its value
 * is null: a prepared statement's plan serves every call, and an OR across both would scan the
 * organization's patients.
 */
const FIND_OR_CREATE = `
  with found as (
    (select id from patients where $3::text is not null and organization_id = $1::uuid and phone = $3::text and date_of_birth = $2::date limit 1)
    union all
    (select id from patients where $4::text is not null and organization_id = $1::uuid and lower(email) = $4::text and date_of_birth = $2::date limit 1)
    limit 1
  ), completed as (
    update patients set phone = coalesce(phone, $3::text), email = coalesce(email, $4::text), updated_at = $7::timestamptz
    where id = (select id from found) and ((phone is null and $3::text is not null) or (email is null and $4::text is not null))
    returning id
  ), created as (
    insert into patients (organization_id, first_name, last_name, date_of_birth, phone, email, created_at, updated_at)
    select $1::uuid, $5::text, $6::text, $2::date, $3::text, $4::text, $7::timestamptz, $7::timestamptz
    where not exists (select 1 from found)
    returning id
  )
  select id from found union all select id from created`;

/**
 * The organization's patient with this date of birth and this phone or (lower-cased) email, its
 * missing phone or email completed; else a new patient. One statement.
 */
export async function findOrCreatePatientRow(
  db: DbOrTx,
  p: { organizationId: string; dateOfBirth: string; phone: string | null; email: string | null; firstName: string; lastName: string; at: Date },
): Promise<string> {
  const [row] = await queryNamed<{ id: string }>(db, 'switchboard_find_or_create_patient', FIND_OR_CREATE, [
    p.organizationId,
    p.dateOfBirth,
    p.phone,
    p.email,
    p.firstName,
    p.lastName,
    p.at.toISOString(),
  ]);
  return row!.id;
}

/** The organization's patient with this id (another organization's: undefined). */
export async function findPatientInOrganization(db: DbOrTx, organizationId: string, id: string): Promise<PatientRow | undefined> {
  const [row] = await db.select().from(patients).where(and(eq(patients.organizationId, organizationId), eq(patients.id, id))).limit(1);
  return row;
}

/** What a staff search looks for; the service reads the query into one of these. */
export type PatientSearch = { kind: 'dateOfBirth'; date: string } | { kind: 'phone'; digits: string } | { kind: 'name'; words: string[] };

const likePrefix = (word: string) => `${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The organization's patients matching a search, by last then first name. Names match by the start
 * of the first or last name, each word (the name indexes of migration 0022); phone digits match
 * anywhere in the number, which stays within one organization's patients.
 */
export async function searchPatientRows(db: DbOrTx, organizationId: string, search: PatientSearch, limit: number): Promise<PatientRow[]> {
  let match;
  if (search.kind === 'dateOfBirth') match = eq(patients.dateOfBirth, search.date);
  else if (search.kind === 'phone') match = sql`${patients.phone} like ${`%${search.digits}%`}`;
  else
    match = and(
      ...search.words.map((w) => sql`(lower(${patients.lastName}) like ${likePrefix(w)} or lower(${patients.firstName}) like ${likePrefix(w)})`),
    );
  return db
    .select()
    .from(patients)
    .where(and(eq(patients.organizationId, organizationId), match))
    .orderBy(asc(sql`lower(${patients.lastName})`), asc(sql`lower(${patients.firstName})`), asc(patients.dateOfBirth), asc(patients.id))
    .limit(limit);
}
