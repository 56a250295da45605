import {
  CancelBody,
  CancelResponse,
  IntakeLinkResponse,
  PortalOverview,
  RequestIdParams,
  ReplyBody,
  ReplyResponse,
  ResendBody,
  SignInBody,
  SignInResponse,
  SignOutResponse,
  ThreadParams,
  VerifyBody,
  VerifyResponse,
} from '../../../contracts/portal.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { localeOf, patientScope } from '../../http/patient-scope.js';
import { cancelRequest, portalIntakeLink, portalOverview, replyToPractice } from './portal.service.js';
import { clearPatientCookie, endPatientSession, requirePatientSession } from './portal-session.js';
import { MAX_RESENDS_PER_ADDRESS, requestCode, resendCode, resendLimitedForAddress, verifyCode } from './portal-sign-in.service.js';

const tags = ['patient portal'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse, 429: ErrorResponse };

/**
 * The patient portal (PRODUCT §3 /portal). Public routes by the policy layer's measure (no
 * staff session): each checks the patient session itself, and a patient session reaches only
 * that patient's records at that practice.
 */
export const portalRoutes: FeatureRoutes = (app, ctx) =>
  patientScope(app, (scope) => {
    const limit = (max: number, minutes = 10) => ({ max: Math.round(max * ctx.env.RATE_LIMIT_SCALE), timeWindow: `${minutes} minutes` });

    scope.post('/api/portal/sign-in', {
      config: { access: 'public', signIn: true, rateLimit: limit(10) },
      bodyLimit: 4_096,
      schema: {
        tags,
        summary: 'Ask for a one-time code (same answer whether or not a patient matched)',
        body: SignInBody,
        response: { 202: SignInResponse, ...errors },
      },
      handler: async (request, reply) => reply.status(202).send(await requestCode(ctx, request.body, localeOf(request), request.ip)),
    });

    scope.post('/api/portal/sign-in/resend', {
      config: {
        access: 'public',
        signIn: true,
        rateLimit: { ...limit(MAX_RESENDS_PER_ADDRESS), errorResponseBuilder: (_request, context) => resendLimitedForAddress(context.ttl, ctx.clock.now()) },
      },
      bodyLimit: 4_096,
      schema: {
        tags,
        summary: 'Send a new code to the contact of a sign-in (earlier codes stop working; 429 resend_too_soon says when to try again)',
        body: ResendBody,
        response: { 202: SignInResponse, ...errors },
      },
      handler: async (request, reply) => reply.status(202).send(await resendCode(ctx, request.body, localeOf(request), request.ip)),
    });
    scope.post('/api/portal/verify', {
      config: { access: 'public', signIn: true, rateLimit: limit(30) },
      bodyLimit: 4_096,
      schema: { tags, summary: 'Enter the code: starts a patient session (15 minutes idle)', body: VerifyBody, response: { 200: VerifyResponse, ...errors } },
      handler: (request, reply) => verifyCode(ctx, request.body, request, reply),
    });

    scope.post('/api/portal/sign-out', {
      config: { access: 'public' },
      schema: { tags, summary: 'End the patient session', response: { 204: SignOutResponse } },
      handler: async (request, reply) => {
        await endPatientSession(ctx, request);
        clearPatientCookie(ctx, reply);
        return reply.status(204).send(null);
      },
    });

    scope.get('/api/portal/overview', {
      config: { access: 'public', rateLimit: limit(600) },
      schema: { tags, summary: "The patient's requests, their history, intake and messages", response: { 200: PortalOverview, ...errors } },
      handler: async (request) => portalOverview(ctx, await requirePatientSession(ctx, request)),
    });

    scope.post('/api/portal/requests/:id/cancel', {
      config: { access: 'public', rateLimit: limit(60) },
      bodyLimit: 4_096,
      schema: { tags, summary: 'Cancel a request that is not yet scheduled (409 otherwise)', params: RequestIdParams, body: CancelBody, response: { 200: CancelResponse, ...errors } },
      handler: async (request) => {
        const session = await requirePatientSession(ctx, request);
        return { request: await cancelRequest(ctx, session, request.params.id, request.body.reason, request.ip) };
      },
    });

    scope.post('/api/portal/threads/:id/replies', {
      config: { access: 'public', rateLimit: limit(30) },
      bodyLimit: 8_192,
      schema: {
        tags,
        summary: "Reply to the practice's message: lands on the handoff staff wrote from (404 for any conversation not the patient's own; 429 reply_too_soon)",
        params: ThreadParams,
        body: ReplyBody,
        response: { 201: ReplyResponse, ...errors },
      },
      handler: async (request, reply) => {
        const session = await requirePatientSession(ctx, request);
        return reply.status(201).send({ request: await replyToPractice(ctx, session, request.params.id, request.body.reply, request.ip) });
      },
    });
    scope.post('/api/portal/requests/:id/intake-link', {
      config: { access: 'public', rateLimit: limit(60) },
      schema: { tags, summary: 'A link to the intake form of one of the patient’s requests', params: RequestIdParams, response: { 200: IntakeLinkResponse, ...errors } },
      handler: async (request) => portalIntakeLink(ctx, await requirePatientSession(ctx, request), request.params.id),
    });
  });
