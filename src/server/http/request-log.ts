import type { FastifyRequest } from 'fastify';

/**
 * The address of a request as the request log records it: the path, and of the query string
 * only the parameter names. Query values can name people (a search for "Tom Kowalski", a phone
 * number, a recipient) or be secrets (the token of an intake or reset link when its page loads),
 * so no value is ever logged, whatever the route.
 */
export function urlForLog(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=')[0]!.slice(0, 40).replace(/[^\w.[\]-]/g, '_'));
  return `${url.slice(0, at)}?${names.map((name) => `${name}=[redacted]`).join('&')}`;
}

/** Fastify's request serializer (fastify/lib/logger-pino.js) with the query values left out. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
