import { and, desc, eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequests, handoffs } from '../../db/schema/index.js';
import { auditRows, createStaffUser, createTestApp, errorCode, outboxFor, signIn, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, portalSignIn, submitWebRequest } from '../../test-support/patients.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';

let t: TestAppHandle;
let org: OrganizationRow;
let staff: string;
const ZONE = 'America/New_York';

/** A patient with a request the front desk scheduled next Tuesday at 09:30, signed into the portal. */
async function scheduledPatient() {
  const r = await submitWebRequest(t.app, org.slug);
  const [row] = await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.referenceCode, r.referenceCode));
  let day = Temporal.Now.plainDateISO(ZONE).add({ days: 2 });
  while (day.dayOfWeek !== 2) day = day.add({ days: 1 });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/appointment-requests/${row!.id}/schedule`,
    headers: { cookie: staff },
    payload: { version: row!.version, scheduledFor: `${day}T09:30`, durationMinutes: 40, location: 'Suite 200', clinician: 'Dr. Rivera' },
  });
  if (res.statusCode !== 200) throw new Error(`schedule: ${res.body}`);
  const cookie = await portalSignIn(t.app, t.ctx, org.slug, r.email, r.dateOfBirth);
  return { id: row!.id, email: r.email, cookie, startsAt: res.json().appointmentRequest.scheduledFor as string };
}
const portal = (cookie: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const handoffsOf = (requestId: string) => t.db.select().from(handoffs).where(eq(handoffs.appointmentRequestId, requestId)).orderBy(desc(handoffs.createdAt));

beforeAll(async () => {
  t = await createTestApp();
  org = await createPractice(t.ctx, { name: 'Portal Visit Clinic', timeZone: ZONE });
  const s = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id] });
  staff = await signIn(t.app, s.email, s.password);
});
afterAll(() => t?.close());

describe('a scheduled visit in the portal', () => {
  it('shows time, length, place, clinician, address and a calendar file only its patient can download', async () => {
    const p = await scheduledPatient();
    const overview = (await portal(p.cookie, 'GET', '/api/portal/overview')).json();
    const request = overview.requests.find((r: { id: string }) => r.id === p.id);
    expect(request.visit).toEqual({
      startsAt: p.startsAt,
      durationMinutes: 40,
      location: 'Suite 200',
      clinician: 'Dr. Rivera',
      address: '1 Main Street, Hartford, CT 06103',
      calendarPath: `/api/portal/requests/${p.id}/visit.ics`,
      anotherTimeAskedAt: null,
      // Scheduled by hand, not on a clinician's calendar: cancel and "ask for another time" as before.
      booking: null,
    });

    const ics = await portal(p.cookie, 'GET', request.visit.calendarPath);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['content-disposition']).toMatch(/^attachment; filename="appointment-[a-z0-9-]+\.ics"$/);
    expect(ics.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.body).toContain('DURATION:PT40M');

    const other = await scheduledPatient();
    expect((await portal(other.cookie, 'GET', request.visit.calendarPath)).statusCode).toBe(404);
    expect((await portal(undefined, 'GET', request.visit.calendarPath)).statusCode).toBe(401);
    expect((await portal(staff, 'GET', request.visit.calendarPath)).statusCode).toBe(401);
  });

  it('asking for another time hands the front desk the patient’s words; one ask waits at a time; moving the visit answers it', async () => {
    const p = await scheduledPatient();
    const url = `/api/portal/requests/${p.id}/visit/another-time`;
    const blank = await portal(p.cookie, 'POST', url, { message: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({ message: 'Tell the practice which days and times would suit you.' });
    expect((await portal(p.cookie, 'POST', url, { message: 'x'.repeat(1001) })).json().error.fields.message).toBe('Use at most 1,000 characters.');
    expect(await handoffsOf(p.id)).toHaveLength(1); // only the request's own, resolved when it was scheduled

    const res = await portal(p.cookie, 'POST', url, { message: 'Thursday afternoon would suit me better' });
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'scheduled', visit: { anotherTimeAskedAt: expect.any(String) } });
    const [ask] = await handoffsOf(p.id);
    expect(ask).toMatchObject({ type: 'appointment_request', source: 'portal', status: 'open', details: { kind: 'another_time', message: 'Thursday afternoon would suit me better' } });
    expect(ask!.reason).toMatch(/^Asks for another time instead of Tuesday, .+ at 9:30 AM: “Thursday afternoon would suit me better”$/);
    const [audit] = await auditRows(t.db, 'appointment_request.another_time_asked', p.id);
    expect(audit).toMatchObject({ actorType: 'patient', outcome: 'success' });

    const again = await portal(p.cookie, 'POST', url, { message: 'Or Friday' });
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('already_asked');
    expect(again.json().error.message).toBe('You already asked for another time. The practice will contact you.');

    // The front desk moves the visit: the ask is answered, and the patient is told with a new calendar file.
    const [row] = await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.id, p.id));
    let thursday = Temporal.Now.plainDateISO(ZONE).add({ days: 2 });
    while (thursday.dayOfWeek !== 4) thursday = thursday.add({ days: 1 });
    const moved = await t.app.inject({ method: 'POST', url: `/api/appointment-requests/${p.id}/schedule`, headers: { cookie: staff }, payload: { version: row!.version, scheduledFor: `${thursday}T14:00` } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().warnings).toEqual(['not_a_preferred_day', 'not_a_preferred_time']);
    expect((await t.db.select().from(handoffs).where(eq(handoffs.id, ask!.id)))[0]).toMatchObject({ status: 'resolved', resolution: 'appointment_scheduled' });
    const [notice] = await outboxFor(t.db, p.email, 'appointment-scheduled');
    expect(notice?.subject).toBe('Your appointment with Portal Visit Clinic has moved');
    expect(notice?.body).toMatch(/has moved to Thursday, .+ at 2:00 PM\./);
    expect(notice?.attachments[0]?.content).toContain('SEQUENCE:');
    const after = (await portal(p.cookie, 'GET', '/api/portal/overview')).json().requests.find((r: { id: string }) => r.id === p.id);
    expect(after.visit.anotherTimeAskedAt).toBeNull();
  });

  it('cancel: the request is canceled, the front desk gets a handoff to free the slot; only the patient’s own, only once, not once it began', async () => {
    const p = await scheduledPatient();
    const other = await scheduledPatient();
    const url = `/api/portal/requests/${p.id}/visit/cancel`;
    expect((await portal(other.cookie, 'POST', url, {})).statusCode).toBe(404);
    expect((await portal(p.cookie, 'POST', `/api/portal/requests/not-an-id/visit/cancel`, {})).statusCode).toBe(404);
    expect((await portal(p.cookie, 'POST', url, { reason: '<script>' })).json().error.fields).toHaveProperty('reason');

    const res = await portal(p.cookie, 'POST', url, { reason: 'I feel better' });
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'canceled', visit: null });
    const [row] = await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.id, p.id));
    expect(row).toMatchObject({ status: 'canceled', cancelReason: 'I feel better' });
    const [freeTheSlot] = await t.db.select().from(handoffs).where(and(eq(handoffs.appointmentRequestId, p.id), eq(handoffs.status, 'open')));
    expect(freeTheSlot).toMatchObject({ type: 'callback', source: 'portal', details: { kind: 'visit_canceled', reason: 'I feel better' } });
    expect(freeTheSlot!.reason).toMatch(/^Visit on Tuesday, .+ at 9:30 AM canceled by the patient in the portal: “I feel better”\. Free the slot\.$/);
    const [audit] = await auditRows(t.db, 'appointment_request.canceled', p.id);
    expect(audit).toMatchObject({ actorType: 'patient', details: { from: 'scheduled', by: 'patient' } });

    const twice = await portal(p.cookie, 'POST', url, {});
    expect(twice.statusCode).toBe(409);
    expect(errorCode(twice)).toBe('visit_canceled');
    expect((await portal(p.cookie, 'POST', `/api/portal/requests/${p.id}/visit/another-time`, { message: 'Monday?' })).statusCode).toBe(409);
    expect((await portal(p.cookie, 'GET', `/api/portal/requests/${p.id}/visit.ics`)).statusCode).toBe(404);
    expect((await portal(other.cookie, 'GET', '/api/portal/overview')).json().requests.find((r: { id: string }) => r.id === other.id).status).toBe('scheduled');

    // Once the visit's time has come, the portal no longer changes it.
    await t.db.update(appointmentRequests).set({ scheduledFor: new Date(Date.now() - 60_000) }).where(eq(appointmentRequests.id, other.id));
    const late = await portal(other.cookie, 'POST', `/api/portal/requests/${other.id}/visit/cancel`, {});
    expect(late.statusCode).toBe(409);
    expect(errorCode(late)).toBe('visit_started');
    expect(late.json().error.message).toMatch(/time of this visit has come/);
  });
});
