import { z } from 'zod';
import { BackupCodeBody, BackupCodeResponse, LoginBody, LoginResponse, OkResponse, SessionResponse, TestClockBody, TestClockResponse, TwoFactorBody } from '../../../contracts/session.js';
import type { FeatureRoutes } from '../../http/route-types.js';
import { ErrorResponse, forwardCookies } from '../../http/route-types.js';
import { requestInfo } from '../../http/request-info.js';
import { organizationScope } from '../../policy/actor.js';
import { listVisibleOrganizations } from '../organizations/index.js';
import { resolveSession } from './session-guard.service.js';
import { presentSession, presentSessionUser } from './session.presenter.js';
import { sessionUserDetails, signIn, signOut, verifyBackupCode, verifyTwoFactor } from './session.service.js';
import { demoTerminalOf } from '../outbox/index.js';

export const sessionRoutes: FeatureRoutes = (app, ctx) => {
  const loginLimit = { max: Math.round(20 * ctx.env.RATE_LIMIT_SCALE), timeWindow: '1 minute' };

  app.get('/api/session', {
    config: { access: 'session' },
    schema: { tags: ['session'], summary: 'The signed-in staff user and their organizations', response: { 200: SessionResponse, 401: ErrorResponse } },
    handler: async (request) => {
      const resolved = request.staff!;
      const orgs = await listVisibleOrganizations(ctx.db, organizationScope(resolved.actor));
      return presentSession(resolved, orgs, Math.round(ctx.env.SESSION_IDLE_MINUTES * 60), !!ctx.env.SMTP_URL, demoTerminalOf(ctx.env) !== undefined);
    },
  });

  app.post('/api/session/login', {
    config: { access: 'public', signIn: true, rateLimit: loginLimit },
    schema: {
      tags: ['session'],
      summary: 'Sign in with email and password',
      body: LoginBody,
      response: { 200: LoginResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 423: ErrorResponse, 429: ErrorResponse },
    },
    handler: async (request, reply) => {
      const result = await signIn(ctx, request.body, requestInfo(request));
      forwardCookies(reply, result.cookies);
      if (result.twoFactorRequired || !result.user) return { twoFactorRequired: true as const };
      const details = await sessionUserDetails(ctx, result.user);
      return { user: presentSessionUser(result.user, details.organizationIds, details.twoFactorRequired) };
    },
  });

  app.post('/api/session/login/two-factor', {
    config: { access: 'public', signIn: true, rateLimit: loginLimit },
    schema: {
      tags: ['session'],
      summary: 'Second step of sign-in: a TOTP code (once; wrong codes count toward the account lockout)',
      body: TwoFactorBody,
      response: { 200: OkResponse, 400: ErrorResponse, 401: ErrorResponse, 423: ErrorResponse, 429: ErrorResponse },
    },
    handler: async (request, reply) => {
      const result = await verifyTwoFactor(ctx, request.body.code, requestInfo(request));
      forwardCookies(reply, result.cookies);
      return { ok: true as const };
    },
  });

  app.post('/api/session/login/backup-code', {
    config: { access: 'public', signIn: true, rateLimit: loginLimit },
    schema: {
      tags: ['session'],
      summary: 'Second step of sign-in with a backup code instead of the app (each code once; wrong codes count toward the account lockout)',
      body: BackupCodeBody,
      response: { 200: BackupCodeResponse, 400: ErrorResponse, 401: ErrorResponse, 423: ErrorResponse, 429: ErrorResponse },
    },
    handler: async (request, reply) => {
      const result = await verifyBackupCode(ctx, request.body.code, requestInfo(request));
      forwardCookies(reply, result.cookies);
      return { ok: true as const, backupCodesLeft: result.backupCodesLeft };
    },
  });

  app.post('/api/session/logout', {
    config: { access: 'public' },
    schema: { tags: ['session'], summary: 'Sign out (ends the server session)', response: { 204: z.null() } },
    handler: async (request, reply) => {
      const resolved = await resolveSession(ctx, request).catch(() => null);
      const cookies = await signOut(ctx, requestInfo(request), resolved ? { userId: resolved.actor.userId, email: resolved.actor.email } : undefined);
      forwardCookies(reply, cookies);
      return reply.status(204).send(null);
    },
  });

  if (ctx.env.ENABLE_TEST_CLOCK) {
    app.post('/api/test/clock', {
      config: { access: 'public' },
      schema: { tags: ['testing'], summary: 'Move the server clock (test builds only)', body: TestClockBody, response: { 200: TestClockResponse } },
      handler: async (request) => {
        if (request.body.reset) ctx.clock.reset();
        if (request.body.advanceMs) ctx.clock.advance(request.body.advanceMs);
        return { offsetMs: ctx.clock.offsetMs() };
      },
    });
  }
};
