import { z } from 'zod';
import {
  CallBackBody,
  CampaignContactsQuery,
  CampaignList,
  CampaignListQuery,
  CampaignView,
  CreateCampaignBody,
  CreateSingleCallBody,
  OutboundIdParams,
  OutboundJobDetail,
  OutboundJobList,
  OutboundJobListQuery,
  OutboundQueueSummary,
  OutboundSummaryQuery,
} from '../../../contracts/outbound.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { callBackHandoff, createCampaign, createSingleCall, wakeOutboundQueue } from './outbound.service.js';
import { campaignContacts, campaignResultsCsv, cancelJob, changeCampaign, getCampaign, getJob, listCampaignsFor, listJobsFor, outboundQueueSummary } from './outbound-views.service.js';

const single = { capability: 'outbound.single' } as const;
const manage = { capability: 'outbound.campaigns' } as const;
const read = { capability: 'outbound.campaigns.read' } as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['outbound'];
const HandoffParams = z.object({ id: z.string().max(100) });

/** Outbound calling (PRODUCT §3 /outbound; issue 16): single calls, jobs, campaigns, results, queue summary. */
export const outboundRoutes: FeatureRoutes = (app, ctx) => {
  app.post('/api/outbound/calls', {
    config: { access: single },
    schema: { tags, summary: 'Place a single outbound call now or at a time (through the queue: calling window, do-not-call, retries)', body: CreateSingleCallBody, response: { 201: OutboundJobDetail, ...errors } },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const job = await createSingleCall(ctx, actor, request.body);
      return reply.status(201).send(await getJob(ctx, actor, job.id));
    },
  });

  app.post('/api/handoffs/:id/call-back', {
    config: { access: single },
    schema: { tags, summary: "Call a handoff's contact back through the outbound queue; the result lands on the handoff", params: HandoffParams, body: CallBackBody, response: { 201: OutboundJobDetail, ...errors } },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const job = await callBackHandoff(ctx, actor, request.params.id, request.body);
      return reply.status(201).send(await getJob(ctx, actor, job.id));
    },
  });

  // Agents (single calls) and read-only campaign viewers both read jobs; the service checks which.
  app.get('/api/outbound/jobs', {
    config: { access: 'staff' },
    schema: { tags, summary: 'Outbound jobs (single calls and campaign contacts), newest first, with filters and a keyset cursor', querystring: OutboundJobListQuery, response: { 200: OutboundJobList, ...errors } },
    handler: async (request) => listJobsFor(ctx, actorOf(request), request.query),
  });

  app.get('/api/outbound/jobs/:id', {
    config: { access: 'staff' },
    schema: { tags, summary: 'One outbound job with its attempts and their calls', params: OutboundIdParams, response: { 200: OutboundJobDetail, ...errors } },
    handler: async (request) => getJob(ctx, actorOf(request), request.params.id),
  });

  app.post('/api/outbound/jobs/:id/cancel', {
    config: { access: 'staff' },
    schema: { tags, summary: 'Cancel a job that is still waiting (a call in progress is never interrupted: 409)', params: OutboundIdParams, response: { 200: OutboundJobDetail, ...errors } },
    handler: async (request) => cancelJob(ctx, actorOf(request), request.params.id),
  });

  app.post('/api/outbound/campaigns', {
    config: { access: manage },
    schema: { tags, summary: 'Create a campaign (contacts are added by the CSV import)', body: CreateCampaignBody, response: { 201: CampaignView, ...errors } },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      // Without contacts yet it waits as scheduled: a campaign starts only with someone to call (issue 27 §4).
      const campaign = await createCampaign(ctx, actor, { ...request.body, startAt: request.body.startAt ?? ctx.clock.now().toISOString() }, undefined, { waitForContacts: true });
      await wakeOutboundQueue(ctx);
      return reply.status(201).send(await getCampaign(ctx, actor, campaign.id));
    },
  });

  app.get('/api/outbound/campaigns', {
    config: { access: read },
    schema: { tags, summary: 'Campaigns with their progress, newest first', querystring: CampaignListQuery, response: { 200: CampaignList, ...errors } },
    handler: async (request) => listCampaignsFor(ctx, actorOf(request), request.query),
  });

  app.get('/api/outbound/campaigns/:id', {
    config: { access: read },
    schema: { tags, summary: 'One campaign with its progress per state', params: OutboundIdParams, response: { 200: CampaignView, ...errors } },
    handler: async (request) => getCampaign(ctx, actorOf(request), request.params.id),
  });

  app.get('/api/outbound/campaigns/:id/contacts', {
    config: { access: read },
    schema: { tags, summary: "Per-contact results of a campaign (each with its latest call)", params: OutboundIdParams, querystring: CampaignContactsQuery, response: { 200: OutboundJobList, ...errors } },
    handler: async (request) => campaignContacts(ctx, actorOf(request), request.params.id, request.query),
  });

  for (const action of ['pause', 'resume', 'cancel'] as const) {
    app.post(`/api/outbound/campaigns/:id/${action}`, {
      config: { access: manage },
      schema: { tags, summary: `${action[0]!.toUpperCase()}${action.slice(1)} a campaign${action === 'cancel' ? ' (calls in progress finish)' : ''}`, params: OutboundIdParams, response: { 200: CampaignView, ...errors } },
      handler: async (request) => changeCampaign(ctx, actorOf(request), request.params.id, action),
    });
  }

  app.get('/api/outbound/campaigns/:id/results.csv', {
    config: { access: read },
    schema: { tags, summary: 'The per-contact results as CSV (formula cells neutralised)', params: OutboundIdParams, response: { 200: z.string(), ...errors } },
    handler: async (request, reply) => {
      const { filename, csv } = await campaignResultsCsv(ctx, actorOf(request), request.params.id);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
    },
  });

  app.get('/api/outbound/summary', {
    config: { access: 'staff' },
    schema: { tags, summary: 'The outbound queue for /overview: provider, running campaigns, calls in progress, waiting, next window opening', querystring: OutboundSummaryQuery, response: { 200: OutboundQueueSummary, ...errors } },
    handler: async (request) => outboundQueueSummary(ctx, actorOf(request), request.query),
  });
};
