import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { handoffs, organizationHours } from '../../db/schema/index.js';
import { addCallEvents, createCall, createHandoffForCall, createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import type { AnalyticsResponse } from '../../../contracts/analytics.js';
import { drainRollups, rebuildRollups } from './analytics.service.js';
import { RELATIVE_ERROR } from '../../../domain/analytics/duration-sketch.js';

let t: TestAppHandle;
let orgId: string;
let otherOrgId: string;
let supervisor: string;
let agent: string;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganization(t.ctx, { name: 'Analytics Clinic', timeZone: 'America/New_York' });
  const other = await createOrganization(t.ctx, { name: 'Elsewhere Clinic', timeZone: 'Europe/London' });
  orgId = org.id;
  otherOrgId = other.id;
  await t.ctx.db.insert(organizationHours).values({ organizationId: orgId, weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' })), overrides: [] });
  const s = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [orgId] });
  supervisor = await signIn(t.app, s.email, s.password);
  const a = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [orgId] });
  agent = await signIn(t.app, a.email, a.password);

  // Week of Mon 2026-03-02 (EST): three answered inbound calls, one handed off; an outbound
  // call to voicemail and one answered; a call the week before (the previous period).
  await createCall(t.ctx, { organizationId: orgId, startedAt: at('2026-03-02T14:05:00Z'), durationSeconds: 120, callerSaid: 'Hello' });
  await createCall(t.ctx, { organizationId: orgId, startedAt: at('2026-03-02T14:40:00Z'), durationSeconds: 60, callerSaid: 'Hello' });
  const handedOff = await createCall(t.ctx, { organizationId: orgId, startedAt: at('2026-03-03T21:50:00Z'), durationSeconds: 300, outcome: 'message_taken', callerSaid: 'Hello' });
  await createCall(t.ctx, { organizationId: orgId, direction: 'outbound', startedAt: at('2026-03-04T15:00:00Z'), outcome: 'voicemail' });
  await createCall(t.ctx, { organizationId: orgId, direction: 'outbound', startedAt: at('2026-03-04T16:00:00Z'), outcome: 'other' });
  await createCall(t.ctx, { organizationId: orgId, startedAt: at('2026-02-24T15:00:00Z'), callerSaid: 'Hello' });
  // Left Tuesday 16:50 local (10 minutes before closing), claimed Wednesday 09:20: 30 business minutes.
  const h = await createHandoffForCall(t.ctx, { organizationId: orgId, callId: handedOff.id, createdAt: at('2026-03-03T21:50:00Z') });
  await t.ctx.db.update(handoffs).set({ status: 'claimed', claimedAt: at('2026-03-04T14:20:00Z') }).where(eq(handoffs.id, h.id));
  // Foreign records never count.
  await createCall(t.ctx, { organizationId: otherOrgId, startedAt: at('2026-03-02T10:00:00Z'), callerSaid: 'Hello' });
  // What the worker does every few seconds: pages read the rollups as last drained.
  await drainRollups(t.ctx.db);
});
afterAll(() => t?.close());

const get = (cookie: string, query: string) => t.app.inject({ url: `/api/analytics?${query}`, headers: { cookie } });

describe('GET /api/analytics', () => {
  it('computes every figure for the user’s organizations, with the previous period', async () => {
    const res = await get(supervisor, 'from=2026-03-02&to=2026-03-08&granularity=day');
    expect(res.statusCode).toBe(200);
    const body = res.json<AnalyticsResponse>();
    expect(body.organizations.map((o) => o.id)).toEqual([orgId]);
    expect(body.timeZone).toBe('America/New_York');
    const f = body.totals;
    expect(f).toMatchObject({ inboundCalls: 3, outboundCalls: 2, answered: 3, contained: 2, handedOff: 1, averageHandleSeconds: 160, outboundConnected: 1, outboundVoicemail: 1, outboundConnectRate: 0.5, voicemailRate: 0.5 });
    expect(f.handoffRate).toBeCloseTo(1 / 3);
    // Percentiles come from sketches: within their stated relative error, the count exact.
    const near = (value: number | null, exact: number) => expect(Math.abs(value! - exact)).toBeLessThanOrEqual(RELATIVE_ERROR * exact);
    expect(f.timeToClaim.count).toBe(1);
    near(f.timeToClaim.median, 59_400);
    near(f.timeToClaim.p90, 59_400);
    expect(f.timeToClaimBusiness.count).toBe(1);
    near(f.timeToClaimBusiness.median, 1_800);
    expect(body.asOf).not.toBeNull();
    expect(body.previousPeriod).toMatchObject({ from: '2026-02-23', to: '2026-03-01' });
    expect(body.previousTotals.inboundCalls).toBe(1);
    expect(body.series.map((s) => s.key)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
    expect(body.series.map((s) => s.figures.inboundCalls + s.figures.outboundCalls)).toEqual([2, 1, 2, 0, 0, 0, 0]);
    // Monday 09:00 local holds the two Monday calls.
    expect(body.heatmap.find((c) => c.weekday === 1 && c.hour === 9)?.calls).toBe(2);
  });

  it('answers bad input with 4xx naming each field', async () => {
    const field = async (query: string) => {
      const res = await get(supervisor, query);
      expect(res.statusCode).toBe(400);
      return Object.keys(res.json<{ error: { fields: Record<string, string> } }>().error.fields ?? {});
    };
    expect(await field('from=2026-03-10&to=2026-03-01')).toContain('querystring.to');
    expect(await field('from=2023-01-01&to=2026-03-01')).toContain('querystring.to');
    expect(await field('from=2026-01-01&to=2026-03-01&granularity=hour')).toContain('querystring.granularity');
    expect(await field('from=2026-01-01&to=2026-03-01&granularity=fortnight')).toContain('querystring.granularity');
    expect(await field('from=2026-02-30&to=2026-03-01')).toContain('querystring.from');
    expect(await field('from=2026-02-01&to=2026-03-01&organizations=nope')).toContain('querystring.organizations');
    expect(await field('from=2026-02-01&to=2026-03-01&timeZone=Mars/Olympus')).toContain('querystring.timeZone');
    expect(await field('to=2026-03-01')).toContain('querystring.from');
    // Every bad field at once: the range is checked even when the granularity is wrong.
    expect(await field('from=2026-03-10&to=2026-03-01&granularity=x')).toEqual(expect.arrayContaining(['querystring.to', 'querystring.granularity']));
    const messages = async (query: string) => (await get(supervisor, query)).json<{ error: { fields: Record<string, string> } }>().error.fields;
    expect(await messages('to=2026-03-01')).toMatchObject({ 'querystring.from': 'Required: a date (YYYY-MM-DD).' });
    expect(await messages('from=2026-03-01&from=2026-03-02&to=2026-03-05')).toMatchObject({ 'querystring.from': 'Give it once: a date (YYYY-MM-DD).' });
    expect(await messages('from=2026-03-01&to=2026-03-05&direction=sideways')).toMatchObject({ 'querystring.direction': 'Use one of: all, inbound, outbound.' });
  });

  it('takes an organization id in upper case as the same organization', async () => {
    const res = await get(supervisor, `from=2026-03-02&to=2026-03-08&organizations=${orgId.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<AnalyticsResponse>().organizations.map((o) => o.id)).toEqual([orgId]);
  });

  it('treats another organization, or an unknown one, as not found; agents may not read analytics', async () => {
    expect((await get(supervisor, `from=2026-03-02&to=2026-03-08&organizations=${otherOrgId}`)).statusCode).toBe(404);
    expect((await get(supervisor, `from=2026-03-02&to=2026-03-08&organizations=00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await get(agent, 'from=2026-03-02&to=2026-03-08')).statusCode).toBe(403);
  });

  it('reads the buckets in the zone chosen among the organizations the user may see, and refuses any other (issue 28)', async () => {
    const s = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [orgId, otherOrgId] });
    const both = await signIn(t.app, s.email, s.password);
    // Only New York's calls, read in London's zone (GMT in early March): Monday 14:00, not 09:00.
    const london = await get(both, `from=2026-03-02&to=2026-03-08&organizations=${orgId}&timeZone=Europe/London`);
    expect(london.statusCode).toBe(200);
    const body = london.json<AnalyticsResponse>();
    expect(body.timeZone).toBe('Europe/London');
    expect(body.period).toMatchObject({ start: '2026-03-02T00:00:00.000Z', end: '2026-03-09T00:00:00.000Z' });
    expect(body.heatmap.find((c) => c.weekday === 1 && c.hour === 14)?.calls).toBe(2);
    expect(body.heatmap.find((c) => c.weekday === 1 && c.hour === 9)?.calls).toBe(0);
    // The same choice for both; the default (no zone) is the one most share, the first by name on a tie.
    const all = await get(both, 'from=2026-03-02&to=2026-03-08&timeZone=Europe/London');
    expect(all.json<AnalyticsResponse>()).toMatchObject({ timeZone: 'Europe/London', organizations: [{ id: orgId }, { id: otherOrgId }] });
    expect((await get(both, 'from=2026-03-02&to=2026-03-08')).json<AnalyticsResponse>().timeZone).toBe('America/New_York');

    // A valid zone none of the user's organizations is in: refused, naming the field and the zones.
    const refused = async (cookie: string, path: string) => {
      const res = await t.app.inject({ url: path, headers: { cookie } });
      expect(res.statusCode, path).toBe(400);
      return res.json<{ error: { code: string; fields: Record<string, string> } }>().error;
    };
    expect(await refused(supervisor, '/api/analytics?from=2026-03-02&to=2026-03-08&timeZone=Europe/London')).toEqual(
      expect.objectContaining({ code: 'validation_failed', fields: { 'querystring.timeZone': 'Choose the time zone of one of your organizations: America/New_York.' } }),
    );
    expect((await refused(both, '/api/analytics?from=2026-03-02&to=2026-03-08&timeZone=Asia/Tokyo')).fields['querystring.timeZone']).toMatch(/America\/New_York, Europe\/London/);
    for (const kind of ['figures', 'calls'])
      expect(Object.keys((await refused(supervisor, `/api/analytics/export.csv?from=2026-03-02&to=2026-03-08&kind=${kind}&timeZone=Asia/Tokyo`)).fields)).toEqual(['querystring.timeZone']);
  });

  it('counts a call whose handoff arrives later after the worker’s next drain; a page view never drains, and says as of when', async () => {
    const page = async () => (await get(supervisor, 'from=2026-03-05&to=2026-03-05')).json<AnalyticsResponse>();
    const call = await createCall(t.ctx, { organizationId: orgId, startedAt: at('2026-03-05T15:00:00Z'), callerSaid: 'Hello' });
    const stale = await page();
    expect(stale.totals).toMatchObject({ inboundCalls: 0 });
    await drainRollups(t.ctx.db);
    const before = await page();
    expect(before.totals).toMatchObject({ answered: 1, contained: 1, handedOff: 0 });
    expect(Date.parse(before.asOf!)).toBeGreaterThan(Date.parse(stale.asOf!));
    await createHandoffForCall(t.ctx, { organizationId: orgId, callId: call.id, createdAt: at('2026-03-05T15:02:00Z') });
    expect((await page()).totals).toMatchObject({ handedOff: 0 });
    await drainRollups(t.ctx.db);
    const after = await page();
    expect(after.totals).toMatchObject({ answered: 1, contained: 0, handedOff: 1 });
    expect(after.totals.timeToClaim.count).toBe(0);
  });

  it('drills down: the calls list takes a heatmap cell (hour of week in a zone) and an exact hour', async () => {
    const list = async (query: string) => (await t.app.inject({ url: `/api/calls?${query}`, headers: { cookie: supervisor } })).json<{ items: { startedAt: string }[] }>().items.map((c) => c.startedAt).sort();
    expect(await list(`organizationId=${orgId}&from=2026-03-02&to=2026-03-08&hourOfWeek=1-09&timeZone=America/New_York`)).toEqual(['2026-03-02T14:05:00.000Z', '2026-03-02T14:40:00.000Z']);
    expect(await list(`organizationId=${orgId}&from=2026-03-02T14:00:00.000Z&to=2026-03-02T14:30:00.000Z`)).toEqual(['2026-03-02T14:05:00.000Z']);
    const bad = await t.app.inject({ url: '/api/calls?hourOfWeek=8-25', headers: { cookie: supervisor } });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the figures per bucket and the calls behind them as CSV', async () => {
    const figures = await t.app.inject({ url: '/api/analytics/export.csv?from=2026-03-02&to=2026-03-08&granularity=week', headers: { cookie: supervisor } });
    expect(figures.statusCode).toBe(200);
    expect(figures.headers['content-type']).toContain('text/csv');
    const lines = figures.body.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^bucket,start,end,inbound_calls,outbound_calls,answered,/);
    expect(lines.map((l) => l.split(',')[0])).toEqual(['bucket', 'Week of 2026-03-02', 'total', 'previous period']);
    const calls = await t.app.inject({ url: '/api/analytics/export.csv?from=2026-03-02&to=2026-03-04&kind=calls&direction=outbound', headers: { cookie: supervisor } });
    const rows = calls.body.trim().split(/\r?\n/);
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).every((r) => r.includes(',outbound,'))).toBe(true);
  });

  it('answered means the caller spoke: a call that completed with no caller turn is "hung up before speaking", in volume only (PRODUCT §6, issue 28)', async () => {
    const clinic = await createOrganization(t.ctx, { name: 'Silent Clinic', timeZone: 'America/New_York' });
    const s = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [clinic.id] });
    const cookie = await signIn(t.app, s.email, s.password);
    await createCall(t.ctx, { organizationId: clinic.id, startedAt: at('2026-04-06T14:00:00Z'), durationSeconds: 100, callerSaid: 'I need an appointment' });
    // Silence, and a hang-up during the greeting that left only a "no input" turn.
    await createCall(t.ctx, { organizationId: clinic.id, startedAt: at('2026-04-06T14:10:00Z'), durationSeconds: 8 });
    const greeting = await createCall(t.ctx, { organizationId: clinic.id, startedAt: at('2026-04-06T14:20:00Z'), durationSeconds: 5 });
    await addCallEvents(t.ctx, greeting.id, [{ kind: 'agent_speech', payload: { text: 'Thank you for calling.' } }, { kind: 'caller_speech', payload: { text: '', noInput: true } }]);
    await drainRollups(t.ctx.db);

    const res = await get(cookie, `from=2026-04-06&to=2026-04-06&organizations=${clinic.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<AnalyticsResponse>().totals).toMatchObject({ inboundCalls: 3, answered: 1, hungUpBeforeSpeaking: 2, contained: 1, containmentRate: 1, averageHandleSeconds: 100 });

    // The calls list says so beside each call; a rebuild of the rollups agrees.
    const list = await t.app.inject({ method: 'POST', url: '/api/calls/search', headers: { cookie }, payload: { organizationId: clinic.id } });
    expect((list.json().items as { hungUpBeforeSpeaking: boolean }[]).map((i) => i.hungUpBeforeSpeaking).sort()).toEqual([false, true, true]);
    await rebuildRollups(t.ctx.db);
    expect((await get(cookie, `from=2026-04-06&to=2026-04-06&organizations=${clinic.id}`)).json<AnalyticsResponse>().totals).toMatchObject({ answered: 1, hungUpBeforeSpeaking: 2 });
  });
});
