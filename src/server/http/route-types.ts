import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';

export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** A feature registers its routes through one of these; it gets the app context, nothing global. */
export type FeatureRoutes = (app: ZodApp, ctx: AppContext) => void | Promise<void>;

export { ErrorResponse, Paging } from '../../contracts/common.js';

/** Send cookies that better-auth produced. */
export function forwardCookies(reply: { header: (k: string, v: string | string[]) => unknown }, cookies: string[]): void {
  if (cookies.length) reply.header('set-cookie', cookies);
}
