import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pickLocale, type PatientLocale } from '../../domain/patient/locale.js';
import { patientErrorMessage } from '../../domain/patient/error-messages.js';
import { validationMessage } from '../../domain/patient/validation-messages.js';
import { AppError } from './errors.js';
import type { ApiErrorCode } from '../../contracts/errors.js';
import type { ZodApp } from './route-types.js';

/**
 * The patient's language for this request: the page sends it as `Accept-Language` (it knows
 * the patient's choice; the browser's default may differ).
 */
export function localeOf(request: FastifyRequest): PatientLocale {
  return pickLocale(request.headers['accept-language']);
}

/** Field messages in the patient's language; `fieldKeys` keeps the keys so the page can re-word them when the language changes. */
function translate(locale: PatientLocale, keys: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, validationMessage(locale, k, v)]));
}

/** A field's dotted path; a problem with one item of a list is the list's (`days.2` → `days`). */
function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.').replace(/(\.\d+)+$/, '');
}

/**
 * For routes with `attachValidation: true`: the schema's problems as message keys per field
 * (null when the body matched), so a service can add the checks that need context and answer
 * every problem of a form at once.
 */
export function schemaIssues(request: FastifyRequest): Record<string, string> | null {
  const error = request.validationError as (Error & { validation?: { instancePath: string; message?: string }[] }) | undefined;
  if (!error) return null;
  const keys: Record<string, string> = {};
  for (const issue of error.validation ?? []) keys[fieldPath(issue.instancePath) || '_'] ??= issue.message ?? 'invalid';
  return keys;
}

/**
 * A validation failure whose field messages are keys of src/domain/patient/validation-messages.ts;
 * the patient scope words them in the patient's language.
 */
export function patientInvalid(fields: Record<string, string>): AppError {
  return new AppError(400, 'validation_failed', 'Some fields need attention.', { fields });
}

/**
 * Registers patient-facing routes in a scope whose errors speak the patient's language: schema
 * failures and `patientInvalid` get one translated message per field; known error codes get
 * translated messages. Everything else (500s with their digest) goes on to the app's handler.
 */
export async function patientScope(app: ZodApp, register: (scope: ZodApp) => void | Promise<void>): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler(async (error: FastifyError, request, reply) => {
      const locale = localeOf(request);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const keys: Record<string, string> = {};
        for (const issue of error.validation) {
          const context = error.validationContext && error.validationContext !== 'body' ? error.validationContext : '';
          const key = [context, fieldPath(issue.instancePath)].filter(Boolean).join('.') || '_';
          keys[key] ??= issue.message ?? 'invalid';
        }
        return reply.status(400).send({ error: { code: 'validation_failed', message: patientErrorMessage(locale, 'validation_failed')!, fields: translate(locale, keys), fieldKeys: keys } });
      }
      if (error instanceof AppError) {
        const keys = error.extra.fields;
        const message = patientErrorMessage(locale, error.code) ?? error.message;
        return reply.status(error.statusCode).send({ error: { ...error.extra, code: error.code, message, ...(keys ? { fields: translate(locale, keys), fieldKeys: keys } : {}) } });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code: ApiErrorCode = status === 429 ? 'rate_limited' : status === 413 ? 'payload_too_large' : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'malformed_body' : 'bad_request';
        if (status !== 415) return reply.status(status).send({ error: { code, message: patientErrorMessage(locale, code)! } });
      }
      throw error;
    });
    await register(scope as unknown as ZodApp);
  });
}
