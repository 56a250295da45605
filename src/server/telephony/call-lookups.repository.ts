import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { calls, handoffSlaSettings, organizationHours, organizationPhoneNumbers, organizations } from '../db/schema/index.js';
import type { DeadlineRules } from '../features/handoffs/handoffs.repository.js';
import type { OrganizationRow } from './call-records.repository.js';

/**
 * The organization a new call is for, with its hours and handoff deadline settings, in one
 * query: the call keeps them for its whole length (see CallSnapshot.rules). By the number
 * dialled (deactivated organizations route nowhere) or, for the simulator, by id.
 */
export async function findOrganizationForCall(db: DbOrTx, by: { number: string } | { id: string }): Promise<{ organization: OrganizationRow; rules: DeadlineRules } | undefined> {
  const dialled = 'number' in by ? db.select({ id: organizationPhoneNumbers.organizationId }).from(organizationPhoneNumbers).where(eq(organizationPhoneNumbers.e164, by.number)) : undefined;
  const [row] = await db
    .select({ organization: organizations, weekly: organizationHours.weekly, overrides: organizationHours.overrides, sla: handoffSlaSettings })
    .from(organizations)
    .leftJoin(organizationHours, eq(organizationHours.organizationId, organizations.id))
    .leftJoin(handoffSlaSettings, eq(handoffSlaSettings.organizationId, organizations.id))
    .where(dialled ? inArray(organizations.id, dialled) : eq(organizations.id, (by as { id: string }).id))
    .limit(1);
  if (!row || ('number' in by && row.organization.status === 'deactivated')) return undefined;
  const { organization, weekly, overrides, sla } = row;
  return { organization, rules: { timeZone: organization.timeZone, hours: weekly ? { weekly, overrides: overrides ?? [] } : undefined, sla: sla ?? undefined } };
}

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
