import type { Capability } from '../auth/permissions.js';

/**
 * What an API key may do (issue 18 §1), grouped read/write. Each public API route names one
 * scope; the access hook refuses a key without it (403 insufficient_scope), as it refuses a staff
 * role without the route's capability.
 */
export const API_SCOPES = [
  'calls:read',
  'handoffs:read',
  'handoffs:write',
  'appointment_requests:read',
  'appointment_requests:write',
  'organizations:read',
  'outbound:read',
  'outbound:write',
  'analytics:read',
  'webhooks:manage',
  'scheduling:read',
  'scheduling:write',
  'agent_tests:read',
  'agent_tests:write',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * The staff capability behind each scope. A key never does more than its creator's role may
 * (PRODUCT §2): a scope is granted only by a role with its capability, and is honoured only while
 * the creator's role still has it.
 */
export const SCOPE_CAPABILITY = {
  'calls:read': 'calls.read',
  'handoffs:read': 'handoffs.work',
  'handoffs:write': 'handoffs.work',
  'appointment_requests:read': 'handoffs.work',
  'appointment_requests:write': 'handoffs.work',
  'organizations:read': 'organizations.read',
  'outbound:read': 'outbound.campaigns.read',
  'outbound:write': 'outbound.single',
  'analytics:read': 'analytics.read',
  'webhooks:manage': 'developer.access',
  // FHIR scheduling (/api/v1/fhir, decision 051): appointments name their patients, so reading
  // them is reading patients; booking is the front desk's `visits.book`.
  'scheduling:read': 'patients.read',
  'scheduling:write': 'visits.book',
  // Agent tests (issue 32): a practice's CI runs its suites after changing settings through the API.
  'agent_tests:read': 'agent-tests.use',
  'agent_tests:write': 'agent-tests.use',
} as const satisfies Record<ApiScope, Capability>;

/**
 * What a scope lets the services do once the route let the key in. The services that check a
 * capability themselves (outbound: a campaign needs more than a single call) ask `actorCan`, which
 * for a key requires both the creator's role and a scope granting the capability — one check for
 * sessions and keys alike (src/server/policy/actor.ts).
 */
export const SCOPE_GRANTS = {
  'calls:read': ['calls.read'],
  'handoffs:read': ['handoffs.work'],
  'handoffs:write': ['handoffs.work'],
  'appointment_requests:read': ['handoffs.work'],
  'appointment_requests:write': ['handoffs.work'],
  'organizations:read': ['organizations.read'],
  'outbound:read': ['outbound.campaigns.read'],
  'outbound:write': ['outbound.single', 'outbound.campaigns', 'outbound.campaigns.read'],
  'analytics:read': ['analytics.read'],
  'webhooks:manage': ['developer.access'],
  'scheduling:read': ['organizations.read', 'patients.read'],
  'scheduling:write': ['organizations.read', 'patients.read', 'visits.book'],
  'agent_tests:read': ['agent-tests.use'],
  'agent_tests:write': ['agent-tests.use'],
} as const satisfies Record<ApiScope, readonly Capability[]>;

/** Whether any of a key's scopes grants the capability (a write scope grants what its read does). */
export function scopesGrant(scopes: readonly string[], capability: Capability): boolean {
  return (Object.keys(SCOPE_GRANTS) as ApiScope[]).some((scope) => (SCOPE_GRANTS[scope] as readonly Capability[]).includes(capability) && keyHasScope(scopes, scope));
}

/** The scope groups as the key form shows them. */
export const API_SCOPE_GROUPS: { label: string; read?: ApiScope; write?: ApiScope }[] = [
  { label: 'Calls', read: 'calls:read' },
  { label: 'Handoffs', read: 'handoffs:read', write: 'handoffs:write' },
  { label: 'Appointment requests', read: 'appointment_requests:read', write: 'appointment_requests:write' },
  { label: 'Organizations and hours', read: 'organizations:read' },
  { label: 'Outbound calls and campaigns', read: 'outbound:read', write: 'outbound:write' },
  { label: 'Analytics', read: 'analytics:read' },
  { label: 'Webhooks', write: 'webhooks:manage' },
  { label: 'Scheduling (FHIR)', read: 'scheduling:read', write: 'scheduling:write' },
  { label: 'Agent tests', read: 'agent_tests:read', write: 'agent_tests:write' },
];

/** A write scope includes its read scope (handoffs:write reads handoffs too). */
export function keyHasScope(scopes: readonly string[], needed: ApiScope): boolean {
  if (scopes.includes(needed)) return true;
  if (needed.endsWith(':read')) return scopes.includes(needed.replace(/:read$/, ':write'));
  return false;
}

/** `sb_` + 8 visible characters identifying the key, `_`, then the secret. */
export const API_KEY_PATTERN = /^sb_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;
