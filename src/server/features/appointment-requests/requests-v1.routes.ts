import {
  CancelRequestBody,
  DeclineBody,
  RequestIdParams,
  RequestListQuery,
  RequestListResponse,
  RequestView,
  ScheduleBody,
  TransitionResponse,
} from '../../../contracts/appointment-requests.js';
import type { FeatureRoutes } from '../../http/route-types.js';
import { publicApiErrors as errors } from '../../http/public-api-errors.js';
import { actorOf } from '../../policy/actor.js';
import { decideRequest, getRequestFor, listRequestsFor, presentRequest } from './staff-requests.service.js';

const tags = ['appointment requests'];
const read = { scope: 'appointment_requests:read' } as const;
const write = { scope: 'appointment_requests:write' } as const;

/** Appointment requests in the public API (`/api/v1`): list, detail and the staff decisions. */
export const requestsV1Routes: FeatureRoutes = (app, ctx) => {
  app.get('/api/v1/appointment-requests', {
    config: { access: read },
    schema: { tags, summary: 'Submitted requests, newest first, in keyset pages (`nextCursor`)', querystring: RequestListQuery, response: { 200: RequestListResponse, ...errors } },
    handler: async (request) => listRequestsFor(ctx, actorOf(request), request.query),
  });

  app.get('/api/v1/appointment-requests/:id', {
    config: { access: read },
    schema: { tags, summary: 'One request with its history (an audited view)', params: RequestIdParams, response: { 200: RequestView, ...errors } },
    handler: async (request) => getRequestFor(ctx, actorOf(request), request.params.id),
  });

  app.post('/api/v1/appointment-requests/:id/schedule', {
    config: { access: write },
    schema: { tags, summary: 'Schedule a pending request (the organization’s local time); the patient is notified', params: RequestIdParams, body: ScheduleBody, response: { 200: TransitionResponse, ...errors } },
    handler: async (request) => ({ appointmentRequest: await presentRequest(ctx.db, await decideRequest(ctx, actorOf(request), request.params.id, { to: 'scheduled', ...request.body })) }),
  });

  app.post('/api/v1/appointment-requests/:id/decline', {
    config: { access: write },
    schema: { tags, summary: 'Decline a pending request with a reason; the patient is notified', params: RequestIdParams, body: DeclineBody, response: { 200: TransitionResponse, ...errors } },
    handler: async (request) => ({ appointmentRequest: await presentRequest(ctx.db, await decideRequest(ctx, actorOf(request), request.params.id, { to: 'declined', ...request.body })) }),
  });

  app.post('/api/v1/appointment-requests/:id/cancel', {
    config: { access: write },
    schema: { tags, summary: 'Cancel a pending or scheduled request; the patient is notified', params: RequestIdParams, body: CancelRequestBody, response: { 200: TransitionResponse, ...errors } },
    handler: async (request) => ({ appointmentRequest: await presentRequest(ctx.db, await decideRequest(ctx, actorOf(request), request.params.id, { to: 'canceled', ...request.body })) }),
  });
};
