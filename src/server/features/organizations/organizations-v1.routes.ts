import { OrganizationIdParams, OrganizationListQuery, OrganizationListResponse, OrganizationView } from '../../../contracts/organizations.js';
import type { FeatureRoutes } from '../../http/route-types.js';
import { publicApiErrors as errors } from '../../http/public-api-errors.js';
import { actorOf } from '../../policy/actor.js';
import { presentOrganization, presentOrganizationSummary } from './organizations.presenter.js';
import { getOrganization, listOrganizationsFor } from './organizations.service.js';

const tags = ['organizations'];
const access = { scope: 'organizations:read' } as const;

/** The organizations a key acts in (`/api/v1`, scope organizations:read). */
export const organizationsV1Routes: FeatureRoutes = (app, ctx) => {
  app.get('/api/v1/organizations', {
    config: { access },
    schema: { tags, summary: 'The organizations this key acts in', querystring: OrganizationListQuery, response: { 200: OrganizationListResponse, ...errors } },
    handler: async (request) => {
      const rows = await listOrganizationsFor(ctx, actorOf(request), request.query);
      return { items: rows.map((r) => presentOrganizationSummary(r.organization, r.phoneNumbers)) };
    },
  });

  app.get('/api/v1/organizations/:id', {
    config: { access },
    schema: { tags, summary: 'One organization with its settings', params: OrganizationIdParams, response: { 200: OrganizationView, ...errors } },
    handler: async (request) => {
      const r = await getOrganization(ctx, actorOf(request), request.params.id);
      return presentOrganization(r);
    },
  });
};
