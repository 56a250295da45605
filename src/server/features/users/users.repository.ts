import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accounts, organizations, passwordHistory, sessions, signInAttempts, userOrganizations, users } from '../../db/schema/index.js';
import type { Role } from '../../../domain/auth/permissions.js';

export type UserRow = typeof users.$inferSelect;
export type UserStatus = UserRow['status'];

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function organizationIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userOrganizations.organizationId })
    .from(userOrganizations)
    .where(eq(userOrganizations.userId, userId));
  return rows.map((r) => r.id);
}

export async function organizationIdsOfMany(db: DbOrTx, userIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await db.select().from(userOrganizations).where(inArray(userOrganizations.userId, userIds));
  for (const r of rows) map.get(r.userId)?.push(r.organizationId);
  return map;
}

export async function setUserOrganizations(db: DbOrTx, userId: string, organizationIds: string[]): Promise<void> {
  await db.delete(userOrganizations).where(eq(userOrganizations.userId, userId));
  if (organizationIds.length) {
    await db.insert(userOrganizations).values(organizationIds.map((organizationId) => ({ userId, organizationId })));
  }
}

export async function existingOrganizationIds(db: DbOrTx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: organizations.id }).from(organizations).where(inArray(organizations.id, ids));
  return rows.map((r) => r.id);
}

export async function insertUser(
  db: DbOrTx,
  row: { id: string; email: string; name: string; role: Role; status: UserStatus; mustChangePassword: boolean },
): Promise<UserRow> {
  const [created] = await db.insert(users).values({ ...row, email: row.email.toLowerCase(), emailVerified: true }).returning();
  return created!;
}

export async function updateUser(db: DbOrTx, id: string, patch: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * Sets (or creates) the credential account's password hash; better-auth verifies against it. The
 * hash joins the user's password history (`temporary`: set by an administrator, to be changed).
 */
export async function setPasswordHash(db: DbOrTx, userId: string, hash: string, opts: { temporary?: boolean } = {}): Promise<void> {
  const updated = await db
    .update(accounts)
    .set({ password: hash, updatedAt: new Date() })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  if (updated.length === 0) {
    await db.insert(accounts).values({ id: crypto.randomUUID(), accountId: userId, providerId: 'credential', userId, password: hash });
  }
  await rememberPasswordHash(db, userId, hash, opts.temporary ?? false);
}

/** How many of a user's latest passwords a new one may not repeat (administrators' temporary ones: all). */
export const PASSWORD_HISTORY_DEPTH = 5;

/** Adds a hash to the user's password history and forgets chosen ones beyond the last five. */
export async function rememberPasswordHash(db: DbOrTx, userId: string, hash: string, temporary: boolean): Promise<void> {
  await db.insert(passwordHistory).values({ userId, passwordHash: hash, temporary });
  await db.execute(sql`
    delete from ${passwordHistory} h
    where h.user_id = ${userId} and not h.temporary
      and h.id not in (select id from ${passwordHistory} where user_id = ${userId} order by created_at desc, id desc limit ${PASSWORD_HISTORY_DEPTH})`);
}

/** The hashes a new password may not match: the last five, and every temporary one an administrator set. */
export async function passwordHashesToRefuse(db: DbOrTx, userId: string): Promise<{ hash: string; temporary: boolean }[]> {
  const rows = await db.execute<{ hash: string; temporary: boolean }>(sql`
    select password_hash as hash, temporary from ${passwordHistory}
    where user_id = ${userId}
      and (temporary or id in (select id from ${passwordHistory} where user_id = ${userId} order by created_at desc, id desc limit ${PASSWORD_HISTORY_DEPTH}))`);
  return rows.rows;
}

export async function getPasswordHash(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  return row?.password ?? null;
}

export async function deleteSessionsOf(db: DbOrTx, userId: string, exceptSessionId?: string): Promise<number> {
  const where = exceptSessionId
    ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`)
    : eq(sessions.userId, userId);
  const rows = await db.delete(sessions).where(where).returning({ id: sessions.id });
  return rows.length;
}

export async function countActiveAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  return Number(row?.n ?? 0);
}

export async function recordSignInAttempt(
  db: DbOrTx,
  row: { email: string; userId: string | null; ipAddress: string | null; succeeded: boolean; at: Date },
): Promise<void> {
  await db.insert(signInAttempts).values(row);
}

/** Failures since the later of `since` and the user's last success: a success resets the count. */
export async function countRecentFailures(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db.execute<{ n: string }>(sql`
    select count(*)::text as n from ${signInAttempts}
    where ${signInAttempts.userId} = ${userId} and ${signInAttempts.succeeded} = false
      and ${signInAttempts.at} > greatest(${since.toISOString()}::timestamptz,
        coalesce((select max(at) from ${signInAttempts} where user_id = ${userId} and succeeded), '-infinity'))
  `).then((r) => r.rows);
  return Number(row?.n ?? 0);
}

export interface UserListFilter {
  q?: string;
  role?: Role;
  status?: UserStatus;
  organizationId?: string;
  page: number;
  pageSize: number;
  sort: 'name' | 'email' | 'lastSignInAt' | 'createdAt';
  order: 'asc' | 'desc';
}

export async function listUsers(db: DbOrTx, f: UserListFilter): Promise<{ rows: UserRow[]; total: number }> {
  const where: SQL[] = [];
  if (f.q) {
    const like = `%${f.q.replace(/[%_\\]/g, '\\$&')}%`;
    where.push(or(ilike(users.name, like), ilike(users.email, like))!);
  }
  if (f.role) where.push(eq(users.role, f.role));
  if (f.status) where.push(eq(users.status, f.status));
  if (f.organizationId) {
    where.push(
      sql`exists (select 1 from ${userOrganizations} uo where uo.user_id = ${users.id} and uo.organization_id = ${f.organizationId})`,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const column = { name: users.name, email: users.email, lastSignInAt: users.lastSignInAt, createdAt: users.createdAt }[f.sort];
  const orderBy = f.order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  const [rows, totalRow] = await Promise.all([
    db
      .select()
      .from(users)
      .where(condition)
      .orderBy(orderBy, asc(users.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(users).where(condition),
  ]);
  return { rows, total: Number(totalRow[0]?.n ?? 0) };
}

export async function findUserForUpdate(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row;
}

/** Serialises changes that remove an admin, so two at once cannot both pass the last-admin check. */
export async function lockAdminRemovals(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(4242001)`);
}
