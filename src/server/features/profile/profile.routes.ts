import { z } from 'zod';
import {
  ConfirmTwoFactorBody,
  PasswordBody,
  ProfileView,
  RevokeOthersResponse,
  SessionIdParams,
  SessionListResponse,
  TwoFactorSetupResponse,
  UpdateProfileBody,
} from '../../../contracts/profile.js';
import { OkResponse } from '../../../contracts/session.js';
import { ErrorResponse, forwardCookies, type FeatureRoutes } from '../../http/route-types.js';
import { requestInfo } from '../../http/request-info.js';
import { actorOf } from '../../policy/actor.js';
import {
  confirmTwoFactor,
  disableTwoFactor,
  getProfile,
  sessionsOf,
  signOutOtherSessions,
  signOutSession,
  startTwoFactor,
  updateProfile,
} from './profile.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

function present(user: Awaited<ReturnType<typeof getProfile>>) {
  return { id: user.id, email: user.email, name: user.name, phone: user.phone, role: user.role, notificationPreferences: user.notificationPreferences, twoFactorEnabled: user.twoFactorEnabled };
}

/** Own account: reachable with `session` access so a user who must set up 2FA can do it here. */
export const profileRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/profile', {
    config: { access: 'session' },
    schema: { tags: ['profile'], summary: 'Own profile', response: { 200: ProfileView, ...errors } },
    handler: async (request) => present(await getProfile(ctx, actorOf(request))),
  });

  app.patch('/api/profile', {
    config: { access: 'session' },
    schema: {
      tags: ['profile'],
      summary: 'Update own name, phone and notification preferences',
      body: UpdateProfileBody,
      response: { 200: ProfileView, ...errors },
    },
    handler: async (request) => present(await updateProfile(ctx, actorOf(request), request.body)),
  });

  app.get('/api/profile/sessions', {
    config: { access: 'session' },
    schema: { tags: ['profile'], summary: 'Own active sessions', response: { 200: SessionListResponse, ...errors } },
    handler: async (request) => ({ items: await sessionsOf(ctx, actorOf(request)) }),
  });

  app.post('/api/profile/sessions/revoke-others', {
    config: { access: 'session' },
    schema: { tags: ['profile'], summary: 'Sign out everywhere else', response: { 200: RevokeOthersResponse, ...errors } },
    handler: async (request) => ({ revoked: await signOutOtherSessions(ctx, actorOf(request)) }),
  });

  app.delete('/api/profile/sessions/:id', {
    config: { access: 'session' },
    schema: { tags: ['profile'], summary: 'Sign out one other session', params: SessionIdParams, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await signOutSession(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/api/profile/two-factor/enable', {
    config: { access: 'session' },
    schema: { tags: ['profile'], summary: 'Start TOTP setup: returns the otpauth URI and backup codes', body: PasswordBody, response: { 200: TwoFactorSetupResponse, ...errors } },
    handler: async (request) => startTwoFactor(ctx, actorOf(request), request.body.password, requestInfo(request).headers),
  });

  app.post('/api/profile/two-factor/confirm', {
    config: { access: 'session' },
    schema: { tags: ['profile'], summary: 'Finish TOTP setup with a code from the app', body: ConfirmTwoFactorBody, response: { 200: OkResponse, ...errors } },
    handler: async (request, reply) => {
      forwardCookies(reply, await confirmTwoFactor(ctx, actorOf(request), request.body.code, requestInfo(request).headers));
      return { ok: true as const };
    },
  });

  app.post('/api/profile/two-factor/disable', {
    config: { access: 'session' },
    schema: { tags: ['profile'], summary: 'Turn off two-factor', body: PasswordBody, response: { 200: OkResponse, ...errors } },
    handler: async (request, reply) => {
      forwardCookies(reply, await disableTwoFactor(ctx, actorOf(request), request.body.password, requestInfo(request).headers));
      return { ok: true as const };
    },
  });
};
