import { CallDetail, CallIdParams, CallListQuery, CallListResponse } from '../../../contracts/calls.js';
import { CallEventsResponse, CallTranscriptResponse } from '../../../contracts/public-api.js';
import type { FeatureRoutes } from '../../http/route-types.js';
import { publicApiErrors as errors } from '../../http/public-api-errors.js';
import { actorOf } from '../../policy/actor.js';
import { getCallDetail, listCallsFor } from './calls.service.js';

const tags = ['calls'];
const access = { scope: 'calls:read' } as const;

/** Calls in the public API (`/api/v1`, scope calls:read): the staff API's filters, cursors and shapes. */
export const callsV1Routes: FeatureRoutes = (app, ctx) => {
  app.get('/api/v1/calls', {
    config: { access },
    schema: {
      tags,
      summary: 'Calls, newest first, in keyset pages (the filters and cursors of the staff list)',
      querystring: CallListQuery,
      response: { 200: CallListResponse, ...errors },
    },
    handler: async (request) => listCallsFor(ctx, actorOf(request), request.query),
  });

  app.get('/api/v1/calls/:id', {
    config: { access },
    schema: { tags, summary: 'One call: header, organization, patient, linked handoffs and requests, events and notes', params: CallIdParams, response: { 200: CallDetail, ...errors } },
    handler: async (request) => getCallDetail(ctx, actorOf(request), request.params.id),
  });

  app.get('/api/v1/calls/:id/transcript', {
    config: { access },
    schema: { tags, summary: "The call's transcript: caller and agent lines in order", params: CallIdParams, response: { 200: CallTranscriptResponse, ...errors } },
    handler: async (request) => {
      const detail = await getCallDetail(ctx, actorOf(request), request.params.id);
      const lines = detail.events
        .filter((e) => (e.kind === 'caller_speech' || e.kind === 'agent_speech') && typeof e.payload.text === 'string' && e.payload.text !== '')
        .map((e) => ({ seq: e.seq, speaker: e.kind === 'caller_speech' ? ('caller' as const) : ('agent' as const), text: e.payload.text as string, at: e.at }));
      return { callId: detail.call.id, lines };
    },
  });

  app.get('/api/v1/calls/:id/events', {
    config: { access },
    schema: { tags, summary: "The call's events in order (speech, tool calls, model requests, state changes)", params: CallIdParams, response: { 200: CallEventsResponse, ...errors } },
    handler: async (request) => {
      const detail = await getCallDetail(ctx, actorOf(request), request.params.id);
      return { callId: detail.call.id, items: detail.events };
    },
  });
};
