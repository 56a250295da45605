import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clinicianAvailability, clinicianExceptions, clinicianVisitTypes, clinicians, locations, userOrganizations, users, visitTypes } from '../../db/schema/index.js';

/**
 * The calendar records of an organization: locations, visit types, clinicians with their visit
 * types, weekly availability and date exceptions. Writes that another record still points at
 * (a location in someone's hours, a clinician with visits) are refused by the foreign keys; those
 * functions answer `'in_use'` rather than throw, so the service can say so.
 */

export type LocationRow = typeof locations.$inferSelect;
export type VisitTypeRow = typeof visitTypes.$inferSelect;
export type ClinicianRow = typeof clinicians.$inferSelect;
export type AvailabilityRow = typeof clinicianAvailability.$inferSelect;
export type ExceptionRow = typeof clinicianExceptions.$inferSelect;

type Outcome = 'done' | 'stale' | 'in_use';

/** The PostgreSQL error under drizzle's wrapper, if any. */
function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | undefined;
  return e?.cause?.code ? e.cause : e;
}

/** The name of the unique constraint `err` broke, or undefined when it is another error. */
export function uniqueViolation(err: unknown): string | undefined {
  const e = pgError(err);
  return e?.code === '23505' ? (e.constraint ?? '') : undefined;
}

async function deleteUnlessReferenced(run: () => Promise<{ id: string }[]>): Promise<Outcome> {
  try {
    return (await run()).length > 0 ? 'done' : 'stale';
  } catch (err) {
    if (pgError(err)?.code === '23503') return 'in_use';
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Locations

export async function listLocations(db: DbOrTx, organizationId: string): Promise<LocationRow[]> {
  return db.select().from(locations).where(eq(locations.organizationId, organizationId)).orderBy(asc(sql`lower(${locations.name})`), asc(locations.id));
}

export async function findLocation(db: DbOrTx, id: string): Promise<LocationRow | undefined> {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
  return row;
}

export async function findLocationByName(db: DbOrTx, organizationId: string, name: string): Promise<LocationRow | undefined> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.organizationId, organizationId), sql`lower(${locations.name}) = lower(${name})`))
    .limit(1);
  return row;
}

export async function insertLocation(db: DbOrTx, row: { organizationId: string; name: string; address: string }): Promise<LocationRow> {
  const [created] = await db.insert(locations).values(row).returning();
  return created!;
}

export async function updateLocationIfVersion(db: DbOrTx, id: string, version: number, patch: { name?: string; address?: string; active?: boolean }): Promise<LocationRow | undefined> {
  const [row] = await db
    .update(locations)
    .set({ ...patch, version: sql`${locations.version} + 1`, updatedAt: new Date() })
    .where(and(eq(locations.id, id), eq(locations.version, version)))
    .returning();
  return row;
}

export function deleteLocationIfVersion(db: DbOrTx, id: string, version: number): Promise<Outcome> {
  return deleteUnlessReferenced(() =>
    db
      .delete(locations)
      .where(and(eq(locations.id, id), eq(locations.version, version)))
      .returning({ id: locations.id }),
  );
}

/** Of `ids`, the organization's locations. */
export async function locationsOf(db: DbOrTx, organizationId: string, ids: string[]): Promise<LocationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(locations)
    .where(and(eq(locations.organizationId, organizationId), inArray(locations.id, [...new Set(ids)])));
}

// ---------------------------------------------------------------------------------------------
// Visit types

export async function listVisitTypes(db: DbOrTx, organizationId: string): Promise<VisitTypeRow[]> {
  return db.select().from(visitTypes).where(eq(visitTypes.organizationId, organizationId)).orderBy(asc(sql`lower(${visitTypes.nameEn})`), asc(visitTypes.id));
}

export async function findVisitType(db: DbOrTx, id: string): Promise<VisitTypeRow | undefined> {
  const [row] = await db.select().from(visitTypes).where(eq(visitTypes.id, id)).limit(1);
  return row;
}

export async function findVisitTypeByName(db: DbOrTx, organizationId: string, nameEn: string): Promise<VisitTypeRow | undefined> {
  const [row] = await db
    .select()
    .from(visitTypes)
    .where(and(eq(visitTypes.organizationId, organizationId), sql`lower(${visitTypes.nameEn}) = lower(${nameEn})`))
    .limit(1);
  return row;
}

export type VisitTypeColumns = Omit<typeof visitTypes.$inferInsert, 'id' | 'organizationId' | 'version' | 'createdAt' | 'updatedAt'>;

export async function insertVisitType(db: DbOrTx, row: VisitTypeColumns & { organizationId: string }): Promise<VisitTypeRow> {
  const [created] = await db.insert(visitTypes).values(row).returning();
  return created!;
}

export async function updateVisitTypeIfVersion(db: DbOrTx, id: string, version: number, patch: Partial<VisitTypeColumns>): Promise<VisitTypeRow | undefined> {
  const [row] = await db
    .update(visitTypes)
    .set({ ...patch, version: sql`${visitTypes.version} + 1`, updatedAt: new Date() })
    .where(and(eq(visitTypes.id, id), eq(visitTypes.version, version)))
    .returning();
  return row;
}

export function deleteVisitTypeIfVersion(db: DbOrTx, id: string, version: number): Promise<Outcome> {
  return deleteUnlessReferenced(() =>
    db
      .delete(visitTypes)
      .where(and(eq(visitTypes.id, id), eq(visitTypes.version, version)))
      .returning({ id: visitTypes.id }),
  );
}

/** Of `ids`, the organization's visit types. */
export async function visitTypesOf(db: DbOrTx, organizationId: string, ids: string[]): Promise<VisitTypeRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(visitTypes)
    .where(and(eq(visitTypes.organizationId, organizationId), inArray(visitTypes.id, [...new Set(ids)])));
}

// ---------------------------------------------------------------------------------------------
// Clinicians

export async function listClinicians(db: DbOrTx, organizationId: string): Promise<ClinicianRow[]> {
  return db.select().from(clinicians).where(eq(clinicians.organizationId, organizationId)).orderBy(asc(sql`lower(${clinicians.name})`), asc(clinicians.id));
}

export async function findClinician(db: DbOrTx, id: string): Promise<ClinicianRow | undefined> {
  const [row] = await db.select().from(clinicians).where(eq(clinicians.id, id)).limit(1);
  return row;
}

/** Of `ids`, the organization's clinicians. */
export async function cliniciansOf(db: DbOrTx, organizationId: string, ids: string[]): Promise<ClinicianRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(clinicians)
    .where(and(eq(clinicians.organizationId, organizationId), inArray(clinicians.id, [...new Set(ids)])));
}

/** The organization's active clinicians who do a visit type, by name. */
export async function cliniciansDoing(db: DbOrTx, organizationId: string, visitTypeId: string): Promise<ClinicianRow[]> {
  const rows = await db
    .select({ c: clinicians })
    .from(clinicians)
    .innerJoin(clinicianVisitTypes, eq(clinicianVisitTypes.clinicianId, clinicians.id))
    .where(and(eq(clinicians.organizationId, organizationId), eq(clinicians.active, true), eq(clinicianVisitTypes.visitTypeId, visitTypeId)))
    .orderBy(asc(sql`lower(${clinicians.name})`), asc(clinicians.id));
  return rows.map((r) => r.c);
}

export async function insertClinician(db: DbOrTx, row: { organizationId: string; userId: string | null; name: string; title: string }): Promise<ClinicianRow> {
  const [created] = await db.insert(clinicians).values(row).returning();
  return created!;
}

export async function updateClinicianIfVersion(db: DbOrTx, id: string, version: number, patch: { name?: string; title?: string; active?: boolean }): Promise<ClinicianRow | undefined> {
  const [row] = await db
    .update(clinicians)
    .set({ ...patch, version: sql`${clinicians.version} + 1`, updatedAt: new Date() })
    .where(and(eq(clinicians.id, id), eq(clinicians.version, version)))
    .returning();
  return row;
}

/** Exceptions change the calendar: the clinician's `updatedAt` follows them (its version does not). */
export async function touchClinician(db: DbOrTx, id: string): Promise<void> {
  await db.update(clinicians).set({ updatedAt: new Date() }).where(eq(clinicians.id, id));
}

export function deleteClinicianIfVersion(db: DbOrTx, id: string, version: number): Promise<Outcome> {
  return deleteUnlessReferenced(() =>
    db
      .delete(clinicians)
      .where(and(eq(clinicians.id, id), eq(clinicians.version, version)))
      .returning({ id: clinicians.id }),
  );
}

export async function visitTypeIdsOf(db: DbOrTx, clinicianIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(clinicianIds.map((id) => [id, []]));
  if (clinicianIds.length === 0) return map;
  const rows = await db
    .select({ clinicianId: clinicianVisitTypes.clinicianId, visitTypeId: clinicianVisitTypes.visitTypeId })
    .from(clinicianVisitTypes)
    .where(inArray(clinicianVisitTypes.clinicianId, clinicianIds))
    .orderBy(asc(clinicianVisitTypes.visitTypeId));
  for (const r of rows) map.get(r.clinicianId)?.push(r.visitTypeId);
  return map;
}

export async function setVisitTypesOf(db: DbOrTx, clinician: { id: string; organizationId: string }, visitTypeIds: string[]): Promise<void> {
  await db.delete(clinicianVisitTypes).where(eq(clinicianVisitTypes.clinicianId, clinician.id));
  if (visitTypeIds.length === 0) return;
  await db.insert(clinicianVisitTypes).values(visitTypeIds.map((visitTypeId) => ({ clinicianId: clinician.id, visitTypeId, organizationId: clinician.organizationId })));
}

/** Whether the user belongs to the organization (or is an administrator, who sees them all) and is not deactivated; with their name. */
export async function memberForClinician(db: DbOrTx, organizationId: string, userId: string): Promise<{ name: string } | undefined> {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .leftJoin(userOrganizations, and(eq(userOrganizations.userId, users.id), eq(userOrganizations.organizationId, organizationId)))
    .where(and(eq(users.id, userId), ne(users.status, 'disabled'), sql`(${userOrganizations.userId} is not null or ${users.role} = 'admin')`))
    .limit(1);
  return row ? { name: row.name || row.email } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Availability and exceptions

export async function listAvailability(db: DbOrTx, clinicianIds: string[]): Promise<AvailabilityRow[]> {
  if (clinicianIds.length === 0) return [];
  return db
    .select()
    .from(clinicianAvailability)
    .where(inArray(clinicianAvailability.clinicianId, clinicianIds))
    .orderBy(asc(clinicianAvailability.day), asc(clinicianAvailability.startTime), asc(clinicianAvailability.id));
}

export async function replaceAvailability(db: DbOrTx, clinician: { id: string; organizationId: string }, ranges: { day: number; start: string; end: string; locationId: string }[]): Promise<void> {
  await db.delete(clinicianAvailability).where(eq(clinicianAvailability.clinicianId, clinician.id));
  if (ranges.length === 0) return;
  await db
    .insert(clinicianAvailability)
    .values(ranges.map((r) => ({ clinicianId: clinician.id, organizationId: clinician.organizationId, day: r.day, startTime: r.start, endTime: r.end, locationId: r.locationId })));
}

/** Exceptions of the clinicians that end on or after `fromDate` (and, with `toDate`, start on or before it). */
export async function listExceptions(db: DbOrTx, clinicianIds: string[], fromDate: string, toDate?: string): Promise<ExceptionRow[]> {
  if (clinicianIds.length === 0) return [];
  const where = [inArray(clinicianExceptions.clinicianId, clinicianIds), gte(clinicianExceptions.toDate, fromDate)];
  if (toDate) where.push(lte(clinicianExceptions.fromDate, toDate));
  return db
    .select()
    .from(clinicianExceptions)
    .where(and(...where))
    .orderBy(asc(clinicianExceptions.fromDate), asc(clinicianExceptions.createdAt), asc(clinicianExceptions.id));
}

export async function findException(db: DbOrTx, clinicianId: string, id: string): Promise<ExceptionRow | undefined> {
  const [row] = await db
    .select()
    .from(clinicianExceptions)
    .where(and(eq(clinicianExceptions.id, id), eq(clinicianExceptions.clinicianId, clinicianId)))
    .limit(1);
  return row;
}

export type ExceptionColumns = Pick<typeof clinicianExceptions.$inferInsert, 'fromDate' | 'toDate' | 'kind' | 'intervals' | 'locationId' | 'note'>;

export async function insertException(db: DbOrTx, clinician: { id: string; organizationId: string }, columns: ExceptionColumns): Promise<ExceptionRow> {
  const [created] = await db
    .insert(clinicianExceptions)
    .values({ ...columns, clinicianId: clinician.id, organizationId: clinician.organizationId })
    .returning();
  return created!;
}

export async function updateExceptionIfVersion(db: DbOrTx, clinicianId: string, id: string, version: number, columns: ExceptionColumns): Promise<ExceptionRow | undefined> {
  const [row] = await db
    .update(clinicianExceptions)
    .set({ ...columns, version: sql`${clinicianExceptions.version} + 1`, updatedAt: new Date() })
    .where(and(eq(clinicianExceptions.id, id), eq(clinicianExceptions.clinicianId, clinicianId), eq(clinicianExceptions.version, version)))
    .returning();
  return row;
}

export async function deleteExceptionIfVersion(db: DbOrTx, clinicianId: string, id: string, version: number): Promise<boolean> {
  const rows = await db
    .delete(clinicianExceptions)
    .where(and(eq(clinicianExceptions.id, id), eq(clinicianExceptions.clinicianId, clinicianId), eq(clinicianExceptions.version, version)))
    .returning({ id: clinicianExceptions.id });
  return rows.length > 0;
}
