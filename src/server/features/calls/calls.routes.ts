import { z } from 'zod';
import {
  AddNoteBody,
  CallDetail,
  CallIdParams,
  CallListQuery,
  CallListResponse,
  CallNote,
  CallSearchBody,
  ChatContextResponse,
  CreateCallHandoffBody,
  CreatedCallHandoff,
  SetOutcomeBody,
  SetOutcomeResponse,
} from '../../../contracts/calls.js';
import { OverviewResponse } from '../../../contracts/overview.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { notFound } from '../../http/errors.js';
import { actorOf } from '../../policy/actor.js';
import { addCallNote, auditRecordingPlayed, createCallHandoff, getCallDetail, getChatContext, listCallsFor, recordingOf, setOutcome } from './calls.service.js';
import { fetchRecording } from './recording-proxy.js';
import { getOverview } from './overview.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['calls'];
const read = { capability: 'calls.read' } as const;
const write = { capability: 'calls.write' } as const;

export const callsRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/calls', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Calls, newest first (keyset pages of up to 100), filtered on the server; to search by phone number or transcript text, use POST /api/calls/search',
      querystring: CallListQuery,
      response: { 200: CallListResponse, ...errors },
    },
    handler: async (request) => listCallsFor(ctx, actorOf(request), request.query),
  });

  // A search names people (a phone number, words a patient said): it travels in the body, so it
  // stays out of URLs, browser history and request logs. It reads and changes nothing.
  app.post('/api/calls/search', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Calls filtered and searched on the server: the filters of GET /api/calls plus phone number and transcript text, as JSON',
      body: CallSearchBody,
      response: { 200: CallListResponse, ...errors },
    },
    handler: async (request) => listCallsFor(ctx, actorOf(request), request.body),
  });

  app.get('/api/calls/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One call: header, organization, patient, linked handoffs and requests, events and notes (writes an audit record)',
      params: CallIdParams,
      response: { 200: CallDetail, ...errors },
    },
    handler: (request) => getCallDetail(ctx, actorOf(request), request.params.id),
  });

  app.get('/api/calls/:id/chat-context', {
    config: { access: { capability: 'chat-context.read' } },
    schema: {
      tags,
      summary: "The agent's context turn by turn: messages, tool definitions, tool calls and results, model, tokens and latency",
      params: CallIdParams,
      response: { 200: ChatContextResponse, ...errors },
    },
    handler: (request) => getChatContext(ctx, actorOf(request), request.params.id),
  });

  app.post('/api/calls/:id/notes', {
    config: { access: write },
    schema: { tags, summary: 'Add a staff note to a call', params: CallIdParams, body: AddNoteBody, response: { 201: CallNote, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await addCallNote(ctx, actorOf(request), request.params.id, request.body.text)),
  });

  app.post('/api/calls/:id/outcome', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Set the outcome of an ended call (409 invalid_transition while it is still going on)',
      params: CallIdParams,
      body: SetOutcomeBody,
      response: { 200: SetOutcomeResponse, ...errors },
    },
    handler: async (request) => setOutcome(ctx, actorOf(request), request.params.id, request.body.outcome),
  });

  app.post('/api/calls/:id/handoffs', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Hand this call to people: a handoff linked to the call (409 when one of the type is already open)',
      params: CallIdParams,
      body: CreateCallHandoffBody,
      response: { 201: CreatedCallHandoff, ...errors },
    },
    handler: async (request, reply) => {
      const h = await createCallHandoff(ctx, actorOf(request), request.params.id, request.body);
      return reply.status(201).send({ id: h.id, type: h.type, priority: h.priority, status: h.status, dueAt: h.dueAt.toISOString() });
    },
  });

  app.get('/api/calls/:id/recording', {
    config: { access: read },
    schema: {
      tags,
      summary: "The call's recording, streamed through the server (Range supported); 502 recording_unavailable when the provider cannot be reached",
      params: CallIdParams,
      response: {
        200: z.unknown().meta({ description: 'The audio (the provider\'s content type, usually audio/mpeg or audio/wav).' }),
        206: z.unknown().meta({ description: 'Part of the audio, for a Range request.' }),
        400: ErrorResponse,
        401: ErrorResponse,
        403: ErrorResponse,
        404: ErrorResponse,
        502: ErrorResponse,
      },
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const { call, url } = await recordingOf(ctx, actor, request.params.id);
      if (!url) throw notFound('A recording of this call');
      const range = typeof request.headers.range === 'string' ? request.headers.range : undefined;
      const recording = await fetchRecording(url, range, {
        policy: { allowedHosts: ctx.env.RECORDING_HOSTS, testPrivateAddresses: ctx.env.OUTBOUND_TEST_PRIVATE_ADDRESSES },
        twilioAuthToken: ctx.env.TWILIO_AUTH_TOKEN,
      });
      // One audit record per listening, not one per byte range the player asks for.
      if (!range || /^bytes=0-/.test(range)) await auditRecordingPlayed(ctx, actor, call);
      reply.status(recording.status === 206 ? 206 : 200);
      for (const [k, v] of Object.entries(recording.headers)) reply.header(k, v);
      return reply.send(recording.body);
    },
  });

  app.get('/api/overview', {
    config: { access: { capability: 'overview.read' } },
    schema: {
      tags: ['overview'],
      summary: "Today at a glance: live calls, today's figures per organization (in its zone), open handoffs by priority, open/closed now, recent calls",
      response: { 200: OverviewResponse, ...errors },
    },
    handler: async (request) => getOverview(ctx, actorOf(request)),
  });
};
