import type { FastifyRequest } from 'fastify';

/** better-auth speaks Fetch `Headers`; Fastify gives a plain object. */
export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  // better-auth reads the client address from headers; hand it the one Fastify resolved
  // (trustProxy applied) so sessions record where they were opened from.
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

export function requestInfo(request: FastifyRequest): { headers: Headers; ip: string } {
  return { headers: toFetchHeaders(request), ip: request.ip };
}
