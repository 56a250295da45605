import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clinicianAvailability, clinicianExceptions, clinicianVisitTypes, clinicians, locations, visitTypes } from '../../db/schema/index.js';

/**
 * What the phone agent reads to offer and book open times (decision 053): places, visit types,
 * clinicians with the visit types they do, their weekly hours and their date exceptions — each
 * table after the ones it points at. Booked visits are not configuration: a sandbox starts each
 * scenario with none (decision 056, addendum).
 */
const CALENDAR_CONFIGURATION = [locations, visitTypes, clinicians, clinicianVisitTypes, clinicianAvailability, clinicianExceptions];

/** The columns that name a row of the configuration itself: given the copy's id. */
const CONFIGURATION_IDS = new Set(['id', 'location_id', 'visit_type_id', 'clinician_id']);

/**
 * The practice's calendar configuration copied into its agent-test sandbox (decision 056,
 * addendum), replacing what an earlier run copied, so a test call offers and books open times as
 * a real call does. Every column is copied as it is (the list is read from the schema, so a new
 * column comes along), except: the organization is the sandbox's; a row's id and the ids it names
 * among these tables are the copy's — derived from the sandbox's and the original's ids, so they
 * are the same at every run; and a clinician is nobody's user (a sandbox has no members).
 *
 * Deletes only in an organization that is `practiceId`'s sandbox (checked in every statement). The
 * sandbox's booked visits must be gone first (`clearSandboxRecords`): they hold on to its
 * clinicians, places and visit types.
 */
export async function copyCalendarsToSandbox(db: DbOrTx, practiceId: string, sandboxId: string): Promise<void> {
  const sandboxOfPractice = sql`exists (select 1 from organizations o where o.id = ${sandboxId}::uuid and o.sandbox_of = ${practiceId}::uuid)`;
  for (const table of [...CALENDAR_CONFIGURATION].reverse()) {
    await db.execute(sql`delete from ${sql.identifier(getTableName(table))} where organization_id = ${sandboxId}::uuid and ${sandboxOfPractice}`);
  }
  for (const table of CALENDAR_CONFIGURATION) {
    const columns = Object.values(getTableColumns(table)).map((c) => c.name);
    const value = (column: string): SQL => {
      if (column === 'organization_id') return sql`${sandboxId}::uuid`;
      if (column === 'user_id') return sql`null`;
      if (CONFIGURATION_IDS.has(column)) return sql`md5(${sandboxId}::text || ${sql.identifier(column)}::text)::uuid`;
      return sql`${sql.identifier(column)}`;
    };
    await db.execute(sql`
      insert into ${sql.identifier(getTableName(table))} (${sql.join(columns.map((c) => sql.identifier(c)), sql`, `)})
      select ${sql.join(columns.map(value), sql`, `)}
        from ${sql.identifier(getTableName(table))}
       where organization_id = ${practiceId}::uuid and ${sandboxOfPractice}`);
  }
}
