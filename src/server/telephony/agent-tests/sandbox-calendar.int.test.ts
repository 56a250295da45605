import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequests, bookedVisits, calls, clinicians, organizations } from '../../db/schema/index.js';
import { createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { addCalendar, bookVisitBeforeCall, CALENDAR } from '../testing/calendar-fixtures.js';
import { createPractice, type Practice } from '../testing/call-fixtures.js';
import { playRun } from './run-agent-tests.job.js';
import type { ScenarioBody } from '../../../contracts/agent-tests.js';

/**
 * Agent tests at a practice that books visits on its calendars (decision 056, addendum): the
 * sandbox gets the practice's calendar configuration, so a booking scenario books an open time as
 * a real call would — on the sandbox's copy, starting from a calendar nobody has booked, and
 * leaving the practice's calendar, calls and requests as they were.
 */
let t: TestAppHandle;
let practice: Practice;
let supervisor: string;

/** Friday, November 27, 2026, 9 AM in Hartford: an annual physical is booked a day ahead at the soonest (calendar-fixtures.ts). */
const FRIDAY_9AM = Date.parse('2026-11-27T14:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.clock.advance(FRIDAY_9AM - t.ctx.clock.now().getTime());
  practice = await createPractice(t.ctx);
  await addCalendar(t.db, practice.id);
  const sup = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [practice.id] });
  supervisor = await signIn(t.app, sup.email, sup.password);
}, 60_000);
afterAll(async () => {
  t?.ctx.clock.reset();
  await t?.close();
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: supervisor }, ...(payload ? { payload } : {}) });

const booksAPhysical = (name: string): ScenarioBody => ({
  name,
  caller: {
    language: 'en',
    firstUtterance: "I'd like to book an annual physical",
    answers: { name: 'Jane Smith', dateOfBirth: 'March 3rd 1980', reason: 'annual physical', patientType: 'returning', preferences: 'mornings' },
    // What the caller says to "Which would you like?"
    followUps: ['the first one'],
    yesNo: 'yes',
  },
  expectations: [
    { kind: 'appointment_request', fields: { firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03', isNewPatient: false } },
    { kind: 'agent_said', text: "You're booked for Monday, November 30th at 9 AM with Dr. Hart" },
    { kind: 'outcome', outcome: 'appointment_requested' },
  ],
});

async function playSuite(scenarios: ScenarioBody[]) {
  const imported = await api('POST', `/api/organizations/${practice.id}/agent-tests/suites/import`, { format: 'switchboard.agent-tests.v1', name: `Suite ${Math.random()}`, scenarios });
  expect(imported.statusCode, imported.body).toBe(201);
  const queued = await api('POST', `/api/agent-tests/suites/${imported.json().id}/runs`, {});
  expect(queued.statusCode, queued.body).toBe(202);
  await playRun(t.ctx, queued.json().id);
  return (await api('GET', `/api/agent-tests/runs/${queued.json().id}`)).json();
}

const practiceVisits = () => t.db.select().from(bookedVisits).where(eq(bookedVisits.organizationId, practice.id));
const calendarRows = (organizationId: string) =>
  t.db.execute<{ table: string; n: number }>(sql`
    select 'locations' as table, count(*)::int as n from locations where organization_id = ${organizationId}
    union all select 'visit_types', count(*)::int from visit_types where organization_id = ${organizationId}
    union all select 'clinicians', count(*)::int from clinicians where organization_id = ${organizationId}
    union all select 'clinician_visit_types', count(*)::int from clinician_visit_types where organization_id = ${organizationId}
    union all select 'clinician_availability', count(*)::int from clinician_availability where organization_id = ${organizationId}
    order by 1`);

describe('an agent test at a practice with a calendar', () => {
  it('books an open time on the sandbox’s copy of the calendar and leaves the practice’s calendar untouched', async () => {
    // The practice's own Monday 9 AM with Dr. Hart is booked already.
    const { visitId } = await bookVisitBeforeCall(t.ctx, practice.id, '2026-11-30T09:00', { firstName: 'Ana', lastName: 'Torres', dateOfBirth: '1975-05-03' });
    const before = await practiceVisits();
    const practiceCalendar = (await calendarRows(practice.id)).rows;

    const view = await playSuite([booksAPhysical('Books a physical'), booksAPhysical('Books the same physical again')]);

    // Both scenarios booked the first open time: each starts from a calendar nobody has booked,
    // neither the practice's visits nor the scenario before it stand in its way.
    expect(view).toMatchObject({ status: 'passed', total: 2, passed: 2 });
    for (const result of view.results) {
      expect(result.reasons).toEqual([]);
      expect(result.records.requests).toEqual([expect.objectContaining({ status: 'scheduled', firstName: 'Jane', lastName: 'Smith' })]);
    }

    // The booking is the sandbox's: on its copy of Dr. Hart, nobody's user.
    const [sandbox] = await t.db.select().from(organizations).where(eq(organizations.sandboxOf, practice.id));
    const sandboxVisits = await t.db
      .select({ status: bookedVisits.status, channel: bookedVisits.channel, startsAt: bookedVisits.startsAt, clinician: clinicians })
      .from(bookedVisits)
      .innerJoin(clinicians, eq(clinicians.id, bookedVisits.clinicianId))
      .where(eq(bookedVisits.organizationId, sandbox!.id));
    expect(sandboxVisits).toEqual([
      { status: 'booked', channel: 'phone', startsAt: new Date('2026-11-30T14:00:00Z'), clinician: expect.objectContaining({ organizationId: sandbox!.id, name: CALENDAR.hart, userId: null }) },
    ]);
    expect((await calendarRows(sandbox!.id)).rows).toEqual(practiceCalendar);

    // The practice's calendar, calls and requests are as they were.
    expect(await practiceVisits()).toEqual(before);
    expect((await calendarRows(practice.id)).rows).toEqual(practiceCalendar);
    const week = (await api('GET', `/api/organizations/${practice.id}/visits?date=2026-11-30&view=week`)).json();
    expect(week.items.map((v: { id: string }) => v.id)).toEqual([visitId]);
    expect(await t.db.select().from(calls).where(eq(calls.organizationId, practice.id))).toEqual([]);
    expect(await t.db.select().from(appointmentRequests).where(and(eq(appointmentRequests.organizationId, practice.id), eq(appointmentRequests.firstName, 'Jane')))).toEqual([]);
  }, 60_000);

  it('follows the practice’s calendar at each run', async () => {
    // Dr. Hart no longer sees patients, and only she works mornings: the next run's sandbox has no
    // morning to offer, so the call ends in a request, as a real call to the practice would.
    await t.db.update(clinicians).set({ active: false }).where(and(eq(clinicians.organizationId, practice.id), eq(clinicians.name, CALENDAR.hart)));
    try {
      const [result] = (await playSuite([booksAPhysical('Books a physical')])).results;
      expect(result).toMatchObject({ passed: false, reasons: ['The agent never said "You\'re booked for Monday, November 30th at 9 AM with Dr. Hart".'] });
      expect(result.records.requests).toEqual([expect.objectContaining({ status: 'submitted', firstName: 'Jane' })]);
      expect(JSON.stringify(result.transcript)).not.toContain('Dr. Hart');
    } finally {
      await t.db.update(clinicians).set({ active: true }).where(and(eq(clinicians.organizationId, practice.id), eq(clinicians.name, CALENDAR.hart)));
    }
  }, 60_000);

  it('plays the practice’s starter suite: its booking scenarios book the visit types booked by phone', async () => {
    const made = await api('POST', `/api/organizations/${practice.id}/agent-tests/suites/starter`);
    expect(made.statusCode, made.body).toBe(201);
    const queued = await api('POST', `/api/agent-tests/suites/${made.json().id}/runs`, {});
    await playRun(t.ctx, queued.json().id);
    const view = (await api('GET', `/api/agent-tests/runs/${queued.json().id}`)).json();
    expect(view.results.filter((r: { passed: boolean }) => !r.passed).map((r: { name: string; reasons: string[] }) => `${r.name}: ${r.reasons.join(' ')}`)).toEqual([]);
    const requestOf = (name: string) => view.results.find((r: { name: string }) => r.name === name).records.requests[0];
    // Annual physicals and (for a returning patient) sick visits are booked by phone; follow-ups stay with the front desk.
    expect(requestOf('Booking: Annual physical')).toMatchObject({ status: 'scheduled' });
    expect(requestOf('Booking: Sick visit')).toMatchObject({ status: 'scheduled' });
    expect(requestOf('Booking: Follow-up')).toMatchObject({ status: 'submitted' });
  }, 120_000);
});
