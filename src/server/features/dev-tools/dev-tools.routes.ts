import {
  AuditListResponse,
  AuditQuery,
  ClientErrorBody,
  ClientErrorResponse,
  ErrorDigestParams,
  ErrorEvent,
  ErrorListQuery,
  ErrorListResponse,
  OutboxListResponse,
  OutboxQuery,
  PublicConfigResponse,
} from '../../../contracts/developer.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { listOutboxFor } from '../outbox/index.js';
import { CLIENT_REPORT_LIMITS, findVisibleError, listVisibleErrors, reportClientError, type ErrorEventRow } from '../errors/index.js';
import { singleOrganizationOf } from '../../policy/concerned-organization.js';
import { listAuditEvents } from '../audit/index.js';
import { resolveSession } from '../session/index.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

const presentError = ({ fingerprint: _f, reporterIp: _ip, context: _c, ...e }: ErrorEventRow) => ({ ...e, createdAt: e.createdAt.toISOString(), lastSeenAt: e.lastSeenAt.toISOString() });

export const devToolsRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/developer/outbox', {
    config: { access: { capability: 'developer.access' } },
    schema: {
      tags: ['developer'],
      summary: 'Emails and text messages sent (newest first); one-time codes and link tokens masked, bodies about patients only for roles that read patients',
      querystring: OutboxQuery,
      response: { 200: OutboxListResponse, ...errors },
    },
    handler: async (request) => {
      return { items: await listOutboxFor(ctx.db, actorOf(request), request.query) };
    },
  });

  app.get('/api/developer/errors', {
    config: { access: { capability: 'developer.access' } },
    schema: {
      tags: ['developer'],
      summary: "The error log (server, client and worker errors), newest first: the errors of the caller's organizations (admins: every error)",
      querystring: ErrorListQuery,
      response: { 200: ErrorListResponse, ...errors },
    },
    handler: async (request) => {
      const rows = await listVisibleErrors(ctx.db, actorOf(request), request.query);
      return { items: rows.map((row) => ({ ...presentError(row), cursor: row.cursor })) };
    },
  });

  app.get('/api/developer/errors/:digest', {
    config: { access: { capability: 'developer.access' } },
    schema: {
      tags: ['developer'],
      summary: "Find one error by its reference (digest); another organization's error, or (for non-admins) one of no organization, is not found",
      params: ErrorDigestParams,
      response: { 200: ErrorEvent, ...errors },
    },
    handler: async (request) => presentError(await findVisibleError(ctx.db, actorOf(request), request.params.digest)),
  });

  app.get('/api/audit', {
    config: { access: { capability: 'audit.read' } },
    schema: {
      tags: ['developer'],
      summary: 'The audit log, newest first',
      querystring: AuditQuery,
      response: { 200: AuditListResponse, ...errors },
    },
    handler: async (request) => {
      const rows = await listAuditEvents(ctx.db, request.query);
      return { items: rows.map((r) => ({ ...r, at: r.at.toISOString() })) };
    },
  });

  app.post('/api/client-errors', {
    config: { access: 'public', rateLimit: { max: Math.round(30 * ctx.env.RATE_LIMIT_SCALE), timeWindow: '1 minute' } },
    schema: {
      tags: ['developer'],
      summary: `Report an error raised in the browser; answers the reference (digest). A repeat is counted on the stored report; an address stores at most ${CLIENT_REPORT_LIMITS.perAddressPerHour} new reports an hour, all addresses ${CLIENT_REPORT_LIMITS.totalPerHour} (429 beyond)`,
      body: ClientErrorBody,
      response: { 201: ClientErrorResponse, ...errors, 429: ErrorResponse },
    },
    handler: async (request, reply) => {
      const session = await resolveSession(ctx, request).catch(() => null);
      const stored = await reportClientError(ctx.db, {
        message: request.body.message,
        stack: request.body.stack,
        route: request.body.route,
        userId: session?.actor.userId ?? null,
        organizationId: session ? singleOrganizationOf(session.actor) : null,
        requestId: String(request.id),
        reporterIp: request.ip,
        scale: ctx.env.RATE_LIMIT_SCALE,
        context: { userAgent: request.headers['user-agent'] ?? null, sentryEventId: request.body.sentryEventId ?? null },
      });
      return reply.status(201).send(stored);
    },
  });

  app.post('/api/sentry-example/server-error', {
    config: { access: 'public', rateLimit: { max: Math.round(10 * ctx.env.RATE_LIMIT_SCALE), timeWindow: '1 minute' } },
    schema: { tags: ['developer'], summary: 'Raises a server-side error on purpose (error-reporting check)', response: { 500: ErrorResponse, 429: ErrorResponse } },
    handler: async () => {
      throw new Error('Sentry example: a server-side error raised on purpose from /sentry-example-page');
    },
  });

  app.get('/api/public-config', {
    config: { access: 'public' },
    schema: { tags: ['developer'], summary: 'Settings the browser needs before sign-in', response: { 200: PublicConfigResponse } },
    handler: async () => ({ sentryDsn: ctx.env.SENTRY_DSN ?? null, environment: ctx.env.NODE_ENV }),
  });
};
