import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequests, bookedVisits } from '../../db/schema/index.js';
import { createOrganization, createStaffUser, createTestApp, errorCode, outboxFor, signIn, type TestAppHandle } from '../../test-support/index.js';
import { ORIGIN, portalSignIn } from '../../test-support/patients.js';
import { holdVisit } from '../calendars/index.js';
import type { OrganizationRow } from '../organizations/index.js';
import { bookHeldTimeForRequest } from './booked-request.service.js';

/**
 * Issue 31 follow-ups, the other way round from visit-changes: staff change a scheduled request
 * that was booked on a clinician's calendar — cancel it, or move it to another time from the
 * request's "Move to another time" dialog — and its visit follows in the same transaction: its
 * time freed, or moved under the calendar's rules (a taken time is 409 with nothing changed). The
 * patient is told once, by the request's notice.
 */

let t: TestAppHandle;
let org: OrganizationRow;
let cookie: string;
let type: { id: string };
let hart: { id: string; name: string };
let ruiz: { id: string; name: string };

/** Monday 2 March 2026, 08:00 in New York. */
const MONDAY_8AM = Date.parse('2026-03-02T13:00:00Z');
let phoneSeq = 300;
const nextPhone = () => `+1860555${String(100 + phoneSeq++).padStart(4, '0')}`;

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const ok = async <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> => {
  const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};
const requestOf = async (id: string) => (await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.id, id)))[0]!;
const visitOf = async (id: string) => (await t.db.select().from(bookedVisits).where(eq(bookedVisits.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.clock.advance(MONDAY_8AM - t.ctx.clock.now().getTime());
  org = await createOrganization(t.ctx, { name: 'Following Clinic', timeZone: 'America/New_York' });
  const supervisor = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [org.id] });
  cookie = await signIn(t.app, supervisor.email, supervisor.password);
  const hours = await ok<{ version: number }>('GET', `/api/organizations/${org.id}/hours`);
  await ok('PUT', `/api/organizations/${org.id}/hours`, { version: hours.version, weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '18:00' })), overrides: [] });
  const place = await ok<{ id: string }>('POST', `/api/organizations/${org.id}/locations`, { name: 'Main clinic' });
  await ok('POST', `/api/organizations/${org.id}/locations`, { name: 'North office' });
  type = await ok('POST', `/api/organizations/${org.id}/visit-types`, { nameEn: 'Annual physical', nameEs: 'Examen anual', lengthMinutes: 30 });
  for (const name of ['Dr. Rebecca Hart', 'Dr. Luis Ruiz']) {
    const c = await ok<{ id: string; version: number; name: string }>('POST', `/api/organizations/${org.id}/clinicians`, { name, visitTypeIds: [type.id] });
    await ok('PUT', `/api/clinicians/${c.id}/availability`, { version: c.version, weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00', locationId: place.id })) });
    if (name.includes('Hart')) hart = c;
    else ruiz = c;
  }
});
afterAll(() => t?.close());
afterEach(() => t.ctx.clock.advance(MONDAY_8AM - t.ctx.clock.now().getTime()));

/** A visit the phone agent booked with Dr. Hart: a scheduled request of its own, told by text and e-mail-less. */
async function bookedByAgent(start: string, clinician = hart) {
  const phone = nextPhone();
  const booker = { channel: 'phone' as const, actor: null };
  const { visit: hold } = await holdVisit({ db: t.db, clock: t.ctx.clock }, org, { visitTypeId: type.id, clinicianId: clinician.id, locationId: null, start, patient: null, notes: '' }, booker);
  const booked = await bookHeldTimeForRequest(t.ctx, t.db, {
    organization: org,
    hold,
    clinicianName: clinician.name,
    locationName: 'Main clinic',
    booker,
    firstName: 'Maria',
    lastName: 'Lopez',
    dateOfBirth: '1980-04-02',
    phone,
    isNewPatient: false,
    reason: 'Annual physical',
  });
  expect(await outboxFor(t.db, phone)).toHaveLength(1);
  return { ...booked, phone };
}

/** What the "Move to another time" dialog sends: prefilled with the visit's clinician, place and length. */
const moveBody = (version: number, scheduledFor: string, extra: object = {}) => ({ version, scheduledFor, durationMinutes: 30, clinician: 'Dr. Rebecca Hart', location: 'Main clinic', ...extra });

describe('staff cancel a scheduled request booked on the calendar', () => {
  it('cancels its visit too, in the same transaction: the time is free at once, and the patient gets one notice', async () => {
    const { visit, request, phone } = await bookedByAgent('2026-03-04T10:00');
    const res = await post(`/api/appointment-requests/${request.id}/cancel`, { version: (await requestOf(request.id)).version, reason: 'Patient moved away' });
    expect(res.statusCode).toBe(200);
    expect(res.json().appointmentRequest.status).toBe('canceled');

    expect(await visitOf(visit.id)).toMatchObject({ status: 'canceled', cancelReason: 'Patient moved away' });
    // One notice: the request's, not the visit's as well.
    const sent = await outboxFor(t.db, phone);
    expect(sent.map((m) => m.template).sort()).toEqual(['appointment-canceled', 'appointment-scheduled']);
    // The time is free: someone else is booked into it on the calendar.
    await ok('POST', `/api/organizations/${org.id}/visits`, {
      visitTypeId: type.id,
      clinicianId: hart.id,
      start: '2026-03-04T10:00',
      patient: { firstName: 'Bo', lastName: 'Ng', dateOfBirth: '1990-01-02', email: 'bo.ng@example.test', isNewPatient: false },
    });
  });
});

describe('the patient cancels it in the portal', () => {
  it('a visit the agent booked: the request and the visit together, its time free at once, and nothing sent (they did it)', async () => {
    const { visit, request, phone } = await bookedByAgent('2026-03-04T16:00');
    const cookie = await portalSignIn(t.app, t.ctx, org.slug, phone, '1980-04-02');
    const res = await t.app.inject({ method: 'POST', url: `/api/portal/requests/${request.id}/visit/cancel`, headers: { cookie, ...ORIGIN }, payload: { reason: 'Feeling better' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await requestOf(request.id)).toMatchObject({ status: 'canceled' });
    expect(await visitOf(visit.id)).toMatchObject({ status: 'canceled', cancelReason: 'Feeling better' });
    expect((await outboxFor(t.db, phone)).map((m) => m.template).sort()).toEqual(['appointment-scheduled', 'portal-sign-in-code']);
  });
});

describe('staff move a scheduled request booked on the calendar', () => {
  it('moves its visit to the new time with the same clinician; the patient is told once, by the request', async () => {
    const { visit, request, phone } = await bookedByAgent('2026-03-04T11:00');
    const res = await post(`/api/appointment-requests/${request.id}/schedule`, moveBody((await requestOf(request.id)).version, '2026-03-05T14:00'));
    expect(res.statusCode).toBe(200);

    const after = await visitOf(visit.id);
    expect(after).toMatchObject({ status: 'booked', clinicianId: hart.id });
    expect(after.startsAt.toISOString()).toBe('2026-03-05T19:00:00.000Z');
    expect(await requestOf(request.id)).toMatchObject({ status: 'scheduled', visitClinician: 'Dr. Rebecca Hart', visitLocation: 'Main clinic', visitMinutes: 30 });
    const sent = await outboxFor(t.db, phone);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body).toMatch(/your appointment has moved to Thursday, March 5 at 2:00 PM/);
  });

  it('to another clinician of the calendar, named in the dialog', async () => {
    const { visit, request } = await bookedByAgent('2026-03-04T13:00');
    const res = await post(`/api/appointment-requests/${request.id}/schedule`, moveBody((await requestOf(request.id)).version, '2026-03-06T09:00', { clinician: 'dr luis ruiz' }));
    expect(res.statusCode).toBe(200);
    expect(await visitOf(visit.id)).toMatchObject({ clinicianId: ruiz.id });
    expect(await requestOf(request.id)).toMatchObject({ visitClinician: 'Dr. Luis Ruiz' });
  });

  it('a time taken on the clinician’s calendar: 409 slot_taken, and nothing changed — request, visit, outbox', async () => {
    const { visit, request, phone } = await bookedByAgent('2026-03-04T14:00');
    await bookedByAgent('2026-03-05T10:00');
    const before = await requestOf(request.id);
    const res = await post(`/api/appointment-requests/${request.id}/schedule`, moveBody(before.version, '2026-03-05T10:00'));
    expect(res.statusCode).toBe(409);
    expect(errorCode(res)).toBe('slot_taken');
    expect(res.json().error.message).toBe('That time was just taken.');

    expect(await requestOf(request.id)).toMatchObject({ version: before.version, scheduledFor: before.scheduledFor });
    expect((await visitOf(visit.id)).startsAt.toISOString()).toBe(visit.startsAt.toISOString());
    expect(await outboxFor(t.db, phone)).toHaveLength(1);
  });

  it('a clinician, place or length the calendar cannot use is refused beside its field, saying to move it on the calendar', async () => {
    const { visit, request } = await bookedByAgent('2026-03-04T15:00');
    const version = (await requestOf(request.id)).version;
    const res = await post(`/api/appointment-requests/${request.id}/schedule`, moveBody(version, '2026-03-06T11:00', { clinician: 'Nurse Joy', location: 'The annex', durationMinutes: 45 }));
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields as Record<string, string>;
    expect(fields.clinician).toBe('This visit is on Dr. Rebecca Hart’s calendar: choose a clinician who sees Annual physical on the calendar (Dr. Luis Ruiz, Dr. Rebecca Hart), or move the visit on the calendar.');
    expect(fields.location).toMatch(/^This visit is on the calendar at Main clinic: choose one of the calendar’s places \(.*North office.*\), or move the visit on the calendar\.$/);
    expect(fields.durationMinutes).toMatch(/lasts 30 minutes, as its visit type does/);
    expect(await requestOf(request.id)).toMatchObject({ version });
    expect((await visitOf(visit.id)).startsAt.toISOString()).toBe(visit.startsAt.toISOString());
  });
});
