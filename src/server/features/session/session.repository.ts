import { and, desc, eq, gt, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { securitySettings, sessions, twoFactors, userOrganizations, users } from '../../db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;

export async function findSession(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

export async function touchSession(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastActiveAt: at }).where(eq(sessions.id, id));
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function listSessionsOf(db: DbOrTx, userId: string): Promise<SessionRow[]> {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastActiveAt));
}

/** Sessions of the user other than `existing` that started after `startedAt` start then instead. */
export async function backdateNewSessions(db: DbOrTx, userId: string, existing: string[], startedAt: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ createdAt: startedAt })
    .where(and(eq(sessions.userId, userId), gt(sessions.createdAt, startedAt), ...(existing.length ? [notInArray(sessions.id, existing)] : [])));
}

export async function deleteSessionOf(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/**
 * Records that a TOTP code of `step` signed the user in, unless a code of that step or a later one
 * already did: one statement, so of two concurrent sign-ins with the same code only one is true.
 */
export async function claimTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactors)
    .set({ lastUsedStep: step, updatedAt: sql`now()` })
    .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, step))))
    .returning({ id: twoFactors.id });
  return rows.length > 0;
}

export async function twoFactorRequiredRoles(db: DbOrTx): Promise<string[]> {
  const [row] = await db.select().from(securitySettings).where(eq(securitySettings.id, 1)).limit(1);
  return row?.twoFactorRequiredRoles ?? [];
}

export async function saveTwoFactorRequiredRoles(db: DbOrTx, roles: string[]): Promise<void> {
  await db
    .insert(securitySettings)
    .values({ id: 1, twoFactorRequiredRoles: roles })
    .onConflictDoUpdate({ target: securitySettings.id, set: { twoFactorRequiredRoles: roles, updatedAt: sql`now()` } });
}

export interface SessionContextRow {
  session: SessionRow;
  user: typeof users.$inferSelect;
  organizationIds: string[];
  twoFactorRequiredRoles: string[];
}

/**
 * Everything the per-request session check needs in one round trip: the session, its user,
 * the user's organizations and the two-factor policy.
 */
export async function loadSessionContext(db: DbOrTx, sessionId: string): Promise<SessionContextRow | undefined> {
  const [row] = await db
    .select({
      session: sessions,
      user: users,
      organizationIds: sql<string[]>`coalesce((select array_agg(uo.organization_id::text) from ${userOrganizations} uo where uo.user_id = ${users.id}), '{}')`,
      twoFactorRequiredRoles: sql<string[]>`coalesce((select ss.two_factor_required_roles from ${securitySettings} ss where ss.id = 1), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row;
}
