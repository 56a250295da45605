import { HandoffDetail, HandoffIdParams, HandoffListQuery, HandoffListResponse, HandoffUpdated, NoteBody, ResolveBody } from '../../../contracts/handoffs.js';
import type { FeatureRoutes } from '../../http/route-types.js';
import { publicApiErrors as errors } from '../../http/public-api-errors.js';
import { actorOf } from '../../policy/actor.js';
import { addNote, claimHandoff, resolveHandoff } from './handoff-actions.service.js';
import { presentHandoff } from './handoffs.presenter.js';
import { handoffDetail, listQueue } from './handoffs.service.js';

const tags = ['handoffs'];
const read = { scope: 'handoffs:read' } as const;
const write = { scope: 'handoffs:write' } as const;

/**
 * Handoffs in the public API (`/api/v1`). A key acts as the person who created it: a claim
 * assigns the handoff to them, notes carry their name.
 */
export const handoffsV1Routes: FeatureRoutes = (app, ctx) => {
  app.get('/api/v1/handoffs', {
    config: { access: read },
    schema: { tags, summary: 'The queue: open / mine / resolved, filtered, by priority then deadline', querystring: HandoffListQuery, response: { 200: HandoffListResponse, ...errors } },
    handler: async (request) => listQueue(ctx, actorOf(request), request.query),
  });

  app.get('/api/v1/handoffs/:id', {
    config: { access: read },
    schema: { tags, summary: 'One handoff with its history and linked call or request', params: HandoffIdParams, response: { 200: HandoffDetail, ...errors } },
    handler: async (request) => handoffDetail(ctx, actorOf(request), request.params.id),
  });

  app.post('/api/v1/handoffs/:id/claim', {
    config: { access: write },
    schema: { tags, summary: 'Claim an open handoff (for the key’s creator); 409 when someone has it', params: HandoffIdParams, response: { 200: HandoffUpdated, ...errors } },
    handler: async (request) => ({ handoff: presentHandoff(await claimHandoff(ctx, actorOf(request), request.params.id)) }),
  });

  app.post('/api/v1/handoffs/:id/notes', {
    config: { access: write },
    schema: { tags, summary: 'Add a note', params: HandoffIdParams, body: NoteBody, response: { 200: HandoffUpdated, ...errors } },
    handler: async (request) => ({ handoff: presentHandoff(await addNote(ctx, actorOf(request), request.params.id, request.body.body)) }),
  });

  app.post('/api/v1/handoffs/:id/resolve', {
    config: { access: write },
    schema: { tags, summary: 'Resolve with an outcome and a note', params: HandoffIdParams, body: ResolveBody, response: { 200: HandoffUpdated, ...errors } },
    handler: async (request) => ({ handoff: presentHandoff(await resolveHandoff(ctx, actorOf(request), request.params.id, request.body)) }),
  });
};
