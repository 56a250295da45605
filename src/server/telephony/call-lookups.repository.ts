import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { calls, organizationPhoneNumbers, organizations } from '../db/schema/index.js';
import type { OrganizationRow } from './call-records.repository.js';

/** The organization a dialled number routes to (deactivated organizations route nowhere). */
export async function findOrganizationByNumber(db: DbOrTx, e164: string): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select({ organization: organizations })
    .from(organizationPhoneNumbers)
    .innerJoin(organizations, eq(organizations.id, organizationPhoneNumbers.organizationId))
    .where(eq(organizationPhoneNumbers.e164, e164))
    .limit(1);
  return row && row.organization.status !== 'deactivated' ? row.organization : undefined;
}

export async function findOrganization(db: DbOrTx, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

/** Calls still ringing or in progress with no activity since `before`, oldest first. */
export async function findStaleCalls(db: DbOrTx, before: Date, limit: number): Promise<{ id: string }[]> {
  return db
    .select({ id: calls.id })
    .from(calls)
    .where(and(inArray(calls.status, ['ringing', 'in_progress']), lt(calls.lastActivityAt, before)))
    .orderBy(asc(calls.lastActivityAt))
    .limit(limit);
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
