import { SecuritySettings } from '../../../contracts/security.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { requireTwoFactorFor, securitySettings } from './security.service.js';

export const securityRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/security-settings', {
    config: { access: { capability: 'security.manage' } },
    schema: { tags: ['security'], summary: 'Which roles must use two-factor', response: { 200: SecuritySettings, 401: ErrorResponse, 403: ErrorResponse } },
    handler: async () => securitySettings(ctx),
  });

  app.put('/api/security-settings', {
    config: { access: { capability: 'security.manage' } },
    schema: { tags: ['security'], summary: 'Require two-factor for roles', body: SecuritySettings, response: { 200: SecuritySettings, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } },
    handler: async (request) => requireTwoFactorFor(ctx, actorOf(request), request.body.twoFactorRequiredRoles),
  });
};
