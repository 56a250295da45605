import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registeredRoutes, type TestAppHandle } from './test-support/index.js';

let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is a public OpenAPI 3.1 document', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'Switchboard API' } });
  });

  it('lists every /api route with its method', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)));
    const missing = registeredRoutes(t.app)
      .filter((r) => r.url.startsWith('/api/') && r.url !== '/api/openapi.json' && r.url !== '/api/v1/openapi.json')
      .map((r) => `${r.method} ${toOpenApiPath(r.url)}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
  });

  it('describes request bodies and error responses from the zod schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const login = doc.paths['/api/session/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '401', '423']));
  });

  it('defines every schema it refers to: each $ref resolves inside the document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as Record<string, unknown>;
    const refs = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.add(value);
          else walk(value);
        }
      }
    };
    walk(doc);
    // A JSON pointer (RFC 6901) into the document itself.
    const resolve = (ref: string): unknown =>
      ref.startsWith('#/')
        ? ref
            .slice(2)
            .split('/')
            .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
            .reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), doc)
        : undefined;
    expect(refs.size).toBeGreaterThan(0);
    expect([...refs].filter((ref) => resolve(ref) === undefined)).toEqual([]);
    // The error envelope is one shared component, not a copy per route.
    expect(refs).toContain('#/components/schemas/Error');
  });

  it('describes request bodies as strict (unknown fields are refused), except the loose Twilio form posts', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const bodyOf = (path: string, method: string) => doc.paths[path][method].requestBody.content;
    const profile = bodyOf('/api/profile', 'patch')['application/json'].schema;
    expect(profile.additionalProperties).toBe(false);
    expect(profile.properties.notificationPreferences.additionalProperties).toBe(false);
    const voice = Object.values(bodyOf('/telephony/twilio/voice', 'post'))[0] as { schema: { additionalProperties?: unknown } };
    expect(voice.schema.additionalProperties).not.toBe(false);
  });
});
