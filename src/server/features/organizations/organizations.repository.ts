import { asc, inArray, ne, and } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { organizations } from '../../db/schema/index.js';

export type OrganizationRow = typeof organizations.$inferSelect;

/** Organizations a user may see: `null` scope means all (admins). Deactivated ones are hidden. */
export async function listVisibleOrganizations(db: DbOrTx, scope: string[] | null): Promise<OrganizationRow[]> {
  if (scope && scope.length === 0) return [];
  const notDeactivated = ne(organizations.status, 'deactivated');
  return db
    .select()
    .from(organizations)
    .where(scope ? and(inArray(organizations.id, scope), notDeactivated) : notDeactivated)
    .orderBy(asc(organizations.name));
}
