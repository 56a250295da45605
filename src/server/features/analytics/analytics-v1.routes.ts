import { AnalyticsQuery, AnalyticsResponse } from '../../../contracts/analytics.js';
import type { FeatureRoutes } from '../../http/route-types.js';
import { publicApiErrors as errors } from '../../http/public-api-errors.js';
import { actorOf } from '../../policy/actor.js';
import { getAnalytics } from './analytics.service.js';

/** Analytics figures in the public API (`/api/v1`, scope analytics:read): the staff API's query and answer. */
export const analyticsV1Routes: FeatureRoutes = (app, ctx) => {
  app.get('/api/v1/analytics', {
    config: { access: { scope: 'analytics:read' } },
    schema: {
      tags: ['analytics'],
      summary: 'Every analytics figure for a period of local dates, per bucket, with the previous period and the hour-of-week heatmap (the organizations of the key)',
      querystring: AnalyticsQuery,
      response: { 200: AnalyticsResponse, ...errors },
    },
    handler: (request) => getAnalytics(ctx, actorOf(request), request.query),
  });
};
