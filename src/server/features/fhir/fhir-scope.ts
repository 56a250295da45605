import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodApp } from '../../http/route-types.js';
import { FhirOperationOutcome } from '../../../contracts/fhir.js';
import { operationOutcomeOf, type ErrorEnvelope } from './operation-outcome.js';

/**
 * What makes `/api/v1/fhir` speak FHIR around routes that are otherwise like every `/api/v1`
 * route (API key, scope, organizations, rate limits, audit): bodies sent as
 * `application/fhir+json` or `application/json-patch+json` are read as JSON, answers go out as
 * `application/fhir+json`, and every error — made once, in the API's error envelope, by whoever
 * refused the request — leaves as an OperationOutcome with the same HTTP status.
 */
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

export function speakFhir(scope: ZodApp): void {
  scope.addContentTypeParser(['application/fhir+json', 'application/json-patch+json'], { parseAs: 'string' }, scope.getDefaultJsonParser('error', 'error'));

  // Errors sent as objects (the error handler's envelope): turned before the route's response
  // schema (an OperationOutcome for every error status) serialises them.
  scope.addHook('preSerialization', async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const error = envelopeOf(payload);
    return error && reply.statusCode >= 400 ? operationOutcomeOf(reply.statusCode, error) : payload;
  });

  // Errors already serialised (a replayed Idempotency-Key answer, an answer sent as text), and
  // the media type of every JSON answer.
  scope.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') && !type.startsWith('application/fhir+json')) return payload;
    // The bulk-publication manifest is plain JSON (SMART Scheduling Links), not a FHIR resource.
    if (!(reply.statusCode < 400 && request.routeOptions.url?.endsWith('/$bulk-publish'))) reply.header('content-type', FHIR_JSON);
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    try {
      const error = envelopeOf(JSON.parse(payload));
      return error ? JSON.stringify(operationOutcomeOf(reply.statusCode, error)) : payload;
    } catch {
      return payload;
    }
  });

  scope.setNotFoundHandler((request, reply) => {
    const outcome = operationOutcomeOf(404, { code: 'not_found', message: `This server has no ${request.method} ${request.url.split('?')[0]} (see /api/v1/fhir/metadata).` });
    return reply.status(404).type(FHIR_JSON).send(FhirOperationOutcome.parse(outcome));
  });
}

function envelopeOf(payload: unknown): ErrorEnvelope | null {
  const error = (payload as { error?: unknown } | null)?.error as ErrorEnvelope | undefined;
  return error && typeof error === 'object' && typeof error.code === 'string' && typeof error.message === 'string' ? error : null;
}
