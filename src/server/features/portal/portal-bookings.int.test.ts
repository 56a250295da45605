import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequestEvents, appointmentRequests, bookedVisits, handoffs } from '../../db/schema/index.js';
import { auditRows, createStaffUser, createTestApp, errorCode, outboxFor, signIn, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, ORIGIN, portalSignIn, submitWebRequest } from '../../test-support/patients.js';
import { bookOnWeb, firstOpenTime, holdTime, startWebDraft, webCalendar } from '../../test-support/web-booking.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';

/**
 * Issue 31 §4 in the portal: a visit the patient booked on the calendar is cancelled (its time free
 * at once) or moved to another open time of its visit type — held, then booked — up to the visit
 * type's minimum notice before it. Visits the front desk scheduled by hand keep the earlier
 * "cancel / ask for another time" (portal-visits.int.test.ts).
 */

let t: TestAppHandle;
let org: OrganizationRow;
let cal: Awaited<ReturnType<typeof webCalendar>>;
let checkUp: string;

/** Monday 2 March 2026, 08:00 in New York. Clinicians work 09:00–12:00 on weekdays; a check-up needs two hours' notice. */
const MONDAY_8AM = Date.parse('2026-03-02T13:00:00Z');
const pinClock = (ms = MONDAY_8AM) => t.ctx.clock.advance(ms - t.ctx.clock.now().getTime());
const minutes = (n: number) => t.ctx.clock.advance(n * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  org = await createPractice(t.ctx, { name: 'Portal Booking Clinic' });
  cal = await webCalendar(t.ctx, org.id, { types: [{ nameEn: 'Check-up', lengthMinutes: 30, minNoticeMinutes: 120 }], clinicians: ['Dr. Ada Byrne', 'Dr. Omar Cole'] });
  checkUp = cal.types[0]!.id;
});
afterAll(() => t?.close());
afterEach(() => t.ctx.clock.reset());

const portal = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie, ...ORIGIN }, ...(payload ? { payload } : {}) });

/** A patient who booked the first open check-up on the web, signed into the portal. */
async function bookedPatient() {
  const b = await bookOnWeb(t.app, org.slug, checkUp);
  const [request] = await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.referenceCode, b.referenceCode));
  const [visit] = await t.db.select().from(bookedVisits).where(eq(bookedVisits.appointmentRequestId, request!.id));
  const cookie = await portalSignIn(t.app, t.ctx, org.slug, b.email, b.dateOfBirth);
  return { ...b, id: request!.id, visitId: visit!.id, cookie };
}
const visitOf = async (id: string) => (await t.db.select().from(bookedVisits).where(eq(bookedVisits.id, id)))[0]!;
const requestOf = async (id: string) => (await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.id, id)))[0]!;
const overviewRequest = async (cookie: string, id: string) => (await portal(cookie, 'GET', '/api/portal/overview')).json().requests.find((r: { id: string }) => r.id === id);

describe('a visit booked on the calendar, in the portal', () => {
  it('shows its visit type and who, and until when it may be cancelled or moved here', async () => {
    pinClock();
    const p = await bookedPatient();
    const r = await overviewRequest(p.cookie, p.id);
    expect(r.status).toBe('scheduled');
    expect(r.history.map((h: { status: string; by: string }) => `${h.status} ${h.by}`)).toEqual(['submitted you', 'scheduled you']);
    expect(r.visit).toMatchObject({ startsAt: p.start, durationMinutes: 30, clinician: expect.stringMatching(/^Dr\. /), location: cal.location.name });
    expect(r.visit.booking).toEqual({
      visitType: { id: checkUp, nameEn: 'Check-up', nameEs: expect.any(String), lengthMinutes: 30 },
      clinician: { id: p.clinicianId, name: expect.any(String) },
      clinicians: [expect.objectContaining({ name: 'Dr. Ada Byrne' }), expect.objectContaining({ name: 'Dr. Omar Cole' })],
      changeUntil: new Date(Date.parse(p.start) - 120 * 60_000).toISOString(),
      canChange: true,
      canMove: true,
      maxDaysAhead: 14,
    });
  });

  it('moves it: another open time is held, then the visit and its request move together and the patient is told', async () => {
    pinClock();
    const p = await bookedPatient();
    const times = await portal(p.cookie, 'GET', `/api/portal/requests/${p.id}/visit/open-times?from=2026-03-03&days=1`);
    expect(times.statusCode).toBe(200);
    const target = times.json().times[2] as { start: string; clinicianId: string; clinicianName: string };
    const held = await portal(p.cookie, 'POST', `/api/portal/requests/${p.id}/visit/hold`, { clinicianId: target.clinicianId, start: target.start });
    expect(held.statusCode).toBe(200);
    expect(held.json().hold).toMatchObject({ id: expect.any(String), start: target.start, expired: false, visitType: { id: checkUp } });
    const moved = await portal(p.cookie, 'POST', `/api/portal/requests/${p.id}/visit/move`, { holdId: held.json().hold.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().request).toMatchObject({ status: 'scheduled', scheduledFor: target.start, visit: { startsAt: target.start, clinician: target.clinicianName } });
    // The same visit, at the new time; the old time is free again; the hold is closed.
    expect(await visitOf(p.visitId)).toMatchObject({ status: 'booked', startsAt: new Date(target.start), clinicianId: target.clinicianId });
    expect((await firstOpenTime(t.app, org.slug, checkUp, p.clinicianId)).start).toBe(p.start);
    expect((await visitOf(held.json().hold.id)).status).toBe('canceled');
    expect(await requestOf(p.id)).toMatchObject({ scheduledFor: new Date(target.start), visitClinician: target.clinicianName });
    const events = await t.db.select().from(appointmentRequestEvents).where(eq(appointmentRequestEvents.appointmentRequestId, p.id)).orderBy(desc(appointmentRequestEvents.at), desc(appointmentRequestEvents.id));
    expect(events[0]).toMatchObject({ fromStatus: 'scheduled', toStatus: 'scheduled', actorType: 'patient' });
    const [mail] = await outboxFor(t.db, p.email, 'appointment-scheduled');
    expect(mail!.body).toMatch(/has moved to Tuesday, March 3 at/);
    expect(JSON.stringify(mail!.attachments)).toMatch(/SEQUENCE:\d+/);
    expect(await auditRows(t.db, 'appointment_request.moved')).toContainEqual(expect.objectContaining({ recordId: p.id }));
  });

  it('a held time taken after it ran out: 409 slot_taken with the next times; the visit stays where it was', async () => {
    pinClock();
    const p = await bookedPatient();
    const target = (await portal(p.cookie, 'GET', `/api/portal/requests/${p.id}/visit/open-times?from=2026-03-04&days=1`)).json().times[0];
    const held = await portal(p.cookie, 'POST', `/api/portal/requests/${p.id}/visit/hold`, { clinicianId: target.clinicianId, start: target.start });
    minutes(11);
    const other = await startWebDraft(t.app, org.slug);
    expect((await holdTime(t.app, other, { visitTypeId: checkUp, clinicianId: target.clinicianId, start: target.start })).statusCode).toBe(200);
    const refused = await portal(p.cookie, 'POST', `/api/portal/requests/${p.id}/visit/move`, { holdId: held.json().hold.id });
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('slot_taken');
    expect(refused.json().error.nextTimes.length).toBeGreaterThan(0);
    expect(await visitOf(p.visitId)).toMatchObject({ status: 'booked', startsAt: new Date(p.start) });
    expect((await requestOf(p.id)).scheduledFor).toEqual(new Date(p.start));
  });

  it('cancels it: the request and the visit together, the time free at once, no call-back handoff to free it', async () => {
    pinClock();
    const p = await bookedPatient();
    const res = await portal(p.cookie, 'POST', `/api/portal/requests/${p.id}/visit/cancel`, { reason: 'Feeling better' });
    expect(res.statusCode).toBe(200);
    expect(res.json().request.status).toBe('canceled');
    expect(await visitOf(p.visitId)).toMatchObject({ status: 'canceled', cancelReason: 'Feeling better' });
    expect((await firstOpenTime(t.app, org.slug, checkUp, p.clinicianId)).start).toBe(p.start);
    // Only the booking's own handoff, resolved when it was made: no call-back to free the slot.
    expect((await t.db.select().from(handoffs).where(eq(handoffs.appointmentRequestId, p.id))).map((h) => [h.type, h.status])).toEqual([['appointment_request', 'resolved']]);
  });

  it('within the visit type’s notice it cannot be cancelled or moved here (409 change_too_late)', async () => {
    pinClock();
    const p = await bookedPatient();
    minutes(60);
    const cookie = await portalSignIn(t.app, t.ctx, org.slug, p.email, p.dateOfBirth);
    expect((await overviewRequest(cookie, p.id)).visit.booking).toMatchObject({ canChange: false, canMove: false });
    for (const [method, url, body] of [
      ['POST', 'visit/cancel', {}],
      ['GET', 'visit/open-times', undefined],
      ['POST', 'visit/hold', { clinicianId: p.clinicianId, start: '2026-03-05T15:00:00.000Z' }],
      ['POST', 'visit/move', { holdId: p.visitId }],
    ] as const) {
      const res = await portal(cookie, method, `/api/portal/requests/${p.id}/${url}`, body);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'change_too_late', message: 'This visit is too soon to change online. Please call the practice.' });
    }
    expect((await visitOf(p.visitId)).status).toBe('booked');
  });

  it('another patient’s visit, a visit scheduled by hand and a hold that is not this visit’s are refused', async () => {
    pinClock();
    const p = await bookedPatient();
    const q = await bookedPatient();
    expect((await portal(p.cookie, 'GET', `/api/portal/requests/${q.id}/visit/open-times`)).statusCode).toBe(404);
    expect((await portal(p.cookie, 'POST', `/api/portal/requests/${q.id}/visit/hold`, { clinicianId: q.clinicianId, start: q.start })).statusCode).toBe(404);

    const staff = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id] });
    const staffCookie = await signIn(t.app, staff.email, staff.password);
    const r = await submitWebRequest(t.app, org.slug);
    const [row] = await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.referenceCode, r.referenceCode));
    const scheduled = await t.app.inject({ method: 'POST', url: `/api/appointment-requests/${row!.id}/schedule`, headers: { cookie: staffCookie }, payload: { version: row!.version, scheduledFor: '2026-03-10T09:30', durationMinutes: 30 } });
    expect(scheduled.statusCode).toBe(200);
    const byHand = await portalSignIn(t.app, t.ctx, org.slug, r.email, r.dateOfBirth);
    expect((await overviewRequest(byHand, row!.id)).visit.booking).toBeNull();
    expect((await portal(byHand, 'GET', `/api/portal/requests/${row!.id}/visit/open-times`)).statusCode).toBe(404);

    // Moving into a hold that was never made for this visit.
    const wrong = await portal(p.cookie, 'POST', `/api/portal/requests/${p.id}/visit/move`, { holdId: q.visitId });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ holdId: 'Choose a new time first.' });
    const badStart = await portal(p.cookie, 'POST', `/api/portal/requests/${p.id}/visit/hold`, { clinicianId: p.clinicianId, start: 'Tuesday' });
    expect(badStart.json().error.fieldKeys).toEqual({ start: 'format' });
  });
});
