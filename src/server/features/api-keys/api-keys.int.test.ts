import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createAppContext } from '../../bootstrap.js';
import { loadEnv } from '../../config/env.js';
import { eq, sql } from 'drizzle-orm';
import { apiIdempotencyKeys, apiKeys, handoffEvents, userOrganizations, users } from '../../db/schema/index.js';
import { purgeIdempotencyKeys } from './api-keys.service.js';
import { auditRows, createCall, createOrganization, createStaffUser, createTestApp, errorCode, signIn, TEST_ENV, type TestApp, type TestAppHandle } from '../../test-support/index.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';
import { createHandoff } from '../handoff-records/create-handoff.service.js';

let t: TestAppHandle;
let second: TestApp;
let closeSecond: () => Promise<void> = async () => undefined;
let home: OrganizationRow;
let other: OrganizationRow;
const cookies = {} as Record<'developer' | 'admin' | 'agent', string>;

const createKey = async (payload: Record<string, unknown>, cookie = cookies.developer) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/developer/api-keys', headers: { cookie }, payload });
  return res;
};
const newKey = async (scopes: string[], organizationIds = [home.id], cookie = cookies.developer) => {
  const res = await createKey({ name: `Key ${scopes.join(' ')}`, organizationIds, scopes }, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { key: { id: string; prefix: string }; secret: string };
};
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const v1 = (secret: string, url: string, init: { method?: 'GET' | 'POST'; payload?: unknown; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: init.method ?? 'GET', url, headers: { ...bearer(secret), origin: undefined as unknown as string, ...init.headers }, payload: init.payload as object });
const newHandoff = () =>
  t.db.transaction((tx) => createHandoff(t.ctx, tx, { organizationId: home.id, type: 'callback', priority: 'normal', source: 'staff', reason: 'API: call the patient back', contactName: 'Pat Doe', contactPhone: '+18605550100' }));

beforeAll(async () => {
  t = await createTestApp();
  home = await createOrganization(t.ctx, { name: 'Key Clinic' });
  other = await createOrganization(t.ctx, { name: 'Other Clinic' });
  const developer = await createStaffUser(t.ctx, { role: 'developer', organizationIds: [home.id] });
  cookies.developer = await signIn(t.app, developer.email, developer.password);
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  cookies.admin = await signIn(t.app, admin.email, admin.password);
  const agent = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [home.id] });
  cookies.agent = await signIn(t.app, agent.email, agent.password);
  // A second web process on the same database.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-test-'));
  const { ctx, database } = createAppContext(loadEnv({ ...TEST_ENV, DATA_DIR: dataDir } as NodeJS.ProcessEnv), t.databaseUrl, { poolMax: 2 });
  second = await buildApp(ctx);
  await second.ready();
  closeSecond = async () => {
    await second.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
});
afterAll(async () => {
  await closeSecond();
  await t?.close();
});

describe('API keys', () => {
  it('are created for the creator’s organizations, shown once, listed by prefix, stored hashed', async () => {
    const { key, secret } = await newKey(['calls:read']);
    expect(secret).toMatch(/^sb_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(`${key.prefix}_`)).toBe(true);
    const list = await t.app.inject({ method: 'GET', url: '/api/developer/api-keys', headers: { cookie: cookies.developer } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.json().items.find((k: { id: string }) => k.id === key.id)).toMatchObject({ prefix: key.prefix, status: 'active', organizations: [{ id: home.id, name: 'Key Clinic' }] });
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));
    expect(await auditRows(t.db, 'api_key.created', key.id)).toHaveLength(1);
  });

  it('refuses an organization the creator may not see, a past expiry, an unknown scope and unknown fields, per field', async () => {
    const foreign = await createKey({ name: 'x', organizationIds: [other.id], scopes: ['calls:read'] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields.organizationIds).toMatch(/not found/);
    const past = await createKey({ name: 'x', organizationIds: [home.id], scopes: ['calls:read'], expiresAt: '2001-01-01T00:00:00Z' });
    expect(past.json().error.fields.expiresAt).toBeDefined();
    const scope = await createKey({ name: 'x', organizationIds: [home.id], scopes: ['root'] });
    expect(Object.keys(scope.json().error.fields)).toEqual(['scopes.0']);
    const extra = await createKey({ name: 'x', organizationIds: [home.id], scopes: ['calls:read'], role: 'admin' });
    expect(extra.json().error.fields.role).toBe('Unknown field.');
  });

  it('caps the expiry at two years ahead with a message on the field; within it, the key is created', async () => {
    const far = await createKey({ name: 'x', organizationIds: [home.id], scopes: ['calls:read'], expiresAt: '9999-12-31T23:59:59Z' });
    expect(far.statusCode).toBe(400);
    expect(far.json().error.fields.expiresAt).toMatch(/at most 2 years ahead/);
    const justOver = new Date(Date.now() + (2 * 366 + 1) * 86_400_000).toISOString();
    expect((await createKey({ name: 'x', organizationIds: [home.id], scopes: ['calls:read'], expiresAt: justOver })).statusCode).toBe(400);
    const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const ok = await createKey({ name: 'x', organizationIds: [home.id], scopes: ['calls:read'], expiresAt: inAYear });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().key).toMatchObject({ status: 'active', expiresAt: inAYear });
  });

  it('is listed as inactive, saying why, once its creator is deactivated (and the API refuses it)', async () => {
    const creator = await createStaffUser(t.ctx, { role: 'developer', organizationIds: [home.id] });
    const c = await signIn(t.app, creator.email, creator.password);
    const { key, secret } = await newKey(['calls:read'], [home.id], c);
    const admin = cookies.admin;
    const deactivated = await t.app.inject({ method: 'POST', url: `/api/users/${creator.id}/deactivate`, headers: { cookie: admin } });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const refused = await v1(secret, '/api/v1/calls');
    expect([refused.statusCode, errorCode(refused)]).toEqual([401, 'api_key_invalid']);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/developer/api-keys', headers: { cookie: cookies.developer } })).json().items.find((k: { id: string }) => k.id === key.id);
    expect(listed).toMatchObject({ status: 'inactive', inactiveReason: expect.stringMatching(/deactivated/) });
    // A creator taken out of every organization of the key: inactive too.
    const moved = await createStaffUser(t.ctx, { role: 'developer', organizationIds: [home.id] });
    const m = await signIn(t.app, moved.email, moved.password);
    const second = await newKey(['calls:read'], [home.id], m);
    await t.db.delete(userOrganizations).where(eq(userOrganizations.userId, moved.id));
    const one = (await t.app.inject({ method: 'GET', url: `/api/developer/api-keys`, headers: { cookie: cookies.admin } })).json().items.find((k: { id: string }) => k.id === second.key.id);
    expect(one).toMatchObject({ status: 'inactive', inactiveReason: expect.stringMatching(/no longer belongs/) });
    expect((await v1(second.secret, '/api/v1/calls')).statusCode).toBe(403);
  });

  it('a key never does more than its creator’s role: a developer may not grant handoffs, and a key stops when its creator’s role does', async () => {
    const refused = await createKey({ name: 'x', organizationIds: [home.id], scopes: ['calls:read', 'handoffs:write'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.scopes).toMatch(/may not grant handoffs:write/);
    const supervisor = await createStaffUser(t.ctx, { role: 'admin' });
    const c = await signIn(t.app, supervisor.email, supervisor.password);
    const { secret } = await newKey(['handoffs:read'], [home.id], c);
    expect((await v1(secret, '/api/v1/handoffs')).statusCode).toBe(200);
    await t.db.update(users).set({ role: 'developer' }).where(eq(users.id, supervisor.id));
    const after = await v1(secret, '/api/v1/handoffs');
    expect([after.statusCode, errorCode(after)]).toEqual([403, 'insufficient_scope']);
  });

  it('an agent may not manage keys; a developer does not see a key of another organization', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/developer/api-keys', headers: { cookie: cookies.agent } })).statusCode).toBe(403);
    const adminKey = (await createKey({ name: 'Other org key', organizationIds: [other.id], scopes: ['calls:read'] }, cookies.admin)).json();
    const list = await t.app.inject({ method: 'GET', url: '/api/developer/api-keys', headers: { cookie: cookies.developer } });
    expect(list.json().items.map((k: { id: string }) => k.id)).not.toContain(adminKey.key.id);
    const revoke = await t.app.inject({ method: 'POST', url: `/api/developer/api-keys/${adminKey.key.id}/revoke`, headers: { cookie: cookies.developer } });
    expect(revoke.statusCode).toBe(404);
  });
});

describe('bearer authentication', () => {
  it('answers missing, malformed, unknown keys with 401 and a code; a key without the scope with 403', async () => {
    const { secret } = await newKey(['organizations:read']);
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/calls' });
    expect([none.statusCode, errorCode(none)]).toEqual([401, 'api_key_missing']);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/v1/calls', headers: { authorization: 'Basic abc' } });
    expect([malformed.statusCode, errorCode(malformed)]).toEqual([401, 'api_key_malformed']);
    const unknown = await v1(`sb_abcdefgh_${'A'.repeat(43)}`, '/api/v1/calls');
    expect([unknown.statusCode, errorCode(unknown)]).toEqual([401, 'api_key_invalid']);
    const scope = await v1(secret, '/api/v1/calls');
    expect([scope.statusCode, errorCode(scope)]).toEqual([403, 'insufficient_scope']);
    // A session cookie does not open the public API.
    const cookie = await t.app.inject({ method: 'GET', url: '/api/v1/calls', headers: { cookie: cookies.admin } });
    expect(cookie.statusCode).toBe(401);
  });

  it('a key whose creator left all its organizations is refused with a reason, not answered with empty figures', async () => {
    const developer = await createStaffUser(t.ctx, { role: 'developer', organizationIds: [home.id] });
    const c = await signIn(t.app, developer.email, developer.password);
    const { secret } = await newKey(['analytics:read', 'calls:read'], [home.id], c);
    expect((await v1(secret, '/api/v1/analytics?from=2026-03-01&to=2026-03-07')).statusCode).toBe(200);
    await t.db.delete(userOrganizations).where(eq(userOrganizations.userId, developer.id));
    for (const url of ['/api/v1/analytics?from=2026-03-01&to=2026-03-07', '/api/v1/calls']) {
      const res = await v1(secret, url);
      expect([res.statusCode, errorCode(res)], url).toEqual([403, 'forbidden']);
      expect(res.json().error.message).toMatch(/no longer belongs/);
    }
  });

  it('sees its organizations only: another organization’s call is not found and is not listed', async () => {
    const { secret } = await newKey(['calls:read']);
    const mine = await createCall(t.ctx, { organizationId: home.id });
    const theirs = await createCall(t.ctx, { organizationId: other.id });
    const list = await v1(secret, '/api/v1/calls?limit=100');
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().items.map((c: { id: string }) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await v1(secret, `/api/v1/calls/${mine.id}`)).statusCode).toBe(200);
    expect((await v1(secret, `/api/v1/calls/${mine.id}/transcript`)).json()).toMatchObject({ callId: mine.id, lines: [] });
    const foreign = await v1(secret, `/api/v1/calls/${theirs.id}`);
    expect([foreign.statusCode, errorCode(foreign)]).toEqual([404, 'not_found']);
    const audit = await auditRows(t.db, 'phi.view', mine.id);
    expect(audit.some((a) => a.actorType === 'api_key')).toBe(true);
  });

  it('revocation is refused at once by every process; rotation stops the old secret and starts the new one', async () => {
    const { key, secret } = await newKey(['calls:read']);
    expect((await v1(secret, '/api/v1/calls')).statusCode).toBe(200);
    expect((await second.inject({ method: 'GET', url: '/api/v1/calls', headers: bearer(secret) })).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'POST', url: `/api/developer/api-keys/${key.id}/revoke`, headers: { cookie: cookies.developer } });
    expect(revoked.json().status).toBe('revoked');
    const after = await v1(secret, '/api/v1/calls');
    expect([after.statusCode, errorCode(after)]).toEqual([401, 'api_key_revoked']);
    const elsewhere = await second.inject({ method: 'GET', url: '/api/v1/calls', headers: bearer(secret) });
    expect([elsewhere.statusCode, errorCode(elsewhere)]).toEqual([401, 'api_key_revoked']);

    const b = await newKey(['calls:read']);
    const rotated = await t.app.inject({ method: 'POST', url: `/api/developer/api-keys/${b.key.id}/rotate`, headers: { cookie: cookies.developer } });
    expect(rotated.statusCode).toBe(201);
    expect(errorCode(await v1(b.secret, '/api/v1/calls'))).toBe('api_key_revoked');
    expect((await v1(rotated.json().secret, '/api/v1/calls')).statusCode).toBe(200);
  });

  it('an expired key is refused with api_key_expired', async () => {
    const { key, secret } = await newKey(['calls:read']);
    await t.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, key.id));
    const res = await v1(secret, '/api/v1/calls');
    expect([res.statusCode, errorCode(res)]).toEqual([401, 'api_key_expired']);
  });

  it('records the last use with its address', async () => {
    const { key, secret } = await newKey(['organizations:read']);
    expect((await v1(secret, `/api/v1/organizations/${home.id}`)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.lastUsedAt).not.toBeNull();
    expect(row!.lastUsedIp).toBe('127.0.0.1');
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body; a different body is a 422; no second note', async () => {
    const { secret } = await newKey(['handoffs:write'], [home.id], cookies.admin);
    const h = await newHandoff();
    const send = (body: string) => v1(secret, `/api/v1/handoffs/${h.id}/notes`, { method: 'POST', payload: { body }, headers: { 'idempotency-key': `note-${h.id}` } });
    const first = await send('Called, left a message');
    expect(first.statusCode, first.body).toBe(200);
    const again = await send('Called, left a message');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const notes = await t.db.select().from(handoffEvents).where(eq(handoffEvents.handoffId, h.id));
    expect(notes.filter((n) => n.kind === 'note')).toHaveLength(1);
    const changed = await send('Something else');
    expect([changed.statusCode, errorCode(changed)]).toEqual([422, 'idempotency_key_reused']);
    const bad = await v1(secret, `/api/v1/handoffs/${h.id}/notes`, { method: 'POST', payload: { body: 'x' }, headers: { 'idempotency-key': 'é'.repeat(3) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['headers.idempotency-key']).toBeDefined();
  });
});

describe('purge of idempotency keys', () => {
  it('deletes the answers kept longer than 24 hours, and only those', async () => {
    const { key } = await newKey(['organizations:read']);
    await t.db.insert(apiIdempotencyKeys).values({ apiKeyId: key.id, key: 'purge-me', requestHash: 'x', statusCode: 200, responseBody: '{}' });
    const kept = await t.db.select().from(apiIdempotencyKeys);
    const purged = await purgeIdempotencyKeys(t.db, new Date(Date.now() - 86_400_000));
    expect(purged).toBe(0);
    expect(await purgeIdempotencyKeys(t.db, new Date(Date.now() + 1000))).toBe(kept.length);
    expect(await t.db.select().from(apiIdempotencyKeys)).toHaveLength(0);
  });
});

describe('rate limits', () => {
  it('count per key across requests, with RateLimit-* headers and Retry-After on the 429', async () => {
    const limited = await createTestApp({ API_KEY_RATE_LIMIT: '3' });
    try {
      const org = await createOrganization(limited.ctx, { name: 'Limited Clinic' });
      const dev = await createStaffUser(limited.ctx, { role: 'developer', organizationIds: [org.id] });
      const cookie = await signIn(limited.app, dev.email, dev.password);
      const mk = async () =>
        (await limited.app.inject({ method: 'POST', url: '/api/developer/api-keys', headers: { cookie }, payload: { name: 'k', organizationIds: [org.id], scopes: ['organizations:read'] } })).json().secret as string;
      const [a, b] = [await mk(), await mk()];
      const call = (secret: string) => limited.app.inject({ method: 'GET', url: '/api/v1/organizations', headers: bearer(secret) });
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await call(a));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers[0]!.headers['ratelimit-limit']).toBe('3');
      expect(answers[1]!.headers['ratelimit-remaining']).toBe('1');
      expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
      expect(errorCode(answers[3]!)).toBe('rate_limited');
      // Another key has its own budget.
      expect((await call(b)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the per-address limit, before the key is looked up', () => {
  it('answers 429 with Retry-After to unknown, malformed and out-of-scope keys from one address; another address goes on', async () => {
    const limited = await createTestApp({ API_ADDRESS_RATE_LIMIT: '6', RATE_LIMIT_SCALE: '1' });
    try {
      const org = await createOrganization(limited.ctx, { name: 'Flooded Clinic' });
      const dev = await createStaffUser(limited.ctx, { role: 'developer', organizationIds: [org.id] });
      const cookie = await signIn(limited.app, dev.email, dev.password);
      const created = await limited.app.inject({ method: 'POST', url: '/api/developer/api-keys', headers: { cookie }, payload: { name: 'k', organizationIds: [org.id], scopes: ['organizations:read'] } });
      const secret = created.json().secret as string;
      const call = (authorization: string, url = '/api/v1/organizations', remoteAddress = '203.0.113.7') =>
        limited.app.inject({ method: 'GET', url, headers: { authorization }, remoteAddress });
      const unknown = `sb_abcdefgh_${'A'.repeat(43)}`;
      const answers = [
        await call(`Bearer ${unknown}`),
        await call('Bearer not-a-key'),
        await call('Basic xyz'),
        await call(`Bearer ${secret}`, '/api/v1/calls'), // the key lacks calls:read
        await call(`Bearer ${unknown}`),
        await call(`Bearer ${unknown}`),
        await call(`Bearer ${unknown}`),
        await call(`Bearer ${secret}`),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 403, 401, 401, 429, 429]);
      expect(errorCode(answers[6]!)).toBe('rate_limited');
      expect(Number(answers[6]!.headers['retry-after'])).toBeGreaterThan(0);
      // Counted in PostgreSQL, like every limit (several web processes share it).
      const counters = await limited.db.execute<{ key: string; count: number }>(sql`select key, count from rate_limit_counters where key like '%api-address:203.0.113.7'`);
      expect(counters.rows.map((r) => r.count)).toEqual([8]);
      // Another address is not concerned.
      expect((await call(`Bearer ${secret}`, '/api/v1/organizations', '198.51.100.4')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the public API document', () => {
  it('is OpenAPI 3.1 with the bearer scheme, the /api/v1 paths and the webhook payloads', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.paths).every((p: string) => p.startsWith('/api/v1/'))).toBe(true);
    expect(doc.paths['/api/v1/calls'].get).toBeDefined();
    expect(doc.paths['/api/v1/handoffs/{id}/resolve'].post).toBeDefined();
    expect(Object.keys(doc.webhooks)).toContain('call.completed');
  });
});
