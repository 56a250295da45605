import type * as Sentry from '@sentry/node';

/**
 * Sentry is optional: with SENTRY_DSN every reported error is also sent through the SDK, and
 * its event id is kept beside our digest. Without it, the built-in error log is the only sink,
 * and the SDK is never loaded: it holds about 11 MB of heap in every process that imports it
 * (the server-memory bar, decision 057).
 */
let sentry: typeof Sentry | undefined;

export async function initSentry(dsn: string | undefined, environment: string): Promise<void> {
  if (!dsn || sentry) return;
  const sdk = await import('@sentry/node');
  sdk.init({ dsn, environment, tracesSampleRate: 0, defaultIntegrations: false });
  sentry = sdk;
}

export function captureToSentry(error: unknown, tags: Record<string, string>): string | null {
  return sentry?.captureException(error, { tags }) ?? null;
}

export async function flushSentry(timeoutMs = 2000): Promise<void> {
  await sentry?.flush(timeoutMs);
}
