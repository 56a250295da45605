import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';

export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** A feature registers its routes through one of these; it gets the app context, nothing global. */
export type FeatureRoutes = (app: ZodApp, ctx: AppContext) => void | Promise<void>;

export const ErrorResponse = z
  .object({
    error: z
      .object({
        code: z.string(),
        message: z.string(),
        fields: z.record(z.string(), z.string()).optional(),
        digest: z.string().optional(),
        retryAfterSeconds: z.number().optional(),
      })
      .loose(),
  })
  .meta({ id: 'Error' });

export const Paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

/** Send cookies that better-auth produced. */
export function forwardCookies(reply: { header: (k: string, v: string | string[]) => unknown }, cookies: string[]): void {
  if (cookies.length) reply.header('set-cookie', cookies);
}
