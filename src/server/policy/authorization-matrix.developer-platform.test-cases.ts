import type { MatrixFixtures, MatrixRow, Principal, SampleRequest } from './authorization-matrix.test-helpers.js';
import { everyone, NOT_ORGANIZATION_SCOPED, only } from './authorization-matrix.test-helpers.js';
import { apiKeys } from '../db/schema/index.js';
import { newApiKeySecret } from '../features/api-keys/api-keys.service.js';
import { createHandoff } from '../features/handoff-records/create-handoff.service.js';
import { createSubmittedRequest } from '../features/appointment-requests/request-submission.service.js';
import { createCall } from '../test-support/calls.js';
import type { ApiScope } from '../../domain/developer/api-scopes.js';

/**
 * The authorization-matrix rows of the developer platform (issue 18): API key management, and the
 * public API (`/api/v1`), whose principals are API keys. For a `/api/v1` row each principal sends
 * a key (its session cookie, also sent, opens nothing there):
 * - anonymous: no key → 401;
 * - admin: a key of `home` with every scope → the success status;
 * - developer: a key of `home` with exactly the route's scope → the success status;
 * - supervisor: a key of `home` with every scope but the route's (and its write twin) → 403;
 * - agent: a revoked key with the route's scope → 401.
 * A key of `other` with the scope, sent by an outsider, gets 404 for a record of `home` and
 * lists without it — a key's organizations are checked as a staff user's are.
 */
type KeyKind = 'all' | 'exact' | 'missing' | 'revoked' | 'other';
const ALL: ApiScope[] = [
  'calls:read',
  'handoffs:read',
  'handoffs:write',
  'appointment_requests:read',
  'appointment_requests:write',
  'organizations:read',
  'outbound:read',
  'outbound:write',
  'analytics:read',
  'webhooks:manage',
  'scheduling:read',
  'scheduling:write',
  'agent_tests:read',
  'agent_tests:write',
];

async function keyFor(fx: MatrixFixtures, kind: KeyKind, scope: ApiScope): Promise<string> {
  const { secret, prefix, hash } = newApiKeySecret();
  const twin = scope.replace(/:read$/, ':write');
  const scopes = kind === 'all' ? ALL : kind === 'missing' ? ALL.filter((s) => s !== scope && s !== twin) : [scope];
  // An administrator's keys: every scope is theirs to grant (a key never exceeds its creator's role).
  const creator = fx.users.admin;
  await fx.ctx.db.insert(apiKeys).values({
    name: `Matrix ${kind}`,
    prefix,
    secretHash: hash,
    scopes,
    organizationIds: [kind === 'other' ? fx.other.id : fx.home.id],
    createdBy: creator.id,
    revokedAt: kind === 'revoked' ? new Date() : null,
  });
  return secret;
}

const KIND_OF: Record<Principal, KeyKind | null> = { anonymous: null, admin: 'all', developer: 'exact', supervisor: 'missing', agent: 'revoked' };
const keyExpect = (status: number) => ({ anonymous: 401, admin: status, developer: status, supervisor: 403, agent: 401 });

/** A `/api/v1` row: `sample` builds the path and body; each principal brings its kind of key. */
export function v1Row(route: string, scope: ApiScope, status: number, sample: (fx: MatrixFixtures) => Promise<SampleRequest>, list?: (body: unknown, fx: MatrixFixtures) => void): MatrixRow {
  return {
    route,
    expect: keyExpect(status),
    codes: { anonymous: 'api_key_missing', patient: 'api_key_missing', supervisor: 'insufficient_scope', agent: 'api_key_revoked' },
    request: async (fx, as) => {
      const kind = KIND_OF[as];
      const req = await sample(fx);
      return kind ? { ...req, headers: { ...req.headers, authorization: `Bearer ${await keyFor(fx, kind, scope)}` } } : req;
    },
    otherOrganization: {
      as: 'developer',
      request: async (fx) => {
        const req = await sample(fx);
        return { ...req, headers: { ...req.headers, authorization: `Bearer ${await keyFor(fx, 'other', scope)}` } };
      },
      status: list ? 200 : 404,
      verify: list,
    },
  };
}

export function developerPlatformMatrixRows(): MatrixRow[] {
  const homeCall = (fx: MatrixFixtures) => createCall(fx.ctx, { organizationId: fx.home.id, fromNumber: '+18605550170' });
  const handoff = (fx: MatrixFixtures) =>
    fx.ctx.db.transaction((tx) =>
      createHandoff(fx.ctx, tx, { organizationId: fx.home.id, type: 'callback', priority: 'normal', source: 'staff', reason: 'Matrix: API', contactName: 'Matrix Patient', contactPhone: '+18605550171' }),
    );
  const request = (fx: MatrixFixtures) =>
    fx.ctx.db.transaction((tx) =>
      createSubmittedRequest(fx.ctx, tx, {
        organizationId: fx.home.id,
        source: 'web',
        firstName: 'Matrix',
        lastName: 'Api',
        dateOfBirth: '1980-04-02',
        phone: '+18605550172',
        email: 'matrix.api@example.test',
        reason: 'Follow-up',
        consentToContact: true,
      }),
    );
  // Far ahead, so nothing is dialled (the matrix runs no worker either).
  const outboundCall = (fx: MatrixFixtures) => ({ organizationId: fx.home.id, phone: '+18605550173', purpose: 'recall', contactName: 'Matrix Patient', scheduledFor: '2099-01-01T15:00:00Z' });
  const outboundCampaign = (fx: MatrixFixtures) => ({
    organizationId: fx.home.id,
    name: 'Matrix API recall',
    purpose: 'recall',
    window: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] },
    maxAttempts: 2,
    retryIntervalMinutes: 60,
    concurrency: 1,
    startAt: '2099-01-01T09:00:00Z',
    contacts: [{ name: 'Matrix Contact', phone: '+18605550174' }],
  });
  const homeJob = (fx: MatrixFixtures) => fx.asAdmin<{ id: string }>('POST', '/api/outbound/calls', outboundCall(fx));
  const homeCampaign = (fx: MatrixFixtures) => fx.asAdmin<{ id: string }>('POST', '/api/outbound/campaigns', (({ contacts: _, ...settings }) => settings)(outboundCampaign(fx)));
  const future = () => `${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)}T10:00`;

  const v1 = v1Row;
  const notListed = (field = 'organizationId') => (body: unknown, fx: MatrixFixtures) => {
    const items = (body as { items: Record<string, unknown>[] }).items;
    if (items.some((i) => i[field] === fx.home.id || i.id === fx.home.id)) throw new Error("the key lists another organization's records");
  };

  /** A public address (an IP literal: nothing to resolve); the matrix runs no worker, so nothing is sent. */
  const HOOK_URL = 'https://1.1.1.1/matrix-hook';
  const endpoint = async (fx: MatrixFixtures) =>
    (await fx.asAdmin<{ endpoint: { id: string } }>('POST', '/api/developer/webhooks', { organizationId: fx.home.id, url: HOOK_URL, events: ['intake.submitted'] })).endpoint.id;
  const onEndpoint = (route: string, status: number, suffix: string, payload?: unknown): MatrixRow => {
    const sample = async (fx: MatrixFixtures): Promise<SampleRequest> => ({ url: `/api/developer/webhooks/${await endpoint(fx)}${suffix}`, payload });
    return { route, expect: only(['admin', 'developer'], status), request: sample, otherOrganization: { as: 'developer', request: sample, status: 404 } };
  };
  const onDelivery = (route: string, status: number, suffix: string): MatrixRow => {
    const sample = async (fx: MatrixFixtures): Promise<SampleRequest> => {
      const id = await endpoint(fx);
      const { deliveryId } = await fx.asAdmin<{ deliveryId: string }>('POST', `/api/developer/webhooks/${id}/test`);
      return { url: `/api/developer/webhooks/${id}/deliveries/${deliveryId}${suffix}` };
    };
    return { route, expect: only(['admin', 'developer'], status), request: sample, otherOrganization: { as: 'developer', request: sample, status: 404 } };
  };

  return [
    // ── API keys (/developer → API keys) ────────────────────────────────────────────────────
    {
      route: 'GET /api/developer/api-keys',
      expect: only(['admin', 'developer'], 200),
      otherOrganization: {
        as: 'developer',
        request: async (fx) => {
          await keyFor(fx, 'all', 'calls:read');
          return {};
        },
        status: 200,
        verify: (body, fx) => {
          const items = (body as { items: { organizations: { id: string }[] }[] }).items;
          if (items.some((k) => k.organizations.some((o) => o.id === fx.home.id))) throw new Error("lists another organization's keys");
        },
      },
    },
    {
      route: 'POST /api/developer/api-keys',
      expect: only(['admin', 'developer'], 201),
      request: (fx) => ({ payload: { name: 'Matrix key', organizationIds: [fx.home.id], scopes: ['calls:read'] } }),
      otherOrganization: { as: 'developer', request: (fx) => ({ payload: { name: 'Not yours', organizationIds: [fx.home.id], scopes: ['calls:read'] } }), status: 400 },
    },
    ...(['revoke', 'rotate'] as const).map(
      (action): MatrixRow => ({
        route: `POST /api/developer/api-keys/:id/${action}`,
        expect: only(['admin', 'developer'], action === 'revoke' ? 200 : 201),
        request: async (fx) => ({ url: `/api/developer/api-keys/${(await fx.asAdmin<{ key: { id: string } }>('POST', '/api/developer/api-keys', { name: 'Matrix', organizationIds: [fx.home.id], scopes: ['calls:read'] })).key.id}/${action}` }),
        otherOrganization: {
          as: 'developer',
          request: async (fx) => ({ url: `/api/developer/api-keys/${(await fx.asAdmin<{ key: { id: string } }>('POST', '/api/developer/api-keys', { name: 'Matrix', organizationIds: [fx.home.id], scopes: ['calls:read'] })).key.id}/${action}` }),
          status: 404,
        },
      }),
    ),

    // ── webhooks (/developer → Webhooks) ─────────────────────────────────────────────────────
    {
      route: 'GET /api/developer/webhooks',
      expect: only(['admin', 'developer'], 200),
      otherOrganization: {
        as: 'developer',
        request: async (fx) => (await endpoint(fx), {}),
        status: 200,
        verify: (body, fx) => {
          if ((body as { items: { organizationId: string }[] }).items.some((e) => e.organizationId === fx.home.id)) throw new Error("lists another organization's endpoints");
        },
      },
    },
    {
      route: 'POST /api/developer/webhooks',
      expect: only(['admin', 'developer'], 201),
      request: (fx) => ({ payload: { organizationId: fx.home.id, url: HOOK_URL, events: ['intake.submitted'] } }),
      otherOrganization: { as: 'developer', request: (fx) => ({ payload: { organizationId: fx.home.id, url: HOOK_URL, events: ['intake.submitted'] } }), status: 404 },
    },
    onEndpoint('PATCH /api/developer/webhooks/:id', 200, '', { description: 'Matrix change' }),
    onEndpoint('DELETE /api/developer/webhooks/:id', 204, ''),
    onEndpoint('POST /api/developer/webhooks/:id/rotate-secret', 200, '/rotate-secret', { graceHours: 1 }),
    onEndpoint('POST /api/developer/webhooks/:id/test', 202, '/test'),
    onEndpoint('GET /api/developer/webhooks/:id/deliveries', 200, '/deliveries'),
    onEndpoint('POST /api/developer/webhooks/:id/replay-failed', 200, '/replay-failed', { since: '2020-01-01T00:00:00Z' }),
    onDelivery('GET /api/developer/webhooks/:id/deliveries/:deliveryId', 200, ''),
    onDelivery('POST /api/developer/webhooks/:id/deliveries/:deliveryId/replay', 200, '/replay'),

    // ── queue and worker health (/developer → System) ─────────────────────────────────────────
    { route: 'GET /api/developer/system/queue', expect: only(['admin', 'developer'], 200), otherOrganization: NOT_ORGANIZATION_SCOPED },
    { route: 'GET /api/developer/system/failed-jobs', expect: only(['admin'], 200), otherOrganization: NOT_ORGANIZATION_SCOPED },
    {
      route: 'POST /api/developer/system/failed-jobs/:id/retry',
      expect: only(['admin'], 200),
      request: async (fx) => {
        const { rows } = await fx.ctx.pool.query<{ id: string }>(`select (graphile_worker.add_job('matrix-failed', '{}'::json, max_attempts => 1)).id::text as id`);
        await fx.ctx.pool.query(`update graphile_worker._private_jobs set attempts = max_attempts, last_error = 'matrix' where id = $1::bigint`, [rows[0]!.id]);
        return { url: `/api/developer/system/failed-jobs/${rows[0]!.id}/retry` };
      },
      otherOrganization: NOT_ORGANIZATION_SCOPED,
    },

    // ── the public API (/api/v1) ────────────────────────────────────────────────────────────
    { route: 'GET /api/v1/openapi.json', expect: everyone(200), otherOrganization: NOT_ORGANIZATION_SCOPED },
    v1('GET /api/v1/calls', 'calls:read', 200, async (fx) => (await homeCall(fx), { query: { limit: '100' } }), notListed()),
    v1('GET /api/v1/calls/:id', 'calls:read', 200, async (fx) => ({ url: `/api/v1/calls/${(await homeCall(fx)).id}` })),
    v1('GET /api/v1/calls/:id/transcript', 'calls:read', 200, async (fx) => ({ url: `/api/v1/calls/${(await homeCall(fx)).id}/transcript` })),
    v1('GET /api/v1/calls/:id/events', 'calls:read', 200, async (fx) => ({ url: `/api/v1/calls/${(await homeCall(fx)).id}/events` })),
    v1('GET /api/v1/handoffs', 'handoffs:read', 200, async (fx) => (await handoff(fx), {}), notListed()),
    v1('GET /api/v1/handoffs/:id', 'handoffs:read', 200, async (fx) => ({ url: `/api/v1/handoffs/${(await handoff(fx)).id}` })),
    v1('POST /api/v1/handoffs/:id/claim', 'handoffs:write', 200, async (fx) => ({ url: `/api/v1/handoffs/${(await handoff(fx)).id}/claim` })),
    v1('POST /api/v1/handoffs/:id/notes', 'handoffs:write', 200, async (fx) => ({ url: `/api/v1/handoffs/${(await handoff(fx)).id}/notes`, payload: { body: 'Matrix note' } })),
    v1('POST /api/v1/handoffs/:id/resolve', 'handoffs:write', 200, async (fx) => ({ url: `/api/v1/handoffs/${(await handoff(fx)).id}/resolve`, payload: { outcome: 'completed' } })),
    v1('GET /api/v1/appointment-requests', 'appointment_requests:read', 200, async (fx) => (await request(fx), {}), notListed()),
    v1('GET /api/v1/appointment-requests/:id', 'appointment_requests:read', 200, async (fx) => ({ url: `/api/v1/appointment-requests/${(await request(fx)).request.id}` })),
    v1('POST /api/v1/appointment-requests/:id/schedule', 'appointment_requests:write', 200, async (fx) => ({
      url: `/api/v1/appointment-requests/${(await request(fx)).request.id}/schedule`,
      payload: { version: 1, scheduledFor: future() },
    })),
    v1('POST /api/v1/appointment-requests/:id/decline', 'appointment_requests:write', 200, async (fx) => ({
      url: `/api/v1/appointment-requests/${(await request(fx)).request.id}/decline`,
      payload: { version: 1, reason: 'Matrix: not accepting new patients' },
    })),
    v1('POST /api/v1/appointment-requests/:id/cancel', 'appointment_requests:write', 200, async (fx) => ({
      url: `/api/v1/appointment-requests/${(await request(fx)).request.id}/cancel`,
      payload: { version: 1, reason: 'Matrix: patient asked' },
    })),
    v1('GET /api/v1/organizations', 'organizations:read', 200, async () => ({}), notListed('id')),
    v1('GET /api/v1/organizations/:id', 'organizations:read', 200, async (fx) => ({ url: `/api/v1/organizations/${fx.home.id}` })),
    v1('GET /api/v1/organizations/:id/hours', 'organizations:read', 200, async (fx) => ({ url: `/api/v1/organizations/${fx.home.id}/hours` })),
    v1('GET /api/v1/organizations/open-now', 'organizations:read', 200, async () => ({}), notListed()),
    v1('POST /api/v1/outbound/calls', 'outbound:write', 201, async (fx) => ({ payload: outboundCall(fx) })),
    v1('GET /api/v1/outbound/calls', 'outbound:read', 200, async (fx) => (await homeJob(fx), {}), notListed()),
    v1('GET /api/v1/outbound/calls/:id', 'outbound:read', 200, async (fx) => ({ url: `/api/v1/outbound/calls/${(await homeJob(fx)).id}` })),
    v1('POST /api/v1/outbound/calls/:id/cancel', 'outbound:write', 200, async (fx) => ({ url: `/api/v1/outbound/calls/${(await homeJob(fx)).id}/cancel` })),
    v1('POST /api/v1/outbound/campaigns', 'outbound:write', 201, async (fx) => ({ payload: outboundCampaign(fx) })),
    v1('GET /api/v1/outbound/campaigns', 'outbound:read', 200, async (fx) => (await homeCampaign(fx), {}), notListed()),
    v1('GET /api/v1/outbound/campaigns/:id', 'outbound:read', 200, async (fx) => ({ url: `/api/v1/outbound/campaigns/${(await homeCampaign(fx)).id}` })),
    v1('POST /api/v1/outbound/campaigns/:id/cancel', 'outbound:write', 200, async (fx) => ({ url: `/api/v1/outbound/campaigns/${(await homeCampaign(fx)).id}/cancel` })),
    v1('GET /api/v1/analytics', 'analytics:read', 200, async (fx) => ({ url: `/api/v1/analytics?from=2026-01-01&to=2026-01-31&organizations=${fx.home.id}` })),
  ];
}
