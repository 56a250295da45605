import { z } from 'zod';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/access-hook.js';
import { organizationScope } from '../../policy/actor.js';
import { notFound } from '../../http/errors.js';
import { listOutboxMessages } from '../outbox/outbox.repository.js';
import { findErrorByDigest, listErrorEvents, type ErrorEventRow } from '../errors/errors.repository.js';
import { reportError } from '../errors/errors.service.js';
import { listAuditEvents } from '../audit/audit.repository.js';
import { resolveSession } from '../session/session-guard.js';
import { TimeCursor } from '../../http/time-cursor.js';

const OutboxView = z.object({
  id: z.string(),
  organizationId: z.string().nullable(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  template: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  transport: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Pass as `cursor` to read the messages after this one. */
  cursor: z.string(),
});
const ErrorView = z.object({
  id: z.string(),
  digest: z.string(),
  source: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  route: z.string().nullable(),
  method: z.string().nullable(),
  requestId: z.string().nullable(),
  userId: z.string().nullable(),
  statusCode: z.number().nullable(),
  sentryEventId: z.string().nullable(),
  createdAt: z.string(),
});
/** In a list, each error also carries the cursor of the page after it. */
const ErrorListItem = ErrorView.extend({ cursor: z.string().describe('Pass as `cursor` to read the errors after this one.') });
const AuditView = z.object({
  id: z.number(),
  at: z.string(),
  actorType: z.string(),
  actorId: z.string().nullable(),
  actorLabel: z.string().nullable(),
  organizationId: z.string().nullable(),
  action: z.string(),
  recordType: z.string().nullable(),
  recordId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  outcome: z.string(),
  details: z.record(z.string(), z.unknown()),
});
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const Before = z.iso.datetime({ offset: true, error: 'Use an ISO date-time.' }).optional().describe('Only items created before this time (use `cursor` to page).');

const presentError = (e: ErrorEventRow) => ({ ...e, createdAt: e.createdAt.toISOString() });

export const devToolsRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/developer/outbox', {
    config: { access: { capability: 'developer.access' } },
    schema: {
      tags: ['developer'],
      summary: 'Emails and text messages sent (newest first)',
      querystring: z.object({ recipient: z.string().max(254).optional(), template: z.string().max(100).optional(), channel: z.enum(['email', 'sms']).optional(), before: Before, cursor: TimeCursor, limit: z.coerce.number().int().min(1).max(200).default(50) }),
      response: { 200: z.object({ items: z.array(OutboxView) }), ...errors },
    },
    handler: async (request) => {
      const q = request.query;
      const rows = await listOutboxMessages(ctx.db, { ...q, before: q.before ? new Date(q.before) : undefined, organizationIds: organizationScope(actorOf(request)) });
      return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), sentAt: r.sentAt?.toISOString() ?? null })) };
    },
  });

  app.get('/api/developer/errors', {
    config: { access: { capability: 'developer.access' } },
    schema: {
      tags: ['developer'],
      summary: 'The error log (server, client and worker errors), newest first',
      querystring: z.object({ source: z.enum(['server', 'client', 'worker']).optional(), before: Before, cursor: TimeCursor, limit: z.coerce.number().int().min(1).max(200).default(50) }),
      response: { 200: z.object({ items: z.array(ErrorListItem) }), ...errors },
    },
    handler: async (request) => {
      const q = request.query;
      const rows = await listErrorEvents(ctx.db, { source: q.source, before: q.before ? new Date(q.before) : undefined, cursor: q.cursor, limit: q.limit });
      return { items: rows.map((row) => ({ ...presentError(row), cursor: row.cursor })) };
    },
  });

  app.get('/api/developer/errors/:digest', {
    config: { access: { capability: 'developer.access' } },
    schema: { tags: ['developer'], summary: 'Find one error by its reference (digest)', params: z.object({ digest: z.string().trim().toUpperCase().max(40) }), response: { 200: ErrorView, ...errors } },
    handler: async (request) => {
      const row = await findErrorByDigest(ctx.db, request.params.digest);
      if (!row) throw notFound('An error with that reference');
      return presentError(row);
    },
  });

  app.get('/api/audit', {
    config: { access: { capability: 'audit.read' } },
    schema: {
      tags: ['developer'],
      summary: 'The audit log, newest first',
      querystring: z.object({
        action: z.string().max(100).optional().describe('An action (user.created), or a group of actions by its dotted prefix (auth, user).'),
        actorId: z.string().max(100).optional(),
        recordType: z.string().max(50).optional(),
        recordId: z.string().max(100).optional(),
        before: z.coerce.number().int().positive().optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      }),
      response: { 200: z.object({ items: z.array(AuditView) }), ...errors },
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
      summary: 'Report an error raised in the browser; answers the reference (digest)',
      body: z.object({
        message: z.string().min(1).max(2000),
        stack: z.string().max(16_000).optional(),
        route: z.string().max(500).optional(),
        sentryEventId: z.string().max(64).optional(),
      }),
      response: { 201: z.object({ digest: z.string() }), ...errors, 429: ErrorResponse },
    },
    handler: async (request, reply) => {
      const session = await resolveSession(ctx, request).catch(() => null);
      const { digest } = await reportError(ctx.db, {
        source: 'client',
        message: request.body.message,
        stack: request.body.stack,
        route: request.body.route,
        userId: session?.actor.userId ?? null,
        requestId: String(request.id),
        context: { userAgent: request.headers['user-agent'] ?? null, sentryEventId: request.body.sentryEventId ?? null },
      });
      return reply.status(201).send({ digest });
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
    schema: { tags: ['developer'], summary: 'Settings the browser needs before sign-in', response: { 200: z.object({ sentryDsn: z.string().nullable(), environment: z.string() }) } },
    handler: async () => ({ sentryDsn: ctx.env.SENTRY_DSN ?? null, environment: ctx.env.NODE_ENV }),
  });
};
