import { SecuritySettings } from '../../../contracts/security.js';
import type { Role } from '../../../domain/auth/permissions.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { recordAudit } from '../audit/audit.service.js';
import { saveTwoFactorRequiredRoles, twoFactorRequiredRoles } from '../session/session.service.js';

export const securityRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/security-settings', {
    config: { access: { capability: 'security.manage' } },
    schema: { tags: ['security'], summary: 'Which roles must use two-factor', response: { 200: SecuritySettings, 401: ErrorResponse, 403: ErrorResponse } },
    handler: async () => ({ twoFactorRequiredRoles: (await twoFactorRequiredRoles(ctx.db)) as Role[] }),
  });

  app.put('/api/security-settings', {
    config: { access: { capability: 'security.manage' } },
    schema: { tags: ['security'], summary: 'Require two-factor for roles', body: SecuritySettings, response: { 200: SecuritySettings, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } },
    handler: async (request) => {
      const roles = [...new Set(request.body.twoFactorRequiredRoles)];
      await saveTwoFactorRequiredRoles(ctx.db, roles);
      await recordAudit(ctx.db, { action: 'security.two_factor_policy_changed', outcome: 'success', actor: actorOf(request), details: { roles } });
      return { twoFactorRequiredRoles: roles };
    },
  });
};
