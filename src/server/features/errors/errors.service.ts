import type { DbOrTx } from '../../db/client.js';
import { newDigest } from '../../lib/digest.js';
import { captureToSentry } from '../../lib/sentry.js';
import { insertErrorEvent } from './errors.repository.js';

/** What other features read of this one (its repository's queries, used as they are). */
export { type ErrorEventRow, findErrorByDigest, listErrorEvents } from './errors.repository.js';

export interface ErrorReport {
  source: 'server' | 'client' | 'worker';
  error?: unknown;
  message?: string;
  stack?: string;
  route?: string;
  method?: string;
  requestId?: string;
  userId?: string | null;
  statusCode?: number;
  context?: Record<string, unknown>;
}

const MAX_STACK = 16_000;

/**
 * Stores an error under a fresh digest (the reference shown to the user) and forwards it to
 * Sentry when configured. Never throws: reporting an error must not raise another.
 */
export async function reportError(db: DbOrTx, report: ErrorReport, log?: (err: unknown) => void): Promise<{ digest: string; sentryEventId: string | null }> {
  const digest = newDigest();
  const err = report.error instanceof Error ? report.error : undefined;
  const message = (report.message ?? err?.message ?? String(report.error ?? 'Unknown error')).slice(0, 2000);
  const stack = (report.stack ?? err?.stack ?? null)?.slice(0, MAX_STACK) ?? null;
  let sentryEventId: string | null = null;
  try {
    sentryEventId = captureToSentry(err ?? new Error(message), { digest, source: report.source, route: report.route ?? '' });
  } catch (e) {
    log?.(e);
  }
  try {
    await insertErrorEvent(db, {
      digest,
      source: report.source,
      message,
      stack,
      route: report.route?.slice(0, 500) ?? null,
      method: report.method ?? null,
      requestId: report.requestId ?? null,
      userId: report.userId ?? null,
      statusCode: report.statusCode ?? null,
      sentryEventId,
      context: report.context ?? {},
    });
  } catch (e) {
    log?.(e);
  }
  return { digest, sentryEventId };
}
