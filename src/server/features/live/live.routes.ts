import { z } from 'zod';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf, canSeeOrganization } from '../../policy/actor.js';
import type { LiveHub } from './live.hub.js';
import { sessionStillValid } from '../session/index.js';
import { errorEnvelope } from '../../http/errors.js';

/** How often an open stream checks that its session still exists (signed out, expired, disabled). */
const SESSION_CHECK_EVERY_HEARTBEATS = 3;

/**
 * Server-sent events for staff screens. Each event carries only ids and hints; a browser
 * refetches through the normal (authorised) endpoints. Events of organizations the user may
 * not see are never sent.
 */
export function liveRoutes(hub: LiveHub): FeatureRoutes {
  return (app, ctx) => {
    app.get('/api/live', {
      config: { access: 'staff' },
      schema: {
        tags: ['live'],
        summary: 'Live updates (text/event-stream) for the given topics',
        querystring: z.object({ topics: z.string().max(200).regex(/^[a-z-]+(,[a-z-]+)*$/, { error: 'Comma-separated topic names.' }) }),
        response: { 401: ErrorResponse, 403: ErrorResponse, 406: ErrorResponse },
      },
      handler: async (request, reply) => {
        const actor = actorOf(request);
        if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
          return reply.status(406).send(errorEnvelope('not_acceptable', 'This is an event stream: request it with Accept: text/event-stream (EventSource does).'));
        }
        const topics = new Set(request.query.topics.split(','));
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        res.write(`retry: 3000\n: connected\n\n`);
        const unsubscribe = hub.subscribe((event) => {
          if (!topics.has(event.topic) || !canSeeOrganization(actor, event.organizationId)) return;
          res.write(`event: ${event.topic}\ndata: ${JSON.stringify(event)}\n\n`);
        });
        let beats = 0;
        const heartbeat = setInterval(() => {
          res.write(`: keep-alive\n\n`);
          if (++beats % SESSION_CHECK_EVERY_HEARTBEATS !== 0) return;
          // The stream was authorised when it opened; it must not outlive the session.
          void sessionStillValid(ctx, actor.sessionId)
            .catch(() => true)
            .then((valid) => {
              if (valid) return;
              res.write(`event: session-ended\ndata: {}\n\n`);
              close();
              res.end();
            });
        }, ctx.env.LIVE_HEARTBEAT_SECONDS * 1000);
        const close = () => {
          clearInterval(heartbeat);
          unsubscribe();
        };
        request.raw.on('close', close);
        res.on('error', close);
      },
    });
  };
}
