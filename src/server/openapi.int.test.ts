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
      .filter((r) => r.url.startsWith('/api/') && r.url !== '/api/openapi.json')
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
});
