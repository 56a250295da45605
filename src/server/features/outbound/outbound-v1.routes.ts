import { CampaignList, CampaignListQuery, CampaignView, OutboundIdParams, OutboundJobDetail, OutboundJobList, OutboundJobListQuery } from '../../../contracts/outbound.js';
import { CreatePublicCampaignBody, PublicSingleCallBody } from '../../../contracts/public-api.js';
import type { FeatureRoutes } from '../../http/route-types.js';
import { publicApiErrors as errors } from '../../http/public-api-errors.js';
import { actorOf } from '../../policy/actor.js';
import { createCampaignWithContacts } from './campaign-contacts.service.js';
import { createSingleCall } from './outbound.service.js';
import { cancelJob, changeCampaign, getCampaign, getJob, listCampaignsFor, listJobsFor } from './outbound-views.service.js';

const tags = ['outbound'];
const read = { scope: 'outbound:read' } as const;
const write = { scope: 'outbound:write' } as const;

/**
 * Outbound calls and campaigns in the public API (`/api/v1`). The staff services answer, with
 * the key's scopes as well as its creator's role (`actorCan`): a single call needs a role that may
 * place one, a campaign one that may run campaigns. An outbound call here is the staff API's job:
 * one contact, called through the queue (calling window, do-not-call list, retries), each
 * placement an attempt with its call record.
 */
export const outboundV1Routes: FeatureRoutes = (app, ctx) => {
  app.post('/api/v1/outbound/calls', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Place an outbound call now or at a time (through the queue: calling window, do-not-call list, retries)',
      body: PublicSingleCallBody,
      response: { 201: OutboundJobDetail, ...errors },
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const job = await createSingleCall(ctx, actor, request.body);
      return reply.status(201).send(await getJob(ctx, actor, job.id));
    },
  });

  app.get('/api/v1/outbound/calls', {
    config: { access: read },
    schema: { tags, summary: 'Outbound calls (single calls and campaign contacts), newest first, with filters and a keyset cursor', querystring: OutboundJobListQuery, response: { 200: OutboundJobList, ...errors } },
    handler: async (request) => listJobsFor(ctx, actorOf(request), request.query),
  });

  app.get('/api/v1/outbound/calls/:id', {
    config: { access: read },
    schema: { tags, summary: 'One outbound call with its attempts and their call records', params: OutboundIdParams, response: { 200: OutboundJobDetail, ...errors } },
    handler: async (request) => getJob(ctx, actorOf(request), request.params.id),
  });

  app.post('/api/v1/outbound/calls/:id/cancel', {
    config: { access: write },
    schema: { tags, summary: 'Cancel an outbound call that is still waiting (a call in progress is never interrupted: 409)', params: OutboundIdParams, response: { 200: OutboundJobDetail, ...errors } },
    handler: async (request) => cancelJob(ctx, actorOf(request), request.params.id),
  });

  app.post('/api/v1/outbound/campaigns', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Create a campaign with its contacts (checked like a CSV import; one bad contact refuses the request)',
      body: CreatePublicCampaignBody,
      response: { 201: CampaignView, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createCampaignWithContacts(ctx, actorOf(request), request.body)),
  });

  app.get('/api/v1/outbound/campaigns', {
    config: { access: read },
    schema: { tags, summary: 'Campaigns with their progress, newest first', querystring: CampaignListQuery, response: { 200: CampaignList, ...errors } },
    handler: async (request) => listCampaignsFor(ctx, actorOf(request), request.query),
  });

  app.get('/api/v1/outbound/campaigns/:id', {
    config: { access: read },
    schema: { tags, summary: 'One campaign with its progress per state', params: OutboundIdParams, response: { 200: CampaignView, ...errors } },
    handler: async (request) => getCampaign(ctx, actorOf(request), request.params.id),
  });

  app.post('/api/v1/outbound/campaigns/:id/cancel', {
    config: { access: write },
    schema: { tags, summary: 'Cancel a campaign: waiting contacts are not called; calls in progress finish', params: OutboundIdParams, response: { 200: CampaignView, ...errors } },
    handler: async (request) => changeCampaign(ctx, actorOf(request), request.params.id, 'cancel'),
  });
};
