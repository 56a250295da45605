import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.js';
import { reportError } from './features/errors/index.js';
import { AppError } from './http/errors.js';
import type { ApiErrorCode } from '../contracts/errors.js';
import { installOrganizationScope, organizationOfRequest } from './policy/concerned-organization.js';

interface ErrorBody {
  error: { code: ApiErrorCode; message: string; fields?: Record<string, string>; digest?: string; [k: string]: unknown };
}

/**
 * Turns every thrown thing into the one error envelope. Request-shaped problems are 4xx with a
 * message per field; anything unexpected is a 500 whose digest finds the report in the error log.
 */
export function installErrorHandler(app: FastifyInstance, ctx: AppContext): void {
  // An unexpected error is filed under the organization its request concerned.
  installOrganizationScope(app);
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 423 && typeof error.extra.retryAfterSeconds === 'number') {
        reply.header('retry-after', String(error.extra.retryAfterSeconds));
      }
      return send(reply, error.statusCode, { error: { code: error.code, message: error.message, ...error.extra } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const context = error.validationContext && error.validationContext !== 'body' ? error.validationContext : '';
        const key = [context, path].filter(Boolean).join('.') || '_';
        fields[key] ??= issue.message ?? "This value is not valid.";
      }
      return send(reply, 400, { error: { code: 'validation_failed', message: 'Some fields need attention.', fields } });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(reply, 429, { error: { code: 'rate_limited', message: 'Too many requests. Wait a moment and try again.' } });
    }
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return send(reply, status, { error: { code: clientCode(error), message: clientMessage(error, status) } });
    }
    const { digest } = await reportError(
      ctx.db,
      {
        source: 'server',
        error,
        route: request.routeOptions.url ?? request.url,
        method: request.method,
        requestId: String(request.id),
        userId: request.staff?.actor.userId ?? null,
        organizationId: organizationOfRequest(request),
        statusCode: 500,
      },
      (e) => request.log.error(e, 'could not store error event'),
    );
    request.log.error({ err: error, digest }, 'unhandled error');
    return send(reply, 500, { error: { code: 'internal_error', message: `Something went wrong on our side. Reference: ${digest}`, digest } });
  });

  app.setNotFoundHandler((request, reply) => {
    return send(reply, 404, { error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}.` } });
  });
}

/**
 * Errors Fastify meets before a route is found (the `frameworkErrors` option): a URL that does not
 * decode (`/api/calls/%E0%A4%A`), a path segment over `maxParamLength`. Same envelope as the rest.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  // These answers bypass the hooks that mark API answers uncacheable (app.ts): mark them here.
  reply.header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, 414, { error: { code: 'uri_too_long', message: 'A part of the address is too long.' } });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return send(reply, 400, { error: { code: 'bad_url', message: 'The address is not valid: it has a broken %-encoding.' } });
  }
  return send(reply, 400, { error: { code: 'bad_request', message: 'The request could not be understood.' } });
}

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (the `clientErrorHandler` option):
 * an address or headers over the header limit (e.g. an oversized query string), a timeout,
 * malformed HTTP. Written to the socket in the same envelope.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: import('node:stream').Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body]: [number, string, ErrorBody] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', { error: { code: 'headers_too_large', message: 'The address or the headers of the request are too long.' } }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', { error: { code: 'request_timeout', message: 'The request took too long to arrive.' } }]
        : [400, 'Bad Request', { error: { code: 'bad_request', message: 'The request could not be understood.' } }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`);
  }
  socket.destroy(error);
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

function clientCode(error: FastifyError): ApiErrorCode {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'payload_too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'malformed_body';
    default:
      return error.statusCode === 415 ? 'unsupported_media_type' : error.statusCode === 413 ? 'payload_too_large' : 'bad_request';
  }
}

function clientMessage(error: FastifyError, status: number): string {
  if (status === 413) return 'The request is too large.';
  if (status === 415) return 'Send the request as JSON (or form data where the endpoint says so).';
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return 'The request body is not valid JSON.';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty.';
  return 'The request could not be understood.';
}
