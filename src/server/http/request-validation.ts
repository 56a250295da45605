import type { FastifySchemaCompiler } from 'fastify';
import { jsonSchemaTransform, validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { UNSAFE_TEXT_MESSAGE, unsafeTextPaths } from '../../contracts/common.js';

/**
 * The route validator (app.ts sets it for every route): the contract's schema, with two rules
 * kept here once instead of in every contract (PRODUCT §7):
 *
 * - every part of every request (params, query, body, headers) is refused when any text in it,
 *   key or value, holds a NUL or a lone surrogate (`unsafeTextPaths`, contracts/common.ts): 400
 *   with a message per field, before the contract or anything downstream (PostgreSQL) sees it;
 * - request bodies refuse fields their contract does not name: each object of a body schema
 *   becomes strict, and the 400 names every unknown field (`fields: { role: 'Unknown field.' }`).
 *   Objects a contract declares loose (`.loose()`, e.g. Twilio's form posts, which carry many
 *   fields we do not read) stay loose.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const schema = route.httpPart === 'body' ? strictBody(route.schema as z.ZodType) : (route.schema as z.ZodType);
  const validate = zodValidatorCompiler({ ...route, schema: SafeText.pipe(schema) });
  return (data) => {
    // The zod validator answers synchronously with { value } or { error: [issues] }.
    const result = validate(data) as { value?: unknown; error?: unknown };
    if (!Array.isArray(result.error)) return { value: result.value };
    return { error: (result.error as ValidationIssue[]).flatMap(namedUnknownFields) as unknown as Error };
  };
};

/** The OpenAPI transform, describing request bodies as the validator reads them: strict (`additionalProperties: false`). */
export const jsonSchemaTransformStrictBodies: typeof jsonSchemaTransform = (document) => {
  const body = document.schema?.body;
  if (!(body instanceof z.ZodType)) return jsonSchemaTransform(document);
  return jsonSchemaTransform({ ...document, schema: { ...document.schema, body: strictBody(body) } });
};

const SafeText = z.unknown().superRefine((value, ctx) => {
  for (const path of unsafeTextPaths(value)) ctx.addIssue({ code: 'custom', path, message: UNSAFE_TEXT_MESSAGE, input: undefined });
});

type ValidationIssue = { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> };

/** zod reports unknown keys as one issue on their object; the envelope wants one field each. */
function namedUnknownFields(issue: ValidationIssue): ValidationIssue[] {
  if (issue.keyword !== 'unrecognized_keys' || !Array.isArray(issue.params.keys)) return [issue];
  const base = issue.instancePath.replace(/\/$/, '');
  return issue.params.keys.map((key) => ({ ...issue, instancePath: `${base}/${String(key)}`, message: 'Unknown field.' }));
}

const strictCache = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The same schema with every object that strips unknown keys (zod's default) made strict.
 * Wrappers, arrays, records' values, unions and the input side of pipes are followed; lazy
 * schemas, intersections and a pipe's output are left as they are. Unchanged parts keep their identity.
 */
export function strictBody(schema: z.ZodType): z.ZodType {
  const cached = strictCache.get(schema);
  if (cached) return cached;
  const result = strictOf(schema);
  strictCache.set(schema, result);
  return result;
}

function strictOf(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const clone = (changes: Record<string, unknown>) => schema.clone({ ...def, ...changes } as typeof schema._zod.def);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const strictShape = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, strictBody(field)]));
      const shapeChanged = Object.keys(shape).some((key) => strictShape[key] !== shape[key]);
      if (def.catchall !== undefined && !shapeChanged) return schema;
      return clone({ shape: strictShape, ...(def.catchall === undefined ? { catchall: z.never() } : {}) });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return rewrap(schema, 'innerType', clone, def);
    case 'array':
      return rewrap(schema, 'element', clone, def);
    case 'record':
      return rewrap(schema, 'valueType', clone, def);
    case 'pipe':
      return rewrap(schema, 'in', clone, def);
    // An intersection's sides each see the other's keys, so neither side may be strict.
    case 'intersection':
      return schema;
    case 'union': {
      const options = def.options as z.ZodType[];
      const strictOptions = options.map(strictBody);
      return strictOptions.every((o, i) => o === options[i]) ? schema : clone({ options: strictOptions });
    }
    default:
      return schema;
  }
}

function rewrap(schema: z.ZodType, key: string, clone: (changes: Record<string, unknown>) => z.ZodType, def: Record<string, unknown>): z.ZodType {
  const inner = def[key] as z.ZodType;
  const strict = strictBody(inner);
  return strict === inner ? schema : clone({ [key]: strict });
}
