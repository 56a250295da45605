import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { dispatchOutbound } from '../../telephony/outbound/outbound-dispatch.job.js';
import { auditEvents, organizationPhoneNumbers, outboundAttempts, outboundJobs, outboundSettings } from '../../db/schema/index.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';
import { createHandoff } from '../handoff-records/create-handoff.service.js';

let t: TestAppHandle;
let org: OrganizationRow;
let other: OrganizationRow;
const cookie = {} as Record<'agent' | 'supervisor' | 'developer' | 'otherSupervisor', string>;
/** London has one zone: the window is read there, to the minute. */
const LONDON = '+442079460958';

function setNow(iso: string) {
  t.ctx.clock.reset();
  t.ctx.clock.advance(Date.parse(iso) - Date.now());
}

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_CALLS_PER_SECOND: '0', OUTBOUND_SIMULATOR_PACE_MS: '0', OUTBOUND_ORG_CONCURRENCY: '5' });
  org = await createOrganization(t.ctx, { name: 'Window Clinic', timeZone: 'America/New_York', address: { country: 'US' } });
  other = await createOrganization(t.ctx, { name: 'Elsewhere Clinic', timeZone: 'America/New_York', address: { country: 'US' } });
  await t.db.insert(organizationPhoneNumbers).values({ organizationId: org.id, e164: '+18605550900' });
  for (const role of ['agent', 'supervisor', 'developer'] as const) {
    const u = await createStaffUser(t.ctx, { role, organizationIds: [org.id] });
    cookie[role] = await signIn(t.app, u.email, u.password);
  }
  const o = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [other.id] });
  cookie.otherSupervisor = await signIn(t.app, o.email, o.password);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.execute(sql`update outbound_jobs set status = 'canceled' where status in ('scheduled', 'queued', 'dialing', 'in_progress')`);
  await t.db.delete(outboundSettings);
  setNow('2026-01-06T19:00:00Z'); // Tuesday 19:00 in London, 14:00 in New York
});

const settingsUrl = (id = org.id) => `/api/organizations/${id}/outbound-settings`;
const put = (payload: object, who: keyof typeof cookie = 'supervisor', id = org.id) => t.app.inject({ method: 'PUT', url: settingsUrl(id), headers: { cookie: cookie[who] }, payload });
const single = (phone: string, extra: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/outbound/calls', headers: { cookie: cookie.agent }, payload: { organizationId: org.id, phone, purpose: 'recall', contactName: 'Ada Lovelace', ...extra } });
const jobRow = async (id: string) => (await t.db.select().from(outboundJobs).where(eq(outboundJobs.id, id)))[0]!;
const weekdays = { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] };

describe("an organization's outbound settings", () => {
  it('are the defaults until changed: every day 08:00–21:00 and the deployment’s line limit; agents read them, developers do not (no outbound for them)', async () => {
    expect((await t.app.inject({ method: 'GET', url: settingsUrl(), headers: { cookie: cookie.developer } })).statusCode).toBe(403);
    for (const who of ['agent', 'supervisor'] as const) {
      const res = await t.app.inject({ method: 'GET', url: settingsUrl(), headers: { cookie: cookie[who] } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ organizationId: org.id, window: { start: '08:00', end: '21:00', days: [1, 2, 3, 4, 5, 6, 7] }, concurrency: null, defaultConcurrency: 5, effectiveConcurrency: 5, updatedAt: null });
    }
  });

  it('are changed by a supervisor, stored, audited; agents and developers may not; another organization is not found', async () => {
    const res = await put({ window: { start: '09:00', end: '17:00', days: [5, 1, 3] }, concurrency: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ window: { start: '09:00', end: '17:00', days: [1, 3, 5] }, concurrency: 2, effectiveConcurrency: 2 });
    const [row] = await t.db.select().from(outboundSettings).where(eq(outboundSettings.organizationId, org.id));
    expect(row).toMatchObject({ windowStart: '09:00', windowEnd: '17:00', windowDays: [1, 3, 5], concurrency: 2 });
    const audit = await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'outbound.settings.update'), eq(auditEvents.recordId, org.id)));
    expect(audit).toHaveLength(1);

    expect((await put({ window: weekdays, concurrency: 3 }, 'agent')).statusCode).toBe(403);
    expect((await put({ window: weekdays, concurrency: 3 }, 'developer')).statusCode).toBe(403);
    expect((await put({ window: weekdays, concurrency: 3 }, 'otherSupervisor')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: settingsUrl(), headers: { cookie: cookie.otherSupervisor } })).statusCode).toBe(404);
    // Back to the deployment's default.
    expect((await put({ window: weekdays, concurrency: null })).json()).toMatchObject({ concurrency: null, effectiveConcurrency: 5 });
  });

  it('refuse bad input with a message per field and keep what was stored', async () => {
    await put({ window: weekdays, concurrency: 2 });
    const cases: [object, string][] = [
      [{ window: { start: '17:00', end: '09:00', days: [1] }, concurrency: 2 }, 'window.end'],
      [{ window: { start: '9am', end: '17:00', days: [1] }, concurrency: 2 }, 'window.start'],
      [{ window: { start: '09:00', end: '17:00', days: [] }, concurrency: 2 }, 'window.days'],
      [{ window: { start: '09:00', end: '17:00', days: [8] }, concurrency: 2 }, 'window.days.0'],
      [{ window: weekdays, concurrency: 0 }, 'concurrency'],
      [{ window: weekdays, concurrency: 2.5 }, 'concurrency'],
      [{ window: weekdays }, 'concurrency'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(payload)).toHaveProperty([field]);
    }
    const [row] = await t.db.select().from(outboundSettings).where(eq(outboundSettings.organizationId, org.id));
    expect(row).toMatchObject({ windowStart: '09:00', windowEnd: '17:00', concurrency: 2 });
  });
});

describe('a single call and the calling window', () => {
  it('outside the organization’s window waits for its next opening: the form is told when, the dispatcher leaves it, and places it then', async () => {
    await put({ window: weekdays, concurrency: null });
    const timing = await t.app.inject({ method: 'GET', url: '/api/outbound/calls/timing', headers: { cookie: cookie.agent }, query: { organizationId: org.id, phone: LONDON } });
    expect(timing.statusCode).toBe(200);
    expect(timing.json()).toEqual({ phone: LONDON, timeZone: 'Europe/London', timeZoneSource: 'number', requestedAt: expect.stringMatching(/^2026-01-06T19:00/), placeAt: '2026-01-07T09:00:00.000Z', waits: true });

    const res = await single(LONDON);
    expect(res.statusCode).toBe(201);
    const job = res.json();
    expect(job).toMatchObject({ status: 'scheduled', nextAttemptAt: '2026-01-07T09:00:00.000Z' });
    expect((await dispatchOutbound(t.ctx)).placed).toBe(0);
    expect(await jobRow(job.id)).toMatchObject({ status: 'scheduled', attempts: 0 });
    expect(await t.db.select().from(outboundAttempts).where(eq(outboundAttempts.jobId, job.id))).toHaveLength(0);

    setNow('2026-01-07T08:59:00Z');
    expect((await dispatchOutbound(t.ctx)).placed).toBe(0);
    setNow('2026-01-07T09:00:00Z');
    expect((await dispatchOutbound(t.ctx)).placed).toBe(1);
    expect(await jobRow(job.id)).toMatchObject({ status: 'dialing', attempts: 1 });
  });

  it('asked for a Saturday, it waits for Monday; inside the window it is placed at once', async () => {
    await put({ window: weekdays, concurrency: null });
    const saturday = await single(LONDON, { scheduledFor: '2026-01-10T10:00:00Z' });
    expect(saturday.json().nextAttemptAt).toBe('2026-01-12T09:00:00.000Z');

    setNow('2026-01-07T10:00:00Z');
    const timing = await t.app.inject({ method: 'GET', url: '/api/outbound/calls/timing', headers: { cookie: cookie.agent }, query: { organizationId: org.id, phone: LONDON } });
    // The server's clock runs on from the instant set: inside the window the call is placed when asked.
    expect(timing.json()).toMatchObject({ waits: false, placeAt: timing.json().requestedAt, requestedAt: expect.stringMatching(/^2026-01-07T10:00/) });
    const now = (await single(LONDON)).json();
    expect((await dispatchOutbound(t.ctx)).placed).toBe(1);
    expect((await jobRow(now.id)).status).toBe('dialing');
    expect((await jobRow(saturday.json().id)).status).toBe('scheduled');
  });

  it('without settings of its own still never rings after 21:00 in the callee’s zone', async () => {
    setNow('2026-01-06T22:30:00Z'); // 22:30 in London
    const job = (await single(LONDON)).json();
    expect(job.nextAttemptAt).toBe('2026-01-07T08:00:00.000Z');
    expect((await dispatchOutbound(t.ctx)).placed).toBe(0);
  });

  it('a handoff’s call-back waits for the same window', async () => {
    await put({ window: weekdays, concurrency: null });
    const h = await t.db.transaction((tx) =>
      createHandoff(t.ctx, tx, { organizationId: org.id, type: 'callback', priority: 'normal', source: 'staff', reason: 'Call back about the bill', contactName: 'Ada Lovelace', contactPhone: LONDON }),
    );
    const res = await t.app.inject({ method: 'POST', url: `/api/handoffs/${h.id}/call-back`, headers: { cookie: cookie.agent }, payload: {} });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ handoffId: h.id, status: 'scheduled', nextAttemptAt: '2026-01-07T09:00:00.000Z' });
    expect((await dispatchOutbound(t.ctx)).placed).toBe(0);
  });

  it('the timing of a bad number or another organization’s call is refused like the call', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/outbound/calls/timing', headers: { cookie: cookie.agent }, query: { organizationId: org.id, phone: '12' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['querystring.phone']);
    const foreign = await t.app.inject({ method: 'GET', url: '/api/outbound/calls/timing', headers: { cookie: cookie.agent }, query: { organizationId: other.id, phone: LONDON } });
    expect(foreign.statusCode).toBe(404);
    const developer = await t.app.inject({ method: 'GET', url: '/api/outbound/calls/timing', headers: { cookie: cookie.developer }, query: { organizationId: org.id, phone: LONDON } });
    expect(developer.statusCode).toBe(403);
  });
});

describe('the organization’s line limit', () => {
  it('is what the dispatcher uses: with 1 line, one of two due calls is placed and the other waits for it', async () => {
    await put({ window: { start: '08:00', end: '21:00', days: [1, 2, 3, 4, 5, 6, 7] }, concurrency: 1 });
    setNow('2026-01-07T10:00:00Z');
    const a = (await single(LONDON)).json();
    const b = (await single('+442079460959')).json();
    expect((await dispatchOutbound(t.ctx)).placed).toBe(1);
    const statuses = [(await jobRow(a.id)).status, (await jobRow(b.id)).status].sort();
    expect(statuses).toEqual(['dialing', 'queued']);
    await put({ window: { start: '08:00', end: '21:00', days: [1, 2, 3, 4, 5, 6, 7] }, concurrency: 2 });
    expect((await dispatchOutbound(t.ctx)).placed).toBe(1);
    expect([(await jobRow(a.id)).status, (await jobRow(b.id)).status]).toEqual(['dialing', 'dialing']);
  });
});
