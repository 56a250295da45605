import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, notFound } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import type { LocationBody, UpdateLocationBody, UpdateVisitTypeBody, VisitTypeInput } from '../../../contracts/calendars.js';
import { recordAudit } from '../audit/index.js';
import { loadVisibleOrganization } from '../organizations/index.js';
import { loadLocation, loadVisitType } from './calendars.policy.js';
import {
  deleteLocationIfVersion,
  deleteVisitTypeIfVersion,
  findLocation,
  findLocationByName,
  findVisitType,
  findVisitTypeByName,
  insertLocation,
  insertVisitType,
  listLocations,
  listVisitTypes,
  uniqueViolation,
  updateLocationIfVersion,
  updateVisitTypeIfVersion,
  type LocationRow,
  type VisitTypeColumns,
  type VisitTypeRow,
} from './calendars.repository.js';

/** Locations and visit types of an organization: read by its staff, kept by its admins and supervisors. */

export const staleMessage = (what: string) => `${what} was changed elsewhere. Reload to see the latest version, then make your change again.`;

export async function staleOr404<R extends { version: number }>(find: () => Promise<R | undefined>, what: string): Promise<never> {
  const row = await find();
  throw row ? conflict(staleMessage(what), 'stale_version', { currentVersion: row.version }) : notFound(what);
}

/** Runs `write`, answering a clear 409 on the field when a unique name is taken by a concurrent write. */
export async function withUniqueNames<T>(run: () => Promise<T>, names: Record<string, { field: string; message: string }>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const constraint = uniqueViolation(err);
    const taken = constraint === undefined ? undefined : names[constraint];
    if (taken) throw conflict('That name is taken.', 'conflict', { fields: { [taken.field]: taken.message } });
    throw err;
  }
}

export function audit(db: DbOrTx, actor: StaffActor, action: string, record: { type: string; id: string; organizationId: string }, details: Record<string, unknown> = {}) {
  return recordAudit(db, { action, outcome: 'success', actor, organizationId: record.organizationId, recordType: record.type, recordId: record.id, details });
}

const inUse = (message: string) => conflict(message, 'conflict');

// ---------------------------------------------------------------------------------------------
// Locations

const LOCATION_NAME = { locations_org_name_unique: { field: 'name', message: 'This organization already has a location with that name.' } };

export async function listLocationsOf(ctx: AppContext, actor: StaffActor, organizationId: string): Promise<LocationRow[]> {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  return listLocations(ctx.db, organization.id);
}

export async function createLocation(ctx: AppContext, actor: StaffActor, organizationId: string, input: Required<LocationBody>): Promise<LocationRow> {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  if (await findLocationByName(ctx.db, organization.id, input.name)) throw conflict('That name is taken.', 'conflict', { fields: { name: LOCATION_NAME.locations_org_name_unique.message } });
  return withUniqueNames(
    () =>
      ctx.db.transaction(async (tx) => {
        const location = await insertLocation(tx, { organizationId: organization.id, name: input.name, address: input.address });
        await audit(tx, actor, 'location.created', { type: 'location', ...location });
        return location;
      }),
    LOCATION_NAME,
  );
}

export async function updateLocation(ctx: AppContext, actor: StaffActor, locationId: string, input: UpdateLocationBody): Promise<LocationRow> {
  const { organization, location } = await loadLocation(ctx.db, actor, locationId);
  if (input.name !== undefined) {
    const other = await findLocationByName(ctx.db, organization.id, input.name);
    if (other && other.id !== location.id) throw conflict('That name is taken.', 'conflict', { fields: { name: LOCATION_NAME.locations_org_name_unique.message } });
  }
  return withUniqueNames(
    () =>
      ctx.db.transaction(async (tx) => {
        const updated = await updateLocationIfVersion(tx, location.id, input.version, { name: input.name, address: input.address, active: input.active });
        if (!updated) return staleOr404(() => findLocation(tx, location.id), 'That location');
        await audit(tx, actor, 'location.updated', { type: 'location', ...updated }, { fields: Object.keys(input).filter((k) => k !== 'version') });
        return updated;
      }),
    LOCATION_NAME,
  );
}

export async function deleteLocation(ctx: AppContext, actor: StaffActor, locationId: string, version: number): Promise<void> {
  const { location } = await loadLocation(ctx.db, actor, locationId);
  await ctx.db.transaction(async (tx) => {
    const outcome = await deleteLocationIfVersion(tx, location.id, version);
    if (outcome === 'in_use') throw inUse('This location is in a clinician’s hours or has visits. Mark it not in use instead, or move those first.');
    if (outcome === 'stale') await staleOr404(() => findLocation(tx, location.id), 'That location');
    await audit(tx, actor, 'location.deleted', { type: 'location', ...location }, { name: location.name });
  });
}

// ---------------------------------------------------------------------------------------------
// Visit types

const VISIT_TYPE_NAME = { visit_types_org_name_unique: { field: 'nameEn', message: 'This organization already has a visit type with that name.' } };

function visitTypeColumns(input: Partial<VisitTypeInput>): Partial<VisitTypeColumns> {
  const { bookableBy, ...rest } = input;
  const columns: Partial<VisitTypeColumns> = { ...rest };
  // Stored in one order, so a set compares equal however it was sent.
  if (bookableBy) columns.channels = (['phone', 'web', 'staff'] as const).filter((c) => bookableBy.includes(c));
  return columns;
}

export async function listVisitTypesOf(ctx: AppContext, actor: StaffActor, organizationId: string): Promise<VisitTypeRow[]> {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  return listVisitTypes(ctx.db, organization.id);
}

export async function createVisitType(ctx: AppContext, actor: StaffActor, organizationId: string, input: VisitTypeInput): Promise<VisitTypeRow> {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  if (await findVisitTypeByName(ctx.db, organization.id, input.nameEn)) throw conflict('That name is taken.', 'conflict', { fields: { nameEn: VISIT_TYPE_NAME.visit_types_org_name_unique.message } });
  return withUniqueNames(
    () =>
      ctx.db.transaction(async (tx) => {
        const created = await insertVisitType(tx, { ...(visitTypeColumns(input) as VisitTypeColumns), organizationId: organization.id });
        await audit(tx, actor, 'visit_type.created', { type: 'visit_type', ...created });
        return created;
      }),
    VISIT_TYPE_NAME,
  );
}

export async function updateVisitType(ctx: AppContext, actor: StaffActor, visitTypeId: string, input: UpdateVisitTypeBody): Promise<VisitTypeRow> {
  const { organization, visitType } = await loadVisitType(ctx.db, actor, visitTypeId);
  if (input.nameEn !== undefined) {
    const other = await findVisitTypeByName(ctx.db, organization.id, input.nameEn);
    if (other && other.id !== visitType.id) throw conflict('That name is taken.', 'conflict', { fields: { nameEn: VISIT_TYPE_NAME.visit_types_org_name_unique.message } });
  }
  const { version, ...fields } = input;
  return withUniqueNames(
    () =>
      ctx.db.transaction(async (tx) => {
        const updated = await updateVisitTypeIfVersion(tx, visitType.id, version, visitTypeColumns(fields));
        if (!updated) return staleOr404(() => findVisitType(tx, visitType.id), 'That visit type');
        await audit(tx, actor, 'visit_type.updated', { type: 'visit_type', ...updated }, { fields: Object.keys(fields) });
        return updated;
      }),
    VISIT_TYPE_NAME,
  );
}

export async function deleteVisitType(ctx: AppContext, actor: StaffActor, visitTypeId: string, version: number): Promise<void> {
  const { visitType } = await loadVisitType(ctx.db, actor, visitTypeId);
  await ctx.db.transaction(async (tx) => {
    const outcome = await deleteVisitTypeIfVersion(tx, visitType.id, version);
    if (outcome === 'in_use') throw inUse('This visit type has visits. Mark it not in use instead.');
    if (outcome === 'stale') await staleOr404(() => findVisitType(tx, visitType.id), 'That visit type');
    await audit(tx, actor, 'visit_type.deleted', { type: 'visit_type', ...visitType }, { name: visitType.nameEn });
  });
}
