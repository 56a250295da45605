import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequestEvents, appointmentRequests, smsOptOuts } from '../../db/schema/index.js';
import { createOrganization, createStaffUser, createTestApp, outboxFor, signIn, type TestAppHandle } from '../../test-support/index.js';
import { bookHeldTimeForRequest, SIMULATED_CALL_NOTE } from '../appointment-requests/index.js';
import { findVisitWithNames, holdVisit, moveBookedVisit } from '../calendars/index.js';
import type { OrganizationRow } from '../organizations/index.js';
import { followMove, VISIT_BOOKED_TEMPLATE, VISIT_CANCELED_TEMPLATE, VISIT_MOVED_TEMPLATE } from './index.js';

/**
 * Issue 31 follow-ups: a booked visit moved or canceled — by staff on the calendar, or moved by the
 * patient on the phone — carries its appointment request along and tells the patient, as the
 * booking did: the request's notice (reference, portal) when the visit was booked for one, the
 * visit's own words otherwise; a number that replied STOP is not texted.
 */

let t: TestAppHandle;
let org: OrganizationRow;
let cookie: string;
let supervisorId: string;
let type: { id: string };
let clinician: { id: string; name: string };
let place: { id: string };

/** Monday 2 March 2026, 08:00 in New York. */
const MONDAY_8AM = Date.parse('2026-03-02T13:00:00Z');
let phoneSeq = 10;
/** A mobile-looking number of the fiction range, one per visit. */
const nextPhone = () => `+1860555${String(100 + phoneSeq++).padStart(4, '0')}`;

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const ok = async <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> => {
  const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};
const requestOf = async (id: string) => (await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.id, id)))[0]!;
const historyOf = (id: string) => t.db.select().from(appointmentRequestEvents).where(eq(appointmentRequestEvents.appointmentRequestId, id));

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.clock.advance(MONDAY_8AM - t.ctx.clock.now().getTime());
  org = await createOrganization(t.ctx, { name: 'Moving Clinic', timeZone: 'America/New_York' });
  const supervisor = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [org.id] });
  supervisorId = supervisor.id;
  cookie = await signIn(t.app, supervisor.email, supervisor.password);
  const hours = await ok<{ version: number }>('GET', `/api/organizations/${org.id}/hours`);
  await ok('PUT', `/api/organizations/${org.id}/hours`, { version: hours.version, weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '18:00' })), overrides: [] });
  place = await ok('POST', `/api/organizations/${org.id}/locations`, { name: 'Main clinic' });
  type = await ok('POST', `/api/organizations/${org.id}/visit-types`, { nameEn: 'Annual physical', nameEs: 'Examen anual', lengthMinutes: 30 });
  const c = await ok<{ id: string; version: number; name: string }>('POST', `/api/organizations/${org.id}/clinicians`, { name: 'Dr. Rebecca Hart', visitTypeIds: [type.id] });
  await ok('PUT', `/api/clinicians/${c.id}/availability`, { version: c.version, weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00', locationId: place.id })) });
  clinician = c;
});
afterAll(() => t?.close());
afterEach(() => t.ctx.clock.advance(MONDAY_8AM - t.ctx.clock.now().getTime()));

/** A visit the phone agent booked: a scheduled request of its own (decision 053), told by text. */
async function bookedByAgent(start: string, phone = nextPhone(), simulated = false) {
  const booker = { channel: 'phone' as const, actor: null, simulated };
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
  return { ...booked, phone };
}

describe('a visit booked for a request', () => {
  it('moved by staff on the calendar: the request follows with its history, and the patient is texted the new time', async () => {
    const { visit, request, phone } = await bookedByAgent('2026-03-04T10:00');
    expect(await outboxFor(t.db, phone, 'appointment-scheduled')).toHaveLength(1);

    const moved = await ok<{ visit: { startLocal: string } }>('POST', `/api/visits/${visit.id}/move`, { start: '2026-03-05T14:00' });
    expect(moved.visit.startLocal).toBe('2026-03-05T14:00');

    const after = await requestOf(request.id);
    expect(after).toMatchObject({ status: 'scheduled', visitClinician: 'Dr. Rebecca Hart', visitLocation: 'Main clinic' });
    expect(after.scheduledFor?.toISOString()).toBe('2026-03-05T19:00:00.000Z');
    expect((await historyOf(request.id)).at(-1)).toMatchObject({ fromStatus: 'scheduled', toStatus: 'scheduled', actorType: 'staff', actorUserId: supervisorId, note: 'Moved on the calendar.' });
    const [text] = await outboxFor(t.db, phone, 'appointment-scheduled');
    expect(text!.body).toMatch(/^Moving Clinic: your appointment has moved to Thursday, March 5 at 2:00 PM at Main clinic\. Ref /);
  });

  it('canceled by staff on the calendar: the request is canceled as staff cancel one, and the patient is told', async () => {
    const { visit, request, phone } = await bookedByAgent('2026-03-04T11:00');
    const canceled = await ok<{ status: string }>('POST', `/api/visits/${visit.id}/cancel`, { reason: 'Dr. Hart is away' });
    expect(canceled.status).toBe('canceled');

    expect(await requestOf(request.id)).toMatchObject({ status: 'canceled', cancelReason: 'Dr. Hart is away', decidedBy: supervisorId });
    expect((await historyOf(request.id)).at(-1)).toMatchObject({ fromStatus: 'scheduled', toStatus: 'canceled', actorType: 'staff', actorUserId: supervisorId });
    const [text] = await outboxFor(t.db, phone, 'appointment-canceled');
    expect(text!.body).toMatch(/^Moving Clinic: your appointment on Wednesday, March 4 at 11:00 AM was canceled\. Ref /);
  });

  it('moved by the patient on the phone (the agent’s move_visit): the request follows, by the agent, and the new time is texted', async () => {
    const { visit, request, phone } = await bookedByAgent('2026-03-04T13:00');
    await t.db.transaction(async (tx) => {
      const { visit: moved } = await moveBookedVisit({ db: tx, clock: t.ctx.clock }, org, visit, { start: '2026-03-06T09:30', clinicianId: null, locationId: null }, { channel: 'phone', actor: null });
      await followMove(t.ctx, tx, org, (await findVisitWithNames(tx, moved.id))!, { kind: 'caller' });
    });
    expect((await requestOf(request.id)).scheduledFor?.toISOString()).toBe('2026-03-06T14:30:00.000Z');
    expect((await historyOf(request.id)).at(-1)).toMatchObject({ actorType: 'agent', note: 'Moved by the patient by phone.' });
    expect((await outboxFor(t.db, phone, 'appointment-scheduled'))[0]!.body).toMatch(/has moved to Friday, March 6 at 9:30 AM/);
  });

  it('on a simulated call (the playground, the demo’s history): the booking and the move are kept in the outbox unsent, and the visit takes no reminders', async () => {
    const { visit, phone } = await bookedByAgent('2026-03-04T14:00', nextPhone(), true);
    expect(visit.sendReminders).toBe(false);
    await t.db.transaction(async (tx) => {
      const { visit: moved } = await moveBookedVisit({ db: tx, clock: t.ctx.clock }, org, visit, { start: '2026-03-06T10:30', clinicianId: null, locationId: null }, { channel: 'phone', actor: null, simulated: true });
      await followMove(t.ctx, tx, org, (await findVisitWithNames(tx, moved.id))!, { kind: 'caller', simulated: true });
    });
    const texts = await outboxFor(t.db, phone, 'appointment-scheduled');
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text).toMatchObject({ status: 'suppressed', lastError: SIMULATED_CALL_NOTE });
  });
});

describe('a visit booked on the calendar without a request', () => {
  it('moved or canceled by staff: the patient is told by e-mail and text, in the visit’s words; a number that replied STOP is not texted', async () => {
    const phone = nextPhone();
    const booked = await ok<{ visit: { id: string } }>('POST', `/api/organizations/${org.id}/visits`, {
      visitTypeId: type.id,
      clinicianId: clinician.id,
      start: '2026-03-09T10:00',
      patient: { firstName: 'Ana', lastName: 'Lee', dateOfBirth: '1990-01-02', phone, email: 'ana.lee@example.test', isNewPatient: false },
    });
    await ok('POST', `/api/visits/${booked.visit.id}/move`, { start: '2026-03-09T15:00' });
    const [mail] = await outboxFor(t.db, 'ana.lee@example.test', VISIT_MOVED_TEMPLATE);
    expect(mail).toMatchObject({ subject: 'Your visit with Moving Clinic has moved' });
    expect(mail!.body).toContain('has moved to Monday, March 9 at 3:00 PM, with Dr. Rebecca Hart at Main clinic.');
    expect((await outboxFor(t.db, phone, VISIT_MOVED_TEMPLATE))[0]).toMatchObject({ status: 'queued' });
    expect((await outboxFor(t.db, phone, VISIT_MOVED_TEMPLATE))[0]!.body).not.toMatch(/physical/i);

    await t.db.insert(smsOptOuts).values({ organizationId: org.id, phone, keyword: 'STOP' });
    await ok('POST', `/api/visits/${booked.visit.id}/cancel`, { reason: '' });
    expect((await outboxFor(t.db, 'ana.lee@example.test', VISIT_CANCELED_TEMPLATE))[0]!.body).toContain('on Monday, March 9 at 3:00 PM, with Dr. Rebecca Hart, was canceled.');
    expect((await outboxFor(t.db, phone, VISIT_CANCELED_TEMPLATE))[0]).toMatchObject({ status: 'suppressed' });
  });

  it('a hold given up tells nobody; a refused move changes nothing and sends nothing', async () => {
    const phone = nextPhone();
    const hold = await ok<{ visit: { id: string } }>('POST', `/api/organizations/${org.id}/visits/holds`, { visitTypeId: type.id, clinicianId: clinician.id, start: '2026-03-10T10:00', patient: { firstName: 'Ana', lastName: 'Lee', dateOfBirth: '1990-01-02', phone, isNewPatient: false } });
    await ok('POST', `/api/visits/${hold.visit.id}/cancel`, {});
    const other = await ok<{ visit: { id: string } }>('POST', `/api/organizations/${org.id}/visits`, { visitTypeId: type.id, clinicianId: clinician.id, start: '2026-03-10T11:00', patient: { firstName: 'Ana', lastName: 'Lee', dateOfBirth: '1990-01-02', phone, isNewPatient: false } });
    await ok('POST', `/api/organizations/${org.id}/visits`, { visitTypeId: type.id, clinicianId: clinician.id, start: '2026-03-10T12:00', patient: { firstName: 'Bo', lastName: 'Ng', dateOfBirth: '1990-01-02', phone: nextPhone(), isNewPatient: false } });
    expect((await post(`/api/visits/${other.visit.id}/move`, { start: '2026-03-10T12:00' })).statusCode).toBe(409);
    // Only the booking's confirmation: nothing for the hold, nothing for the refused move.
    expect((await outboxFor(t.db, phone)).map((m) => m.template)).toEqual([VISIT_BOOKED_TEMPLATE]);
  });
});

describe('a visit booked by staff on the calendar', () => {
  const patient = (phone: string, email = '') => ({ firstName: 'Ana', lastName: 'Lee', dateOfBirth: '1990-01-02', phone, email, isNewPatient: false });

  it('sends the patient the confirmation a booking by the agent or the web sends: e-mail with the calendar file, and a text', async () => {
    const phone = nextPhone();
    await ok('POST', `/api/organizations/${org.id}/visits`, { visitTypeId: type.id, clinicianId: clinician.id, start: '2026-03-11T10:00', patient: patient(phone, 'ana.booked@example.test') });
    const [mail] = await outboxFor(t.db, 'ana.booked@example.test', VISIT_BOOKED_TEMPLATE);
    expect(mail).toMatchObject({ subject: 'Your visit with Moving Clinic is booked', status: 'queued' });
    expect(mail!.body).toContain('Your visit with Moving Clinic is on Wednesday, March 11 at 10:00 AM, with Dr. Rebecca Hart at Main clinic.');
    const [file] = mail!.attachments as { filename: string; content: string }[];
    expect(file!.filename).toBe('visit-2026-03-11.ics');
    expect(file!.content).toMatch(/^UID:visit-[0-9a-f-]+@switchboard\r?$/m);
    expect(file!.content).toMatch(/^DTSTART:20260311T140000Z\r?$/m);
    expect(file!.content).toContain('SUMMARY:Visit at Moving Clinic');
    const [text] = await outboxFor(t.db, phone, VISIT_BOOKED_TEMPLATE);
    expect(text).toMatchObject({ channel: 'sms', status: 'queued' });
    expect(text!.body).toMatch(/^Moving Clinic: your visit is booked for Wednesday, March 11 at 10:00 AM with Dr\. Rebecca Hart at Main clinic\. To change it, call us\./);
    // Never the visit type, in any of them.
    for (const m of [mail!, text!]) expect(`${m.subject ?? ''} ${m.body}`).not.toMatch(/physical/i);
    expect(file!.content).not.toMatch(/physical/i);
  });

  it('a number that replied STOP is not texted; a hold booked later is confirmed when it is booked; a refused booking sends nothing', async () => {
    const phone = nextPhone();
    await t.db.insert(smsOptOuts).values({ organizationId: org.id, phone, keyword: 'STOP' });
    await ok('POST', `/api/organizations/${org.id}/visits`, { visitTypeId: type.id, clinicianId: clinician.id, start: '2026-03-11T11:00', patient: patient(phone) });
    expect((await outboxFor(t.db, phone, VISIT_BOOKED_TEMPLATE))[0]).toMatchObject({ status: 'suppressed' });

    const other = nextPhone();
    const hold = await ok<{ visit: { id: string } }>('POST', `/api/organizations/${org.id}/visits/holds`, { visitTypeId: type.id, clinicianId: clinician.id, start: '2026-03-11T12:00' });
    await ok('POST', `/api/visits/${hold.visit.id}/book`, { patient: patient(other) });
    expect(await outboxFor(t.db, other, VISIT_BOOKED_TEMPLATE)).toHaveLength(1);

    const late = nextPhone();
    const refused = await post(`/api/organizations/${org.id}/visits`, { visitTypeId: type.id, clinicianId: clinician.id, start: '2026-03-11T12:00', patient: patient(late) });
    expect(refused.statusCode).toBe(409);
    expect(await outboxFor(t.db, late)).toEqual([]);
  });
});
