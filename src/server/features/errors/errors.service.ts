import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { newDigest } from '../../lib/digest.js';
import { captureToSentry } from '../../lib/sentry.js';
import { canSeeOrganization, organizationScope, type StaffActor } from '../../policy/actor.js';
import { AppError, notFound } from '../../http/errors.js';
import type { ErrorListQuery } from '../../../contracts/developer.js';
import { countRecentClientReports, countRepeat, findErrorByDigest, insertErrorEvent, insertOrCountRepeat, listErrorEvents, type ErrorEventRow, type NewErrorEvent } from './errors.repository.js';
import { safeMessage, safeStack, safeStackText, storableCut, storableJson } from './error-text.js';

export type { ErrorEventRow } from './errors.repository.js';

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
  /** The organization the failing request or job concerned; null: only admins read the event. */
  organizationId?: string | null;
  context?: Record<string, unknown>;
}

const MAX_MESSAGE = 2000;
const MAX_STACK = 16_000;

/**
 * The event as it may be stored: values of failed queries withheld (error-text.ts), text that
 * PostgreSQL can store (a NUL byte or a lone surrogate would make the insert fail and the
 * digest shown to the user find nothing), and a route without its query string.
 */
function eventOf(digest: string, report: ErrorReport, sentryEventId: string | null): NewErrorEvent {
  const message = report.message !== undefined ? safeStackText(report.message) : safeMessage(report.error);
  const stack = report.stack !== undefined ? safeStackText(report.stack) : safeStack(report.error, message);
  return {
    digest,
    source: report.source,
    organizationId: report.organizationId ?? null,
    message: storableCut(message, MAX_MESSAGE),
    stack: stack === null ? null : storableCut(stack, MAX_STACK),
    route: report.route === undefined ? null : storableCut(pathOf(report.route), 500),
    method: report.method === undefined ? null : storableCut(report.method, 20),
    requestId: report.requestId === undefined ? null : storableCut(report.requestId, 100),
    userId: report.userId ?? null,
    statusCode: report.statusCode ?? null,
    sentryEventId,
    context: storableJson(report.context ?? {}) as Record<string, unknown>,
  };
}

/** A URL's path: query strings and fragments can carry names and phone numbers. */
const pathOf = (route: string) => route.split(/[?#]/, 1)[0]!;

/** Sentry gets what the error log keeps, not the original error's text. */
function forSentry(event: NewErrorEvent, error: unknown): Error {
  const safe = new Error(event.message);
  if (error instanceof Error) safe.name = error.name;
  safe.stack = event.stack ?? `${safe.name}: ${event.message}`;
  return safe;
}

function sendToSentry(event: NewErrorEvent, error: unknown, log?: (err: unknown) => void): string | null {
  try {
    return captureToSentry(forSentry(event, error), { digest: event.digest, source: event.source, route: event.route ?? '' });
  } catch (e) {
    log?.(e);
    return null;
  }
}

/**
 * Stores an error under a fresh digest (the reference shown to the user) and forwards it to
 * Sentry when configured. Never throws: reporting an error must not raise another.
 */
export async function reportError(db: DbOrTx, report: ErrorReport, log?: (err: unknown) => void): Promise<{ digest: string; sentryEventId: string | null }> {
  const event = eventOf(newDigest(), report, null);
  event.sentryEventId = sendToSentry(event, report.error, log);
  try {
    await insertErrorEvent(db, event);
  } catch (e) {
    log?.(e);
  }
  return { digest: event.digest, sentryEventId: event.sentryEventId };
}

/** How many new browser reports are stored per hour, from one address and from all (times RATE_LIMIT_SCALE). */
export const CLIENT_REPORT_LIMITS = { perAddressPerHour: 10, totalPerHour: 100 } as const;

/**
 * A report from a browser (anyone may send one). A repeat — the same message, first stack frame
 * and page path, in the same organization — is counted on the stored event and answered with its
 * digest. A new one is stored unless its address, or all addresses together, stored their
 * hourly share already: then 429.
 */
export async function reportClientError(
  db: DbOrTx,
  report: Omit<ErrorReport, 'source' | 'error'> & { message: string; reporterIp: string; scale: number },
): Promise<{ digest: string }> {
  const event = eventOf(newDigest(), { ...report, source: 'client' }, null);
  const fingerprint = fingerprintOf(event);
  const repeat = await countRepeat(db, fingerprint);
  if (repeat) return { digest: repeat };
  const hour = 3600;
  const full = (await countRecentClientReports(db, hour, report.reporterIp)) >= Math.round(CLIENT_REPORT_LIMITS.perAddressPerHour * report.scale)
    || (await countRecentClientReports(db, hour)) >= Math.round(CLIENT_REPORT_LIMITS.totalPerHour * report.scale);
  if (full) throw new AppError(429, 'rate_limited', 'Too many error reports were stored in the last hour; this one was not kept.');
  event.sentryEventId = sendToSentry(event, undefined);
  const digest = await insertOrCountRepeat(db, { ...event, fingerprint, reporterIp: storableCut(report.reporterIp, 100) });
  return { digest };
}

function fingerprintOf(event: NewErrorEvent): string {
  const firstFrame = (event.stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => /^at\s/.test(line) || /@.*:\d+/.test(line));
  return createHash('sha256')
    .update([event.organizationId ?? '', event.message, firstFrame ?? '', event.route ?? ''].join('\n'))
    .digest('hex');
}

/** The error log as the actor may read it: their organizations' errors (admins: every error). */
export function listVisibleErrors(db: DbOrTx, actor: StaffActor, q: ErrorListQuery): Promise<Array<ErrorEventRow & { cursor: string }>> {
  return listErrorEvents(db, { source: q.source, before: q.before ? new Date(q.before) : undefined, cursor: q.cursor, limit: q.limit, organizationIds: organizationScope(actor) });
}

/** One error by its digest; an error of an organization the actor may not see (or of none, for non-admins) is not found. */
export async function findVisibleError(db: DbOrTx, actor: StaffActor, digest: string): Promise<ErrorEventRow> {
  const row = await findErrorByDigest(db, digest);
  if (!row || !canSeeOrganization(actor, row.organizationId)) throw notFound('An error with that reference');
  return row;
}
