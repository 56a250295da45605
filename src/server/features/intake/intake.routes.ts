import type { FastifyRequest } from 'fastify';
import { FhirQuestionnaireResponse, IntakeIdParams, PatientIntakeResponse, SaveIntakeBody, StaffIntakeResponse, SubmitIntakeBody } from '../../../contracts/intake.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { localeOf, patientScope } from '../../http/patient-scope.js';
import { actorOf } from '../../policy/actor.js';
import { openIntake, saveIntake, staffIntakeFhir, staffRequestIntake, submitIntake } from './intake.service.js';

/** The intake link's token travels in a header, so it stays out of API URLs and their logs. */
export const INTAKE_TOKEN_HEADER = 'x-intake-token';
const tokenOf = (request: FastifyRequest) => {
  const v = request.headers[INTAKE_TOKEN_HEADER];
  return typeof v === 'string' ? v : undefined;
};

const tags = ['intake'];
const patientErrors = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 410: ErrorResponse, 413: ErrorResponse, 429: ErrorResponse };
const staffErrors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const INTAKE_BODY = 65_536;

/**
 * The intake form (PRODUCT §3 /intake): the patient side opens one request's form with the
 * token of its link; staff read it on the request and as FHIR.
 */
export const intakeRoutes: FeatureRoutes = async (app, ctx) => {
  await patientScope(app, (scope) => {
    const limit = (max: number) => ({ max: Math.round(max * ctx.env.RATE_LIMIT_SCALE), timeWindow: '10 minutes' });

    scope.get('/api/intake', {
      config: { access: 'public', rateLimit: limit(300) },
      schema: { tags, summary: 'The intake form its link opens (token in the x-intake-token header)', response: { 200: PatientIntakeResponse, ...patientErrors } },
      handler: (request) => openIntake(ctx, tokenOf(request)),
    });

    scope.patch('/api/intake', {
      config: { access: 'public', rateLimit: limit(600) },
      bodyLimit: INTAKE_BODY,
      schema: { tags, summary: 'Save progress (any sections and fields; refused once sent)', body: SaveIntakeBody, response: { 200: PatientIntakeResponse, ...patientErrors } },
      handler: (request) => saveIntake(ctx, tokenOf(request), request.body.answers, localeOf(request)),
    });

    scope.post('/api/intake/submit', {
      config: { access: 'public', rateLimit: limit(60) },
      bodyLimit: INTAKE_BODY,
      schema: { tags, summary: 'Send the form to the practice, once; then it is read-only', body: SubmitIntakeBody, response: { 200: PatientIntakeResponse, ...patientErrors } },
      handler: (request) => submitIntake(ctx, tokenOf(request), request.body.answers, localeOf(request), request.ip),
    });
  });

  app.get('/api/appointment-requests/:id/intake', {
    config: { access: { capability: 'handoffs.work' } },
    schema: { tags, summary: 'The intake form of a request, with the form’s questions', params: IntakeIdParams, response: { 200: StaffIntakeResponse, ...staffErrors } },
    handler: (request) => staffRequestIntake(ctx, actorOf(request), request.params.id),
  });

  app.get('/api/intake/:id/fhir', {
    config: { access: { capability: 'handoffs.work' } },
    schema: { tags, summary: 'An intake form as a FHIR R4 QuestionnaireResponse', params: IntakeIdParams, response: { 200: FhirQuestionnaireResponse, ...staffErrors } },
    handler: async (request, reply) => reply.type('application/fhir+json; charset=utf-8').send(await staffIntakeFhir(ctx, actorOf(request), request.params.id)),
  });
};
