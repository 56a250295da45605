import { Temporal } from 'temporal-polyfill';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import type { AvailabilityBody, ClinicianInput, ExceptionInput, UpdateClinicianBody } from '../../../contracts/calendars.js';
import { exceptionOutsideHours, weeklyOutsideHours, type DateException, type Issue, type WeeklyRange } from '../../../domain/calendars/availability.js';
import { dateAt } from '../../../domain/calendars/open-times.js';
import type { Hours } from '../../../domain/time/index.js';
import { findHours, isUuid, loadVisibleOrganization, toHours, type OrganizationRow } from '../organizations/index.js';
import { loadClinician } from './calendars.policy.js';
import { audit, staleOr404, withUniqueNames } from './calendar-records.service.js';
import {
  deleteClinicianIfVersion,
  deleteExceptionIfVersion,
  findClinician,
  findException,
  insertClinician,
  insertException,
  listAvailability,
  listClinicians,
  listExceptions,
  locationsOf,
  memberForClinician,
  replaceAvailability,
  setVisitTypesOf,
  touchClinician,
  updateClinicianIfVersion,
  updateExceptionIfVersion,
  visitTypeIdsOf,
  visitTypesOf,
  type AvailabilityRow,
  type ClinicianRow,
  type ExceptionColumns,
  type ExceptionRow,
} from './calendars.repository.js';

/** Clinicians of an organization with their visit types, weekly availability and date exceptions. */

/** Exceptions that ended this many days ago are still listed, for reference. */
const RECENT_EXCEPTION_DAYS = 14;

export interface ClinicianDetail {
  organization: OrganizationRow;
  clinician: ClinicianRow;
  visitTypeIds: string[];
  weekly: AvailabilityRow[];
  exceptions: ExceptionRow[];
  /** What is saved but will not be offered: availability outside office hours. */
  warnings: Issue[];
}

const USER_TAKEN = { clinicians_org_user_unique: { field: 'userId', message: 'This person is already a clinician of this organization.' } };

export async function listCliniciansOf(ctx: AppContext, actor: StaffActor, organizationId: string) {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const rows = await listClinicians(ctx.db, organization.id);
  const visitTypeIds = await visitTypeIdsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((clinician) => ({ clinician, visitTypeIds: visitTypeIds.get(clinician.id) ?? [] }));
}

export async function getClinician(ctx: AppContext, actor: StaffActor, clinicianId: string): Promise<ClinicianDetail> {
  const { organization, clinician } = await loadClinician(ctx.db, actor, clinicianId);
  return detail(ctx, organization, clinician);
}

export async function createClinician(ctx: AppContext, actor: StaffActor, organizationId: string, input: ClinicianInput): Promise<ClinicianDetail> {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  let name = input.name;
  if (input.userId !== null) {
    const member = await memberForClinician(ctx.db, organization.id, input.userId);
    if (!member) throw invalid({ userId: 'Choose a person who works in this organization.' });
    name ||= member.name;
  }
  await checkVisitTypes(ctx.db, organization.id, input.visitTypeIds);
  const clinician = await withUniqueNames(
    () =>
      ctx.db.transaction(async (tx) => {
        const created = await insertClinician(tx, { organizationId: organization.id, userId: input.userId, name, title: input.title });
        await setVisitTypesOf(tx, created, input.visitTypeIds);
        await audit(tx, actor, 'clinician.created', { type: 'clinician', ...created });
        return created;
      }),
    USER_TAKEN,
  );
  return detail(ctx, organization, clinician);
}

export async function updateClinician(ctx: AppContext, actor: StaffActor, clinicianId: string, input: UpdateClinicianBody): Promise<ClinicianDetail> {
  const { organization, clinician } = await loadClinician(ctx.db, actor, clinicianId);
  if (input.visitTypeIds) await checkVisitTypes(ctx.db, organization.id, input.visitTypeIds);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updateClinicianIfVersion(tx, clinician.id, input.version, { name: input.name, title: input.title, active: input.active });
    if (!row) return staleOr404(() => findClinician(tx, clinician.id), 'That clinician');
    if (input.visitTypeIds) await setVisitTypesOf(tx, row, input.visitTypeIds);
    await audit(tx, actor, 'clinician.updated', { type: 'clinician', ...row }, { fields: Object.keys(input).filter((k) => k !== 'version') });
    return row;
  });
  return detail(ctx, organization, updated);
}

export async function deleteClinician(ctx: AppContext, actor: StaffActor, clinicianId: string, version: number): Promise<void> {
  const { clinician } = await loadClinician(ctx.db, actor, clinicianId);
  await ctx.db.transaction(async (tx) => {
    const outcome = await deleteClinicianIfVersion(tx, clinician.id, version);
    if (outcome === 'in_use') throw conflict('This clinician has visits. Mark them not in use instead.', 'conflict');
    if (outcome === 'stale') await staleOr404(() => findClinician(tx, clinician.id), 'That clinician');
    await audit(tx, actor, 'clinician.deleted', { type: 'clinician', ...clinician }, { name: clinician.name });
  });
}

/** Replaces the weekly availability (saved with the clinician's version). Ranges outside office hours are saved and warned about. */
export async function saveAvailability(ctx: AppContext, actor: StaffActor, clinicianId: string, input: AvailabilityBody): Promise<ClinicianDetail> {
  const { organization, clinician } = await loadClinician(ctx.db, actor, clinicianId);
  await checkLocations(
    ctx.db,
    organization.id,
    input.weekly.map((r, i) => [`weekly.${i}.locationId`, r.locationId]),
  );
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updateClinicianIfVersion(tx, clinician.id, input.version, {});
    if (!row) return staleOr404(() => findClinician(tx, clinician.id), 'That clinician');
    await replaceAvailability(tx, row, input.weekly);
    await audit(tx, actor, 'clinician.availability_saved', { type: 'clinician', ...row }, { ranges: input.weekly.length });
    return row;
  });
  return detail(ctx, organization, updated);
}

export async function addException(ctx: AppContext, actor: StaffActor, clinicianId: string, input: ExceptionInput): Promise<ClinicianDetail> {
  const { organization, clinician } = await loadClinician(ctx.db, actor, clinicianId);
  const columns = await exceptionColumns(ctx.db, organization.id, input);
  await ctx.db.transaction(async (tx) => {
    const created = await insertException(tx, clinician, columns);
    await touchClinician(tx, clinician.id);
    await audit(tx, actor, 'clinician.exception_added', { type: 'clinician', ...clinician }, { exceptionId: created.id });
  });
  return detail(ctx, organization, clinician);
}

export async function changeException(ctx: AppContext, actor: StaffActor, clinicianId: string, exceptionId: string, version: number, input: ExceptionInput): Promise<ClinicianDetail> {
  const { organization, clinician } = await loadClinician(ctx.db, actor, clinicianId);
  if (!isUuid(exceptionId) || !(await findException(ctx.db, clinician.id, exceptionId))) throw notFound('That exception');
  const columns = await exceptionColumns(ctx.db, organization.id, input);
  await ctx.db.transaction(async (tx) => {
    const updated = await updateExceptionIfVersion(tx, clinician.id, exceptionId, version, columns);
    if (!updated) await staleOr404(() => findException(tx, clinician.id, exceptionId), 'That exception');
    await touchClinician(tx, clinician.id);
    await audit(tx, actor, 'clinician.exception_changed', { type: 'clinician', ...clinician }, { exceptionId });
  });
  return detail(ctx, organization, clinician);
}

export async function removeException(ctx: AppContext, actor: StaffActor, clinicianId: string, exceptionId: string, version: number): Promise<ClinicianDetail> {
  const { organization, clinician } = await loadClinician(ctx.db, actor, clinicianId);
  if (!isUuid(exceptionId)) throw notFound('That exception');
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteExceptionIfVersion(tx, clinician.id, exceptionId, version))) await staleOr404(() => findException(tx, clinician.id, exceptionId), 'That exception');
    await touchClinician(tx, clinician.id);
    await audit(tx, actor, 'clinician.exception_removed', { type: 'clinician', ...clinician }, { exceptionId });
  });
  return detail(ctx, organization, clinician);
}

// ---------------------------------------------------------------------------------------------
// Helpers

export function toWeeklyRanges(rows: AvailabilityRow[]): WeeklyRange[] {
  return rows.map((r) => ({ day: r.day, start: r.startTime, end: r.endTime, locationId: r.locationId }));
}

export function toDateExceptions(rows: ExceptionRow[]): DateException[] {
  return rows.map((e) => ({ from: e.fromDate, to: e.toDate, kind: e.kind, intervals: e.intervals, locationId: e.locationId }));
}

async function detail(ctx: AppContext, organization: OrganizationRow, clinician: ClinicianRow): Promise<ClinicianDetail> {
  const current = (await findClinician(ctx.db, clinician.id)) ?? clinician;
  const today = Temporal.PlainDate.from(dateAt(organization.timeZone, ctx.clock.now().getTime()));
  const [visitTypeIds, weekly, exceptions, hoursRow] = await Promise.all([
    visitTypeIdsOf(ctx.db, [current.id]),
    listAvailability(ctx.db, [current.id]),
    listExceptions(ctx.db, [current.id], today.subtract({ days: RECENT_EXCEPTION_DAYS }).toString()),
    findHours(ctx.db, organization.id),
  ]);
  const hours = toHours(organization.timeZone, hoursRow);
  return { organization, clinician: current, visitTypeIds: visitTypeIds.get(current.id) ?? [], weekly, exceptions, warnings: warningsOf(hours, weekly, exceptions, today.toString()) };
}

/** Availability outside office hours: the weekly ranges, and the coming "available" exceptions. */
function warningsOf(hours: Hours, weekly: AvailabilityRow[], exceptions: ExceptionRow[], today: string): Issue[] {
  const out = weeklyOutsideHours(toWeeklyRanges(weekly), hours);
  for (const e of exceptions) {
    if (e.toDate < today) continue;
    for (const w of exceptionOutsideHours(toDateExceptions([e])[0]!, hours)) out.push({ path: ['exceptions', e.id, ...w.path], message: w.message });
  }
  return out;
}

async function exceptionColumns(db: DbOrTx, organizationId: string, input: ExceptionInput): Promise<ExceptionColumns> {
  if (input.kind === 'available') await checkLocations(db, organizationId, [['locationId', input.locationId ?? '']]);
  return {
    fromDate: input.from,
    toDate: input.to,
    kind: input.kind,
    intervals: input.kind === 'available' ? input.intervals : [],
    locationId: input.kind === 'available' ? input.locationId : null,
    note: input.note,
  };
}

/** Each named location must be one of the organization's and in use; errors name the field. */
async function checkLocations(db: DbOrTx, organizationId: string, refs: [field: string, id: string][]): Promise<void> {
  const found = await locationsOf(
    db,
    organizationId,
    refs.map(([, id]) => id).filter(isUuid),
  );
  const usable = new Set(found.filter((l) => l.active).map((l) => l.id));
  const fields: Record<string, string> = {};
  for (const [field, id] of refs) if (!usable.has(id)) fields[field] = 'Choose a location of this organization that is in use.';
  if (Object.keys(fields).length) throw invalid(fields);
}

async function checkVisitTypes(db: DbOrTx, organizationId: string, ids: string[]): Promise<void> {
  const found = new Set((await visitTypesOf(db, organizationId, ids.filter(isUuid))).map((v) => v.id));
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) throw invalid({ [`visitTypeIds.${missing}`]: 'Choose a visit type of this organization.' });
}
