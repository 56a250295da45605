import { Temporal } from 'temporal-polyfill';
import { and, eq, inArray, like, desc, isNotNull, lt } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import type { AppContext } from '../../app-context.js';
import { appointmentRequests, calls, organizationPhoneNumbers, organizations } from '../../db/schema/index.js';
import { DEMO_ORGANIZATIONS } from '../demo-organizations.js';
import { DemoCaller, type Opening } from './demo-caller.js';
import { closeInterruptedDemoCall, runDemoCall } from './demo-call-runner.js';
import { ageDemoHistory } from './demo-history.js';
import { persona, pick, seededRandom, type Random } from './demo-personas.js';

export const SEED_DEMO_CALLS_TASK = 'seed-demo-calls';

/** What callers want, weighted the way a front desk's phone rings. */
const OPENINGS: [Opening, number][] = [
  ['appointment', 32],
  ['hours', 14],
  ['message', 10],
  ['person', 10],
  ['callback', 7],
  ['status', 5],
  ['location', 4],
  ['emergency', 3],
  ['silent', 4],
  ['confused', 4],
  ['hangs_up', 4],
  ['do_not_call', 2],
];
const CALLS_PER_DAY: Record<string, number> = { maple: 3.2, harbor: 2.4, camden: 2 };
const AREA: Record<string, string> = { maple: '860', harbor: '510', camden: '20' };

function weighted(r: Random): Opening {
  const total = OPENINGS.reduce((a, [, w]) => a + w, 0);
  let x = r() * total;
  for (const [o, w] of OPENINGS) if ((x -= w) < 0) return o;
  return 'hours';
}

/** How busy each weekday is (Monday first): Mondays most, weekends quiet. */
const WEEKDAY_LOAD = [1.5, 1.15, 1, 1, 0.85, 0.3, 0.2];

/** A moment on `date` in the zone: mostly office hours, busiest in the morning, sometimes early or late. */
function callTime(r: Random, date: Temporal.PlainDate, timeZone: string): Date {
  const hour = r() < 0.85 ? 8 + Math.floor(Math.pow(r(), 1.6) * 10) : pick(r, [6, 7, 18, 19, 20, 21]);
  const zdt = date.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from({ hour, minute: Math.floor(r() * 60), second: Math.floor(r() * 60) }) });
  return new Date(zdt.epochMilliseconds);
}

/** A number from a text, to seed one call's random choices. */
function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The demo's ninety days of calls (issue 4, point 5; issue 17 §4): scripted callers run through the simulator
 * adapter with the clock moved into the past, so every call, transcript, model context,
 * request and handoff is what the real pipeline produces. Runs as a worker job right after the
 * first start (the cold start stays fast).
 *
 * Resumable (issue 14 §3): the plan is fixed by `now` (the job's payload carries the moment the
 * demo was seeded) and every planned call has its own provider call id and its own random
 * choices, so a run killed half-way is finished by the next one — calls already made are
 * skipped (the id is unique, so none is made twice), a call left open by the kill is closed as
 * the stale-call sweeper would, and the rest are made. Returns the number of calls made.
 */
export async function seedDemoCalls(ctx: AppContext, opts: { days?: number; seed?: number; now?: Date } = {}): Promise<number> {
  const seed = opts.seed ?? 20_260_101;
  // Ninety days, so analytics' 90-day view and its previous-period comparison mean something.
  const days = opts.days ?? 90;
  const now = opts.now ?? ctx.clock.now();
  const orgs = await ctx.db
    .select({ id: organizations.id, slug: organizations.slug, timeZone: organizations.timeZone, number: organizationPhoneNumbers.e164 })
    .from(organizations)
    .innerJoin(organizationPhoneNumbers, eq(organizationPhoneNumbers.organizationId, organizations.id))
    .where(inArray(organizations.slug, DEMO_ORGANIZATIONS.map((o) => o.slug)));
  const plan: { org: (typeof orgs)[number]; key: string; at: Date; providerCallId: string }[] = [];
  for (const demo of DEMO_ORGANIZATIONS) {
    const org = orgs.find((o) => o.slug === demo.slug);
    if (!org) continue;
    const r = seededRandom(seed ^ hashSeed(demo.key));
    const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(org.timeZone).toPlainDate();
    for (let d = days; d >= 0; d--) {
      const date = today.subtract({ days: d });
      const n = Math.round((CALLS_PER_DAY[demo.key] ?? 2) * WEEKDAY_LOAD[date.dayOfWeek - 1]! * (0.6 + r() * 0.8));
      for (let i = 0; i < n; i++) {
        const at = callTime(r, date, org.timeZone);
        if (at.getTime() < now.getTime() - 60_000) plan.push({ org, key: demo.key, at, providerCallId: `SIM-DEMO-${demo.key}-${date.toString()}-${i}` });
      }
    }
  }
  plan.sort((a, b) => a.at.getTime() - b.at.getTime());
  const existing = new Map(
    (
      await ctx.db
        .select({ id: calls.id, providerCallId: calls.providerCallId, status: calls.status, lastActivityAt: calls.lastActivityAt })
        .from(calls)
        .where(and(eq(calls.provider, 'simulator'), like(calls.providerCallId, 'SIM-DEMO-%')))
    ).map((c) => [c.providerCallId, c]),
  );
  let made = 0;
  // Calls of one organization run in order (status checks quote earlier requests); organizations in parallel.
  await Promise.all(
    DEMO_ORGANIZATIONS.map(async (demo) => {
      for (const item of plan.filter((p) => p.key === demo.key)) {
        const done = existing.get(item.providerCallId);
        if (done) {
          if (done.status === 'ringing' || done.status === 'in_progress') await closeInterruptedDemoCall(ctx, done);
          continue;
        }
        const r = seededRandom(seed ^ hashSeed(item.providerCallId));
        const gb = demo.address.country === 'GB';
        const who = persona(r, gb ? 'GB' : 'US', AREA[demo.key] ?? '860');
        let opening = weighted(r);
        const asked = opening === 'status' ? await recentRequest(ctx, item.org.id, item.at) : null;
        if (opening === 'status' && !asked) opening = 'hours';
        if (asked) {
          // The patient who asks about a request is the one who made it.
          const [year, month, day] = asked.dateOfBirth.split('-').map(Number) as [number, number, number];
          who.dob = { year, month, day };
        }
        const caller = new DemoCaller(r, who, opening, gb, asked?.code ?? null);
        const result = await runDemoCall(ctx, { providerCallId: item.providerCallId, organizationId: item.org.id, to: item.org.number, from: who.phone, startAt: item.at, caller, r });
        if (result) made++;
      }
    }),
  );
  await ageDemoHistory(ctx.db, now);
  if (made) ctx.log.info({ calls: made }, 'demo call history seeded');
  return made;
}

/** The latest request an earlier demo call made (not a demo patient's, nor one from after the call). */
async function recentRequest(ctx: AppContext, organizationId: string, before: Date): Promise<{ code: string; dateOfBirth: string } | null> {
  const [row] = await ctx.db
    .select({ code: appointmentRequests.referenceCode, dateOfBirth: appointmentRequests.dateOfBirth })
    .from(appointmentRequests)
    .where(and(eq(appointmentRequests.organizationId, organizationId), isNotNull(appointmentRequests.referenceCode), isNotNull(appointmentRequests.callId), lt(appointmentRequests.createdAt, before)))
    .orderBy(desc(appointmentRequests.createdAt))
    .limit(1);
  return row?.code && row.dateOfBirth ? { code: row.code, dateOfBirth: row.dateOfBirth } : null;
}

export function seedDemoCallsTask(ctx: AppContext): Task {
  return async (payload) => {
    const at = (payload as { now?: unknown } | null)?.now;
    await seedDemoCalls(ctx, { now: typeof at === 'string' ? new Date(at) : undefined });
  };
}
