import { FailedJobListResponse, JobIdParams, QueueHealth, RetryJobResponse } from '../../../contracts/system.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { listFailedJobs, queueHealth, retryJob } from './system.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['developer'];

/**
 * Queue and worker health (`/developer` → System). The figures are counts by task (no
 * organization's data): everyone with the developer area. Failed jobs carry errors about any
 * organization's records and retrying one acts for all: administrators only (the capability of
 * the other all-organization logs, `audit.read`).
 */
export const systemRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/developer/system/queue', {
    config: { access: { capability: 'developer.access' } },
    schema: { tags, summary: 'Jobs waiting, scheduled, running and failed by task, the oldest waiting job’s age, worker pools alive', response: { 200: QueueHealth, ...errors } },
    handler: async () => queueHealth(ctx),
  });

  app.get('/api/developer/system/failed-jobs', {
    config: { access: { capability: 'audit.read' } },
    schema: { tags, summary: 'Jobs out of attempts, newest first, with their last error', response: { 200: FailedJobListResponse, ...errors } },
    handler: async () => ({ items: await listFailedJobs(ctx) }),
  });

  app.post('/api/developer/system/failed-jobs/:id/retry', {
    config: { access: { capability: 'audit.read' } },
    schema: { tags, summary: 'Run a failed job again now, with its attempts counted afresh', params: JobIdParams, response: { 200: RetryJobResponse, ...errors } },
    handler: async (request) => {
      await retryJob(ctx, actorOf(request), request.params.id);
      return { id: request.params.id, retried: true };
    },
  });
};
