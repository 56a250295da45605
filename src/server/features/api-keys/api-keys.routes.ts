import { ApiKeyIdParams, ApiKeyListResponse, ApiKeyView, CreateApiKeyBody, CreatedApiKey } from '../../../contracts/api-keys.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { createKey, listKeysFor, revokeKey, rotateKey } from './api-keys.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['developer'];
const access = { capability: 'developer.access' } as const;

/** API keys of the public API (`/developer` → API keys): administrators and developers, for their organizations. */
export const apiKeysRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/developer/api-keys', {
    config: { access },
    schema: { tags, summary: 'API keys whose organizations are all yours (admins: every key), newest first, with last use', response: { 200: ApiKeyListResponse, ...errors } },
    handler: async (request) => ({ items: await listKeysFor(ctx, actorOf(request)) }),
  });

  app.post('/api/developer/api-keys', {
    config: { access },
    schema: {
      tags,
      summary: 'Create an API key for some of your organizations with scopes and an optional expiry; the secret is in this answer only',
      body: CreateApiKeyBody,
      response: { 201: CreatedApiKey, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createKey(ctx, actorOf(request), request.body)),
  });

  app.post('/api/developer/api-keys/:id/revoke', {
    config: { access },
    schema: { tags, summary: 'Revoke a key: every process refuses it from the next request', params: ApiKeyIdParams, response: { 200: ApiKeyView, ...errors } },
    handler: async (request) => revokeKey(ctx, actorOf(request), request.params.id),
  });

  app.post('/api/developer/api-keys/:id/rotate', {
    config: { access },
    schema: {
      tags,
      summary: 'A new secret for the key (same name, scopes, organizations, expiry); the old secret stops at once; 409 when revoked',
      params: ApiKeyIdParams,
      response: { 201: CreatedApiKey, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await rotateKey(ctx, actorOf(request), request.params.id)),
  });
};
