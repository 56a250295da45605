import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createDatabase, type Database } from '../../db/client.js';
import { calls, handoffs } from '../../db/schema/index.js';
import { createCall, createHandoffForCall, createOrganization, createTestApp, type TestAppHandle } from '../../test-support/index.js';
import type { StaffActor } from '../../policy/actor.js';
import { drainRollups, getAnalytics, rebuildRollups } from './analytics.service.js';

/*
 * Each server process keeps the analytics rollups in memory (rollup-memory.ts). Another process —
 * here a second connection pool with its own index, as the worker or a second web process has —
 * may fold changes into the rollups or rebuild them; the next read here must show them.
 */

let t: TestAppHandle;
let other: Database;
let orgId: string;
const handoffIds: string[] = [];
const at = (iso: string) => new Date(iso);
const actor = (): StaffActor => ({ kind: 'staff', userId: 'u', email: 'u@example.test', name: 'U', role: 'supervisor', allOrganizations: false, organizationIds: [orgId], sessionId: 's', ip: '127.0.0.1' });
const page = () => getAnalytics(t.ctx, actor(), { from: '2026-03-02', to: '2026-03-08', granularity: 'day', direction: 'all', organizations: [orgId] });
const read = async () => (await page()).totals.timeToClaim;
const changeElsewhere = async (change: () => Promise<unknown>) => {
  await change();
  await drainRollups(other.db);
};

beforeAll(async () => {
  t = await createTestApp();
  other = createDatabase(t.databaseUrl, { max: 2 });
  orgId = (await createOrganization(t.ctx, { timeZone: 'America/New_York' })).id;
  // Claimed after 10, 20 and 30 minutes.
  for (const [i, minutes] of [10, 20, 30].entries()) {
    const createdAt = at(`2026-03-0${2 + i}T15:00:00Z`);
    const call = await createCall(t.ctx, { organizationId: orgId, startedAt: createdAt, durationSeconds: 60, outcome: 'message_taken', callerSaid: 'Hello' });
    const h = await createHandoffForCall(t.ctx, { organizationId: orgId, callId: call.id, createdAt });
    await t.ctx.db.update(handoffs).set({ status: 'claimed', claimedAt: new Date(createdAt.getTime() + minutes * 60_000) }).where(eq(handoffs.id, h.id));
    handoffIds.push(h.id);
  }
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('analytics rollups held in memory', () => {
  it('follow changes another process folds into the rollups', async () => {
    expect(await read()).toEqual({ median: 1_200, p90: 1_800, count: 3 });

    await changeElsewhere(() => other.db.update(handoffs).set({ claimedAt: at('2026-03-02T16:40:00Z') }).where(eq(handoffs.id, handoffIds[0]!)));
    expect(await read()).toEqual({ median: 1_800, p90: 6_000, count: 3 });

    await changeElsewhere(() => other.db.update(handoffs).set({ status: 'open', claimedAt: null }).where(eq(handoffs.id, handoffIds[1]!)));
    expect(await read()).toEqual({ median: 1_800, p90: 6_000, count: 2 });

    // A call finished elsewhere counts at once.
    await changeElsewhere(() => createCall({ db: other.db }, { organizationId: orgId, startedAt: at('2026-03-05T15:00:00Z'), durationSeconds: 90, callerSaid: 'Hello' }));
    expect((await page()).totals).toMatchObject({ inboundCalls: 4, answered: 4 });

    // Moved to another hour (and day): its old hour must let it go.
    await changeElsewhere(() => other.db.update(handoffs).set({ createdAt: at('2026-03-06T15:00:00Z'), claimedAt: at('2026-03-06T15:05:00Z') }).where(eq(handoffs.id, handoffIds[2]!)));
    expect(await read()).toEqual({ median: 300, p90: 6_000, count: 2 });
  });

  it('follow a rebuild run elsewhere, including hours left with no records', async () => {
    await read();
    // Deleted without the triggers (as a bulk repair might): only a rebuild notices.
    await other.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(handoffs).where(eq(handoffs.id, handoffIds[0]!));
      await tx.delete(calls).where(eq(calls.startedAt, at('2026-03-02T15:00:00Z')));
    });
    await rebuildRollups(other.db);
    expect(await read()).toEqual({ median: 300, p90: 300, count: 1 });
    // Its call went too: Monday has no call left, in the series and the heatmap.
    const after = await page();
    expect(after.series[0]!.figures.inboundCalls).toBe(0);
    expect(after.totals.inboundCalls).toBe(3);
    expect(after.heatmap.reduce((n, c) => n + c.calls, 0)).toBe(3);
  });
});
