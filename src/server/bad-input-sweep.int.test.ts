import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversation, createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from './test-support/index.js';

/**
 * Issue 14 §2: invalid requests generated for every route and method of the OpenAPI document,
 * from the route schemas themselves — so a new route is swept without anyone writing a case.
 * Every answer must be below 500 and, when it refuses, in the error envelope; a refused request
 * must leave the saved data exactly as it was.
 */

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; $ref?: string; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; items?: Schema };
type Operation = { parameters?: { name: string; in: 'path' | 'query' | 'header'; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

interface Case {
  name: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  /** Never acceptable input (NUL, lone surrogates, a body that is not JSON): must be refused. */
  mustRefuse?: boolean;
}

/** Tables whose rows a refused request may legitimately add or touch: logs, counters, session activity. */
const VOLATILE = new Set(['audit_events', 'error_events', 'rate_limit_counters', 'sign_in_attempts', 'sessions', 'verifications']);
/**
 * Routes left out: sign-out (it ends the sweep's own session), the test clock (test builds
 * only), and the error-reporting check page's server error (it raises one on purpose).
 */
const SKIPPED = new Set(['POST /api/session/logout', 'POST /api/test/clock', 'POST /api/sentry-example/server-error']);

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const UUID = '00000000-0000-4000-8000-000000000000';

let t: TestAppHandle;
let cookie: string;
let doc: Doc;
let tables: string[];

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganization(t.ctx);
  await createConversation(t.ctx, { organizationId: org.id, lines: [['caller', 'I need to book a check-up'], ['agent', 'Of course.']] });
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  cookie = await signIn(t.app, admin.email, admin.password);
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as Doc;
  const rows = await t.db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  tables = rows.rows.map((r) => r.table_name).filter((name) => !VOLATILE.has(name) && !name.startsWith('__'));
}, 60_000);
afterAll(() => t?.close());

/** A fingerprint of every saved row outside the volatile tables. */
async function savedData(): Promise<string> {
  const parts = await Promise.all(
    tables.map(async (name) => {
      const res = await t.db.execute<{ h: string | null }>(sql.raw(`select md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as h from "${name}" x`));
      return `${name}:${res.rows[0]?.h ?? ''}`;
    }),
  );
  return parts.join('|');
}

function resolve(schema: Schema | undefined, depth = 0): Schema | undefined {
  if (!schema || depth > 8) return schema;
  if (schema.$ref) return resolve(doc.components?.schemas?.[schema.$ref.split('/').pop()!], depth + 1);
  if (schema.allOf?.length === 1) return resolve(schema.allOf[0], depth + 1);
  return schema;
}

function typeOf(schema: Schema | undefined): string | undefined {
  const s = resolve(schema);
  if (!s) return undefined;
  if (Array.isArray(s.type)) return s.type.find((x) => x !== 'null');
  if (s.type) return s.type;
  const branch = (s.anyOf ?? s.oneOf)?.map((b) => typeOf(b)).find(Boolean);
  return branch;
}

/** A value of the wrong type for the schema's type. */
function wrongValue(schema: Schema | undefined): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'not a number';
    case 'boolean':
      return 'maybe';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return { unexpected: true };
  }
}

function deeplyNested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** The invalid requests for one operation, from its documented parameters and body. */
function casesFor(method: string, path: string, op: Operation): Case[] {
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
  const fill = (value: string) => path.replace(/\{([^}]+)\}/g, () => value);
  const base = fill(UUID);
  const cases: Case[] = [];
  if (pathParams.length > 0) {
    for (const [name, value] of [
      ['malformed id', 'not-an-id'],
      ['NUL in id', encodeURIComponent(NUL)],
      ['over-long id', 'x'.repeat(5000)],
      ['bad URL encoding', '%E0%A4%A'],
      ['lone surrogate in id', '%ED%A0%80'],
    ]) {
      cases.push({ name: `path: ${name}`, url: fill(value!) });
    }
  }
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  for (const p of query) {
    cases.push({ name: `query ${p.name}: wrong type`, url: `${base}?${p.name}=${encodeURIComponent(String(wrongValue(p.schema)))}` });
    cases.push({ name: `query ${p.name}: NUL`, url: `${base}?${p.name}=${encodeURIComponent(`a${NUL}b`)}`, mustRefuse: true });
    // Not valid UTF-8: the server reads replacement characters, which are harmless text.
    cases.push({ name: `query ${p.name}: encoded surrogate`, url: `${base}?${p.name}=%ED%A0%80` });
  }
  cases.push({ name: 'oversized query string', url: `${base}?${'q'.repeat(20)}=${'x'.repeat(20_000)}` });
  cases.push({ name: 'unknown query parameter', url: `${base}?zz_unknown=1` });
  if (method === 'get' || method === 'delete') return cases;

  const json = { 'content-type': 'application/json' };
  const schema = resolve(op.requestBody?.content?.['application/json']?.schema);
  const props = resolve(schema)?.properties ?? {};
  cases.push({ name: 'body: not JSON', url: base, headers: json, payload: '{"unterminated": ', mustRefuse: true });
  cases.push({ name: 'body: wrong content type', url: base, headers: { 'content-type': 'text/plain' }, payload: 'hello' });
  cases.push({ name: 'body: empty', url: base, headers: json, payload: '' });
  cases.push({ name: 'body: an array', url: base, headers: json, payload: '[]' });
  cases.push({ name: 'body: a string', url: base, headers: json, payload: '"text"' });
  cases.push({ name: 'body: deeply nested', url: base, headers: json, payload: JSON.stringify({ nested: deeplyNested(2000) }) });
  cases.push({ name: 'body: too large', url: base, headers: json, payload: JSON.stringify({ big: 'x'.repeat(3 * 1024 * 1024) }) });
  cases.push({ name: 'body: missing fields', url: base, headers: json, payload: '{}' });
  cases.push({ name: 'body: unknown field', url: base, headers: json, payload: JSON.stringify({ zz_unknown_field: 'x' }) });
  for (const [name, propSchema] of Object.entries(props)) {
    cases.push({ name: `body ${name}: wrong type`, url: base, headers: json, payload: JSON.stringify({ [name]: wrongValue(propSchema) }) });
    if (typeOf(propSchema) === 'string') {
      cases.push({ name: `body ${name}: NUL`, url: base, headers: json, payload: JSON.stringify({ [name]: `a${NUL}b` }), mustRefuse: true });
      // JSON.stringify keeps a lone surrogate as the escape \ud800, as an attacker would send it.
      cases.push({ name: `body ${name}: lone surrogate`, url: base, headers: json, payload: JSON.stringify({ [name]: `a${LONE_SURROGATE}b` }), mustRefuse: true });
      cases.push({ name: `body ${name}: huge`, url: base, headers: json, payload: JSON.stringify({ [name]: 'x'.repeat(200_000) }) });
    }
  }
  return cases;
}

function operations(): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path, op })))
    .filter(({ method, path }) => !SKIPPED.has(`${method.toUpperCase()} ${path}`));
}

/**
 * The error envelope — or, under /api/v1/fhir, the same error as a FHIR OperationOutcome (its
 * first issue carries the envelope's code in `details.coding` and its message in `diagnostics`).
 */
function inEnvelope(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown }; resourceType?: unknown; issue?: { details?: { coding?: { code?: unknown }[] }; diagnostics?: unknown }[] };
    if (parsed.resourceType === 'OperationOutcome') return typeof parsed.issue?.[0]?.details?.coding?.[0]?.code === 'string' && typeof parsed.issue[0].diagnostics === 'string';
    return typeof parsed.error?.code === 'string' && typeof parsed.error?.message === 'string';
  } catch {
    return false;
  }
}

describe('generated bad input, every route of the OpenAPI document', () => {
  it('documents the routes it sweeps', () => {
    expect(operations().length).toBeGreaterThan(50);
  });

  it('answers every invalid request below 500, refusals in the error envelope, and loses or changes nothing saved', async () => {
    const problems: string[] = [];
    for (const { method, path, op } of operations()) {
      const mutating = method !== 'get';
      for (const c of casesFor(method, path, op)) {
        const before = mutating ? await savedData() : '';
        const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url: c.url, headers: { cookie, ...c.headers }, payload: c.payload });
        const label = `${method.toUpperCase()} ${path} — ${c.name}: ${res.statusCode}`;
        if (res.statusCode >= 500) problems.push(`${label} ${res.body.slice(0, 200)}`);
        else if (c.mustRefuse && res.statusCode < 400) problems.push(`${label} accepted`);
        else if (res.statusCode >= 400) {
          if (!inEnvelope(res.body)) problems.push(`${label} outside the envelope: ${res.body.slice(0, 120)}`);
          if (mutating && (await savedData()) !== before) problems.push(`${label} changed saved data`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
