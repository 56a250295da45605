import { z } from 'zod';
import { ErrorResponse, forwardCookies, type FeatureRoutes } from '../../http/route-types.js';
import { requestInfo } from '../../http/request-info.js';
import { actorOf } from '../../policy/access-hook.js';
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

const Preferences = z.object({ email: z.boolean(), sms: z.boolean(), urgentHandoffs: z.boolean(), dailySummary: z.boolean() });
const Profile = z
  .object({ id: z.string(), email: z.string(), name: z.string(), phone: z.string().nullable(), role: z.string(), notificationPreferences: Preferences, twoFactorEnabled: z.boolean() })
  .meta({ id: 'Profile' });
const SessionView = z.object({ id: z.string(), current: z.boolean(), createdAt: z.string(), lastActiveAt: z.string(), ipAddress: z.string().nullable(), userAgent: z.string().nullable() });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const Password = z.object({ password: z.string().min(1, { error: 'Enter your password.' }).max(1024) });

function present(user: Awaited<ReturnType<typeof getProfile>>) {
  return { id: user.id, email: user.email, name: user.name, phone: user.phone, role: user.role, notificationPreferences: user.notificationPreferences, twoFactorEnabled: user.twoFactorEnabled };
}

/** Own account: reachable with `session` access so a user who must set up 2FA can do it here. */
export const profileRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/profile', {
    config: { access: 'session' },
    schema: { tags: ['profile'], summary: 'Own profile', response: { 200: Profile, ...errors } },
    handler: async (request) => present(await getProfile(ctx, actorOf(request))),
  });

  app.patch('/api/profile', {
    config: { access: 'session' },
    schema: {
      tags: ['profile'],
      summary: 'Update own name, phone and notification preferences',
      body: z.object({
        name: z.string().trim().min(1, { error: 'Enter your name.' }).max(120, { error: 'Use at most 120 characters.' }).optional(),
        phone: z.string().max(40, { error: 'That phone number is too long.' }).nullable().optional(),
        notificationPreferences: Preferences.optional(),
      }),
      response: { 200: Profile, ...errors },
    },
    handler: async (request) => present(await updateProfile(ctx, actorOf(request), request.body)),
  });

  app.get('/api/profile/sessions', {
    config: { access: 'session' },
    schema: { tags: ['profile'], summary: 'Own active sessions', response: { 200: z.object({ items: z.array(SessionView) }), ...errors } },
    handler: async (request) => ({ items: await sessionsOf(ctx, actorOf(request)) }),
  });

  app.post('/api/profile/sessions/revoke-others', {
    config: { access: 'session' },
    schema: { tags: ['profile'], summary: 'Sign out everywhere else', response: { 200: z.object({ revoked: z.number() }), ...errors } },
    handler: async (request) => ({ revoked: await signOutOtherSessions(ctx, actorOf(request)) }),
  });

  app.delete('/api/profile/sessions/:id', {
    config: { access: 'session' },
    schema: { tags: ['profile'], summary: 'Sign out one other session', params: z.object({ id: z.string().max(100) }), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await signOutSession(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/api/profile/two-factor/enable', {
    config: { access: 'session' },
    schema: { tags: ['profile'], summary: 'Start TOTP setup: returns the otpauth URI and backup codes', body: Password, response: { 200: z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) }), ...errors } },
    handler: async (request) => startTwoFactor(ctx, actorOf(request), request.body.password, requestInfo(request).headers),
  });

  app.post('/api/profile/two-factor/confirm', {
    config: { access: 'session' },
    schema: { tags: ['profile'], summary: 'Finish TOTP setup with a code from the app', body: z.object({ code: z.string().trim().regex(/^\d{6}$/, { error: 'Enter the 6-digit code.' }) }), response: { 200: z.object({ ok: z.literal(true) }), ...errors } },
    handler: async (request, reply) => {
      forwardCookies(reply, await confirmTwoFactor(ctx, actorOf(request), request.body.code, requestInfo(request).headers));
      return { ok: true as const };
    },
  });

  app.post('/api/profile/two-factor/disable', {
    config: { access: 'session' },
    schema: { tags: ['profile'], summary: 'Turn off two-factor', body: Password, response: { 200: z.object({ ok: z.literal(true) }), ...errors } },
    handler: async (request, reply) => {
      forwardCookies(reply, await disableTwoFactor(ctx, actorOf(request), request.body.password, requestInfo(request).headers));
      return { ok: true as const };
    },
  });
};
