import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from './app-context.js';
import { AppError, unauthenticated } from './http/errors.js';
import { resolveSession } from './features/session/session-guard.service.js';
import { requireCapability } from './policy/actor.js';
import type { RouteAccess } from './policy/route-access.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one policy layer: every route states its access; this hook enforces it before any handler
 * runs, and refuses cross-origin state changes made with a session cookie.
 */
export const accessHook = fp(async (app: FastifyInstance, opts: { ctx: AppContext; allowedOrigins: string[] }) => {
  app.decorateRequest('staff', null);

  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!(url.startsWith('/api') || url.startsWith('/telephony'))) return;
    if (!route.config?.access) throw new Error(`Route ${route.method} ${url} declares no config.access`);
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access as RouteAccess | undefined;
    if (!access) return;
    if (UNSAFE.has(request.method) && request.headers.cookie) assertSameOrigin(request, opts.allowedOrigins);
    if (access === 'public') return;

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

function assertSameOrigin(request: FastifyRequest, allowed: string[]): void {
  const origin = request.headers.origin;
  const host = request.headers.host;
  if (origin) {
    if (origin === 'null') throw csrf();
    if (allowed.includes(origin)) return;
    try {
      if (host && new URL(origin).host === host) return;
    } catch {
      /* malformed Origin is refused below */
    }
    throw csrf();
  }
  // Without Origin, Fetch Metadata still tells a browser's cross-site request apart.
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') throw csrf();
}

const csrf = () => new AppError(403, 'csrf_rejected', 'This request came from another site and was refused.');
