import type { Capability } from '../../domain/auth/permissions.js';
import type { ApiScope } from '../../domain/developer/api-scopes.js';

/**
 * Every route declares who may call it in `config.access`; the access hook refuses to start the
 * server if a route forgets, so no route can slip past the policy layer.
 *
 * - `public`: no session needed (patient pages, webhooks with their own signatures, health).
 * - `session`: any signed-in staff user, even one who must still change a temporary password.
 * - `staff`: any signed-in staff user who is done with forced steps.
 * - a capability: `staff` plus the role check of PRODUCT §2.
 * - a scope: the public API (`/api/v1`), an API key (`Authorization: Bearer`) with that scope;
 *   the key then acts as a staff actor limited to its organizations (api-keys.service.ts).
 */
export type RouteAccess = 'public' | 'session' | 'staff' | { capability: Capability } | { scope: ApiScope };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * The route signs someone in (staff or patient). A state change must prove it comes from
     * our own pages (Origin or Sec-Fetch-Site) even without a cookie: see access-hook.ts.
     */
    signIn?: true;
  }
}
