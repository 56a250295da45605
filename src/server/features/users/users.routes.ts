import { z } from 'zod';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { presentUser } from './users.presenter.js';
import {
  CreateUserBody,
  CreateUserResponse,
  ResetUserPasswordBody,
  ResetUserPasswordResponse,
  UpdateUserBody,
  UserIdParams,
  UserListQuery,
  UserListResponse,
  UserView,
} from '../../../contracts/users.js';
import { changeUser, createUser, getUser, resetUserPassword, setUserActive, unlockUser, listUsersPage } from './users.service.js';

const access = { capability: 'users.manage' } as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

export const usersRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/users', {
    config: { access },
    schema: { tags: ['users'], summary: 'List staff users', querystring: UserListQuery, response: { 200: UserListResponse, ...errors } },
    handler: async (request) => {
      const q = request.query;
      const { rows, total, organizationIds } = await listUsersPage(ctx, q);
      return { items: rows.map((r) => presentUser(r, organizationIds.get(r.id) ?? [])), total, page: q.page, pageSize: q.pageSize };
    },
  });

  app.post('/api/users', {
    config: { access },
    schema: {
      tags: ['users'],
      summary: 'Invite a user, or create one with a temporary password',
      body: CreateUserBody,
      response: { 201: CreateUserResponse, ...errors },
    },
    handler: async (request, reply) => {
      const result = await createUser(ctx, actorOf(request), request.body);
      return reply.status(201).send({ user: presentUser(result.user, result.organizationIds), temporaryPassword: result.temporaryPassword });
    },
  });

  app.get('/api/users/:id', {
    config: { access },
    schema: { tags: ['users'], summary: 'One user', params: UserIdParams, response: { 200: UserView, ...errors } },
    handler: async (request) => {
      const { user, organizationIds } = await getUser(ctx, request.params.id);
      return presentUser(user, organizationIds);
    },
  });

  app.patch('/api/users/:id', {
    config: { access },
    schema: { tags: ['users'], summary: 'Change name, role or organizations', params: UserIdParams, body: UpdateUserBody, response: { 200: UserView, ...errors } },
    handler: async (request) => {
      const { user, organizationIds } = await changeUser(ctx, actorOf(request), request.params.id, request.body);
      return presentUser(user, organizationIds);
    },
  });

  for (const [action, active] of [['deactivate', false], ['reactivate', true]] as const) {
    app.post(`/api/users/:id/${action}`, {
      config: { access },
      schema: { tags: ['users'], summary: active ? 'Reactivate a user' : 'Deactivate a user (ends all their sessions)', params: UserIdParams, response: { 200: UserView, ...errors } },
      handler: async (request) => {
        const { user, organizationIds } = await setUserActive(ctx, actorOf(request), request.params.id, active);
        return presentUser(user, organizationIds);
      },
    });
  }

  app.post('/api/users/:id/reset-password', {
    config: { access },
    schema: { tags: ['users'], summary: 'Email a reset link or set a temporary password', params: UserIdParams, body: ResetUserPasswordBody, response: { 200: ResetUserPasswordResponse, ...errors } },
    handler: async (request) => {
      const result = await resetUserPassword(ctx, actorOf(request), request.params.id, request.body);
      return { mode: request.body.mode, temporaryPassword: result.temporaryPassword };
    },
  });

  app.post('/api/users/:id/unlock', {
    config: { access },
    schema: { tags: ['users'], summary: 'Lift a sign-in lockout', params: UserIdParams, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await unlockUser(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
