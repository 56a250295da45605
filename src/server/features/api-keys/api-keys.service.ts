import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { AppError, invalid, notFound } from '../../http/errors.js';
import { canSeeOrganization, organizationScope, type StaffActor } from '../../policy/actor.js';
import { API_KEY_PATTERN, keyHasScope, SCOPE_CAPABILITY, type ApiScope } from '../../../domain/developer/api-scopes.js';
import { can } from '../../../domain/auth/permissions.js';
import { API_KEY_MAX_LIFETIME_YEARS, type ApiKeyView, type CreateApiKeyBody, type CreatedApiKey } from '../../../contracts/api-keys.js';
import { recordAudit } from '../audit/index.js';
import type { ResolvedSession } from '../session/index.js';
import type { ApiErrorCode } from '../../../contracts/errors.js';
import {
  findApiKey,
  findKeyForAuth,
  insertApiKey,
  listApiKeys,
  markKeyUsed,
  organizationsExist,
  revokeApiKey,
  type ApiKeyListRow,
} from './api-keys.repository.js';

export { claimIdempotencyKey, purgeIdempotencyKeys, releaseIdempotencyKey, storeIdempotentResponse } from './api-keys.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a public API request, set by the access hook (null otherwise). */
    apiKey: AuthenticatedKey | null;
  }
}

/** The key a public API request authenticated with (set by the access hook). */
export interface AuthenticatedKey {
  id: string;
  prefix: string;
  scopes: string[];
}

const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `sb_<8 visible>_<43 random base64url>`: 256 random bits, so a SHA-256 of it is safe to store. */
export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const bytes = randomBytes(8);
  const visible = Array.from(bytes, (b) => PREFIX_ALPHABET[b % PREFIX_ALPHABET.length]).join('');
  const secret = `sb_${visible}_${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: `sb_${visible}`, hash: hashApiKey(secret) };
}

export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * A key's standing as the access hook will judge it: revoked, expired, or refused because of its
 * creator (deactivated, no longer in any of its organizations, or no longer allowed any of its
 * scopes), with the reason; otherwise active.
 */
function statusOf(row: ApiKeyListRow, now: Date): { status: ApiKeyView['status']; inactiveReason: string | null } {
  if (row.revokedAt) return { status: 'revoked', inactiveReason: null };
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return { status: 'expired', inactiveReason: null };
  const reason = inactiveReasonOf(row);
  return reason ? { status: 'inactive', inactiveReason: reason } : { status: 'active', inactiveReason: null };
}

function inactiveReasonOf(row: ApiKeyListRow): string | null {
  if (row.creatorStatus !== 'active') return `${row.creatorName}, who created it, is ${row.creatorStatus === 'disabled' ? 'deactivated' : 'not an active user'}: requests with it are refused.`;
  if (row.creatorRole !== 'admin' && !row.organizationIds.some((o) => row.creatorOrganizationIds.includes(o))) {
    return `${row.creatorName}, who created it, no longer belongs to any of its organizations: requests with it are refused.`;
  }
  if (!row.scopes.some((scope) => can(row.creatorRole, SCOPE_CAPABILITY[scope as ApiScope]))) {
    return `${row.creatorName}'s role no longer allows any of its scopes: requests with it are refused.`;
  }
  return null;
}

export function presentApiKey(row: ApiKeyListRow, now: Date): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiScope[],
    organizations: row.organizationNames,
    createdBy: { id: row.createdBy, name: row.creatorName },
    ...statusOf(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
  };
}

export async function listKeysFor(ctx: AppContext, actor: StaffActor): Promise<ApiKeyView[]> {
  const now = ctx.clock.now();
  return (await listApiKeys(ctx.db, organizationScope(actor))).map((r) => presentApiKey(r, now));
}

/** A key the actor may manage: every one of its organizations is visible to them (else 404). */
async function loadVisibleKey(ctx: AppContext, actor: StaffActor, id: string): Promise<ApiKeyListRow> {
  const row = await findApiKey(ctx.db, id);
  if (!row || !row.organizationIds.every((o) => canSeeOrganization(actor, o))) throw notFound('That API key');
  return row;
}

async function validateKeyInput(ctx: AppContext, actor: StaffActor, body: CreateApiKeyBody): Promise<{ organizationIds: string[]; expiresAt: Date | null }> {
  const organizationIds = [...new Set(body.organizationIds)];
  const existing = new Set(await organizationsExist(ctx.db, organizationIds));
  const unknown = organizationIds.find((o) => !existing.has(o) || !canSeeOrganization(actor, o));
  if (unknown) throw invalid({ organizationIds: `Organization ${unknown} was not found.` });
  const beyond = body.scopes.find((scope) => !can(actor.role, SCOPE_CAPABILITY[scope]));
  if (beyond) throw invalid({ scopes: `Your role may not grant ${beyond}: a key never does more than the person who creates it.` });
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  const now = ctx.clock.now();
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw invalid({ expiresAt: 'Choose a time in the future.' });
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + API_KEY_MAX_LIFETIME_YEARS);
  if (expiresAt && expiresAt.getTime() > latest.getTime()) {
    throw invalid({ expiresAt: `Choose a date at most ${API_KEY_MAX_LIFETIME_YEARS} years ahead (by ${latest.toISOString().slice(0, 10)}), or none for a key that works until revoked.` });
  }
  return { organizationIds, expiresAt };
}

export async function createKey(ctx: AppContext, actor: StaffActor, body: CreateApiKeyBody): Promise<CreatedApiKey> {
  const { organizationIds, expiresAt } = await validateKeyInput(ctx, actor, body);
  const { secret, prefix, hash } = newApiKeySecret();
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertApiKey(tx, {
      name: body.name,
      prefix,
      secretHash: hash,
      scopes: [...new Set(body.scopes)],
      organizationIds,
      createdBy: actor.userId,
      expiresAt,
      createdAt: ctx.clock.now(),
    });
    await recordAudit(tx, { action: 'api_key.created', outcome: 'success', actor, recordType: 'api_key', recordId: created.id, details: { prefix, scopes: created.scopes, organizationIds } });
    return created;
  });
  return { key: presentApiKey((await findApiKey(ctx.db, row.id))!, ctx.clock.now()), secret };
}

export async function revokeKey(ctx: AppContext, actor: StaffActor, id: string): Promise<ApiKeyView> {
  const row = await loadVisibleKey(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    if (await revokeApiKey(tx, row.id, ctx.clock.now())) {
      await recordAudit(tx, { action: 'api_key.revoked', outcome: 'success', actor, recordType: 'api_key', recordId: row.id, details: { prefix: row.prefix } });
    }
  });
  return presentApiKey((await findApiKey(ctx.db, id))!, ctx.clock.now());
}

/** A new secret for the same name, scopes, organizations and expiry; the old key stops at once. */
export async function rotateKey(ctx: AppContext, actor: StaffActor, id: string): Promise<CreatedApiKey> {
  const old = await loadVisibleKey(ctx, actor, id);
  if (old.revokedAt) throw new AppError(409, 'api_key_revoked', 'This key is revoked; create a new one.');
  const { secret, prefix, hash } = newApiKeySecret();
  const created = await ctx.db.transaction(async (tx) => {
    const row = await insertApiKey(tx, {
      name: old.name,
      prefix,
      secretHash: hash,
      scopes: old.scopes,
      organizationIds: old.organizationIds,
      createdBy: actor.userId,
      expiresAt: old.expiresAt,
      createdAt: ctx.clock.now(),
    });
    await revokeApiKey(tx, old.id, ctx.clock.now(), row.id);
    await recordAudit(tx, { action: 'api_key.rotated', outcome: 'success', actor, recordType: 'api_key', recordId: row.id, details: { prefix, replaces: old.prefix } });
    return row;
  });
  return { key: presentApiKey((await findApiKey(ctx.db, created.id))!, ctx.clock.now()), secret };
}

const keyError = (code: ApiErrorCode, message: string) => new AppError(401, code, message);
/** Last-used writes are coalesced to one a minute per key. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Authenticates `Authorization: Bearer <key>` for a public API route that needs `scope`, and
 * returns the acting principal: the key's creator, limited to the key's organizations (and, for
 * a creator who is not an administrator, to those they still belong to). The services then check
 * organizations exactly as for a staff session; a record elsewhere is "not found".
 */
export async function authenticateApiKey(ctx: AppContext, request: FastifyRequest, scope: ApiScope): Promise<{ session: ResolvedSession; key: AuthenticatedKey }> {
  const header = request.headers.authorization;
  if (!header) throw keyError('api_key_missing', 'Send your API key as `Authorization: Bearer <key>`.');
  const match = /^Bearer ([^\s]+)$/.exec(header);
  if (!match || !API_KEY_PATTERN.test(match[1]!)) throw keyError('api_key_malformed', 'The Authorization header must be `Bearer sb_…`, the key as it was shown when created.');
  const key = await findKeyForAuth(ctx.pool, hashApiKey(match[1]!));
  if (!key) throw keyError('api_key_invalid', 'This API key is not valid.');
  const now = ctx.clock.now();
  if (key.revokedAt) throw keyError('api_key_revoked', 'This API key was revoked.');
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) throw keyError('api_key_expired', 'This API key has expired.');
  if (key.user.status !== 'active') throw keyError('api_key_invalid', 'This API key is not valid: the account that created it is disabled.');
  if (!keyHasScope(key.scopes, scope)) throw new AppError(403, 'insufficient_scope', `This API key lacks the scope ${scope}.`, { requiredScope: scope });
  // The creator's role may have changed since: the key does no more than they may now.
  if (!can(key.user.role, SCOPE_CAPABILITY[scope])) throw new AppError(403, 'insufficient_scope', `The person who created this API key may no longer use ${scope}.`, { requiredScope: scope });

  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    void markKeyUsed(ctx.pool, key.id, now, request.ip).catch((error: unknown) => ctx.log.warn({ err: error }, 'api key last-used update failed'));
  }
  const organizationIds = key.user.role === 'admin' ? key.organizationIds : key.organizationIds.filter((o) => key.memberOf.includes(o));
  // Every organization of the key was taken from its creator: an answer would be empty lists and
  // zero figures that look like a quiet practice. Say why instead.
  if (organizationIds.length === 0) throw new AppError(403, 'forbidden', 'This API key reaches no organization: the person who created it no longer belongs to any of its organizations.');
  const actor: StaffActor = {
    kind: 'staff',
    userId: key.user.id,
    email: key.user.email,
    name: key.user.name,
    role: key.user.role,
    allOrganizations: false,
    organizationIds,
    sessionId: `api-key:${key.id}`,
    ip: request.ip,
    apiKey: { id: key.id, prefix: key.prefix, scopes: key.scopes },
  };
  return { session: { actor, user: key.user, twoFactorRequired: false }, key: { id: key.id, prefix: key.prefix, scopes: key.scopes } };
}
