import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import { isUuid, loadVisibleOrganization, type OrganizationRow } from '../organizations/index.js';
import { findClinician, findLocation, findVisitType, type ClinicianRow, type LocationRow, type VisitTypeRow } from './calendars.repository.js';
import { findVisit, type BookedVisitRow } from './booked-visits.repository.js';

/**
 * A calendar record and its organization, or "not found" (never "forbidden") when the id is
 * malformed or unknown, or the record belongs to an organization the actor may not see.
 */
async function loadOwned<R extends { organizationId: string }>(db: DbOrTx, actor: StaffActor, id: string, what: string, find: (db: DbOrTx, id: string) => Promise<R | undefined>) {
  if (!isUuid(id)) throw notFound(what);
  const record = await find(db, id);
  if (!record) throw notFound(what);
  const organization = await loadVisibleOrganization(db, actor, record.organizationId).catch((err: unknown) => {
    throw err instanceof AppError && err.statusCode === 404 ? notFound(what) : err;
  });
  return { organization, record };
}

export async function loadLocation(db: DbOrTx, actor: StaffActor, id: string): Promise<{ organization: OrganizationRow; location: LocationRow }> {
  const { organization, record } = await loadOwned(db, actor, id, 'That location', findLocation);
  return { organization, location: record };
}

export async function loadVisitType(db: DbOrTx, actor: StaffActor, id: string): Promise<{ organization: OrganizationRow; visitType: VisitTypeRow }> {
  const { organization, record } = await loadOwned(db, actor, id, 'That visit type', findVisitType);
  return { organization, visitType: record };
}

export async function loadClinician(db: DbOrTx, actor: StaffActor, id: string): Promise<{ organization: OrganizationRow; clinician: ClinicianRow }> {
  const { organization, record } = await loadOwned(db, actor, id, 'That clinician', findClinician);
  return { organization, clinician: record };
}

export async function loadVisit(db: DbOrTx, actor: StaffActor, id: string): Promise<{ organization: OrganizationRow; visit: BookedVisitRow }> {
  const { organization, record } = await loadOwned(db, actor, id, 'That visit', findVisit);
  return { organization, visit: record };
}
