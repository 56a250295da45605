import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bookedVisits, clinicians, locations, visitTypes } from '../../db/schema/index.js';
import { ACTIVE_VISIT_STATUSES, HOLD_EXPIRED_REASON, type VisitStatus } from '../../../domain/calendars/visits.js';

/**
 * Booked visits. What keeps them from overlapping is not here but in the table: the exclusion
 * constraint `booked_visits_no_overlap` (migration 0031) refuses a second visit of one clinician
 * sharing a moment with another that still holds its time, in whichever transaction or process
 * tries. The writes below answer `'taken'` when it does, and never read-then-write around it.
 */

export type BookedVisitRow = typeof bookedVisits.$inferSelect;
export type BookedVisitInsert = typeof bookedVisits.$inferInsert;

/** A visit with the names the calendar shows beside it. */
export interface VisitWithNames extends BookedVisitRow {
  clinicianName: string;
  locationName: string;
  visitTypeNameEn: string;
  visitTypeNameEs: string;
  visitTypeLength: number;
}

/** A write the constraints refused: the time is taken, or a foreign key named a record of another organization. */
export type Refusal = { refused: 'taken' } | { refused: 'reference'; constraint: string };

function refusalOf(err: unknown): Refusal | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.cause?.code ? e.cause : e;
  if (pg?.code === '23P01' && pg.constraint === 'booked_visits_no_overlap') return { refused: 'taken' };
  if (pg?.code === '23503') return { refused: 'reference', constraint: pg.constraint ?? '' };
  return undefined;
}

async function refusable<T>(run: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await run();
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal) return refusal;
    throw err;
  }
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && 'refused' in value;
}

const active = inArray(bookedVisits.status, [...ACTIVE_VISIT_STATUSES]);
/** Holds whose time is up no longer count for anyone reading (the constraint still sees them until they are cleared). */
const live = (now: Date) => sql`(${bookedVisits.status} <> 'held' or ${bookedVisits.heldUntil} > ${now})`;

/**
 * Marks the clinician's expired holds canceled, so that the exclusion constraint (whose WHERE
 * cannot read the clock) lets their time go. Every write that takes a clinician's time runs this
 * first, in its own transaction: a concurrent writer clearing the same hold waits for the row.
 */
export async function expireHolds(db: DbOrTx, clinicianId: string, now: Date): Promise<void> {
  await db
    .update(bookedVisits)
    .set({ status: 'canceled', cancelReason: HOLD_EXPIRED_REASON, canceledAt: now, updatedAt: now, version: sql`${bookedVisits.version} + 1` })
    .where(and(eq(bookedVisits.clinicianId, clinicianId), eq(bookedVisits.status, 'held'), sql`${bookedVisits.heldUntil} <= ${now}`));
}

export function insertVisit(db: DbOrTx, row: BookedVisitInsert): Promise<BookedVisitRow | Refusal> {
  return refusable(async () => (await db.insert(bookedVisits).values(row).returning())[0]!);
}

export type PatientColumns = Pick<BookedVisitInsert, 'firstName' | 'lastName' | 'dateOfBirth' | 'phone' | 'email' | 'isNewPatient' | 'patientId' | 'appointmentRequestId' | 'notes'>;

/**
 * Books a hold: live, or expired but still the clinician's (an expired hold cleared by another
 * booking takes its time back here, if nobody took it meanwhile — the constraint decides).
 */
export function bookHold(db: DbOrTx, organizationId: string, id: string, now: Date, patient: PatientColumns): Promise<BookedVisitRow | undefined | Refusal> {
  return refusable(async () => {
    const [row] = await db
      .update(bookedVisits)
      .set({ ...patient, status: 'booked', heldUntil: null, bookedAt: now, cancelReason: null, canceledAt: null, updatedAt: now, version: sql`${bookedVisits.version} + 1` })
      .where(
        and(
          eq(bookedVisits.id, id),
          eq(bookedVisits.organizationId, organizationId),
          or(eq(bookedVisits.status, 'held'), and(eq(bookedVisits.status, 'canceled'), eq(bookedVisits.cancelReason, HOLD_EXPIRED_REASON))),
        ),
      )
      .returning();
    return row;
  });
}

/** Moves a visit that is in one of `from` (and at `version`, when given); the constraint checks the new time. */
export function moveVisit(
  db: DbOrTx,
  id: string,
  from: readonly VisitStatus[],
  version: number | undefined,
  to: Pick<BookedVisitInsert, 'clinicianId' | 'locationId' | 'startsAt' | 'endsAt' | 'occupiedUntil' | 'status'> & { updatedAt: Date },
): Promise<BookedVisitRow | undefined | Refusal> {
  return refusable(async () => {
    const [row] = await db
      .update(bookedVisits)
      .set({ ...to, version: sql`${bookedVisits.version} + 1` })
      .where(conditional(id, from, version))
      .returning();
    return row;
  });
}

/** One conditional UPDATE of the status: answers nothing when the visit is not in one of `from` (or not at `version`). */
export async function transitionVisit(
  db: DbOrTx,
  id: string,
  from: readonly VisitStatus[],
  version: number | undefined,
  set: Partial<Pick<BookedVisitInsert, 'status' | 'cancelReason' | 'canceledAt' | 'heldUntil'>> & { updatedAt: Date },
  extra?: SQL,
): Promise<BookedVisitRow | undefined> {
  const [row] = await db
    .update(bookedVisits)
    .set({ ...set, version: sql`${bookedVisits.version} + 1` })
    .where(and(conditional(id, from, version), extra))
    .returning();
  return row;
}

function conditional(id: string, from: readonly VisitStatus[], version: number | undefined) {
  return and(eq(bookedVisits.id, id), inArray(bookedVisits.status, [...from]), version === undefined ? undefined : eq(bookedVisits.version, version));
}

/** The visit has started by `now` (the condition of marking it completed or a no-show). */
export const startedBy = (now: Date) => sql`${bookedVisits.startsAt} <= ${now}`;

export async function findVisit(db: DbOrTx, id: string): Promise<BookedVisitRow | undefined> {
  const [row] = await db.select().from(bookedVisits).where(eq(bookedVisits.id, id)).limit(1);
  return row;
}

/**
 * The time the clinicians' visits and live holds take (buffers included) touching [from, to):
 * read through the constraint's own GiST index (clinician =, range &&).
 */
export async function busyRanges(db: DbOrTx, clinicianIds: string[], from: Date, to: Date, now: Date, exceptVisitId?: string): Promise<{ clinicianId: string; start: number; end: number }[]> {
  if (clinicianIds.length === 0) return [];
  const rows = await db
    .select({ clinicianId: bookedVisits.clinicianId, startsAt: bookedVisits.startsAt, occupiedUntil: bookedVisits.occupiedUntil })
    .from(bookedVisits)
    .where(
      and(
        inArray(bookedVisits.clinicianId, clinicianIds),
        active,
        live(now),
        sql`during && tstzrange(${from}::timestamptz, ${to}::timestamptz, '[)')`,
        exceptVisitId ? ne(bookedVisits.id, exceptVisitId) : undefined,
      ),
    );
  return rows.map((r) => ({ clinicianId: r.clinicianId, start: r.startsAt.getTime(), end: r.occupiedUntil.getTime() }));
}

const withNames = {
  visit: bookedVisits,
  clinicianName: clinicians.name,
  locationName: locations.name,
  visitTypeNameEn: visitTypes.nameEn,
  visitTypeNameEs: visitTypes.nameEs,
  visitTypeLength: visitTypes.lengthMinutes,
};

function named(r: { visit: BookedVisitRow; clinicianName: string; locationName: string; visitTypeNameEn: string; visitTypeNameEs: string; visitTypeLength: number }): VisitWithNames {
  return { ...r.visit, clinicianName: r.clinicianName, locationName: r.locationName, visitTypeNameEn: r.visitTypeNameEn, visitTypeNameEs: r.visitTypeNameEs, visitTypeLength: r.visitTypeLength };
}

function joined(db: DbOrTx) {
  return db
    .select(withNames)
    .from(bookedVisits)
    .innerJoin(clinicians, eq(clinicians.id, bookedVisits.clinicianId))
    .innerJoin(locations, eq(locations.id, bookedVisits.locationId))
    .innerJoin(visitTypes, eq(visitTypes.id, bookedVisits.visitTypeId));
}

export async function findVisitWithNames(db: DbOrTx, id: string): Promise<VisitWithNames | undefined> {
  const [row] = await joined(db).where(eq(bookedVisits.id, id)).limit(1);
  return row && named(row);
}

/**
 * An organization's visits starting in [from, to), by start: what a day or week view shows. Holds
 * that ran out, and holds given up before they were booked, are left out; canceled visits stay.
 */
export async function listVisits(db: DbOrTx, organizationId: string, from: Date, to: Date, now: Date, filter: { clinicianId?: string; locationId?: string }): Promise<VisitWithNames[]> {
  const rows = await joined(db)
    .where(
      and(
        eq(bookedVisits.organizationId, organizationId),
        gte(bookedVisits.startsAt, from),
        lt(bookedVisits.startsAt, to),
        live(now),
        sql`not (${bookedVisits.status} = 'canceled' and ${bookedVisits.bookedAt} is null)`,
        filter.clinicianId ? eq(bookedVisits.clinicianId, filter.clinicianId) : undefined,
        filter.locationId ? eq(bookedVisits.locationId, filter.locationId) : undefined,
      ),
    )
    .orderBy(asc(bookedVisits.startsAt), asc(clinicians.name), asc(bookedVisits.id));
  return rows.map(named);
}

export interface VisitSearch {
  organizationIds: string[];
  ids?: string[];
  /** Visits starting in [from, to); either end may be open. */
  from?: Date | null;
  to?: Date | null;
  clinicianIds?: string[];
  locationIds?: string[];
  visitTypeIds?: string[];
  patientIds?: string[];
  statuses?: readonly VisitStatus[];
  limit: number;
  offset: number;
}

/**
 * Visits of organizations by start, then id, for the FHIR API's Appointment and busy-Slot searches.
 * Holds that ran out and holds given up before they were booked are left out, as on the calendar.
 * Answers one row more than `limit` when there are more.
 */
export async function searchVisits(db: DbOrTx, s: VisitSearch, now: Date): Promise<VisitWithNames[]> {
  if (s.organizationIds.length === 0) return [];
  const some = <T>(list: T[] | readonly T[] | undefined) => (list === undefined ? undefined : list.length === 0 ? sql`false` : null);
  const where = [
    inArray(bookedVisits.organizationId, s.organizationIds),
    s.from ? gte(bookedVisits.startsAt, s.from) : undefined,
    s.to ? lt(bookedVisits.startsAt, s.to) : undefined,
    live(now),
    sql`not (${bookedVisits.status} = 'canceled' and ${bookedVisits.bookedAt} is null)`,
    some(s.ids) ?? (s.ids ? inArray(bookedVisits.id, s.ids) : undefined),
    some(s.clinicianIds) ?? (s.clinicianIds ? inArray(bookedVisits.clinicianId, s.clinicianIds) : undefined),
    some(s.locationIds) ?? (s.locationIds ? inArray(bookedVisits.locationId, s.locationIds) : undefined),
    some(s.visitTypeIds) ?? (s.visitTypeIds ? inArray(bookedVisits.visitTypeId, s.visitTypeIds) : undefined),
    some(s.patientIds) ?? (s.patientIds ? inArray(bookedVisits.patientId, s.patientIds) : undefined),
    some(s.statuses) ?? (s.statuses ? inArray(bookedVisits.status, [...s.statuses]) : undefined),
  ];
  const rows = await joined(db)
    .where(and(...where))
    .orderBy(asc(bookedVisits.startsAt), asc(bookedVisits.id))
    .limit(s.limit + 1)
    .offset(s.offset);
  return rows.map(named);
}

/**
 * A caller's upcoming visits that can still change (booked or confirmed, not begun), as candidates
 * for the phone agent's cancel and move (issue 31 §3): those with the patient's date of birth, and
 * those linked to the given appointment request. Which of them are the caller's is decided by the
 * agent (names, or the request), never told before it matches.
 */
export async function upcomingVisitsToChange(db: DbOrTx, organizationId: string, now: Date, who: { dateOfBirth: string; appointmentRequestId?: string | null }): Promise<VisitWithNames[]> {
  const rows = await joined(db)
    .where(
      and(
        eq(bookedVisits.organizationId, organizationId),
        inArray(bookedVisits.status, ['booked', 'confirmed']),
        sql`${bookedVisits.startsAt} > ${now}`,
        who.appointmentRequestId ? or(eq(bookedVisits.dateOfBirth, who.dateOfBirth), eq(bookedVisits.appointmentRequestId, who.appointmentRequestId)) : eq(bookedVisits.dateOfBirth, who.dateOfBirth),
      ),
    )
    .orderBy(asc(bookedVisits.startsAt), asc(bookedVisits.id))
    .limit(50);
  return rows.map(named);
}

// ---------------------------------------------------------------------------------------------
// A request's visit (the patient's web booking, decision 055)

/** A visit linked to an appointment request, with the names and the visit type's rules the patient pages need. */
export interface RequestVisit extends VisitWithNames {
  locationAddress: string;
  visitTypeMinNotice: number;
  visitTypeChannels: string[];
  visitTypeActive: boolean;
  visitTypeNewPatients: boolean;
}

function requestVisits(db: DbOrTx) {
  return db
    .select({ ...withNames, locationAddress: locations.address, visitTypeMinNotice: visitTypes.minNoticeMinutes, visitTypeChannels: visitTypes.channels, visitTypeActive: visitTypes.active, visitTypeNewPatients: visitTypes.newPatientsAllowed })
    .from(bookedVisits)
    .innerJoin(clinicians, eq(clinicians.id, bookedVisits.clinicianId))
    .innerJoin(locations, eq(locations.id, bookedVisits.locationId))
    .innerJoin(visitTypes, eq(visitTypes.id, bookedVisits.visitTypeId));
}

type RequestVisitSelection = Awaited<ReturnType<ReturnType<typeof requestVisits>['where']>>[number];
const requestVisitOf = (r: RequestVisitSelection): RequestVisit => ({
  ...named(r),
  locationAddress: r.locationAddress,
  visitTypeMinNotice: r.visitTypeMinNotice,
  visitTypeChannels: r.visitTypeChannels,
  visitTypeActive: r.visitTypeActive,
  visitTypeNewPatients: r.visitTypeNewPatients,
});

/**
 * The newest hold made for a request: live, run out (still `held`, or cleared as `hold_expired` by
 * another booking), or none. A hold given up (another time chosen) or booked is not one.
 */
export async function latestHoldOfRequest(db: DbOrTx, organizationId: string, appointmentRequestId: string): Promise<RequestVisit | undefined> {
  const [row] = await requestVisits(db)
    .where(
      and(
        eq(bookedVisits.organizationId, organizationId),
        eq(bookedVisits.appointmentRequestId, appointmentRequestId),
        or(eq(bookedVisits.status, 'held'), and(eq(bookedVisits.status, 'canceled'), eq(bookedVisits.cancelReason, HOLD_EXPIRED_REASON))),
      ),
    )
    .orderBy(desc(bookedVisits.createdAt), desc(bookedVisits.id))
    .limit(1);
  return row && requestVisitOf(row);
}

/** A request's booked visits (never its holds): the active one first, then the newest; for each of `requestIds`. */
export async function visitsOfRequests(db: DbOrTx, requestIds: string[]): Promise<RequestVisit[]> {
  if (!requestIds.length) return [];
  const rows = await requestVisits(db)
    .where(and(inArray(bookedVisits.appointmentRequestId, requestIds), sql`${bookedVisits.bookedAt} is not null`))
    .orderBy(sql`case when ${bookedVisits.status} in ('booked', 'confirmed') then 0 else 1 end`, desc(bookedVisits.startsAt), desc(bookedVisits.id));
  return rows.map(requestVisitOf);
}

/** Gives up a request's live holds (the patient chose another time, or to be called instead); answers those released. */
export async function releaseHoldsOfRequest(db: DbOrTx, organizationId: string, appointmentRequestId: string, reason: string, now: Date): Promise<BookedVisitRow[]> {
  return db
    .update(bookedVisits)
    .set({ status: 'canceled', cancelReason: reason, canceledAt: now, updatedAt: now, version: sql`${bookedVisits.version} + 1` })
    .where(and(eq(bookedVisits.organizationId, organizationId), eq(bookedVisits.appointmentRequestId, appointmentRequestId), eq(bookedVisits.status, 'held')))
    .returning();
}
