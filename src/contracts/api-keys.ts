import { z } from 'zod';
import { API_SCOPES } from '../domain/developer/api-scopes.js';

/** API keys of the public API (`/api/developer/api-keys`, issue 18 §1). */

export const ApiScope = z.enum(API_SCOPES);
export type ApiScope = z.infer<typeof ApiScope>;

/** `inactive`: neither revoked nor expired, but refused because of its creator (`inactiveReason` says why). */
export const ApiKeyStatus = z.enum(['active', 'inactive', 'expired', 'revoked']);
export type ApiKeyStatus = z.infer<typeof ApiKeyStatus>;

/** The furthest a key's expiry may be set: a key that outlives its purpose is a key nobody rotates. */
export const API_KEY_MAX_LIFETIME_YEARS = 2;

export const CreateApiKeyBody = z.object({
  name: z.string().trim().min(1, 'Give the key a name.').max(100, 'Use at most 100 characters.'),
  organizationIds: z
    .array(z.uuid({ error: 'Not a valid organization id.' }))
    .min(1, 'Choose at least one organization.')
    .max(100, 'Choose at most 100 organizations.'),
  scopes: z.array(ApiScope).min(1, 'Choose at least one scope.').max(API_SCOPES.length),
  /** When the key stops working; none: until revoked. */
  expiresAt: z.iso.datetime({ offset: true, error: 'Use an ISO date-time.' }).nullish(),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

export const ApiKeyIdParams = z.object({ id: z.uuid({ error: 'Not a valid key id.' }) });

export const ApiKeyView = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Identifies the key in lists and logs: the key begins with it. */
    prefix: z.string(),
    scopes: z.array(ApiScope),
    organizations: z.array(z.object({ id: z.string(), name: z.string() })),
    createdBy: z.object({ id: z.string(), name: z.string() }),
    status: ApiKeyStatus,
    /** Why an `inactive` key is refused (its creator was deactivated, …); null otherwise. */
    inactiveReason: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    lastUsedIp: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKeyView = z.infer<typeof ApiKeyView>;

export const ApiKeyListResponse = z.object({ items: z.array(ApiKeyView) });
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponse>;

/** The secret is in this answer only; it is stored hashed. */
export const CreatedApiKey = z.object({ key: ApiKeyView, secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
