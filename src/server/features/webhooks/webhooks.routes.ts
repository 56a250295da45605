import { z } from 'zod';
import {
  CreateWebhookEndpointBody,
  ReplayFailedBody,
  ReplayResponse,
  RotateWebhookSecretBody,
  TestEventResponse,
  UpdateWebhookEndpointBody,
  WebhookDeliveryDetail,
  WebhookDeliveryListResponse,
  WebhookDeliveryParams,
  WebhookDeliveryQuery,
  WebhookEndpointIdParams,
  WebhookEndpointListQuery,
  WebhookEndpointListResponse,
  WebhookEndpointView,
  WebhookEndpointWithSecret,
} from '../../../contracts/webhooks.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import {
  changeEndpoint,
  createEndpoint,
  deliveryDetail,
  listDeliveriesFor,
  listEndpointsFor,
  removeEndpoint,
  replayDelivery,
  replayFailedSince,
  rotateEndpointSecret,
  sendTestEvent,
} from './webhooks.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['developer'];
const access = { capability: 'developer.access' } as const;

/** Webhook endpoints and their delivery log (`/developer` → Webhooks): administrators and developers, their organizations. */
export const webhooksRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/developer/webhooks', {
    config: { access },
    schema: { tags, summary: 'Webhook endpoints of your organizations, newest first', querystring: WebhookEndpointListQuery, response: { 200: WebhookEndpointListResponse, ...errors } },
    handler: async (request) => ({ items: await listEndpointsFor(ctx, actorOf(request), request.query.organizationId) }),
  });

  app.post('/api/developer/webhooks', {
    config: { access },
    schema: {
      tags,
      summary: 'Create an endpoint (https, public addresses only, checked now and at each send); the signing secret is in this answer only',
      body: CreateWebhookEndpointBody,
      response: { 201: WebhookEndpointWithSecret, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createEndpoint(ctx, actorOf(request), request.body)),
  });

  app.patch('/api/developer/webhooks/:id', {
    config: { access },
    schema: { tags, summary: 'Change the address, events, description, or turn it on or off', params: WebhookEndpointIdParams, body: UpdateWebhookEndpointBody, response: { 200: WebhookEndpointView, ...errors } },
    handler: async (request) => changeEndpoint(ctx, actorOf(request), request.params.id, request.body),
  });

  app.delete('/api/developer/webhooks/:id', {
    config: { access },
    schema: { tags, summary: 'Delete an endpoint and its delivery log', params: WebhookEndpointIdParams, response: { 204: z.null().describe('Deleted.'), ...errors } },
    handler: async (request, reply) => {
      await removeEndpoint(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/api/developer/webhooks/:id/rotate-secret', {
    config: { access },
    schema: {
      tags,
      summary: 'A new signing secret (in this answer only); the old one also signs for graceHours (default 24)',
      params: WebhookEndpointIdParams,
      body: RotateWebhookSecretBody.nullish(),
      response: { 200: WebhookEndpointWithSecret, ...errors },
    },
    handler: async (request) => rotateEndpointSecret(ctx, actorOf(request), request.params.id, request.body?.graceHours ?? 24),
  });

  app.post('/api/developer/webhooks/:id/test', {
    config: { access },
    schema: { tags, summary: 'Send a webhook.test event to this endpoint', params: WebhookEndpointIdParams, response: { 202: TestEventResponse, ...errors } },
    handler: async (request, reply) => reply.status(202).send({ deliveryId: await sendTestEvent(ctx, actorOf(request), request.params.id) }),
  });

  app.get('/api/developer/webhooks/:id/deliveries', {
    config: { access },
    schema: { tags, summary: 'The delivery log, newest first, filtered by event type and status', params: WebhookEndpointIdParams, querystring: WebhookDeliveryQuery, response: { 200: WebhookDeliveryListResponse, ...errors } },
    handler: async (request) => ({ items: await listDeliveriesFor(ctx, actorOf(request), request.params.id, request.query) }),
  });

  app.get('/api/developer/webhooks/:id/deliveries/:deliveryId', {
    config: { access },
    schema: { tags, summary: 'One delivery: the body sent and every attempt (headers, status, answer truncated to 2 KB, duration)', params: WebhookDeliveryParams, response: { 200: WebhookDeliveryDetail, ...errors } },
    handler: async (request) => deliveryDetail(ctx, actorOf(request), request.params.id, request.params.deliveryId),
  });

  app.post('/api/developer/webhooks/:id/deliveries/:deliveryId/replay', {
    config: { access },
    schema: { tags, summary: 'Send one delivery again now (a pending one is tried now, before its next scheduled attempt)', params: WebhookDeliveryParams, response: { 200: ReplayResponse, ...errors } },
    handler: async (request) => ({ replayed: await replayDelivery(ctx, actorOf(request), request.params.id, request.params.deliveryId) }),
  });

  app.post('/api/developer/webhooks/:id/replay-failed', {
    config: { access },
    schema: { tags, summary: 'Send again every failed delivery created since a time', params: WebhookEndpointIdParams, body: ReplayFailedBody, response: { 200: ReplayResponse, ...errors } },
    handler: async (request) => ({ replayed: await replayFailedSince(ctx, actorOf(request), request.params.id, new Date(request.body.since)) }),
  });
};
