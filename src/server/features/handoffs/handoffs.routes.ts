import { z } from 'zod';
import {
  AssignBody,
  AssigneeOptions,
  CallbackBody,
  CancelBody,
  CreateHandoffBody,
  DeadlinesBody,
  DeadlinesView,
  HandoffDetail,
  HandoffIdParams,
  HandoffListQuery,
  HandoffListResponse,
  HandoffTextBody,
  HandoffTexts,
  HandoffUpdated,
  MessageBody,
  NoteBody,
  OrganizationParams,
  ReopenBody,
  ResolveBody,
} from '../../../contracts/handoffs.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { addNote, assignHandoff, cancelHandoff, claimHandoff, messagePatient, recordCallback, reopenHandoff, resolveHandoff } from './handoff-actions.service.js';
import { presentHandoff } from './handoffs.presenter.js';
import { getDeadlines, saveDeadlines } from './handoff-deadlines.service.js';
import { handoffTexts, textPatient } from './handoff-texts.service.js';
import { assigneeOptions, createStaffHandoff, handoffDetail, listQueue } from './handoffs.service.js';

const access = { capability: 'handoffs.work' } as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['handoffs'];

/** The human work queue (PRODUCT §3 /handoffs). */
export const handoffsRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/handoffs', {
    config: { access },
    schema: { tags, summary: 'The queue: tabs open / mine / resolved, filtered, by priority then deadline', querystring: HandoffListQuery, response: { 200: HandoffListResponse, ...errors } },
    handler: async (request) => listQueue(ctx, actorOf(request), request.query),
  });

  app.post('/api/handoffs', {
    config: { access },
    schema: { tags, summary: 'Create a handoff (staff)', body: CreateHandoffBody, response: { 201: HandoffUpdated, ...errors } },
    handler: async (request, reply) => {
      const row = await createStaffHandoff(ctx, actorOf(request), request.body);
      return reply.status(201).send({ handoff: presentHandoff(row) });
    },
  });

  app.get('/api/handoffs/:id', {
    config: { access },
    schema: { tags, summary: 'One handoff with its history, linked call or request, and the patient’s history (audited view)', params: HandoffIdParams, response: { 200: HandoffDetail, ...errors } },
    handler: async (request) => handoffDetail(ctx, actorOf(request), request.params.id),
  });

  app.get('/api/handoffs/:id/assignees', {
    config: { access },
    schema: { tags, summary: 'Who it can be assigned to, with the on-duty person suggested', params: HandoffIdParams, response: { 200: AssigneeOptions, ...errors } },
    handler: async (request) => assigneeOptions(ctx, actorOf(request), request.params.id),
  });

  app.get('/api/organizations/:id/handoff-deadlines', {
    config: { access },
    schema: { tags, summary: 'The organization’s handoff deadlines per priority', params: OrganizationParams, response: { 200: DeadlinesView, ...errors } },
    handler: async (request) => getDeadlines(ctx, actorOf(request), request.params.id),
  });

  app.put('/api/organizations/:id/handoff-deadlines', {
    config: { access: { capability: 'handoffs.deadlines' } },
    schema: {
      tags,
      summary: 'Set the deadlines (minutes per priority; null for the default) that new handoffs get',
      params: OrganizationParams,
      body: DeadlinesBody,
      response: { 200: DeadlinesView, ...errors },
    },
    handler: async (request) => saveDeadlines(ctx, actorOf(request), request.params.id, request.body),
  });

  app.get('/api/handoffs/:id/texts', {
    config: { access },
    schema: { tags, summary: 'The texts with the patient on this handoff, and whether (and what) may be texted (decision 048)', params: HandoffIdParams, response: { 200: HandoffTexts, ...errors } },
    handler: async (request) => handoffTexts(ctx, actorOf(request), request.params.id),
  });

  app.post('/api/handoffs/:id/texts', {
    config: { access },
    schema: {
      tags,
      summary: 'Text the patient from a template (English or Spanish); a message of one’s own only to a number the patient confirmed. Refused (409) for a number that opted out or cannot take texts',
      params: HandoffIdParams,
      body: HandoffTextBody,
      response: { 201: HandoffTexts, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await textPatient(ctx, actorOf(request), request.params.id, request.body)),
  });

  const action = <B extends z.ZodType>(path: string, summary: string, body: B | null, run: (actor: ReturnType<typeof actorOf>, id: string, body: z.infer<B>) => ReturnType<typeof claimHandoff>) =>
    app.post(`/api/handoffs/:id/${path}`, {
      config: { access },
      schema: { tags, summary, params: HandoffIdParams, ...(body ? { body } : {}), response: { 200: HandoffUpdated, ...errors } },
      handler: async (request) => {
        const params = request.params as z.infer<typeof HandoffIdParams>;
        const row = await run(actorOf(request), params.id, request.body as z.infer<B>);
        return { handoff: presentHandoff(row) };
      },
    });

  action('claim', 'Claim an open handoff (atomic: of two at once, one wins; the other gets 409 with who has it)', null, (actor, id) => claimHandoff(ctx, actor, id));
  action('assign', 'Assign to a person of the organization', AssignBody, (actor, id, b) => assignHandoff(ctx, actor, id, b.userId));
  action('notes', 'Add a note', NoteBody, (actor, id, b) => addNote(ctx, actor, id, b.body));
  action('resolve', 'Resolve with an outcome and a note', ResolveBody, (actor, id, b) => resolveHandoff(ctx, actor, id, b));
  action('reopen', 'Reopen a resolved or canceled handoff', ReopenBody, (actor, id, b) => reopenHandoff(ctx, actor, id, b?.note));
  action('cancel', 'Cancel with a reason', CancelBody, (actor, id, b) => cancelHandoff(ctx, actor, id, b.reason));
  action('callback-attempts', 'Record a call-back attempt and its result', CallbackBody, (actor, id, b) => recordCallback(ctx, actor, id, b));
  action('messages', 'Send the patient a message (email or text) through the outbox', MessageBody, (actor, id, b) => messagePatient(ctx, actor, id, b));
};
