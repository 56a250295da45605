import { z } from 'zod';
import { OutboundSettings, SingleCallTiming, SingleCallTimingQuery, UpdateOutboundSettingsBody } from '../../../contracts/outbound.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { getOutboundSettings, singleCallTiming, updateOutboundSettings } from './outbound-settings.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['outbound'];
const OrganizationParams = z.object({ id: z.string().max(200) });

/** An organization's outbound settings, and when a single call would be placed. */
export const outboundSettingsRoutes: FeatureRoutes = (app, ctx) => {
  // Agents read them too (the window explains a waiting call); the service checks the role.
  app.get('/api/organizations/:id/outbound-settings', {
    config: { access: 'staff' },
    schema: { tags, summary: "The organization's calling window for single calls and its simultaneous outbound calls", params: OrganizationParams, response: { 200: OutboundSettings, ...errors } },
    handler: async (request) => getOutboundSettings(ctx, actorOf(request), request.params.id),
  });

  app.put('/api/organizations/:id/outbound-settings', {
    config: { access: { capability: 'outbound.campaigns' } },
    schema: { tags, summary: "Change the organization's calling window for single calls and its simultaneous outbound calls (the dispatcher's next claim uses them)", params: OrganizationParams, body: UpdateOutboundSettingsBody, response: { 200: OutboundSettings, ...errors } },
    handler: async (request) => updateOutboundSettings(ctx, actorOf(request), request.params.id, request.body),
  });

  app.get('/api/outbound/calls/timing', {
    config: { access: { capability: 'outbound.single' } },
    schema: { tags, summary: 'When a single call to this number would be placed: now, or the next opening of the calling window', querystring: SingleCallTimingQuery, response: { 200: SingleCallTiming, ...errors } },
    handler: async (request) => singleCallTiming(ctx, actorOf(request), request.query),
  });
};
