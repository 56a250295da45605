import type { z } from 'zod';
import { HoursParams, HoursView, OpenNowResponse } from '../../../contracts/hours.js';
import type { FeatureRoutes } from '../../http/route-types.js';
import { publicApiErrors as errors } from '../../http/public-api-errors.js';
import { actorOf } from '../../policy/actor.js';
import { presentHours } from './hours.presenter.js';
import { getHours, openNowJson } from './hours.service.js';

const tags = ['organizations'];
const access = { scope: 'organizations:read' } as const;

/** Opening hours and open-now in the public API (`/api/v1`, scope organizations:read). */
export const hoursV1Routes: FeatureRoutes = (app, ctx) => {
  app.get('/api/v1/organizations/open-now', {
    config: { access },
    schema: { tags, summary: 'Open or closed now, with the next change, for each organization of the key', response: { 200: OpenNowResponse, ...errors } },
    // Built as JSON by the service from our presenter (as the staff route does).
    serializerCompiler: () => (data) => (typeof data === 'string' ? data : JSON.stringify(data)),
    handler: async (request, reply) => {
      const json = await openNowJson(ctx, actorOf(request));
      return reply.type('application/json; charset=utf-8').send(json as unknown as z.infer<typeof OpenNowResponse>);
    },
  });

  app.get('/api/v1/organizations/:id/hours', {
    config: { access },
    schema: { tags, summary: 'Weekly hours, holidays and exceptions, with the status now', params: HoursParams, response: { 200: HoursView, ...errors } },
    handler: async (request) => presentHours(await getHours(ctx, actorOf(request), request.params.id)),
  });
};
