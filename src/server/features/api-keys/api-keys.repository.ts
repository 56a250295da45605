import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from '../../db/client.js';
import { queryNamed } from '../../db/prepared.js';
import { apiIdempotencyKeys, apiKeys, organizations, userOrganizations, users } from '../../db/schema/index.js';
import type { UserRow } from '../users/index.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export interface ApiKeyListRow extends ApiKeyRow {
  creatorName: string;
  creatorStatus: UserRow['status'];
  creatorRole: UserRow['role'];
  /** The creator's organizations now (a non-admin's key acts only where they still belong). */
  creatorOrganizationIds: string[];
  organizationNames: { id: string; name: string }[];
}

export async function insertApiKey(db: DbOrTx, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [created] = await db.insert(apiKeys).values(row).returning();
  return created!;
}

const listColumns = {
  key: apiKeys,
  creatorName: users.name,
  creatorStatus: users.status,
  creatorRole: users.role,
  creatorOrganizationIds: sql<string[]>`array(select m.organization_id::text from ${userOrganizations} m where m.user_id = ${users.id})`,
  organizationNames: sql<{ id: string; name: string }[]>`coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.name)
    from ${organizations} o where o.id = any(${apiKeys.organizationIds})), '[]'::json)`,
};

type ListSelection = { key: ApiKeyRow } & Omit<ApiKeyListRow, keyof ApiKeyRow>;
const toListRow = ({ key, ...creator }: ListSelection): ApiKeyListRow => ({ ...key, ...creator });

/** Keys newest first; `scope` (null: all) keeps those whose every organization is in it. */
export async function listApiKeys(db: DbOrTx, scope: string[] | null): Promise<ApiKeyListRow[]> {
  const rows = await db
    .select(listColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(scope ? sql`${apiKeys.organizationIds} <@ ${sql.param(scope)}::uuid[]` : undefined)
    .orderBy(desc(apiKeys.createdAt))
    .limit(500);
  return rows.map(toListRow);
}

export async function findApiKey(db: DbOrTx, id: string): Promise<ApiKeyListRow | undefined> {
  const [r] = await db.select(listColumns).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.createdBy)).where(eq(apiKeys.id, id));
  return r ? toListRow(r) : undefined;
}

/** Revokes a key that is not revoked yet; false when it already was. */
export async function revokeApiKey(db: DbOrTx, id: string, at: Date, replacedBy?: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: at, replacedBy: replacedBy ?? null })
    .where(and(eq(apiKeys.id, id), sql`${apiKeys.revokedAt} is null`))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export async function organizationsExist(db: DbOrTx, ids: string[]): Promise<string[]> {
  const rows = await db.select({ id: organizations.id }).from(organizations).where(sql`${organizations.id} = any(${sql.param(ids)}::uuid[])`);
  return rows.map((r) => r.id);
}

export interface KeyForAuth {
  id: string;
  prefix: string;
  scopes: string[];
  organizationIds: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  user: UserRow;
  /** The creator's organizations (a key of a non-admin acts only where its creator still may). */
  memberOf: string[];
}

/**
 * The key of a secret's hash with its creator, in one prepared statement (one index probe each):
 * the access hook runs it on every public API request, so a revocation is seen at once by
 * every process.
 */
const FIND_FOR_AUTH = `
  select k.id, k.prefix, k.scopes, k.organization_ids, k.expires_at, k.revoked_at, k.last_used_at, to_jsonb(u.*) as u,
         array(select m.organization_id from user_organizations m where m.user_id = u.id) as member_of
  from api_keys k join users u on u.id = k.created_by
  where k.secret_hash = $1`;

export async function findKeyForAuth(pool: pg.Pool, secretHash: string): Promise<KeyForAuth | undefined> {
  const [r] = await queryNamed(pool, 'switchboard_api_key_auth', FIND_FOR_AUTH, [secretHash]);
  if (!r) return undefined;
  const u = r.u as Record<string, unknown>;
  const date = (v: unknown) => (v == null ? null : new Date(v as string));
  return {
    id: r.id as string,
    prefix: r.prefix as string,
    scopes: r.scopes as string[],
    organizationIds: r.organization_ids as string[],
    expiresAt: date(r.expires_at),
    revokedAt: date(r.revoked_at),
    lastUsedAt: date(r.last_used_at),
    memberOf: r.member_of as string[],
    user: {
      id: u.id as string,
      name: u.name as string,
      email: u.email as string,
      emailVerified: u.email_verified as boolean,
      image: (u.image as string | null) ?? null,
      role: u.role as UserRow['role'],
      status: u.status as UserRow['status'],
      mustChangePassword: u.must_change_password as boolean,
      phone: (u.phone as string | null) ?? null,
      notificationPreferences: u.notification_preferences as UserRow['notificationPreferences'],
      twoFactorEnabled: u.two_factor_enabled as boolean,
      lockedUntil: date(u.locked_until),
      lastSignInAt: date(u.last_sign_in_at),
      createdAt: new Date(u.created_at as string),
      updatedAt: new Date(u.updated_at as string),
    } as UserRow,
  };
}

export async function markKeyUsed(pool: pg.Pool, id: string, at: Date, ip: string): Promise<void> {
  await queryNamed(pool, 'switchboard_api_key_used', 'update api_keys set last_used_at = $2, last_used_ip = $3 where id = $1', [id, at.toISOString(), ip]);
}

// ——— Idempotency-Key ———

export type IdempotencyRow = typeof apiIdempotencyKeys.$inferSelect;

/**
 * Claims an idempotency key for a first request: true when this request is the first (the row
 * is inserted, answer pending); otherwise the stored row. A row older than 24 hours is replaced.
 */
export async function claimIdempotencyKey(db: DbOrTx, apiKeyId: string, key: string, requestHash: string, now: Date): Promise<{ first: true } | { first: false; row: IdempotencyRow }> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  // A first request still unanswered after a minute died with its process: its key is free again.
  const minuteAgo = new Date(now.getTime() - 60_000);
  await db
    .delete(apiIdempotencyKeys)
    .where(
      and(
        eq(apiIdempotencyKeys.apiKeyId, apiKeyId),
        eq(apiIdempotencyKeys.key, key),
        or(lt(apiIdempotencyKeys.createdAt, dayAgo), and(isNull(apiIdempotencyKeys.statusCode), lt(apiIdempotencyKeys.createdAt, minuteAgo))),
      ),
    );
  const inserted = await db
    .insert(apiIdempotencyKeys)
    .values({ apiKeyId, key, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: apiIdempotencyKeys.key });
  if (inserted.length) return { first: true };
  const [row] = await db.select().from(apiIdempotencyKeys).where(and(eq(apiIdempotencyKeys.apiKeyId, apiKeyId), eq(apiIdempotencyKeys.key, key)));
  return row ? { first: false, row } : { first: true };
}

export async function storeIdempotentResponse(db: DbOrTx, apiKeyId: string, key: string, statusCode: number, body: string): Promise<void> {
  await db.update(apiIdempotencyKeys).set({ statusCode, responseBody: body }).where(and(eq(apiIdempotencyKeys.apiKeyId, apiKeyId), eq(apiIdempotencyKeys.key, key)));
}

/** A first request that failed with a server error frees its key, so a retry runs again. */
export async function releaseIdempotencyKey(db: DbOrTx, apiKeyId: string, key: string): Promise<void> {
  await db.delete(apiIdempotencyKeys).where(and(eq(apiIdempotencyKeys.apiKeyId, apiKeyId), eq(apiIdempotencyKeys.key, key)));
}

export async function purgeIdempotencyKeys(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db.delete(apiIdempotencyKeys).where(lt(apiIdempotencyKeys.createdAt, before)).returning({ key: apiIdempotencyKeys.key });
  return rows.length;
}
