import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { assertOrganizationVisible, canSeeOrganization, type StaffActor } from '../../policy/actor.js';
import { findOrganizationById, type OrganizationRow } from './organizations.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checked before any uuid column is queried, so a malformed id is "not found", never a database error. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * Whether the actor may see this organization: one of theirs (admins: any), and deactivated
 * organizations only for administrators.
 */
export function organizationVisibleTo(actor: StaffActor, organization: Pick<OrganizationRow, 'id' | 'status'> & { sandboxOf?: string | null }): boolean {
  // A practice's agent-test sandbox (decision 056) is nobody's to open, administrators' included.
  if (organization.sandboxOf) return false;
  if (!canSeeOrganization(actor, organization.id)) return false;
  return organization.status !== 'deactivated' || actor.allOrganizations;
}

/**
 * The organization `id` as the actor may see it, or "not found" (never "forbidden") for an id
 * that is malformed, unknown, another organization's, or deactivated (for non-admins). Hours
 * and schedules scope their records through it.
 */
export async function loadVisibleOrganization(db: DbOrTx, actor: StaffActor, id: string): Promise<OrganizationRow> {
  if (!isUuid(id)) throw notFound('That organization');
  assertOrganizationVisible(actor, id, 'That organization');
  const row = await findOrganizationById(db, id);
  if (!row || !organizationVisibleTo(actor, row)) throw notFound('That organization');
  return row;
}
