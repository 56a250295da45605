import { z } from 'zod';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/access-hook.js';
import { organizationScope } from '../../policy/actor.js';
import { listVisibleOrganizations } from './organizations.repository.js';

const OrganizationSummary = z
  .object({ id: z.string(), name: z.string(), slug: z.string(), timeZone: z.string(), status: z.string() })
  .meta({ id: 'OrganizationSummary' });

export const organizationsRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/organizations', {
    config: { access: { capability: 'organizations.read' } },
    schema: { tags: ['organizations'], summary: 'Organizations the user may see', response: { 200: z.object({ items: z.array(OrganizationSummary) }), 401: ErrorResponse, 403: ErrorResponse } },
    handler: async (request) => {
      const rows = await listVisibleOrganizations(ctx.db, organizationScope(actorOf(request)));
      return { items: rows.map((o) => ({ id: o.id, name: o.name, slug: o.slug, timeZone: o.timeZone, status: o.status })) };
    },
  });
};
