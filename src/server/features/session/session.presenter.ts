import type { ResolvedSession } from './session-guard.service.js';
import type { UserRow } from '../users/index.js';
import type { OrganizationRow } from '../organizations/index.js';
import { practiceCountry } from '../../../domain/format/clock.js';
import type { Role } from '../../../domain/auth/permissions.js';

export function presentSessionUser(user: UserRow, organizationIds: string[], twoFactorRequired: boolean) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role as Role,
    organizationIds,
    mustChangePassword: user.mustChangePassword,
    twoFactorEnabled: user.twoFactorEnabled,
    twoFactorRequired,
  };
}

/** `idleTimeoutSeconds`: the browser signs out on its own once that long passes without a request. */
export function presentSession(resolved: ResolvedSession, organizations: OrganizationRow[], idleTimeoutSeconds: number, emailDelivered = true, messagesOnTerminal = false) {
  return {
    idleTimeoutSeconds,
    emailDelivered,
    messagesOnTerminal,
    user: presentSessionUser(resolved.user, resolved.actor.allOrganizations ? organizations.map((o) => o.id) : resolved.actor.organizationIds, resolved.twoFactorRequired),
    organizations: organizations.map((o) => ({ id: o.id, name: o.name, slug: o.slug, timeZone: o.timeZone, country: practiceCountry(o.address as { country?: unknown }), status: o.status })),
  };
}
