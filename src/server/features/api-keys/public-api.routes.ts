import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../http/errors.js';
import type { FeatureRoutes, ZodApp } from '../../http/route-types.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../contracts/public-api.js';
import { WEBHOOK_PAYLOADS, webhookEnvelope } from '../../../contracts/webhooks.js';
import { claimIdempotencyKey, releaseIdempotencyKey, storeIdempotentResponse } from './api-keys.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed first (its answer is stored for replay). */
    idempotencyKey?: string;
  }
}

const RATE_LIMIT_HEADERS = { rateLimit: 'ratelimit-limit', rateRemaining: 'ratelimit-remaining', rateReset: 'ratelimit-reset', retryAfter: 'retry-after' };

/**
 * The public REST API (`/api/v1`, issue 18 §2), as one encapsulated scope around the features'
 * v1 routes: every request is counted against its client address's limit before anything else,
 * every route authenticates with an API key (the access hook), is counted against the
 * key's rate limit (RateLimit-* headers, in PostgreSQL like every limit), and a POST with an
 * `Idempotency-Key` is answered once — the same key and body within 24 hours get the first
 * answer again, a different body a 422. `GET /api/v1/openapi.json` is its own OpenAPI document.
 */
export function publicApiRoutes(registrars: FeatureRoutes[]): FeatureRoutes {
  return async (app, ctx) => {
    await app.register(async (scope) => {
      const v1 = scope.withTypeProvider<ZodTypeProvider>() as unknown as ZodApp;
      const limiter = app.rateLimit({
        max: ctx.env.API_KEY_RATE_LIMIT,
        timeWindow: 60_000,
        keyGenerator: (req) => `api-key:${req.apiKey?.id ?? req.ip}`,
        labels: RATE_LIMIT_HEADERS,
        addHeaders: { 'ratelimit-limit': true, 'ratelimit-remaining': true, 'ratelimit-reset': true, 'retry-after': true },
        addHeadersOnExceeding: { 'ratelimit-limit': true, 'ratelimit-remaining': true, 'ratelimit-reset': true },
      } as Parameters<typeof app.rateLimit>[0]);
      // Per client address, before the key is looked up (the access hook's preValidation): a
      // flood of unknown, malformed or out-of-scope keys is answered 429 like any other.
      // (createRateLimit counts without answering: the plugin's handler runs once per request,
      // and the key's limiter below must still run.)
      const perAddress = app.createRateLimit({
        max: Math.max(1, Math.round(ctx.env.API_ADDRESS_RATE_LIMIT * ctx.env.RATE_LIMIT_SCALE)),
        timeWindow: 60_000,
        keyGenerator: (req: FastifyRequest) => `api-address:${req.ip}`,
      });
      v1.addHook('onRequest', async (request, reply) => {
        const counted = await perAddress(request);
        if (!counted.isAllowed && counted.isExceeded) {
          reply.header('retry-after', String(Math.max(1, counted.ttlInSeconds)));
          throw new AppError(429, 'rate_limited', 'Too many requests from this address. Wait for the time in Retry-After and try again.');
        }
      });
      v1.addHook('preHandler', async (request, reply) => {
        if (!request.apiKey) return;
        await limiter.call(v1 as never, request, reply);
        if (reply.sent) return reply;
        return idempotentReplay(ctx, request, reply);
      });
      v1.addHook('onSend', async (request, reply, payload) => {
        const key = request.idempotencyKey;
        if (key && request.apiKey) {
          // As Stripe does: an answer that refused the request (validation, not found, a failure)
          // is not kept, so the same key works once the request is put right; a 409 is an answer
          // about the state of the records and is kept.
          if (!keepsIdempotentAnswer(reply.statusCode)) await releaseIdempotencyKey(ctx.db, request.apiKey.id, key);
          else await storeIdempotentResponse(ctx.db, request.apiKey.id, key, reply.statusCode, typeof payload === 'string' ? payload : JSON.stringify(payload ?? null));
        }
        return payload;
      });

      // The strict copy of a body schema the validator documents loses its metadata: keep the
      // contracts' request examples (zod `.meta({ examples })`) for the document.
      const examples = new Map<string, unknown[]>();
      v1.addHook('onRoute', (route) => {
        const body = (route.schema as { body?: unknown } | undefined)?.body;
        const given = body instanceof z.ZodType ? z.globalRegistry.get(body)?.examples : undefined;
        if (!Array.isArray(given)) return;
        for (const method of [route.method].flat()) examples.set(`${method.toLowerCase()} ${route.url.replace(/:(\w+)/g, '{$1}')}`, given);
      });

      for (const register of registrars) await register(v1, ctx);

      let document: Record<string, unknown> | null = null;
      v1.get('/api/v1/openapi.json', {
        config: { access: 'public' },
        schema: { hide: true },
        handler: async () => (document ??= publicApiDocument(app.swagger() as unknown as Record<string, unknown>, ctx, examples)),
      });
    });
  };
}

/** Successful answers and 409 conflicts are replayed for the key; other 4xx and 5xx are not stored. */
function keepsIdempotentAnswer(statusCode: number): boolean {
  return statusCode < 400 || statusCode === 409;
}

async function idempotentReplay(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== 'POST' || !request.apiKey) return;
  const header = request.headers['idempotency-key'];
  if (header === undefined) return;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new AppError(400, 'validation_failed', 'Some fields need attention.', {
      fields: { 'headers.idempotency-key': 'Use 1 to 255 visible ASCII characters (a UUID is a good key).' },
    });
  }
  const hash = createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  const claim = await claimIdempotencyKey(ctx.db, request.apiKey.id, header, hash, ctx.clock.now());
  if (claim.first) {
    request.idempotencyKey = header;
    return;
  }
  if (claim.row.requestHash !== hash) {
    throw new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request. Use a new key for a new request.');
  }
  if (claim.row.statusCode == null) {
    throw new AppError(409, 'idempotency_in_progress', 'The first request with this Idempotency-Key is still being answered. Retry in a moment.');
  }
  return reply
    .code(claim.row.statusCode)
    .header('idempotent-replayed', 'true')
    .type('application/json; charset=utf-8')
    .send(claim.row.responseBody ?? 'null');
}

/**
 * The public API's OpenAPI 3.1 document: the `/api/v1` operations of the app's document (the
 * same schemas), the bearer scheme, and the webhook events' payloads.
 */
function publicApiDocument(full: Record<string, unknown>, ctx: AppContext, examples: ReadonlyMap<string, unknown[]>): Record<string, unknown> {
  const paths = structuredClone(Object.fromEntries(Object.entries((full.paths ?? {}) as Record<string, unknown>).filter(([p]) => p.startsWith('/api/v1/'))));
  for (const item of Object.values(paths) as Record<string, { parameters?: unknown[] }>[]) {
    const post = item.post;
    if (!post) continue;
    post.parameters = [
      ...(post.parameters ?? []),
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Any 1–255 visible ASCII characters (a UUID is a good key). The first answer is replayed for the same key and body for 24 hours (`Idempotent-Replayed: true`); another body with the same key is a 422. Only successful answers and 409 conflicts are kept: after any other 4xx or a 5xx, correct the request and send it again with the same key.',
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      },
    ];
  }
  for (const [key, values] of examples) {
    const [method, path] = key.split(' ') as [string, string];
    const media = (paths[path] as Record<string, { requestBody?: { content?: Record<string, Record<string, unknown>> } }> | undefined)?.[method]?.requestBody?.content?.['application/json'];
    if (media) media.examples = Object.fromEntries(values.map((value, i) => [`example${i + 1}`, { value }]));
  }
  const components = (full.components ?? {}) as Record<string, unknown>;
  const webhooks = Object.fromEntries(
    Object.entries(WEBHOOK_PAYLOADS).map(([type, data]) => [
      type,
      {
        post: {
          summary: `${type} (payload version 1)`,
          description:
            'Signed to the Standard Webhooks specification: `webhook-id` (the event id, the same on every retry), `webhook-timestamp` (seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256>` of `id.timestamp.body` with the endpoint secret; two signatures during a secret rotation). Answer 2xx within the timeout; anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.',
          requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(webhookEnvelope(type, data), { target: 'draft-2020-12', io: 'output' }) } } },
          responses: { '200': { description: 'Received (any 2xx).' } },
        },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Switchboard public API',
      version: '1.0.0',
      description:
        'Authenticate with `Authorization: Bearer <API key>` (created in /developer → API keys). Each route needs one scope; records of organizations the key may not act in are "not found". Every POST takes an `Idempotency-Key` header: the first answer is replayed for the same key and body for 24 hours (successful answers and 409 conflicts only: a request refused otherwise may be corrected and sent again with the same key), a different body with the same key is a 422. Each key may make a limited number of requests per minute, and so may each client address whatever key it sends (or none); answers carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`, and a 429 carries `Retry-After`. Errors: `{ "error": { "code", "message", "fields"? } }`.',
    },
    servers: [{ url: ctx.baseUrl }],
    security: [{ bearerAuth: [] }],
    paths,
    webhooks,
    components: {
      ...components,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'sb_<prefix>_<secret>', description: 'An API key of /developer → API keys.' } },
    },
  };
}
