import * as Sentry from '@sentry/node';

/**
 * Sentry is optional: with SENTRY_DSN every reported error is also sent through the SDK, and
 * its event id is kept beside our digest. Without it, the built-in error log is the only sink.
 */
let enabled = false;

export function initSentry(dsn: string | undefined, environment: string): void {
  if (!dsn || enabled) return;
  Sentry.init({ dsn, environment, tracesSampleRate: 0, defaultIntegrations: false });
  enabled = true;
}

export function captureToSentry(error: unknown, tags: Record<string, string>): string | null {
  if (!enabled) return null;
  return Sentry.captureException(error, { tags });
}

export async function flushSentry(timeoutMs = 2000): Promise<void> {
  if (enabled) await Sentry.flush(timeoutMs);
}
