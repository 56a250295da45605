import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DraftPatchBody,
  DraftResponse,
  PracticeListResponse,
  PracticeParams,
  PracticeResponse,
  StartDraftBody,
  Step1Body,
  Step2Body,
  SubmitBody,
  SubmitResponse,
  SuccessResponse,
} from '../../../contracts/appointment-requests.js';
import type { AppContext } from '../../app-context.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { localeOf, patientScope, schemaIssues } from '../../http/patient-scope.js';
import { listPublicPractices, publicPracticeInfo } from '../public-practices/index.js';
import { DRAFT_TTL_MS, patchDraft, presentDraft, saveStep, startDraft, submitDraft, successView } from './public-requests.service.js';
import { loadByToken } from './public-requests.service.js';

export const DRAFT_COOKIE = 'sb.draft';
const tags = ['public: appointment requests'];
const errors = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse, 429: ErrorResponse };
const SMALL_BODY = 16_384;

/**
 * The public request flow (PRODUCT §3 /request-appointment*): practice information, the
 * server-side draft keyed by an HttpOnly cookie, the steps, submit and the success page.
 * No staff session; abuse is held back by per-IP limits, body limits and a honeypot.
 */
export const publicRequestRoutes: FeatureRoutes = (app, ctx) =>
  patientScope(app, (scope) => {
    const limit = (max: number, minutes = 10) => ({ max: Math.round(max * ctx.env.RATE_LIMIT_SCALE), timeWindow: `${minutes} minutes` });
    const token = (request: FastifyRequest) => request.cookies[DRAFT_COOKIE];

    scope.get('/api/public/practices', {
      config: { access: 'public', rateLimit: limit(300) },
      schema: { tags, summary: 'Practices that patients can choose', response: { 200: PracticeListResponse, 429: ErrorResponse } },
      handler: () => listPublicPractices(ctx),
    });

    scope.get('/api/public/practices/:slug', {
      config: { access: 'public', rateLimit: limit(300) },
      schema: { tags, summary: 'A practice: hours, open now, visit reasons, emergency notice', params: PracticeParams, response: { 200: PracticeResponse, ...errors } },
      handler: (request) => publicPracticeInfo(ctx, request.params.slug),
    });

    scope.post('/api/public/appointment-requests/draft', {
      config: { access: 'public', rateLimit: limit(30) },
      bodyLimit: SMALL_BODY,
      schema: { tags, summary: 'Start (or resume) a request for a practice; sets the draft cookie', body: StartDraftBody, response: { 200: DraftResponse, ...errors } },
      handler: async (request, reply) => {
        const started = await startDraft(ctx, request.body.organization, token(request), localeOf(request), request.ip);
        if (started.token) setDraftCookie(ctx, reply, started.token);
        return presentDraft(ctx, started);
      },
    });

    scope.get('/api/public/appointment-requests/draft', {
      config: { access: 'public', rateLimit: limit(600) },
      schema: { tags, summary: 'The draft of this browser (from its cookie)', response: { 200: DraftResponse, ...errors } },
      handler: async (request) => presentDraft(ctx, await loadByToken(ctx, token(request))),
    });

    scope.patch('/api/public/appointment-requests/draft', {
      config: { access: 'public', rateLimit: limit(600) },
      bodyLimit: SMALL_BODY,
      attachValidation: true,
      schema: { tags, summary: 'Save fields as the patient types (any subset; all or nothing)', body: DraftPatchBody, response: { 200: DraftResponse, ...errors } },
      handler: async (request) => presentDraft(ctx, await patchDraft(ctx, token(request), request.body, localeOf(request), schemaIssues(request))),
    });

    scope.put('/api/public/appointment-requests/draft/step-1', {
      config: { access: 'public', rateLimit: limit(120) },
      bodyLimit: SMALL_BODY,
      attachValidation: true,
      schema: { tags, summary: 'Step 1 complete: who, and why', body: Step1Body, response: { 200: DraftResponse, ...errors } },
      handler: async (request) => presentDraft(ctx, await saveStep(ctx, token(request), request.body, localeOf(request), schemaIssues(request))),
    });

    scope.put('/api/public/appointment-requests/draft/step-2', {
      config: { access: 'public', rateLimit: limit(120) },
      bodyLimit: SMALL_BODY,
      attachValidation: true,
      schema: { tags, summary: 'Step 2 complete: when, insurance, consent', body: Step2Body, response: { 200: DraftResponse, ...errors } },
      handler: async (request) => presentDraft(ctx, await saveStep(ctx, token(request), request.body, localeOf(request), schemaIssues(request))),
    });

    scope.post('/api/public/appointment-requests/draft/submit', {
      config: { access: 'public', rateLimit: limit(20) },
      bodyLimit: 4_096,
      schema: { tags, summary: 'Send the request (idempotent: a second submit answers the same request)', body: SubmitBody, response: { 200: SubmitResponse, ...errors } },
      handler: (request) => submitDraft(ctx, token(request), request.body.website, request.ip),
    });

    scope.get('/api/public/appointment-requests/submitted', {
      config: { access: 'public', rateLimit: limit(120) },
      schema: { tags, summary: 'The success page of the request this browser sent', response: { 200: SuccessResponse, ...errors } },
      handler: (request) => successView(ctx, token(request)),
    });
  });

function setDraftCookie(ctx: AppContext, reply: FastifyReply, value: string): void {
  reply.setCookie(DRAFT_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: ctx.baseUrl.startsWith('https:'),
    maxAge: DRAFT_TTL_MS / 1000,
  });
}
