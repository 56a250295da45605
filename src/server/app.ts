import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import { jsonSchemaTransformObject, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.js';
import type { Env } from './config/env.js';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandler } from './error-handler.js';
import { jsonSchemaTransformStrictBodies, validatorCompiler } from './http/request-validation.js';
import { postgresRateLimitStore } from './http/rate-limit-store.js';
import { requestForLog } from './http/request-log.js';
import { errorEnvelope } from './http/errors.js';
import { accessHook } from './access-hook.js';
import { featureRoutes } from './routes.js';
import { liveRoutes } from './features/live/index.js';
import type { ZodApp } from './http/route-types.js';
import { matchesClientRoute } from '../domain/client-routes.js';

export interface BuildAppOptions {
  /** Folder of the built web app; when missing, only the API is served. */
  webDir?: string;
  logger?: boolean | object;
}

export async function buildApp(ctx: AppContext, opts: BuildAppOptions = {}) {
  const app = Fastify({
    // The request log keeps paths and query parameter names, never their values (http/request-log.ts).
    loggerInstance: ctx.log.child({}, { serializers: { req: requestForLog } }),
    trustProxy: trustProxyOption(ctx.env.TRUST_PROXY),
    bodyLimit: 1_048_576,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 200 },
    // Errors met before a route is found, or before Fastify sees the request, answer the same envelope.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // The contract's schema plus the request-wide rules: no NUL or lone surrogate, no unknown body fields.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app, ctx);
  // The API takes JSON (and form posts where a route registers them); text/plain is a 415, not a string body.
  app.removeContentTypeParser('text/plain');

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...sentryOrigin(ctx.env.SENTRY_DSN)],
        mediaSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: ctx.baseUrl.startsWith('https:'),
  });
  // API answers carry health information and session state: no browser or proxy keeps a copy.
  // A route of public static data may set its own Cache-Control; the web build's assets are
  // not under /api and keep theirs (serveWebApp).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  // Counted in PostgreSQL, so every web process enforces the same limit (http/rate-limit-store.ts).
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(ctx.pool), skipOnError: true });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Switchboard API', version: '1.0.0', description: 'The REST API of Switchboard. Every request and response is validated against these schemas.' },
      servers: [{ url: ctx.baseUrl }],
    },
    transform: jsonSchemaTransformStrictBodies,
    // Every schema a contract names (`.meta({ id })`) becomes a component, so each $ref resolves.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(accessHook, { ctx, origins: ourOrigins(ctx) });

  app.get('/api/openapi.json', {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async () => app.swagger(),
  });

  for (const register of featureRoutes) await register(app, ctx);
  await liveRoutes(ctx.live)(app, ctx);
  await ctx.live.start();
  app.addHook('onClose', async () => ctx.live.stop());

  if (opts.webDir && fs.existsSync(path.join(opts.webDir, 'index.html'))) {
    await serveWebApp(app, opts.webDir, ctx.env.SENTRY_DSN);
  }
  return app;
}

const PATIENT_PAGES = /^\/(request-appointment|portal|intake)(\/|$)/;

/** The SPA: hashed assets cached for a year; any other GET that wants HTML gets index.html. */
async function serveWebApp(app: ZodApp, webDir: string, sentryDsn: string | undefined) {
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    // The build writes .br/.gz beside each asset (vite.config.ts); send those when the browser takes them.
    preCompressed: true,
    // send's own Cache-Control (max-age=0) would override the one set here.
    cacheControl: false,
    setHeaders: (res: { setHeader: (k: string, v: string) => void }, filePath: string) => {
      res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('vary', 'accept-encoding');
    },
  });
  let indexHtml = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  // Public patient pages are their own lightweight entry (see vite.config.ts).
  const patientFile = path.join(webDir, 'patient.html');
  const patientHtml = fs.existsSync(patientFile) ? fs.readFileSync(patientFile, 'utf8') : null;
  // The browser SDK learns the DSN from the page, so one build serves every deployment.
  if (sentryDsn) indexHtml = indexHtml.replace('</head>', `<meta name="sentry-dsn" content="${escapeAttr(sentryDsn)}" /></head>`);
  // The addresses the app's pages answer, written by the web build (vite.config.ts). Any other
  // address gets 404 with the page, whose router shows "Page not found". A build without the
  // file (older) answers 200 for every address, as before.
  const routesFile = path.join(webDir, 'client-routes.json');
  const clientRoutes: string[] | null = fs.existsSync(routesFile) ? (JSON.parse(fs.readFileSync(routesFile, 'utf8')) as string[]) : null;
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const asset = path.join(webDir, path.normalize(url));
    if (asset.startsWith(webDir) && url !== '/' && fs.existsSync(asset) && fs.statSync(asset).isFile()) {
      return reply.sendFile(path.relative(webDir, asset));
    }
    if (/^\/(api|telephony)\//.test(url) || /\.[a-z0-9]+$/i.test(url)) {
      return reply.status(404).send(errorEnvelope('not_found', `No route for GET ${url}.`));
    }
    const html = patientHtml && PATIENT_PAGES.test(url) ? patientHtml : indexHtml;
    const known = !clientRoutes || matchesClientRoute(url, clientRoutes);
    return reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}

/**
 * X-Forwarded-For is believed only from the proxies TRUST_PROXY names; off, `request.ip` is the
 * socket's address. Fastify refuses a bare hop count (it cannot tell a proxy from a client that
 * reaches the server directly), so the count is a trust function: the operator who sets it
 * states that every request passes through that many proxies.
 */
function trustProxyOption(setting: Env['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

function sentryOrigin(dsn: string | undefined): string[] {
  if (!dsn) return [];
  try {
    return [new URL(dsn).origin];
  } catch {
    return [];
  }
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The origins our pages are served from: PUBLIC_URL's. Without PUBLIC_URL the product runs on
 * this machine (`npm start`: http://localhost:PORT), and a person may open it as 127.0.0.1 or
 * [::1] as well; those loopback spellings of the same port are ours too.
 */
function ourOrigins(ctx: AppContext): string[] {
  const origin = new URL(ctx.baseUrl).origin;
  if (ctx.env.PUBLIC_URL) return [origin];
  const port = ctx.env.PORT;
  return [origin, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}
