import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequests, handoffs } from '../../db/schema/index.js';
import { createCall, createHandoffForCall, createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import type { AnalyticsResponse } from '../../../contracts/analytics.js';
import { settleHandoffsOfAgentBooking } from '../handoff-records/index.js';
import { drainRollups } from './analytics.service.js';

/*
 * A visit the agent booked itself is a scheduled request whose handoff is made and resolved at once
 * (decision 053). That call was handled without a person: containment counts it as contained, and
 * the calls list it opens ("without handoff") lists it — the figure and the list agree. A second,
 * real handoff on the call, or the settled one reopened by staff, makes it handed off again.
 */

let t: TestAppHandle;
let orgId: string;
let cookie: string;
const calls = {} as Record<'plain' | 'callback' | 'booked' | 'bookedAndCallback' | 'bookedReopened', string>;
const at = (iso: string) => new Date(iso);

/** What bookHeldTimeForRequest leaves: a scheduled phone request, its handoff settled by the agent. */
async function bookedByAgent(callId: string, startedAt: string) {
  const [request] = await t.db
    .insert(appointmentRequests)
    .values({ organizationId: orgId, source: 'phone', status: 'scheduled', callId, createdAt: at(startedAt), submittedAt: at(startedAt), firstName: 'Ana', lastName: 'Lee', reason: 'checkup', consentToContact: true })
    .returning();
  const handoff = await createHandoffForCall(t.ctx, { organizationId: orgId, callId, type: 'appointment_request', appointmentRequestId: request!.id, reason: 'Booked by the agent: Ana Lee, checkup.', createdAt: at(startedAt) });
  await settleHandoffsOfAgentBooking(t.ctx, t.db, request!.id, 'Booked by the agent at an open time on the calendar.');
  return handoff.id;
}

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrganization(t.ctx, { name: 'Containment Clinic', timeZone: 'America/New_York' })).id;
  const s = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [orgId] });
  cookie = await signIn(t.app, s.email, s.password);

  const call = async (key: keyof typeof calls, startedAt: string) => (calls[key] = (await createCall(t.ctx, { organizationId: orgId, startedAt: at(startedAt), callerSaid: 'Hello' })).id);
  await call('plain', '2026-03-02T14:05:00Z');
  await createHandoffForCall(t.ctx, { organizationId: orgId, callId: await call('callback', '2026-03-02T14:10:00Z'), createdAt: at('2026-03-02T14:11:00Z') });
  await bookedByAgent(await call('booked', '2026-03-02T14:20:00Z'), '2026-03-02T14:22:00Z');
  await bookedByAgent(await call('bookedAndCallback', '2026-03-02T14:30:00Z'), '2026-03-02T14:32:00Z');
  await createHandoffForCall(t.ctx, { organizationId: orgId, callId: calls.bookedAndCallback, createdAt: at('2026-03-02T14:33:00Z') });
  const reopened = await bookedByAgent(await call('bookedReopened', '2026-03-02T14:40:00Z'), '2026-03-02T14:42:00Z');
  await t.db.update(handoffs).set({ status: 'open', claimedAt: null, resolvedAt: null, resolution: null }).where(eq(handoffs.id, reopened));
  await drainRollups(t.ctx.db);
});
afterAll(() => t?.close());

const json = async <T>(url: string) => {
  const res = await t.app.inject({ url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe('containment and the agent’s own bookings', () => {
  it('counts a call whose only handoff the agent settled by booking as contained, and leaves that handoff out of handoff times', async () => {
    const { totals } = await json<AnalyticsResponse>(`/api/analytics?from=2026-03-02&to=2026-03-08&granularity=day&organizations=${orgId}`);
    expect(totals).toMatchObject({ answered: 5, contained: 2, handedOff: 3 });
    expect(totals.containmentRate).toBeCloseTo(2 / 5);
    // Only handoffs handed to a person have a time to claim or resolve: none of these was claimed.
    expect(totals.timeToClaim.count).toBe(0);
    expect(totals.timeToResolve.count).toBe(0);
  });

  it('the calls list agrees: "without handoff" lists the contained calls, "with handoff" the others, each marked so', async () => {
    const list = async (hasHandoff: boolean) =>
      (await json<{ items: { id: string; hasHandoff: boolean }[] }>(`/api/calls?organizationIds=${orgId}&from=2026-03-02T05:00:00Z&to=2026-03-09T05:00:00Z&hasHandoff=${hasHandoff}&limit=100`)).items;
    const without = await list(false);
    const withHandoff = await list(true);
    expect(new Set(without.map((c) => c.id))).toEqual(new Set([calls.plain, calls.booked]));
    expect(new Set(withHandoff.map((c) => c.id))).toEqual(new Set([calls.callback, calls.bookedAndCallback, calls.bookedReopened]));
    expect(without.every((c) => !c.hasHandoff) && withHandoff.every((c) => c.hasHandoff)).toBe(true);
    // The call's own page says the same, and still lists the request's handoff.
    const detail = await json<{ call: { hasHandoff: boolean }; handoffs: { type: string; status: string }[] }>(`/api/calls/${calls.booked}`);
    expect(detail.call.hasHandoff).toBe(false);
    expect(detail.handoffs).toMatchObject([{ type: 'appointment_request', status: 'resolved' }]);
  });
});
