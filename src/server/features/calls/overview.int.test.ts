import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubmittedRequest } from '../appointment-requests/request-submission.service.js';
import { drainRollups } from '../analytics/analytics.service.js';
import { createCall, createHandoffForCall, createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';

let t: TestAppHandle;
let ny: string;
let tokyo: string;
let other: string;
let supervisor: string;
let developer: string;
let outsider: string;

// A fixed "now": 10:00 in New York is 00:00 the next day in Tokyo.
const NOW = new Date('2026-02-10T15:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.clock.now = () => new Date(NOW);
  ny = (await createOrganization(t.ctx, { name: 'Overview New York', timeZone: 'America/New_York' })).id;
  tokyo = (await createOrganization(t.ctx, { name: 'Overview Tokyo', timeZone: 'Asia/Tokyo' })).id;
  other = (await createOrganization(t.ctx, { name: 'Overview Other' })).id;
  const make = async (role: 'supervisor' | 'developer', organizationIds: string[]) => {
    const u = await createStaffUser(t.ctx, { role, organizationIds });
    return signIn(t.app, u.email, u.password);
  };
  supervisor = await make('supervisor', [ny, tokyo]);
  developer = await make('developer', [ny]);
  outsider = await make('supervisor', [other]);
});
afterAll(() => t?.close());

const at = (iso: string) => new Date(iso);

describe('GET /api/overview', () => {
  it("counts today in each organization's own zone, with live calls, open handoffs and recent calls", async () => {
    // New York: today began 2026-02-10T05:00Z.
    const answered = await createCall(t.ctx, { organizationId: ny, startedAt: at('2026-02-10T14:00:00Z'), callerSaid: 'Hello' });
    const handedOff = await createCall(t.ctx, { organizationId: ny, startedAt: at('2026-02-10T14:10:00Z'), callerSaid: 'Hello' });
    await createHandoffForCall(t.ctx, { organizationId: ny, callId: handedOff.id, priority: 'urgent', type: 'urgent', dueAt: at('2026-02-10T14:30:00Z') });
    await createCall(t.ctx, { organizationId: ny, startedAt: at('2026-02-10T14:20:00Z'), direction: 'outbound', status: 'no_answer' });
    const live = await createCall(t.ctx, { organizationId: ny, startedAt: at('2026-02-10T14:58:00Z'), status: 'in_progress' });
    await createCall(t.ctx, { organizationId: ny, startedAt: at('2026-02-10T04:59:00Z'), callerSaid: 'Hello' }); // yesterday in New York
    // Tokyo: today began 2026-02-10T15:00Z, i.e. just now.
    await createCall(t.ctx, { organizationId: tokyo, startedAt: at('2026-02-10T14:59:00Z'), callerSaid: 'Hello' }); // yesterday in Tokyo
    await createCall(t.ctx, { organizationId: other, startedAt: at('2026-02-10T14:00:00Z'), callerSaid: 'Hello' });
    await createHandoffForCall(t.ctx, { organizationId: tokyo, callId: null, priority: 'low', dueAt: at('2026-02-11T15:00:00Z') });
    await t.ctx.db.transaction((tx) =>
      createSubmittedRequest(t.ctx, tx, { organizationId: ny, source: 'web', firstName: 'Grace', lastName: 'Hopper', dateOfBirth: '1970-01-01', reason: 'Checkup', consentToContact: true }),
    );

    // Today's KPIs are the rollups as the worker last drained them (every few seconds).
    await drainRollups(t.ctx.db);
    const res = await t.app.inject({ url: '/api/overview', headers: { cookie: supervisor } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.at).toBe(NOW.toISOString());
    // The appointment request's own handoff (normal priority) is open too.
    expect(body.kpis).toEqual({ calls: 4, answered: 2, answeredByAgent: 1, handedOff: 1, handoffRate: 0.5, appointmentRequests: 1 });
    const byOrg = Object.fromEntries(body.perOrganization.map((o: { organizationId: string }) => [o.organizationId, o]));
    expect(byOrg[ny]).toMatchObject({ calls: 4, todayStartsAt: '2026-02-10T05:00:00.000Z' });
    expect(byOrg[tokyo]).toMatchObject({ calls: 0, handoffRate: null, todayStartsAt: '2026-02-10T15:00:00.000Z' });
    expect(body.perOrganization.map((o: { organizationId: string }) => o.organizationId)).not.toContain(other);

    expect(body.liveCalls.map((c: { id: string }) => c.id)).toEqual([live.id]);
    expect(body.liveCalls[0].live).toBe(true);
    expect(body.recentCalls.map((c: { id: string }) => c.id)).not.toContain(live.id);
    expect(body.recentCalls.map((c: { startedAt: string }) => c.startedAt)).toEqual([
      '2026-02-10T14:59:00.000Z',
      '2026-02-10T14:20:00.000Z',
      '2026-02-10T14:10:00.000Z',
      '2026-02-10T14:00:00.000Z',
      '2026-02-10T04:59:00.000Z',
    ]);
    expect(body.recentCalls[3].id).toBe(answered.id);
    expect(body.recentCalls.every((c: { organizationId: string }) => c.organizationId !== other)).toBe(true);

    expect(body.openHandoffs).toMatchObject({ total: 3, overdue: 1, byPriority: { urgent: 1, high: 0, normal: 1, low: 1 } });
    expect(body.openHandoffs.items.map((h: { priority: string }) => h.priority)).toEqual(['urgent', 'normal', 'low']);
    expect(body.openHandoffs.items[0]).toMatchObject({ organizationName: 'Overview New York', callId: handedOff.id, dueAt: '2026-02-10T14:30:00.000Z' });

    expect(body.organizations.map((o: { organizationId: string }) => o.organizationId).sort()).toEqual([ny, tokyo].sort());
    expect(body.organizations[0]).toHaveProperty('open');
    expect(body.organizations[0]).toHaveProperty('text');
  });

  it("shows nothing of another organization's day", async () => {
    const body = (await t.app.inject({ url: '/api/overview', headers: { cookie: outsider } })).json();
    expect(body.perOrganization.map((o: { organizationId: string }) => o.organizationId)).toEqual([other]);
    expect(body.openHandoffs.total).toBe(0);
    expect(body.liveCalls).toEqual([]);
    expect(body.recentCalls.every((c: { organizationId: string }) => c.organizationId === other)).toBe(true);
  });

  it('is not for developers (403)', async () => {
    const res = await t.app.inject({ url: '/api/overview', headers: { cookie: developer } });
    expect(res.statusCode).toBe(403);
  });
});
