import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequestEvents, appointmentRequests } from '../../db/schema/index.js';
import { createTestApp, outboxFor, type TestAppHandle } from '../../test-support/index.js';
import { encodeSlotId } from '../../../domain/fhir/slot-id.js';
import { bookHeldTimeForRequest } from '../appointment-requests/index.js';
import { holdVisit } from '../calendars/index.js';
import { adminCookie, apiKey, fhirPractice, MONDAY_8AM, type FhirPractice } from './fhir.test-fixtures.js';

/**
 * Issue 31 follow-ups: an EHR that cancels or moves a visit through the FHIR API changes it as the
 * front desk does on the calendar (features/visit-changes) — the scheduled request the visit was
 * booked for follows it, and the patient is told by the request's notice.
 */

let t: TestAppHandle;
let home: FhirPractice;
let key: string;
let phoneSeq = 500;

const fhir = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/fhir${url}`,
    headers: { authorization: `Bearer ${key}`, accept: 'application/fhir+json', ...(payload !== undefined ? { 'content-type': method === 'PATCH' ? 'application/json-patch+json' : 'application/fhir+json' } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
const requestOf = async (id: string) => (await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.id, id)))[0]!;
const lastEvent = async (id: string) => (await t.db.select().from(appointmentRequestEvents).where(eq(appointmentRequestEvents.appointmentRequestId, id))).at(-1);

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await adminCookie(t);
  home = await fhirPractice(t, cookie, 'FHIR Changes Clinic');
  key = await apiKey(t, cookie, ['scheduling:write'], [home.organization.id]);
});
afterAll(() => t?.close());
afterEach(() => t.ctx.clock.reset());

/** A visit the phone agent booked with Dr Hart (a scheduled request of its own, texted its confirmation). */
async function bookedByAgent(start: string) {
  t.ctx.clock.advance(MONDAY_8AM - t.ctx.clock.now().getTime());
  const phone = `+1860555${String(phoneSeq++).padStart(4, '0')}`;
  const booker = { channel: 'phone' as const, actor: null };
  const { visit: hold } = await holdVisit({ db: t.db, clock: t.ctx.clock }, home.organization, { visitTypeId: home.web.id, clinicianId: home.hart.id, locationId: null, start, patient: null, notes: '' }, booker);
  const booked = await bookHeldTimeForRequest(t.ctx, t.db, {
    organization: home.organization,
    hold,
    clinicianName: home.hart.name,
    locationName: home.place.name,
    booker,
    firstName: 'Maria',
    lastName: 'Lopez',
    dateOfBirth: '1980-04-02',
    phone,
    isNewPatient: false,
    reason: 'Check-up',
  });
  expect(await outboxFor(t.db, phone, 'appointment-scheduled')).toHaveLength(1);
  return { ...booked, phone };
}

describe('FHIR changes to a visit booked for a request', () => {
  it('PATCH Appointment status cancelled: the request is canceled with it and the patient told once', async () => {
    const { visit, request, phone } = await bookedByAgent('2026-03-04T10:00');
    const res = await fhir('PATCH', `/Appointment/${visit.id}`, [{ op: 'replace', path: '/status', value: 'cancelled' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');

    expect(await requestOf(request.id)).toMatchObject({ status: 'canceled' });
    expect(await lastEvent(request.id)).toMatchObject({ fromStatus: 'scheduled', toStatus: 'canceled', actorType: 'staff', note: 'Visit canceled through the practice’s API.' });
    const sent = await outboxFor(t.db, phone);
    expect(sent.map((m) => m.template).sort()).toEqual(['appointment-canceled', 'appointment-scheduled']);
  });

  it('$book with the appointment booked at another Slot: the request moves with it and the patient gets the new time', async () => {
    const { visit, request, phone } = await bookedByAgent('2026-03-04T09:00');
    const appointment = (await fhir('GET', `/Appointment/${visit.id}`)).json();
    const slot = encodeSlotId({ clinicianId: home.hart.id, visitTypeId: home.web.id, startMs: Date.parse('2026-03-05T15:00:00Z') });
    const res = await fhir('POST', '/Appointment/$book', { resourceType: 'Parameters', parameter: [{ name: 'appointment-resource', resource: { ...appointment, slot: [{ reference: `Slot/${slot}` }] } }] });
    expect(res.statusCode, res.body).toBe(200);

    const after = await requestOf(request.id);
    expect(after.scheduledFor?.toISOString()).toBe('2026-03-05T15:00:00.000Z');
    expect(await lastEvent(request.id)).toMatchObject({ fromStatus: 'scheduled', toStatus: 'scheduled', note: 'Moved through the practice’s API.' });
    const [moved] = await outboxFor(t.db, phone, 'appointment-scheduled');
    expect(moved!.body).toMatch(/your appointment has moved to Thursday, March 5 at 10:00 AM/);
  });
});
