import {
  AddDoNotCallBody,
  DoNotCallEntry,
  DoNotCallEntryParams,
  DoNotCallImportResult,
  DoNotCallList,
  DoNotCallListQuery,
  DoNotCallParams,
  DoNotCallRemoved,
  ImportDoNotCallBody,
  RemoveDoNotCallBody,
} from '../../../contracts/do-not-call.js';
import { MAX_CSV_REQUEST_BYTES } from '../../../domain/outbound/csv-text.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { addDoNotCallEntry, importDoNotCall, listDoNotCallFor, removeDoNotCallEntry } from './do-not-call.service.js';

const read = { capability: 'outbound.campaigns.read' } as const;
const manage = { capability: 'outbound.campaigns' } as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse };
const tags = ['outbound'];

/** The organization's do-not-call list (PRODUCT §3 /outbound). */
export const doNotCallRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/organizations/:id/do-not-call', {
    config: { access: read },
    schema: { tags, summary: 'The do-not-call list, newest first; search by digits of the number or words of the reason', params: DoNotCallParams, querystring: DoNotCallListQuery, response: { 200: DoNotCallList, ...errors } },
    handler: async (request) => listDoNotCallFor(ctx, actorOf(request), request.params.id, request.query),
  });

  app.post('/api/organizations/:id/do-not-call', {
    config: { access: manage },
    schema: { tags, summary: 'Add a number (normalised to E.164 for the organization’s country) with a reason; audited', params: DoNotCallParams, body: AddDoNotCallBody, response: { 201: DoNotCallEntry, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await addDoNotCallEntry(ctx, actorOf(request), request.params.id, request.body)),
  });

  app.post('/api/organizations/:id/do-not-call/:entryId/remove', {
    config: { access: manage },
    schema: { tags, summary: 'Remove a number with a reason; audited', params: DoNotCallEntryParams, body: RemoveDoNotCallBody, response: { 204: DoNotCallRemoved, ...errors } },
    handler: async (request, reply) => {
      await removeDoNotCallEntry(ctx, actorOf(request), request.params.id, request.params.entryId, request.body.reason);
      return reply.status(204).send(null);
    },
  });

  app.post('/api/organizations/:id/do-not-call/import', {
    config: { access: manage },
    bodyLimit: MAX_CSV_REQUEST_BYTES,
    schema: { tags, summary: 'Add the numbers of a CSV file (up to 10 MB); numbers already listed stay as they are; audited', params: DoNotCallParams, body: ImportDoNotCallBody, response: { 200: DoNotCallImportResult, ...errors } },
    handler: async (request) => importDoNotCall(ctx, actorOf(request), request.params.id, request.body),
  });
};
