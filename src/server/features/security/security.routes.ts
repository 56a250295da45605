import { z } from 'zod';
import { ROLES } from '../../../domain/auth/permissions.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/access-hook.js';
import { recordAudit } from '../audit/audit.service.js';
import { saveTwoFactorRequiredRoles, twoFactorRequiredRoles } from '../session/session.repository.js';

const Settings = z.object({ twoFactorRequiredRoles: z.array(z.enum(ROLES)).max(ROLES.length) }).meta({ id: 'SecuritySettings' });

export const securityRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/security-settings', {
    config: { access: { capability: 'security.manage' } },
    schema: { tags: ['security'], summary: 'Which roles must use two-factor', response: { 200: Settings, 401: ErrorResponse, 403: ErrorResponse } },
    handler: async () => ({ twoFactorRequiredRoles: (await twoFactorRequiredRoles(ctx.db)) as (typeof ROLES)[number][] }),
  });

  app.put('/api/security-settings', {
    config: { access: { capability: 'security.manage' } },
    schema: { tags: ['security'], summary: 'Require two-factor for roles', body: Settings, response: { 200: Settings, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } },
    handler: async (request) => {
      const roles = [...new Set(request.body.twoFactorRequiredRoles)];
      await saveTwoFactorRequiredRoles(ctx.db, roles);
      await recordAudit(ctx.db, { action: 'security.two_factor_policy_changed', outcome: 'success', actor: actorOf(request), details: { roles } });
      return { twoFactorRequiredRoles: roles };
    },
  });
};
