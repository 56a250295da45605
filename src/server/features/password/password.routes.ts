import {
  AcceptInvitationBody,
  ChangePasswordBody,
  CheckLinkBody,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  ResetPasswordBody,
} from '../../../contracts/password.js';
import { OkResponse } from '../../../contracts/session.js';
import { ErrorResponse, forwardCookies, type FeatureRoutes } from '../../http/route-types.js';
import { requestInfo } from '../../http/request-info.js';
import { actorOf } from '../../policy/actor.js';
import { changePassword, checkLink, redeemLink, requestPasswordReset } from './password.service.js';

export const passwordRoutes: FeatureRoutes = (app, ctx) => {
  const limit = { max: Math.round(10 * ctx.env.RATE_LIMIT_SCALE), timeWindow: '1 minute' };

  app.post('/api/password/forgot', {
    config: { access: 'public', rateLimit: limit },
    schema: { tags: ['password'], summary: 'Email a single-use reset link (same answer for any email)', body: ForgotPasswordBody, response: { 202: ForgotPasswordResponse, 400: ErrorResponse, 429: ErrorResponse } },
    handler: async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email, request.ip);
      return reply.status(202).send({ message: 'If an active account uses that email, a reset link is on its way. It works once, for 30 minutes.' });
    },
  });

  app.post('/api/password/reset', {
    config: { access: 'public', rateLimit: limit },
    schema: { tags: ['password'], summary: 'Set a new password with a reset link', body: ResetPasswordBody, response: { 200: OkResponse, 400: ErrorResponse } },
    handler: async (request) => {
      await redeemLink(ctx, { token: request.body.token, password: request.body.newPassword, purpose: 'reset' }, request.ip).catch(renameField('password', 'newPassword'));
      return { ok: true as const };
    },
  });

  app.post('/api/invitations/accept', {
    config: { access: 'public', rateLimit: limit },
    schema: {
      tags: ['password'],
      summary: 'Accept an invitation: set name and password',
      body: AcceptInvitationBody,
      response: { 200: OkResponse, 400: ErrorResponse },
    },
    handler: async (request) => {
      await redeemLink(ctx, { token: request.body.token, password: request.body.password, name: request.body.name, purpose: 'invite' }, request.ip);
      return { ok: true as const };
    },
  });

  app.post('/api/links/check', {
    config: { access: 'public', rateLimit: limit },
    schema: {
      tags: ['password'],
      summary: 'Whether a reset or invitation link can still be used (checked when its page opens)',
      body: CheckLinkBody,
      response: { 200: OkResponse, 400: ErrorResponse, 429: ErrorResponse },
    },
    handler: async (request) => {
      await checkLink(ctx, request.body);
      return { ok: true as const };
    },
  });

  app.post('/api/password/change', {
    config: { access: 'session' },
    schema: {
      tags: ['password'],
      summary: 'Change own password (ends the other sessions)',
      body: ChangePasswordBody,
      response: { 200: OkResponse, 400: ErrorResponse, 401: ErrorResponse },
    },
    handler: async (request, reply) => {
      const cookies = await changePassword(ctx, actorOf(request), request.body, requestInfo(request).headers);
      forwardCookies(reply, cookies);
      return { ok: true as const };
    },
  });
};

function renameField(from: string, to: string) {
  return (err: unknown) => {
    const e = err as { extra?: { fields?: Record<string, string> } };
    if (e.extra?.fields?.[from]) {
      e.extra.fields[to] = e.extra.fields[from]!;
      delete e.extra.fields[from];
    }
    throw err;
  };
}
