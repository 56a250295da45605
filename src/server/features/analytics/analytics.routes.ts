import { z } from 'zod';
import { AnalyticsExportQuery, AnalyticsQuery, AnalyticsResponse } from '../../../contracts/analytics.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { getAnalytics } from './analytics.service.js';
import { analyticsCsv } from './analytics-export.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['analytics'];
const read = { capability: 'analytics.read' } as const;

/** /analytics (PRODUCT §3, §6): every figure for a period, and its CSV. */
export const analyticsRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/analytics', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Every analytics figure (PRODUCT §6) for a period of local dates, per bucket of the granularity, with the previous period of the same length and the hour-of-week heatmap',
      querystring: AnalyticsQuery,
      response: { 200: AnalyticsResponse, ...errors },
    },
    handler: (request) => getAnalytics(ctx, actorOf(request), request.query),
  });

  app.get('/api/analytics/export.csv', {
    config: { access: read },
    schema: {
      tags,
      summary: 'CSV of the figures per bucket (kind=figures, with the total and the previous period) or of the records behind them (kind=calls, handoffs or requests; at most 100,000 rows)',
      querystring: AnalyticsExportQuery,
      response: { 200: z.string().describe('CSV text (text/csv)'), ...errors },
    },
    handler: async (request, reply) => {
      const { fileName, csv } = await analyticsCsv(ctx, actorOf(request), request.query);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(csv);
    },
  });
};
