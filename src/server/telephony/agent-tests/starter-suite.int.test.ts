import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationHours } from '../../db/schema/index.js';
import { createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, type Practice } from '../testing/call-fixtures.js';
import { playRun } from './run-agent-tests.job.js';
import { eq } from 'drizzle-orm';

/**
 * The starter suite (issue 32 §3): generated from a practice's settings, and passing on the
 * built-in brain with the practice's default agent settings — so a change that breaks one of its
 * scenarios shows as a failure with its reason.
 */
let t: TestAppHandle;
let practice: Practice;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  practice = await createPractice(t.ctx);
  // Weekdays 8–17 and Saturday morning, closed Sunday; a holiday closure.
  await t.db
    .update(organizationHours)
    .set({
      weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '17:00' })).concat([{ day: 6, start: '09:00', end: '12:00' }]),
      overrides: [{ from: '2030-12-25', to: '2030-12-25', label: 'Christmas Day', closed: true, intervals: [] }],
    })
    .where(eq(organizationHours.organizationId, practice.id));
  const sup = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [practice.id] });
  cookie = await signIn(t.app, sup.email, sup.password);
}, 60_000);
afterAll(() => t?.close());

describe('the starter suite', () => {
  it('covers hours, bookings, messages, transfers, emergencies in both languages, do-not-call and status, and passes on the built-in brain', async () => {
    const made = await t.app.inject({ method: 'POST', url: `/api/organizations/${practice.id}/agent-tests/suites/starter`, headers: { cookie } });
    expect(made.statusCode, made.body).toBe(201);
    const suite = made.json();
    const names: string[] = suite.scenarios.map((s: { name: string }) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Hours: asks about Monday (open)',
        'Hours: asks about Sunday (closed)',
        'Hours: asks about Christmas Day (holiday)',
        'Booking: Follow-up',
        'Booking: Vaccination',
        'Message for the front desk',
        'Call-back request',
        'Transfer: asks for a person while open',
        'Transfer: asks for a person while closed',
        'Emergency (cardiac, English)',
        'Emergency (cardiac, Spanish)',
        'Emergency (infant fever, Spanish)',
        'Do-not-call request',
        'Status look-up of an unknown request',
      ]),
    );
    // Thirteen emergency categories, each in both languages.
    expect(names.filter((n) => n.startsWith('Emergency (')).length).toBe(26);

    const run = await t.app.inject({ method: 'POST', url: `/api/agent-tests/suites/${suite.id}/runs`, headers: { cookie }, payload: {} });
    expect(run.statusCode, run.body).toBe(202);
    await playRun(t.ctx, run.json().id);
    const view = (await t.app.inject({ method: 'GET', url: `/api/agent-tests/runs/${run.json().id}`, headers: { cookie } })).json();
    const failures = view.results
      .filter((r: { passed: boolean }) => !r.passed)
      .map((r: { name: string; reasons: string[]; transcript: { speaker: string; text: string }[] }) => `${r.name}: ${r.reasons.join(' ')}\n${r.transcript.map((l) => `  ${l.speaker}: ${l.text}`).join('\n')}`);
    expect(failures).toEqual([]);
    expect(view).toMatchObject({ status: 'passed', emergency: { expected: 26, escalated: 26 } });
  }, 120_000);
});
