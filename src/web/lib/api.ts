/**
 * Typed fetch wrapper for the Switchboard JSON API (see docs/API-CONVENTIONS.md).
 *
 * - sends and receives JSON, with the session cookie (`credentials: 'same-origin'`);
 * - turns every failure into an `ApiError` carrying the error envelope's fields;
 * - reports authentication failures (401 outside the session endpoints, 403
 *   `password_change_required` / `two_factor_setup_required`) to a handler the app registers,
 *   which sends the user to sign in (and back afterwards), to change their password, or to
 *   turn on two-factor in their profile.
 */

import type { ApiErrorCode as ContractErrorCode } from '@contracts/errors';

/**
 * The codes of the error envelope (the one list, `@contracts/errors`), and `network_error`: the
 * request never reached the server, or the answer was not the API's.
 */
export type ApiErrorCode = ContractErrorCode | 'network_error';

export interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  message: string;
  fields?: Record<string, string>;
  digest?: string;
  retryAfterSeconds?: number;
  /** The envelope's other keys (e.g. a booking conflict's `nextTimes`). */
  details?: Record<string, unknown>;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string>;
  readonly digest?: string;
  readonly retryAfterSeconds?: number;
  /** What else the error envelope carried (e.g. `nextTimes` of a 409 `slot_taken`). */
  readonly details: Record<string, unknown>;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.digest = init.digest;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.details = init.details ?? {};
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fields).length > 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Set to false when a 401 is an expected answer the caller handles itself
   * (the session endpoints are already exempt).
   */
  authRedirect?: boolean;
}

export type AuthFailure =
  | { kind: 'unauthenticated'; error: ApiError }
  | { kind: 'password_change_required'; error: ApiError }
  | { kind: 'two_factor_setup_required'; error: ApiError };

type AuthFailureHandler = (failure: AuthFailure) => void;

let authFailureHandler: AuthFailureHandler | null = null;

let lastServerContactAt = Date.now();
const NOT_SESSION_ACTIVITY = ['/api/client-errors', '/api/links/', '/api/password/forgot', '/api/password/reset', '/api/invitations/'];

/** When the server last answered a request of this page (its idle clock restarts then). */
export function lastServerContact(): number {
  return lastServerContactAt;
}

/** The session ended without a request noticing (idle time passed): handled like a 401. */
export function reportSessionExpired(): void {
  authFailureHandler?.({ kind: 'unauthenticated', error: new ApiError({ status: 401, code: 'session_expired', message: 'Your session has expired.' }) });
}

/** Registered once by the app (src/web/app/provider.tsx). */
export function setAuthFailureHandler(handler: AuthFailureHandler | null): void {
  authFailureHandler = handler;
}

/** Endpoints whose 401 is an answer (wrong password, no session yet), not an expired session. */
const SESSION_ENDPOINT_PREFIXES = ['/api/session', '/api/password/', '/api/invitations/', '/api/client-errors'];

function isSessionEndpoint(path: string): boolean {
  return SESSION_ENDPOINT_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.set(key, String(value));
    }
  }
  const qs = params.toString();
  if (!qs) return path;
  return path.includes('?') ? `${path}&${qs}` : `${path}?${qs}`;
}

const FALLBACK_MESSAGES: Record<number, string> = {
  400: 'Some fields need attention.',
  401: 'Please sign in to continue.',
  403: 'You do not have access to this.',
  404: 'We could not find what you asked for.',
  409: 'This was changed in the meantime. Reload and try again.',
  423: 'This account is temporarily locked.',
  429: 'Too many attempts. Wait a moment and try again.',
};

const FALLBACK_CODES: Record<number, ApiErrorCode> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  423: 'account_locked',
  429: 'rate_limited',
};

function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') out[key] = message;
    else if (Array.isArray(message) && typeof message[0] === 'string') out[key] = message[0];
  }
  return out;
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const status = response.status;
  let envelope: Record<string, unknown> | undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) {
    try {
      const json: unknown = await response.json();
      if (isRecord(json) && isRecord(json.error)) envelope = json.error;
    } catch {
      // fall through to the generic message
    }
  }

  if (!envelope) {
    // Not the API's answer (proxy error page, gateway timeout, server not running).
    const unreachable = status >= 500;
    return new ApiError({
      status,
      code: unreachable ? 'network_error' : (FALLBACK_CODES[status] ?? 'internal_error'),
      message: unreachable
        ? 'Switchboard could not be reached. Try again in a moment.'
        : (FALLBACK_MESSAGES[status] ?? 'Something went wrong. Try again in a moment.'),
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
    });
  }

  const retryAfter =
    typeof envelope.retryAfterSeconds === 'number'
      ? envelope.retryAfterSeconds
      : parseRetryAfter(response.headers.get('retry-after'));

  const { code: _code, message: _message, fields: _fields, digest: _digest, retryAfterSeconds: _retry, ...details } = envelope;
  return new ApiError({
    status,
    code: typeof envelope.code === 'string' ? (envelope.code as ApiErrorCode) : (FALLBACK_CODES[status] ?? 'internal_error'),
    message:
      typeof envelope.message === 'string' && envelope.message
        ? envelope.message
        : (FALLBACK_MESSAGES[status] ?? 'Something went wrong. Try again in a moment.'),
    fields: stringFields(envelope.fields),
    digest: typeof envelope.digest === 'string' ? envelope.digest : undefined,
    retryAfterSeconds: retryAfter,
    details,
  });
}

/**
 * This load of the page, sent with every request (X-Page-Load): the server writes one audit
 * record per view of a record per page load, however often the page refetches it.
 */
const PAGE_LOAD = Array.from({ length: 4 }, () => Math.floor(Math.random() * 0x1_0000_0000).toString(16).padStart(8, '0')).join('-');

/** The request sent, the session's activity noted, and any failure thrown as an ApiError. */
async function send(path: string, options: ApiFetchOptions): Promise<Response> {
  const { method = 'GET', body, query, signal, headers = {}, authRedirect = true } = options;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    signal,
    headers: { Accept: 'application/json', 'X-Page-Load': PAGE_LOAD, ...headers },
  };
  if (body !== undefined) {
    if (body instanceof FormData) {
      init.body = body;
    } else {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    }
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: 'Switchboard could not be reached. Check your connection and try again.',
    });
  }

  // Any answer but 401 from a signed-in endpoint means the session was seen and its idle clock
  // restarted; the public endpoints below do not look at the session.
  if (response.status !== 401 && !NOT_SESSION_ACTIVITY.some((prefix) => path.startsWith(prefix))) lastServerContactAt = Date.now();

  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (authRedirect && authFailureHandler) {
      if (error.status === 401 && !isSessionEndpoint(path)) {
        authFailureHandler({ kind: 'unauthenticated', error });
      } else if (error.status === 403 && error.code === 'password_change_required') {
        authFailureHandler({ kind: 'password_change_required', error });
      } else if (error.status === 403 && error.code === 'two_factor_setup_required') {
        authFailureHandler({ kind: 'two_factor_setup_required', error });
      }
    }
    throw error;
  }
  return response;
}

/**
 * An answer of newline-delimited JSON (application/x-ndjson), each line handed to `onLine` as
 * it arrives (the playground's real-time replies); a refusal is an ApiError as for apiFetch.
 */
export async function apiFetchLines(path: string, options: ApiFetchOptions, onLine: (line: unknown) => void): Promise<void> {
  const response = await send(path, { ...options, headers: { Accept: 'application/x-ndjson', ...options.headers } });
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const text = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (text) onLine(JSON.parse(text));
    }
    if (done) break;
  }
  if (buffer.trim()) onLine(JSON.parse(buffer));
}

export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const response = await send(path, options);

  if (response.status === 204 || response.status === 205) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) return JSON.parse(text) as T;
  return text as T;
}

/** A short, human sentence for any error thrown by a query or mutation. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return 'Something went wrong. Try again in a moment.';
}
