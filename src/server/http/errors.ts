import type { ApiErrorCode } from '../../contracts/errors.js';

/**
 * Errors a service may raise on purpose. The error handler turns them into the one error
 * envelope of docs/API-CONVENTIONS.md; anything else is a 500 with a digest.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly extra: { fields?: Record<string, string>; [key: string]: unknown } = {},
  ) {
    super(message);
  }
}

export const notFound = (what = 'That record') => new AppError(404, 'not_found', `${what} was not found.`);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError(403, 'forbidden', message);
export const unauthenticated = (message = 'Sign in to continue.', code: ApiErrorCode = 'unauthenticated') => new AppError(401, code, message);
export const conflict = (message: string, code: ApiErrorCode = 'conflict', extra: Record<string, unknown> = {}) => new AppError(409, code, message, extra);
export const invalid = (fields: Record<string, string>, message = 'Some fields need attention.') =>
  new AppError(400, 'validation_failed', message, { fields });
export const badRequest = (code: ApiErrorCode, message: string) => new AppError(400, code, message);

/** The same envelope for an answer sent without throwing (webhooks, the event stream, the SPA's fallback). */
export const errorEnvelope = (code: ApiErrorCode, message: string, extra: Record<string, unknown> = {}) => ({ error: { code, message, ...extra } });
