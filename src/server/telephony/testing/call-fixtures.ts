import { randomInt } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import {
  appointmentRequests,
  callEvents,
  calls,
  doNotCall,
  handoffs,
  organizationHours,
  organizationPhoneNumbers,
  organizations,
  users,
  scheduleShifts,
  schedules,
} from '../../db/schema/index.js';
import { defaultAgentSettings } from '../../../contracts/organizations.js';
import { createOrganization, createStaffUser } from '../../test-support/factories.js';

export interface Practice {
  id: string;
  name: string;
  number: string;
  onDuty: { id: string; name: string; phone: string } | null;
}

const ALWAYS = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));

/** A random valid US number (unique enough for one test database). */
export function uniqueNumber(): string {
  const area = ['860', '203', '415', '617', '212'][randomInt(5)];
  return `+1${area}${randomInt(200, 999)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/**
 * A practice with a phone line, open around the clock or never, with someone on duty (with a
 * phone) when asked — so transfer scenarios do not depend on the time the tests run.
 */
export async function createPractice(
  ctx: Pick<AppContext, 'db'>,
  opts: { open?: boolean; onDuty?: boolean; agentSettings?: Record<string, unknown>; appointments?: Record<string, unknown>; status?: 'active' | 'paused'; country?: 'US' | 'GB' } = {},
): Promise<Practice> {
  const gb = opts.country === 'GB';
  const org = await createOrganization(ctx, { status: opts.status ?? 'active', timeZone: gb ? 'Europe/London' : 'America/New_York' });
  const name = org.name;
  await ctx.db
    .update(organizations)
    .set({
      agentSettings: { ...defaultAgentSettings(name), ...(opts.agentSettings ?? {}) },
      appointmentSettings: { enabled: true, visitReasons: ['New patient visit', 'Follow-up', 'Annual physical', 'Sick visit', 'Vaccination'], message: 'We will call you to confirm a time.', ...(opts.appointments ?? {}) },
      address: gb
        ? { line1: '12 Camden Road', city: 'London', region: '', postalCode: 'NW1 9DP', country: 'GB' }
        : { line1: '1 Test Street', city: 'Hartford', region: 'CT', postalCode: '06103', country: 'US' },
    })
    .where(eq(organizations.id, org.id));
  const number = gb ? `+4420794${String(randomInt(10_000, 99_999))}` : uniqueNumber();
  await ctx.db.insert(organizationPhoneNumbers).values({ organizationId: org.id, e164: number, label: 'Main line' });
  await ctx.db.insert(organizationHours).values({ organizationId: org.id, weekly: opts.open === false ? [] : ALWAYS, overrides: [] }).onConflictDoUpdate({
    target: organizationHours.organizationId,
    set: { weekly: opts.open === false ? [] : ALWAYS },
  });
  let onDuty: Practice['onDuty'] = null;
  if (opts.onDuty !== false) {
    const staff = await createStaffUser(ctx, { role: 'agent', organizationIds: [org.id], name: 'Dana Reyes' });
    const phone = uniqueNumber();
    await ctx.db.update(users).set({ phone }).where(eq(users.id, staff.id));
    const [schedule] = await ctx.db.insert(schedules).values({ organizationId: org.id, name: 'Front desk' }).returning();
    await ctx.db.insert(scheduleShifts).values({
      scheduleId: schedule!.id,
      organizationId: org.id,
      assigneeType: 'user',
      assigneeUserId: staff.id,
      days: [1, 2, 3, 4, 5, 6, 7],
      startTime: '00:00',
      endTime: '24:00',
    });
    onDuty = { id: staff.id, name: 'Dana Reyes', phone };
  }
  return { id: org.id, name, number, onDuty };
}

/** Everything a call left behind, for assertions. */
export async function recordsOf(db: Db, callSid: string, provider: 'twilio' | 'simulator' = 'twilio') {
  const [call] = await db.select().from(calls).where(and(eq(calls.provider, provider), eq(calls.providerCallId, callSid)));
  if (!call) return { call: undefined, events: [], handoffs: [], requests: [], dnc: [] };
  const events = await db.select().from(callEvents).where(eq(callEvents.callId, call.id)).orderBy(asc(callEvents.seq));
  const hs = await db.select().from(handoffs).where(eq(handoffs.callId, call.id)).orderBy(asc(handoffs.createdAt));
  const requests = await db.select().from(appointmentRequests).where(eq(appointmentRequests.callId, call.id));
  const dnc = await db.select().from(doNotCall).where(eq(doNotCall.callId, call.id));
  return { call, events, handoffs: hs, requests, dnc };
}
