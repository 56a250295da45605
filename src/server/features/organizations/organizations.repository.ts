import { and, asc, desc, eq, ilike, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { agentTestRuns, agentTestSuites, messagingSettings, organizationPhoneNumbers, organizations, userOrganizations, users } from '../../db/schema/index.js';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationInsert = typeof organizations.$inferInsert;
export type PhoneNumberRow = typeof organizationPhoneNumbers.$inferSelect;

/** Organizations a user may see: `null` scope means all (admins). Deactivated ones and sandboxes (decision 056) are hidden. */
export async function listVisibleOrganizations(db: DbOrTx, scope: string[] | null): Promise<OrganizationRow[]> {
  if (scope && scope.length === 0) return [];
  const notDeactivated = and(ne(organizations.status, 'deactivated'), isNull(organizations.sandboxOf))!;
  return db
    .select()
    .from(organizations)
    .where(scope ? and(inArray(organizations.id, scope), notDeactivated) : notDeactivated)
    .orderBy(asc(organizations.name));
}

export interface OrganizationListFilter {
  scope: string[] | null;
  includeDeactivated: boolean;
  status?: OrganizationRow['status'];
  q?: string;
}

export async function listOrganizations(db: DbOrTx, f: OrganizationListFilter): Promise<OrganizationRow[]> {
  if (f.scope && f.scope.length === 0) return [];
  // A practice's agent-test sandbox is nobody's organization to list (decision 056).
  const where: SQL[] = [isNull(organizations.sandboxOf)];
  if (f.scope) where.push(inArray(organizations.id, f.scope));
  if (!f.includeDeactivated) where.push(ne(organizations.status, 'deactivated'));
  if (f.status) where.push(eq(organizations.status, f.status));
  if (f.q) {
    const like = `%${f.q.replace(/[%_\\]/g, '\\$&')}%`;
    where.push(or(ilike(organizations.name, like), ilike(organizations.slug, like))!);
  }
  return db
    .select()
    .from(organizations)
    .where(and(...where))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

export async function findOrganizationById(db: DbOrTx, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

export async function findOrganizationBySlug(db: DbOrTx, slug: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(and(eq(organizations.slug, slug), isNull(organizations.sandboxOf))).limit(1);
  return row;
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

export async function insertOrganization(db: DbOrTx, row: OrganizationInsert): Promise<OrganizationRow> {
  const [created] = await db.insert(organizations).values(row).returning();
  return created!;
}

/**
 * Applies `patch` only if the row is still at `version`, bumping it; undefined when the row is
 * gone or was changed in the meantime (the caller tells the two apart).
 */
export async function updateOrganizationIfVersion(
  db: DbOrTx,
  id: string,
  version: number,
  patch: Partial<Omit<OrganizationInsert, 'id' | 'version' | 'createdAt'>>,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .update(organizations)
    .set({ ...patch, version: sql`${organizations.version} + 1`, updatedAt: new Date() })
    .where(and(eq(organizations.id, id), eq(organizations.version, version)))
    .returning();
  return row;
}

export async function phoneNumbersOf(db: DbOrTx, organizationIds: string[]): Promise<Map<string, PhoneNumberRow[]>> {
  const map = new Map<string, PhoneNumberRow[]>(organizationIds.map((id) => [id, []]));
  if (organizationIds.length === 0) return map;
  const rows = await db
    .select()
    .from(organizationPhoneNumbers)
    .where(inArray(organizationPhoneNumbers.organizationId, organizationIds))
    .orderBy(asc(organizationPhoneNumbers.createdAt), asc(organizationPhoneNumbers.e164));
  for (const r of rows) map.get(r.organizationId)?.push(r);
  return map;
}

/** Numbers among `e164s` that already route to an organization other than `organizationId`. */
export async function phoneNumbersTakenElsewhere(db: DbOrTx, e164s: string[], organizationId: string | null): Promise<Set<string>> {
  if (e164s.length === 0) return new Set();
  const where = organizationId
    ? and(inArray(organizationPhoneNumbers.e164, e164s), ne(organizationPhoneNumbers.organizationId, organizationId))
    : inArray(organizationPhoneNumbers.e164, e164s);
  const rows = await db.select({ e164: organizationPhoneNumbers.e164 }).from(organizationPhoneNumbers).where(where);
  return new Set(rows.map((r) => r.e164));
}

/**
 * Makes the organization's numbers exactly `numbers` (unchanged ones keep their id). Returns the
 * numbers that could not be stored because another organization took them meanwhile.
 */
export async function replacePhoneNumbers(db: DbOrTx, organizationId: string, numbers: { e164: string; label: string }[]): Promise<string[]> {
  const keep = numbers.map((n) => n.e164);
  await db
    .delete(organizationPhoneNumbers)
    .where(
      keep.length
        ? and(eq(organizationPhoneNumbers.organizationId, organizationId), notInArray(organizationPhoneNumbers.e164, keep))
        : eq(organizationPhoneNumbers.organizationId, organizationId),
    );
  const lost: string[] = [];
  for (const n of numbers) {
    const stored = await db
      .insert(organizationPhoneNumbers)
      .values({ organizationId, e164: n.e164, label: n.label })
      .onConflictDoUpdate({
        target: organizationPhoneNumbers.e164,
        set: { label: n.label },
        // Never moves a number away from another organization.
        setWhere: eq(organizationPhoneNumbers.organizationId, organizationId),
      })
      .returning({ id: organizationPhoneNumbers.id });
    if (stored.length === 0) lost.push(n.e164);
  }
  return lost;
}

export async function listMembers(db: DbOrTx, organizationId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, status: users.status })
    .from(users)
    .innerJoin(userOrganizations, eq(userOrganizations.userId, users.id))
    .where(and(eq(userOrganizations.organizationId, organizationId), ne(users.status, 'disabled')))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * The sender and pace an administrator chose for the organization's texts. The same row holds the
 * outbox's pacing clock (`next_send_at`, features/outbox): these two columns are the settings,
 * that one is the worker's, so saving settings never moves the clock.
 */
export async function findTextSending(db: DbOrTx, organizationId: string): Promise<{ sender: string | null; perSecond: number | null } | undefined> {
  const [row] = await db
    .select({ sender: messagingSettings.sender, perSecond: messagingSettings.perSecond })
    .from(messagingSettings)
    .where(eq(messagingSettings.organizationId, organizationId))
    .limit(1);
  return row;
}

export async function storeTextSending(db: DbOrTx, organizationId: string, value: { sender: string | null; perSecond: number | null }): Promise<void> {
  await db
    .insert(messagingSettings)
    .values({ organizationId, sender: value.sender, perSecond: value.perSecond })
    .onConflictDoUpdate({ target: messagingSettings.organizationId, set: { sender: value.sender, perSecond: value.perSecond, updatedAt: sql`now()` } });
}

/** Whether `id` is a practice's agent-test sandbox (decision 056). */
export async function isSandboxOrganization(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ sandboxOf: organizations.sandboxOf }).from(organizations).where(eq(organizations.id, id)).limit(1);
  return Boolean(row?.sandboxOf);
}

/**
 * The practice's sandbox made (or brought) in step with `from`: its identity, time zone, address,
 * agent and appointment settings. One row per practice (unique `sandbox_of`), upserted.
 */
export async function upsertSandboxOrganization(
  db: DbOrTx,
  practice: OrganizationRow,
  agentSettings: Record<string, unknown>,
): Promise<OrganizationRow> {
  const values = {
    name: practice.name,
    timeZone: practice.timeZone,
    status: 'active' as const,
    address: practice.address,
    agentSettings,
    appointmentSettings: practice.appointmentSettings,
    missedCallTexts: {},
    updatedAt: new Date(),
  };
  const [existing] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.sandboxOf, practice.id)).limit(1);
  if (existing) {
    const [row] = await db
      .update(organizations)
      .set({ ...values, version: sql`${organizations.version} + 1` })
      .where(eq(organizations.id, existing.id))
      .returning();
    return row!;
  }
  const [row] = await db
    .insert(organizations)
    .values({ ...values, slug: `agent-test-sandbox-${practice.id}`, sandboxOf: practice.id })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  // Another run made it meanwhile.
  return upsertSandboxOrganization(db, practice, agentSettings);
}

/**
 * The organization's required agent-test suites whose latest finished run on exactly `agentSettings`
 * (a draft run whose stored draft equals them as jsonb; both in canonical form) failed — what holds
 * a save of these settings back (decision 056, addendum). A suite whose latest such run passed, or
 * that has none, is not listed. Reads the agent tests' tables here, as the sandbox's cleanup does:
 * the agent-test feature builds on this one, so this one cannot ask it.
 */
export async function requiredSuitesFailingOn(db: DbOrTx, organizationId: string, agentSettings: Record<string, unknown>) {
  const latest = await db
    .selectDistinctOn([agentTestRuns.suiteId], {
      id: agentTestSuites.id,
      name: agentTestSuites.name,
      runId: agentTestRuns.id,
      status: agentTestRuns.status,
      passed: agentTestRuns.passed,
      total: agentTestRuns.total,
    })
    .from(agentTestRuns)
    .innerJoin(agentTestSuites, eq(agentTestSuites.id, agentTestRuns.suiteId))
    .where(
      and(
        eq(agentTestRuns.organizationId, organizationId),
        eq(agentTestSuites.required, true),
        eq(agentTestRuns.settings, 'draft'),
        inArray(agentTestRuns.status, ['passed', 'failed']),
        sql`${agentTestRuns.draft} = ${JSON.stringify(agentSettings)}::jsonb`,
      ),
    )
    .orderBy(agentTestRuns.suiteId, desc(agentTestRuns.createdAt), desc(agentTestRuns.id));
  return latest
    .filter((r) => r.status === 'failed')
    .map(({ status: _status, ...suite }) => suite)
    .sort((a, b) => a.name.localeCompare(b.name));
}
