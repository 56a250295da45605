import type { z } from 'zod';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { presentHours } from './hours.presenter.js';
import { HoursBody, HoursParams, HoursView, OpenNowResponse } from '../../../contracts/hours.js';
import { getHours, openNowJson, saveHours } from './hours.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['hours'];

export const hoursRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/organizations/open-now', {
    config: { access: { capability: 'organizations.read' } },
    schema: {
      tags,
      summary: 'Open or closed now, with the next change, for every organization the user may see',
      response: { 200: OpenNowResponse, ...errors },
    },
    // The answer is built (and kept) as JSON by the service from our own presenter, and runs to
    // a thousand items: re-checking it against the zod schema on the way out cost more than
    // everything else. The schema still documents it in the OpenAPI document.
    serializerCompiler: () => (data) => (typeof data === 'string' ? data : JSON.stringify(data)),
    handler: async (request, reply) => {
      const json = await openNowJson(ctx, actorOf(request));
      // Already JSON in the documented shape; the serializer above passes strings through.
      return reply.type('application/json; charset=utf-8').send(json as unknown as z.infer<typeof OpenNowResponse>);
    },
  });

  app.get('/api/organizations/:id/hours', {
    config: { access: { capability: 'organizations.read' } },
    schema: {
      tags,
      summary: "Weekly hours and date overrides, in the organization's time zone, with the status now",
      params: HoursParams,
      response: { 200: HoursView, ...errors },
    },
    handler: async (request) => presentHours(await getHours(ctx, actorOf(request), request.params.id)),
  });

  app.put('/api/organizations/:id/hours', {
    config: { access: { capability: 'hours.edit' } },
    schema: {
      tags,
      summary: 'Replace the weekly hours and overrides (names the version it started from; 409 stale_version if they changed since)',
      params: HoursParams,
      body: HoursBody,
      response: { 200: HoursView, ...errors },
    },
    handler: async (request) => presentHours(await saveHours(ctx, actorOf(request), request.params.id, request.body)),
  });
};
