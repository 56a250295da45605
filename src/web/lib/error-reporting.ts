/**
 * Client error reporting: every unexpected error is POSTed to the built-in error log
 * (`POST /api/client-errors` → `{ digest }`) and, when a DSN is configured, to Sentry.
 * The digest is the reference shown to the user; it finds the full report in /developer.
 *
 * Sentry is loaded on demand (only when a DSN is configured) so it never weighs on the
 * initial bundle. The DSN comes from `<meta name="sentry-dsn" content="…">` (injected by the
 * server from SENTRY_DSN) or from VITE_SENTRY_DSN at build time.
 */

import type { ClientErrorBody } from '@contracts/developer';
import { isApiError } from './api';

/** At most `max` UTF-16 units, never ending in half a surrogate pair (the server refuses lone surrogates). */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]!) ? max - 1 : max;
  return text.slice(0, end);
}

export interface ErrorReport {
  /** Reference from the built-in error log; undefined when it could not be reached. */
  digest?: string;
  /** Sentry event id, when Sentry is initialised. */
  sentryEventId?: string;
  message: string;
  source: 'boundary' | 'window' | 'manual';
}

type SentryModule = typeof import('@sentry/react');

let sentry: SentryModule | null = null;
let sentryLoading: Promise<SentryModule | null> | null = null;
const listeners = new Set<(report: ErrorReport) => void>();
const reported = new WeakMap<object, Promise<ErrorReport>>();

function sentryDsn(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="sentry-dsn"]')?.content?.trim();
  return meta || import.meta.env.VITE_SENTRY_DSN || undefined;
}

export function isSentryEnabled(): boolean {
  return sentry !== null;
}

export function initErrorReporting(): void {
  const dsn = sentryDsn();
  if (dsn && !sentryLoading) {
    sentryLoading = import('@sentry/react')
      .then((mod) => {
        mod.init({ dsn, environment: import.meta.env.MODE });
        sentry = mod;
        return mod;
      })
      .catch(() => null);
  }

  window.addEventListener('error', (event) => {
    // Ignore resource load errors (img/script) – they have no error object.
    if (!event.error && !event.message) return;
    void reportClientError(event.error ?? new Error(event.message), { source: 'window' });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    // Expected API answers (4xx) are shown where they happen; report the rest.
    if (isApiError(reason) && reason.status > 0 && reason.status < 500) return;
    void reportClientError(reason, { source: 'window', digest: isApiError(reason) ? reason.digest : undefined });
  });
}

/** Subscribe to reports (the /sentry-example-page shows them). Returns an unsubscribe function. */
export function onErrorReported(listener: (report: ErrorReport) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function toError(error: unknown): Error {
  if (error instanceof Error) return error;
  return new Error(typeof error === 'string' ? error : 'Non-error value thrown');
}

async function send(error: Error, source: ErrorReport['source'], digest?: string): Promise<ErrorReport> {
  const route = window.location.pathname; // never the query string: it may hold tokens
  let sentryEventId: string | undefined;
  if (sentryLoading) {
    const mod = await sentryLoading;
    if (mod) sentryEventId = mod.captureException(error, { tags: { route } });
  }

  let reportDigest = digest;
  try {
    const response = await fetch('/api/client-errors', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        message: cut(error.message, 2000) || error.name,
        stack: error.stack === undefined ? undefined : cut(error.stack, 16000),
        route,
        ...(digest ? { digest } : {}),
      } satisfies ClientErrorBody),
    });
    if (response.ok) {
      const json = (await response.json()) as { digest?: unknown };
      if (typeof json.digest === 'string') reportDigest = json.digest;
    }
  } catch {
    // The error log is unreachable; the user still gets the generic message.
  }

  const report: ErrorReport = { digest: reportDigest, sentryEventId, message: error.message, source };
  for (const listener of listeners) listener(report);
  return report;
}

/**
 * Reports an error once (the same error object reported twice returns the first report).
 * `digest` links the report to a server-side error that caused it.
 */
export function reportClientError(
  error: unknown,
  options: { source?: ErrorReport['source']; digest?: string } = {},
): Promise<ErrorReport> {
  const err = toError(error);
  const existing = reported.get(err);
  if (existing) return existing;
  const promise = send(err, options.source ?? 'manual', options.digest);
  reported.set(err, promise);
  return promise;
}
