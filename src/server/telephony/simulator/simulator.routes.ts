import { SimulatedCallParams, SimulatedCallStarted, SimulatedHangupView, SimulatedInterruptBody, SimulatedInterruptView, SimulatedTurnBody, SimulatedTurnView, StartSimulatedCallBody } from '../../../contracts/simulator.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { hangUpSimulatedCall, interruptSimulatedCall, simulateTurn, startSimulatedCall } from './simulator.service.js';

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
