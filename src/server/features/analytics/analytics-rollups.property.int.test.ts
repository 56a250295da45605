import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { appointmentRequests, callEvents, calls, doNotCall, handoffs, organizationHours } from '../../db/schema/index.js';
import { createOrganization, createTestApp, type TestAppHandle } from '../../test-support/index.js';
import type { StaffActor } from '../../policy/actor.js';
import { computeFromRaw, type RawCall, type RawHandoff, type RawRequest } from '../../../domain/analytics/reference.js';
import type { Granularity } from '../../../domain/analytics/buckets.js';
import { CALL_OUTCOMES, CALL_STATUSES } from '../../../domain/calls/vocabulary.js';
import { APPOINTMENT_SOURCES, APPOINTMENT_STATUSES } from '../../../domain/appointment-requests/state.js';
import { toHours } from '../organizations/hours.service.js';
import { drainRollups, getAnalytics, rebuildRollups } from './analytics.service.js';
import { RELATIVE_ERROR } from '../../../domain/analytics/duration-sketch.js';
import type { Figures } from '../../../contracts/analytics.js';

/*
 * Rollups = raw: random calls, handoffs, requests and do-not-call entries across zones (a
 * half-hour one included) and a DST change are written, some changed afterwards (as the app
 * changes them: status, outcome, claim, resolution), drained as the worker would, and every figure
 * read through the rollups — hourly ones per hour, daily ones with the hours a day's plan moves
 * between buckets otherwise, read in any of the zones — must equal the figure computed record by
 * record from the same rows (domain/analytics/reference.ts): exactly for every count, sum and
 * rate, and within the sketches' stated relative error for medians and 90th percentiles (whose
 * counts are exact). The previous period's totals, read in the same statements as the page's
 * buckets, and the heatmap, read from the daily rows' calls by hour, are checked the same way.
 */

const PERCENTILES = ['timeToClaim', 'timeToResolve', 'timeToClaimBusiness', 'timeToResolveBusiness'] as const;

/** The figures with their percentiles apart: the rest must be equal, these within the relative error. */
function split(f: Figures) {
  const exact: Record<string, unknown> = { ...f };
  for (const p of PERCENTILES) exact[p] = { count: f[p].count };
  return { exact, percentiles: PERCENTILES.flatMap((p) => [f[p].median, f[p].p90]) };
}

function expectSame(got: Figures, expected: Figures) {
  const g = split(got);
  const e = split(expected);
  expect(g.exact).toEqual(e.exact);
  g.percentiles.forEach((value, i) => {
    const exact = e.percentiles[i]!;
    if (exact === null) expect(value).toBeNull();
    else expect(Math.abs(value! - exact)).toBeLessThanOrEqual(RELATIVE_ERROR * exact + 1e-9);
  });
}

const ZONES = ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Sydney'] as const;
// Around the US and EU autumn DST changes of 2026 (Nov 1 in New York, Oct 25 in London).
const BASE = Date.parse('2026-10-20T00:00:00Z');
const SPAN = 16 * 86_400_000;
const WEEKLY = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }));

let t: TestAppHandle;
/** One organization in each zone, visible to the actor but never chosen: any of ZONES may be the view's zone (the server accepts only zones of organizations the actor may see). */
let zoneOrgIds: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  zoneOrgIds = (await Promise.all(ZONES.map((timeZone) => createOrganization(t.ctx, { timeZone })))).map((o) => o.id);
});
afterAll(() => t?.close());

const instant = fc.integer({ min: 0, max: SPAN - 1 }).map((ms) => BASE + ms);
const callArb = fc.record({
  org: fc.nat(2),
  direction: fc.constantFrom('inbound' as const, 'outbound' as const),
  status: fc.constantFrom(...CALL_STATUSES),
  outcome: fc.option(fc.constantFrom(...CALL_OUTCOMES), { nil: null }),
  startedAt: instant,
  durationSeconds: fc.option(fc.integer({ min: 0, max: 3600 }), { nil: null }),
  handoffs: fc.nat(2),
  /** What the caller said: words (answered when completed), only a "no input" turn, or nothing (hung up before speaking). */
  speech: fc.constantFrom('words' as const, 'no_input' as const, 'none' as const),
});
const handoffArb = fc.record({
  org: fc.nat(2),
  createdAt: instant,
  claimAfter: fc.option(fc.integer({ min: 0, max: 4 * 86_400_000 }), { nil: null }),
  resolveAfter: fc.option(fc.integer({ min: 0, max: 6 * 86_400_000 }), { nil: null }),
  canceled: fc.boolean(),
});
const requestArb = fc.record({
  org: fc.nat(2),
  source: fc.constantFrom(...APPOINTMENT_SOURCES),
  status: fc.constantFrom(...APPOINTMENT_STATUSES),
  createdAt: instant,
});
const changeArb = fc.record({ index: fc.nat(), status: fc.constantFrom(...CALL_STATUSES), outcome: fc.option(fc.constantFrom(...CALL_OUTCOMES), { nil: null }) });

const admin: StaffActor = { kind: 'staff', userId: 'property', email: 'p@example.test', name: 'P', role: 'admin', allOrganizations: false, organizationIds: [], sessionId: 's', ip: '127.0.0.1' };

describe('analytics rollups', () => {
  it('give every figure as computed from the raw records: counts exactly, percentiles within the stated error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          zones: fc.tuple(fc.constantFrom(...ZONES), fc.constantFrom(...ZONES), fc.constantFrom(...ZONES)),
          calls: fc.array(callArb, { maxLength: 40 }),
          handoffs: fc.array(handoffArb, { maxLength: 15 }),
          requests: fc.array(requestArb, { maxLength: 15 }),
          dnc: fc.array(fc.record({ org: fc.nat(2), createdAt: instant }), { maxLength: 5 }),
          changes: fc.array(changeArb, { maxLength: 8 }),
          granularity: fc.constantFrom<Granularity>('hour', 'day', 'week', 'month'),
          viewZone: fc.constantFrom(...ZONES),
          direction: fc.constantFrom('all' as const, 'inbound' as const, 'outbound' as const),
          rebuild: fc.boolean(),
        }),
        async (input) => {
          const orgs = await Promise.all(input.zones.map((timeZone) => createOrganization(t.ctx, { timeZone })));
          await t.ctx.db.insert(organizationHours).values(orgs.map((o) => ({ organizationId: o.id, weekly: WEEKLY, overrides: [] })));
          const rawCalls: (RawCall & { id: string })[] = input.calls.map((c) => ({
            id: randomUUID(),
            organizationId: orgs[c.org]!.id,
            direction: c.direction,
            status: c.status,
            outcome: c.outcome,
            startedAt: c.startedAt,
            durationSeconds: c.durationSeconds,
            handoffCount: c.handoffs,
            callerSpoke: c.speech === 'words',
          }));
          if (rawCalls.length)
            await t.ctx.db.insert(calls).values(
              rawCalls.map((c) => ({ id: c.id, organizationId: c.organizationId, direction: c.direction, status: c.status, outcome: c.outcome, provider: 'simulator' as const, providerCallId: c.id, fromNumber: '+18605550142', toNumber: '+18605550100', startedAt: new Date(c.startedAt), durationSeconds: c.durationSeconds })),
            );
          const turns = input.calls.flatMap((c, i) =>
            c.speech === 'none' ? [] : [{ callId: rawCalls[i]!.id, seq: 1, kind: 'caller_speech' as const, payload: c.speech === 'words' ? { text: 'I need an appointment' } : { text: '', noInput: true } }],
          );
          if (turns.length) await t.ctx.db.insert(callEvents).values(turns);
          const rawHandoffs: RawHandoff[] = [];
          const handoffRows: (typeof handoffs.$inferInsert)[] = [];
          const addHandoff = (organizationId: string, createdAt: number, h: { claimAfter: number | null; resolveAfter: number | null; canceled: boolean }, callId: string | null) => {
            const claimedAt = h.claimAfter === null ? null : createdAt + h.claimAfter;
            const resolvedAt = h.resolveAfter === null || h.canceled ? null : (claimedAt ?? createdAt) + h.resolveAfter;
            const status = h.canceled ? 'canceled' : resolvedAt !== null ? 'resolved' : claimedAt !== null ? 'claimed' : 'open';
            rawHandoffs.push({ organizationId, status, createdAt, claimedAt, resolvedAt });
            handoffRows.push({ organizationId, type: 'callback', source: callId ? 'call' : 'staff', callId, reason: 'r', dueAt: new Date(createdAt), status, createdAt: new Date(createdAt), claimedAt: claimedAt === null ? null : new Date(claimedAt), resolvedAt: resolvedAt === null ? null : new Date(resolvedAt) });
          };
          for (const c of rawCalls) for (let i = 0; i < c.handoffCount; i++) addHandoff(c.organizationId, c.startedAt + 60_000 * (i + 1), { claimAfter: 3_600_000, resolveAfter: null, canceled: false }, c.id);
          for (const h of input.handoffs) addHandoff(orgs[h.org]!.id, h.createdAt, h, null);
          if (handoffRows.length) await t.ctx.db.insert(handoffs).values(handoffRows);
          const rawRequests: RawRequest[] = input.requests.map((r) => ({ organizationId: orgs[r.org]!.id, source: r.source, status: r.status, createdAt: r.createdAt, submittedAt: r.status === 'draft' ? null : r.createdAt + 600_000 }));
          if (rawRequests.length)
            await t.ctx.db.insert(appointmentRequests).values(rawRequests.map((r) => ({ organizationId: r.organizationId, source: r.source, status: r.status, createdAt: new Date(r.createdAt), submittedAt: r.submittedAt === null ? null : new Date(r.submittedAt) })));
          const rawDnc = input.dnc.map((d, i) => ({ organizationId: orgs[d.org]!.id, createdAt: d.createdAt, phone: `+1860555${String(1000 + i)}` }));
          if (rawDnc.length) await t.ctx.db.insert(doNotCall).values(rawDnc.map((d) => ({ organizationId: d.organizationId, phone: d.phone, createdAt: new Date(d.createdAt) })));

          // Half the changes land before a first drain, half after it.
          const applyChanges = async (changes: typeof input.changes) => {
            for (const ch of changes) {
              const c = rawCalls[ch.index % Math.max(1, rawCalls.length)];
              if (!c) continue;
              c.status = ch.status;
              c.outcome = ch.outcome;
              const { eq } = await import('drizzle-orm');
              await t.ctx.db.update(calls).set({ status: ch.status, outcome: ch.outcome }).where(eq(calls.id, c.id));
            }
          };
          const half = Math.floor(input.changes.length / 2);
          await applyChanges(input.changes.slice(0, half));
          await drainRollups(t.ctx.db);
          await applyChanges(input.changes.slice(half));
          if (input.rebuild) await rebuildRollups(t.ctx.db);
          await drainRollups(t.ctx.db);

          const actor = { ...admin, organizationIds: [...orgs.map((o) => o.id), ...zoneOrgIds] };
          // The records span the previous period (Oct 19–28) and the page's (Oct 29 – Nov 7), read together.
          const query = { from: '2026-10-29', to: '2026-11-07', granularity: input.granularity, direction: input.direction, timeZone: input.viewZone, organizations: orgs.map((o) => o.id) };
          const got = await getAnalytics(t.ctx, actor, query);
          const records = {
            calls: rawCalls,
            handoffs: rawHandoffs,
            requests: rawRequests,
            doNotCall: rawDnc,
            organizations: new Map(orgs.map((o) => [o.id, { timeZone: o.timeZone, hours: toHours(o.timeZone, { weekly: WEEKLY, overrides: [] }) }])),
          };
          const directions = input.direction === 'all' ? (['inbound', 'outbound'] as const) : [input.direction];
          const expected = computeFromRaw(records, { range: { from: query.from, to: query.to }, zone: input.viewZone, granularity: input.granularity, directions: [...directions] });
          const expectedPrevious = computeFromRaw(records, { range: { from: '2026-10-19', to: '2026-10-28' }, zone: input.viewZone, granularity: 'month', directions: [...directions] });
          expectSame(got.totals, expected.totals);
          expectSame(got.previousTotals, expectedPrevious.totals);
          expect(got.series.map((s) => s.key)).toEqual(expected.series.map((s) => s.key));
          got.series.forEach((s, i) => expectSame(s.figures, expected.series[i]!.figures));
          expect(got.heatmap.map((c) => c.calls)).toEqual(expected.heatmap.flat());
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);
});
