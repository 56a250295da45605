import { z } from 'zod';
import {
  OrganizationParams,
  RunDetailView,
  RunListResponse,
  RunParams,
  RunSummaryView,
  ScenarioBody,
  ScenarioParams,
  ScenarioView,
  StartRunBody,
  SuiteBody,
  SuiteDetailView,
  SuiteFile,
  SuiteListResponse,
  SuiteParams,
  SuiteView,
  UpdateScenarioBody,
  UpdateSuiteBody,
} from '../../../contracts/agent-tests.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { publicApiErrors } from '../../http/public-api-errors.js';
import { actorOf } from '../../policy/actor.js';
import * as svc from './agent-tests.service.js';

const staffErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['agent-tests'];

type Access = { capability: 'agent-tests.use' } | { scope: 'agent_tests:read' | 'agent_tests:write' };

/**
 * Agent tests (issue 32): suites, scenarios, runs and results. The same routes serve staff
 * (`/api/…`, capability `agent-tests.use`) and API keys (`/api/v1/…`, scopes `agent_tests:read`
 * and `agent_tests:write`), each checking the organization on the server.
 */
function agentTestRoutes(prefix: '/api' | '/api/v1', read: Access, write: Access, errors: Record<number, z.ZodType>): FeatureRoutes {
  return (app, ctx) => {
    app.get(`${prefix}/organizations/:id/agent-tests/suites`, {
      config: { access: read },
      schema: { tags, summary: "A practice's agent-test suites, each with its scenario count and latest run", params: OrganizationParams, response: { 200: SuiteListResponse, ...errors } },
      handler: async (request) => svc.listSuitesFor(ctx, actorOf(request), request.params.id),
    });
    app.post(`${prefix}/organizations/:id/agent-tests/suites`, {
      config: { access: write },
      schema: { tags, summary: 'Create an empty suite', params: OrganizationParams, body: SuiteBody, response: { 201: SuiteView, ...errors } },
      handler: async (request, reply) => reply.status(201).send(await svc.createSuite(ctx, actorOf(request), request.params.id, request.body)),
    });
    app.post(`${prefix}/organizations/:id/agent-tests/suites/import`, {
      config: { access: write },
      schema: { tags, summary: 'Create a suite from a file (as export gives it); a refused scenario refuses the file, 400 with a message per field', params: OrganizationParams, body: SuiteFile, response: { 201: SuiteDetailView, ...errors } },
      handler: async (request, reply) => reply.status(201).send(await svc.importSuite(ctx, actorOf(request), request.params.id, request.body)),
    });
    app.post(`${prefix}/organizations/:id/agent-tests/suites/starter`, {
      config: { access: write },
      schema: { tags, summary: "Generate the starter suite from the practice's settings: hours, bookings per visit reason, message, call-back, transfers, emergencies (English and Spanish), do-not-call, status", params: OrganizationParams, response: { 201: SuiteDetailView, ...errors } },
      handler: async (request, reply) => reply.status(201).send(await svc.createStarterSuite(ctx, actorOf(request), request.params.id)),
    });
    app.get(`${prefix}/agent-tests/suites/:suiteId`, {
      config: { access: read },
      schema: { tags, summary: 'One suite with its scenarios', params: SuiteParams, response: { 200: SuiteDetailView, ...errors } },
      handler: async (request) => svc.getSuite(ctx, actorOf(request), request.params.suiteId),
    });
    app.patch(`${prefix}/agent-tests/suites/:suiteId`, {
      config: { access: write },
      schema: { tags, summary: 'Rename a suite, describe it, or mark it required (409 stale_version if it changed since)', params: SuiteParams, body: UpdateSuiteBody, response: { 200: SuiteView, ...errors } },
      handler: async (request) => svc.updateSuite(ctx, actorOf(request), request.params.suiteId, request.body),
    });
    app.delete(`${prefix}/agent-tests/suites/:suiteId`, {
      config: { access: write },
      schema: { tags, summary: 'Delete a suite with its scenarios and runs', params: SuiteParams, response: { 204: z.null(), ...errors } },
      handler: async (request, reply) => {
        await svc.deleteSuite(ctx, actorOf(request), request.params.suiteId);
        return reply.status(204).send(null);
      },
    });
    app.get(`${prefix}/agent-tests/suites/:suiteId/export`, {
      config: { access: read },
      schema: { tags, summary: 'The suite as a file (format switchboard.agent-tests.v1), for import elsewhere', params: SuiteParams, response: { 200: SuiteFile, ...errors } },
      handler: async (request) => svc.exportSuite(ctx, actorOf(request), request.params.suiteId),
    });
    app.post(`${prefix}/agent-tests/suites/:suiteId/scenarios`, {
      config: { access: write },
      schema: { tags, summary: 'Add a scenario: a simulated caller and what the call must leave behind', params: SuiteParams, body: ScenarioBody, response: { 201: ScenarioView, ...errors } },
      handler: async (request, reply) => reply.status(201).send(await svc.addScenario(ctx, actorOf(request), request.params.suiteId, request.body)),
    });
    app.put(`${prefix}/agent-tests/scenarios/:scenarioId`, {
      config: { access: write },
      schema: { tags, summary: 'Replace a scenario (409 stale_version if it changed since)', params: ScenarioParams, body: UpdateScenarioBody, response: { 200: ScenarioView, ...errors } },
      handler: async (request) => svc.updateScenario(ctx, actorOf(request), request.params.scenarioId, request.body),
    });
    app.delete(`${prefix}/agent-tests/scenarios/:scenarioId`, {
      config: { access: write },
      schema: { tags, summary: 'Delete a scenario', params: ScenarioParams, response: { 204: z.null(), ...errors } },
      handler: async (request, reply) => {
        await svc.deleteScenario(ctx, actorOf(request), request.params.scenarioId);
        return reply.status(204).send(null);
      },
    });
    app.post(`${prefix}/agent-tests/suites/:suiteId/runs`, {
      config: { access: write },
      schema: {
        tags,
        summary: "Run every scenario of the suite through the real call pipeline, in the practice's hidden sandbox, on the saved agent settings or on a draft (a job on the queue; 409 when the practice has 20 runs waiting or playing)",
        params: SuiteParams,
        body: StartRunBody,
        response: { 202: RunSummaryView, ...errors },
      },
      handler: async (request, reply) => reply.status(202).send(await svc.startRun(ctx, actorOf(request), request.params.suiteId, request.body)),
    });
    app.get(`${prefix}/agent-tests/suites/:suiteId/runs`, {
      config: { access: read },
      schema: { tags, summary: "The suite's runs, newest first (the last 50)", params: SuiteParams, response: { 200: RunListResponse, ...errors } },
      handler: async (request) => svc.listRunsFor(ctx, actorOf(request), request.params.suiteId),
    });
    app.get(`${prefix}/agent-tests/runs/:runId`, {
      config: { access: read },
      schema: { tags, summary: 'A run: its progress, emergency figures, and per scenario pass or fail with the reasons, transcript, stored records and per-turn latency', params: RunParams, response: { 200: RunDetailView, ...errors } },
      handler: async (request) => svc.getRun(ctx, actorOf(request), request.params.runId),
    });
    app.post(`${prefix}/agent-tests/runs/:runId/cancel`, {
      config: { access: write },
      schema: { tags, summary: 'Cancel a run: a waiting run at once, a playing one after its current scenario (409 once finished)', params: RunParams, response: { 200: RunSummaryView, ...errors } },
      handler: async (request) => svc.cancelRun(ctx, actorOf(request), request.params.runId),
    });
  };
}

const staff = { capability: 'agent-tests.use' } as const;
export const agentTestsRoutes: FeatureRoutes = agentTestRoutes('/api', staff, staff, staffErrors);
export const agentTestsV1Routes: FeatureRoutes = agentTestRoutes('/api/v1', { scope: 'agent_tests:read' }, { scope: 'agent_tests:write' }, publicApiErrors);
