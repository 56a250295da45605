import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { presentOrganization, presentOrganizationSummary } from './organizations.presenter.js';
import {
  CreateOrganizationBody,
  MemberListResponse,
  OrganizationIdParams,
  OrganizationListQuery,
  OrganizationListResponse,
  OrganizationView,
  UpdateOrganizationBody,
  VersionBody,
} from '../../../contracts/organizations.js';
import {
  createOrganization,
  getOrganization,
  listOrganizationsFor,
  membersOf,
  setOrganizationActive,
  updateOrganization,
} from './organizations.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['organizations'];

export const organizationsRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/organizations', {
    config: { access: { capability: 'organizations.read' } },
    schema: {
      tags,
      summary: 'Organizations the user may see (deactivated ones for administrators only, on request)',
      querystring: OrganizationListQuery,
      response: { 200: OrganizationListResponse, ...errors },
    },
    handler: async (request) => {
      const rows = await listOrganizationsFor(ctx, actorOf(request), request.query);
      return { items: rows.map((r) => presentOrganizationSummary(r.organization, r.phoneNumbers)) };
    },
  });

  app.post('/api/organizations', {
    config: { access: { capability: 'organizations.create' } },
    schema: { tags, summary: 'Create an organization', body: CreateOrganizationBody, response: { 201: OrganizationView, ...errors } },
    handler: async (request, reply) => {
      const r = await createOrganization(ctx, actorOf(request), request.body);
      return reply.status(201).send(presentOrganization(r));
    },
  });

  app.get('/api/organizations/:id', {
    config: { access: { capability: 'organizations.read' } },
    schema: { tags, summary: 'One organization with its settings', params: OrganizationIdParams, response: { 200: OrganizationView, ...errors } },
    handler: async (request) => {
      const r = await getOrganization(ctx, actorOf(request), request.params.id);
      return presentOrganization(r);
    },
  });

  app.patch('/api/organizations/:id', {
    config: { access: { capability: 'organizations.edit' } },
    schema: {
      tags,
      summary: 'Change an organization (names the version it started from; 409 stale_version if it changed since; 409 required_suite_failing for agent settings a required agent-test suite failed on)',
      params: OrganizationIdParams,
      body: UpdateOrganizationBody,
      response: {
        200: OrganizationView,
        ...errors,
        409: ErrorResponse.describe(
          '`stale_version`: changed since the version named (`currentVersion`). `conflict`: a slug or phone number taken (`fields`). `required_suite_failing`: the agent settings change, and a required agent-test suite\'s latest finished run on exactly these settings failed; nothing is saved, `suites` lists them (`id`, `name`, `runId`, `passed`, `total`). Send the same body with `confirmRequiredSuiteFailure: true` to save anyway (audited as `organization.agent_settings_saved_despite_failing_suite`).',
        ),
      },
    },
    handler: async (request) => {
      const r = await updateOrganization(ctx, actorOf(request), request.params.id, request.body);
      return presentOrganization(r);
    },
  });

  for (const [action, active] of [['deactivate', false], ['reactivate', true]] as const) {
    app.post(`/api/organizations/:id/${action}`, {
      // Creating and retiring organizations is the administrators' (organizations.create).
      config: { access: { capability: 'organizations.create' } },
      schema: {
        tags,
        summary: active ? 'Reactivate a deactivated organization' : 'Deactivate an organization (hidden from everyone but administrators)',
        params: OrganizationIdParams,
        body: VersionBody.nullish(),
        response: { 200: OrganizationView, ...errors },
      },
      handler: async (request) => {
        const r = await setOrganizationActive(ctx, actorOf(request), request.params.id, active, request.body?.version);
        return presentOrganization(r);
      },
    });
  }

  app.get('/api/organizations/:id/members', {
    config: { access: { capability: 'organizations.read' } },
    schema: {
      tags,
      summary: 'Staff of the organization who can be put on duty (not deactivated)',
      params: OrganizationIdParams,
      response: { 200: MemberListResponse, ...errors },
    },
    handler: async (request) => ({ items: await membersOf(ctx, actorOf(request), request.params.id) }),
  });
};
