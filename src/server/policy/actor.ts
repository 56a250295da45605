import { can, type Capability, type Role } from '../../domain/auth/permissions.js';
import { scopesGrant } from '../../domain/developer/api-scopes.js';
import type { FastifyRequest } from 'fastify';
import { forbidden, notFound, unauthenticated } from '../http/errors.js';
import { noteOrganization } from './concerned-organization.js';
import type { ResolvedSession } from '../features/session/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff user, set by the access hook (src/server/access-hook.ts). */
    staff: ResolvedSession | null;
  }
}

/** The acting staff user, resolved from the session on the server — never from the request body. */
export interface StaffActor {
  kind: 'staff';
  userId: string;
  email: string;
  name: string;
  role: Role;
  /** Admins see every organization; everyone else only those they belong to. */
  allOrganizations: boolean;
  organizationIds: string[];
  sessionId: string;
  ip: string;
  /** Set when the request authenticated with an API key (public API): the key acts for its creator, in its organizations. */
  apiKey?: { id: string; prefix: string; scopes: readonly string[] };
}

/**
 * What the actor may do: the role's capability, and for an API key also a scope that grants it —
 * a key never does more than its creator's role nor more than its scopes, whichever service asks.
 */
export function actorCan(actor: StaffActor, capability: Capability): boolean {
  return can(actor.role, capability) && (!actor.apiKey || scopesGrant(actor.apiKey.scopes, capability));
}

export function requireCapability(actor: StaffActor, capability: Capability): void {
  if (!actorCan(actor, capability)) throw forbidden();
}

export function canSeeOrganization(actor: StaffActor, organizationId: string | null | undefined): boolean {
  if (!organizationId) return actor.allOrganizations;
  const visible = actor.allOrganizations || actor.organizationIds.includes(organizationId);
  // An error raised while working on this record is filed under its organization.
  if (visible) noteOrganization(organizationId);
  return visible;
}

/**
 * A record of an organization the actor may not see is "not found", never "forbidden", so its
 * existence is not revealed (STYLE.md rule 4).
 */
export function assertOrganizationVisible(actor: StaffActor, organizationId: string | null | undefined, what?: string): void {
  if (!canSeeOrganization(actor, organizationId)) throw notFound(what);
}

/** SQL-side scope for list queries: null means "no restriction" (admin). */
export function organizationScope(actor: StaffActor): string[] | null {
  return actor.allOrganizations ? null : actor.organizationIds;
}

/** The handler's view of the acting user; the access hook has already guaranteed there is one. */
export function actorOf(request: FastifyRequest): StaffActor {
  if (!request.staff) throw unauthenticated();
  return request.staff.actor;
}
