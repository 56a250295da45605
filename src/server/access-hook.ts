import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from './app-context.js';
import { AppError, unauthenticated } from './http/errors.js';
import { resolveSession } from './features/session/index.js';
import { authenticateApiKey } from './features/api-keys/index.js';
import { requireCapability } from './policy/actor.js';
import type { RouteAccess } from './policy/route-access.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one policy layer: every route states its access; this hook enforces it before any handler
 * runs, and refuses state changes on the browser-facing API (`/api/…`) that do not come from our
 * own pages (see `assertOurOrigin`). The telephony webhooks (`/telephony/…`) are server-to-server
 * and signed, so no origin applies to them.
 */
export const accessHook = fp(async (app: FastifyInstance, opts: { ctx: AppContext; origins: string[] }) => {
  app.decorateRequest('staff', null);
  app.decorateRequest('apiKey', null);

  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!(url.startsWith('/api') || url.startsWith('/telephony'))) return;
    if (!route.config?.access) throw new Error(`Route ${route.method} ${url} declares no config.access`);
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access as RouteAccess | undefined;
    if (!access) return;
    if (UNSAFE.has(request.method) && request.routeOptions.url?.startsWith('/api/')) assertOurOrigin(request, opts.origins);
    if (access === 'public') return;
    if (typeof access === 'object' && 'scope' in access) {
      // The public API: an API key, never a session cookie (api-keys.service.ts).
      const { session, key } = await authenticateApiKey(opts.ctx, request, access.scope);
      request.staff = session;
      request.apiKey = key;
      return;
    }

    const resolved = await resolveSession(opts.ctx, request);
    if (!resolved) throw unauthenticated();
    request.staff = resolved;
    if (access === 'session') return;
    if (resolved.user.mustChangePassword) {
      throw new AppError(403, 'password_change_required', 'Change your temporary password before continuing.');
    }
    if (resolved.twoFactorRequired) {
      throw new AppError(403, 'two_factor_setup_required', 'Your role requires two-factor authentication. Turn it on in your profile.');
    }
    if (access !== 'staff') requireCapability(resolved.actor, access.capability);
  });
});

/**
 * A state change is ours when the browser says so: `Origin` is exactly our origin (PUBLIC_URL's
 * scheme, host and port; see ourOrigins in app.ts) and `Sec-Fetch-Site`, when sent, is `same-origin`. Browsers send Origin
 * on every POST/PUT/PATCH/DELETE, so a request with neither header is not from a browser page:
 * it is refused when it carries a cookie or signs someone in (a forged sign-in, or a cookie
 * replayed by a tool that strips headers), and left to the route otherwise (a public form
 * posted by a script does nothing a page could not).
 */
function assertOurOrigin(request: FastifyRequest, ours: string[]): void {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (origin !== undefined && !ours.includes(origin)) throw csrf();
  if (site !== undefined && site !== 'same-origin') throw csrf();
  if (origin === undefined && site === undefined && (request.headers.cookie || request.routeOptions.config.signIn)) throw csrf();
}

const csrf = () => new AppError(403, 'csrf_rejected', 'This request came from another site and was refused.');
