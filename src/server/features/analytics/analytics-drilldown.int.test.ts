import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequests } from '../../db/schema/index.js';
import { drainRollups } from './analytics.service.js';
import { createCall, createHandoffForCall, createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import type { AnalyticsResponse } from '../../../contracts/analytics.js';
import { APPOINTMENT_SOURCES } from '../../../domain/appointment-requests/state.js';

/*
 * Drill-down is exact (issue 17 §3): with two organizations chosen, a heatmap cell, a bar and
 * every funnel step open a list holding exactly the records its figure counts — of those two
 * organizations only — and the lists refuse an organization that is not the user's.
 */

let t: TestAppHandle;
let maple: string;
let harbor: string;
let foreign: string;
let supervisor: string;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  maple = (await createOrganization(t.ctx, { name: 'Maple', timeZone: 'America/New_York' })).id;
  harbor = (await createOrganization(t.ctx, { name: 'Harbor', timeZone: 'America/Chicago' })).id;
  foreign = (await createOrganization(t.ctx, { name: 'Foreign', timeZone: 'America/New_York' })).id;
  const s = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [maple, harbor, foreign] });
  supervisor = await signIn(t.app, s.email, s.password);

  // Monday 2026-03-02 09:xx New York time in both (Harbor's 08:xx), and one in the third organization.
  await createCall(t.ctx, { organizationId: maple, startedAt: at('2026-03-02T14:05:00Z') });
  await createCall(t.ctx, { organizationId: harbor, startedAt: at('2026-03-02T14:10:00Z') });
  await createCall(t.ctx, { organizationId: harbor, startedAt: at('2026-03-02T14:55:00Z'), direction: 'outbound' });
  await createCall(t.ctx, { organizationId: foreign, startedAt: at('2026-03-02T14:20:00Z') });
  await createCall(t.ctx, { organizationId: maple, startedAt: at('2026-03-04T16:00:00Z') });

  // Requests of every source and step; each sent one has its handoff, one has a second handoff.
  const request = async (organizationId: string, source: (typeof APPOINTMENT_SOURCES)[number], status: 'draft' | 'submitted' | 'scheduled' | 'declined', createdAt: string, handoffs = 1) => {
    const [row] = await t.ctx.db
      .insert(appointmentRequests)
      .values({ organizationId, source, status, createdAt: at(createdAt), submittedAt: status === 'draft' ? null : at(createdAt), firstName: 'Ana', lastName: 'Lee', reason: 'checkup', consentToContact: true })
      .returning();
    if (status === 'draft') return;
    for (let i = 0; i < handoffs; i++) {
      await createHandoffForCall(t.ctx, { organizationId, callId: null, type: 'appointment_request', source: source === 'phone' ? 'call' : source, appointmentRequestId: row!.id, createdAt: at(createdAt), status: i === 0 && status !== 'submitted' ? 'resolved' : 'open' });
    }
  };
  await request(maple, 'web', 'draft', '2026-03-02T15:00:00Z');
  await request(maple, 'web', 'submitted', '2026-03-02T15:10:00Z', 2);
  await request(harbor, 'web', 'scheduled', '2026-03-03T15:00:00Z');
  await request(harbor, 'phone', 'scheduled', '2026-03-03T16:00:00Z');
  await request(maple, 'phone', 'declined', '2026-03-04T16:00:00Z');
  await request(harbor, 'portal', 'submitted', '2026-03-05T16:00:00Z');
  await request(foreign, 'web', 'scheduled', '2026-03-03T15:00:00Z');
  // Outside the period.
  await request(maple, 'web', 'scheduled', '2026-02-20T15:00:00Z');
  // What the worker does every few seconds: the page reads the rollups as last drained.
  await drainRollups(t.ctx.db);
});
afterAll(() => t?.close());

const json = async <T>(url: string) => {
  const res = await t.app.inject({ url, headers: { cookie: supervisor } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const status = async (url: string) => (await t.app.inject({ url, headers: { cookie: supervisor } })).statusCode;
const fields = async (url: string) => Object.keys((await t.app.inject({ url, headers: { cookie: supervisor } })).json<{ error: { fields?: Record<string, string> } }>().error.fields ?? {});

describe('analytics drill-down with two organizations', () => {
  let figures: AnalyticsResponse;
  beforeAll(async () => {
    figures = await json<AnalyticsResponse>(`/api/analytics?from=2026-03-02&to=2026-03-08&granularity=day&timeZone=America/New_York&organizations=${maple},${harbor}`);
  });

  it('opens exactly a heatmap cell’s calls and a bar’s calls', async () => {
    const cell = figures.heatmap.find((c) => c.weekday === 1 && c.hour === 9)!;
    expect(cell.calls).toBe(3);
    const calls = await json<{ items: { organizationId: string }[] }>(
      `/api/calls?organizationIds=${maple},${harbor}&from=${figures.period.start}&to=${figures.period.end}&hourOfWeek=1-09&timeZone=America/New_York`,
    );
    expect(calls.items).toHaveLength(cell.calls);
    expect(new Set(calls.items.map((c) => c.organizationId))).toEqual(new Set([maple, harbor]));

    for (const bucket of figures.series) {
      const list = await json<{ items: unknown[] }>(`/api/calls?organizationIds=${maple},${harbor}&from=${bucket.start}&to=${bucket.end}&limit=100`);
      expect(list.items.length, bucket.key).toBe(bucket.figures.inboundCalls + bucket.figures.outboundCalls);
    }
    // A list in a JSON body works the same.
    const search = await t.app.inject({ method: 'POST', url: '/api/calls/search', headers: { cookie: supervisor }, payload: { organizationIds: [maple, harbor], from: figures.period.start, to: figures.period.end, hourOfWeek: '1-09', timeZone: 'America/New_York' } });
    expect(search.json<{ items: unknown[] }>().items).toHaveLength(3);
  });

  it('opens exactly each funnel step’s requests, one handoff each', async () => {
    const f = figures.totals.funnel;
    expect(f.all).toEqual({ started: 6, submitted: 5, scheduled: 2 });
    for (const source of ['all', ...APPOINTMENT_SOURCES] as const) {
      for (const step of ['started', 'submitted', 'scheduled'] as const) {
        const list = await json<{ total: number; items: { appointmentRequestId: string | null; organizationId: string }[] }>(
          `/api/handoffs?tab=all&organizationIds=${maple},${harbor}&requestStep=${step}${source === 'all' ? '' : `&requestSource=${source}`}&requestFrom=${figures.period.start}&requestTo=${figures.period.end}`,
        );
        // Drafts have no handoff: a started step lists the requests that were sent.
        const expected = step === 'started' ? f[source].submitted : f[source][step];
        expect(list.total, `${source} ${step}`).toBe(expected);
        expect(new Set(list.items.map((h) => h.appointmentRequestId)).size).toBe(list.items.length);
        expect(list.items.every((h) => h.organizationId === maple || h.organizationId === harbor)).toBe(true);
      }
    }
  });

  it('refuses an organization that is not the user’s, and bad input per field', async () => {
    const other = (await createOrganization(t.ctx, { name: 'Not theirs' })).id;
    expect(await status(`/api/calls?organizationIds=${maple},${other}`)).toBe(404);
    expect(await status(`/api/handoffs?organizationIds=${maple},${other}`)).toBe(404);
    expect(await fields(`/api/calls?organizationIds=${maple},nope`)).toContain('querystring.organizationIds');
    expect(await fields(`/api/calls?organizationIds=${maple}&organizationId=${harbor}`)).toContain('querystring.organizationIds');
    expect(await fields(`/api/handoffs?organizationIds=${maple}&organizationId=${harbor}`)).toContain('querystring.organizationIds');
    expect(await fields('/api/handoffs?tab=all&requestStep=ordered&requestFrom=2026-03-01T00:00:00Z&requestTo=2026-03-02T00:00:00Z')).toContain('querystring.requestStep');
    expect(await fields('/api/handoffs?tab=all&requestFrom=2026-03-01T00:00:00Z&requestTo=2026-03-02T00:00:00Z')).toContain('querystring.requestStep');
    expect(await fields('/api/handoffs?tab=all&requestStep=started&requestFrom=2026-03-01T00:00:00Z')).toContain('querystring.requestTo');
    expect(await fields('/api/handoffs?tab=all&requestStep=started&requestFrom=2026-03-02T00:00:00Z&requestTo=2026-03-01T00:00:00Z')).toContain('querystring.requestTo');
    // A date that does not exist is refused, not rolled over into March.
    expect(await fields('/api/handoffs?tab=all&requestStep=started&requestFrom=2026-01-01T00:00:00Z&requestTo=2026-02-30T00:00:00Z')).toContain('querystring.requestTo');
    expect(await fields('/api/handoffs?tab=all&requestStep=started&requestFrom=2026-02-31T00:00:00Z&requestTo=2026-03-05T00:00:00Z')).toContain('querystring.requestFrom');
    expect(await fields('/api/handoffs?tab=all&requestStep=started&requestFrom=yesterday&requestTo=2026-03-01T00:00:00Z')).toContain('querystring.requestFrom');
    expect(await fields('/api/handoffs?tab=everything')).toContain('querystring.tab');
  });
});
