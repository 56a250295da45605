import {
  SimulatedCallParams,
  SimulatedCallStarted,
  SimulatedHangupView,
  SimulatedInterruptBody,
  SimulatedInterruptView,
  SimulatedTurnBody,
  SimulatedTurnView,
  StartSimulatedCallBody,
  type SimulatedTurnStreamLine,
} from '../../../contracts/simulator.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { assertSimulatedCallVisible, hangUpSimulatedCall, interruptSimulatedCall, simulateTurn, simulateTurnStreamed, startSimulatedCall } from './simulator.service.js';
import { errorEnvelope } from '../../http/errors.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['simulator'];
const access = { capability: 'playground.use' as const };

/**
 * The call simulator (developer area → Playground, and `npm run call`): the same pipeline as a
 * phone call, text in and out, real call records (provider `simulator`).
 */
export const simulatorRoutes: FeatureRoutes = (app, ctx) => {
  app.post('/api/simulator/calls', {
    config: { access },
    schema: {
      tags,
      summary: "Start a simulated inbound call to an organization (or the organization owning a number); answers the agent's greeting",
      body: StartSimulatedCallBody,
      response: { 201: SimulatedCallStarted, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await startSimulatedCall(ctx, actorOf(request), request.body)),
  });

  app.post('/api/simulator/calls/:id/turns', {
    config: { access },
    schema: {
      tags,
      summary: "Say something as the caller (empty text is silence); answers the agent's reply and this turn's events, model context included",
      params: SimulatedCallParams,
      body: SimulatedTurnBody,
      response: { 200: SimulatedTurnView, ...errors },
    },
    handler: async (request) => simulateTurn(ctx, actorOf(request), request.params.id, request.body),
  });

  app.post('/api/simulator/calls/:id/turns/stream', {
    config: { access },
    schema: {
      tags,
      summary:
        "Say something as the caller and get the agent's reply as it is decided: newline-delimited JSON (application/x-ndjson), a `sentence` line for each sentence as soon as the server has it, then a `turn` line with what /turns answers (or an `error` line)",
      params: SimulatedCallParams,
      body: SimulatedTurnBody,
      response: errors,
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      // Refusals are ordinary JSON answers; once the first line is out the status is 200.
      await assertSimulatedCallVisible(ctx, actor, request.params.id);
      const lines = new PassThrough();
      const write = (line: SimulatedTurnStreamLine) => lines.write(`${JSON.stringify(line)}\n`);
      simulateTurnStreamed(ctx, actor, request.params.id, request.body, write)
        .catch((err: unknown) => {
          request.log.error({ err, callId: request.params.id }, 'simulated streamed turn failed');
          write({ type: 'error', ...errorEnvelope('internal_error', 'The agent could not answer this turn. Try again in a moment.') });
        })
        .finally(() => lines.end());
      // A stream, not a schema's object: the untyped reply sends it as it is.
      return (reply as FastifyReply).type('application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').header('x-accel-buffering', 'no').send(lines);
    },
  });

  app.post('/api/simulator/calls/:id/interrupt', {
    config: { access },
    schema: {
      tags,
      summary: "Interrupt the agent's last reply as the caller (barge-in): the transcript keeps what was heard, the LLM brain's history too",
      params: SimulatedCallParams,
      body: SimulatedInterruptBody,
      response: { 200: SimulatedInterruptView, ...errors },
    },
    handler: async (request) => interruptSimulatedCall(ctx, actorOf(request), request.params.id, request.body.heard),
  });

  app.post('/api/simulator/calls/:id/hangup', {
    config: { access },
    schema: { tags, summary: 'Hang up as the caller (the call ends with its outcome)', params: SimulatedCallParams, response: { 200: SimulatedHangupView, ...errors } },
    handler: async (request) => hangUpSimulatedCall(ctx, actorOf(request), request.params.id),
  });
};
