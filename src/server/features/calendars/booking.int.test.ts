import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createOrganization, createStaffUser, createTestApp, errorCode, signIn, type TestAppHandle } from '../../test-support/index.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';
import { bookHeldVisit, bookVisit, holdVisit, type Booker } from './booking.service.js';
import { findVisit } from './booked-visits.repository.js';

/**
 * Issue 31 §2: holds, bookings, moves and cancellations on a clinician's calendar, and the one rule
 * that matters most — no double booking, ever: the exclusion constraint refuses the second visit
 * of a clinician in any overlapping time, however many requests race for it.
 */

let t: TestAppHandle;
let org: OrganizationRow;
let other: OrganizationRow;
const cookies = {} as Record<'supervisor' | 'agent' | 'developer' | 'outsider', string>;
let place: { id: string; name: string };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: keyof typeof cookies, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });
const ok = async <T = Record<string, unknown>>(who: keyof typeof cookies, method: Method, url: string, payload?: object): Promise<T> => {
  const res = await call(who, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};

/** Monday 2 March 2026, 08:00 in New York: the clock every test starts from (moved back, so sessions stay fresh). */
const MONDAY_8AM = Date.parse('2026-03-02T13:00:00Z');
const pinClock = (ms = MONDAY_8AM) => t.ctx.clock.advance(ms - t.ctx.clock.now().getTime());
const minutes = (n: number) => t.ctx.clock.advance(n * 60_000);

interface VisitBody {
  id: string;
  status: string;
  start: string;
  end: string;
  occupiedUntil: string;
  startLocal: string;
  heldUntil: string | null;
  version: number;
  clinician: { id: string; name: string };
  location: { id: string; name: string };
  patient: { firstName: string; lastName: string; phone: string | null; email: string | null; patientId: string | null } | null;
}
interface BookingBody {
  visit: VisitBody;
  warnings: { path: string; message: string }[];
}

const patient = { firstName: 'Maria', lastName: 'Lopez', dateOfBirth: '1980-04-02', phone: '(860) 555-0142', email: 'Maria.Lopez@Example.test', isNewPatient: false };
const unique = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.ctx, { name: 'Booking Clinic', timeZone: 'America/New_York' });
  other = await createOrganization(t.ctx, { name: 'Other Booking Clinic', timeZone: 'America/New_York' });
  const supervisor = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [org.id] });
  const agent = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id] });
  const developer = await createStaffUser(t.ctx, { role: 'developer', organizationIds: [org.id] });
  const outsider = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [other.id] });
  cookies.supervisor = await signIn(t.app, supervisor.email, supervisor.password);
  cookies.agent = await signIn(t.app, agent.email, agent.password);
  cookies.developer = await signIn(t.app, developer.email, developer.password);
  cookies.outsider = await signIn(t.app, outsider.email, outsider.password);
  const hours = await ok<{ version: number }>('supervisor', 'GET', `/api/organizations/${org.id}/hours`);
  await ok('supervisor', 'PUT', `/api/organizations/${org.id}/hours`, { version: hours.version, weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '18:00' })), overrides: [] });
  place = await ok('supervisor', 'POST', `/api/organizations/${org.id}/locations`, { name: 'Main clinic' });
});
afterAll(() => t?.close());
afterEach(() => t.ctx.clock.reset());

/** A fresh 30-minute visit type (10 minutes' buffer) and a clinician doing it on weekdays 09:00–12:00. */
async function calendar(visitFields: Record<string, unknown> = {}) {
  const vt = await ok<{ id: string }>('supervisor', 'POST', `/api/organizations/${org.id}/visit-types`, { nameEn: `Visit ${unique()}`, nameEs: 'Visita', lengthMinutes: 30, bufferMinutes: 10, ...visitFields });
  const c = await ok<{ id: string; version: number; name: string }>('supervisor', 'POST', `/api/organizations/${org.id}/clinicians`, { name: `Dr ${unique()}`, visitTypeIds: [vt.id] });
  await ok('supervisor', 'PUT', `/api/clinicians/${c.id}/availability`, { version: c.version, weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '12:00', locationId: place.id })) });
  return { vt, c, at: (start: string) => ({ visitTypeId: vt.id, clinicianId: c.id, start }) };
}

const hold = (who: keyof typeof cookies, body: object) => call(who, 'POST', `/api/organizations/${org.id}/visits/holds`, body);
const book = (who: keyof typeof cookies, body: object) => call(who, 'POST', `/api/organizations/${org.id}/visits`, body);

describe('holds', () => {
  it('keep a time for five minutes; a second hold of it is told "That time was just taken" with the next open times', async () => {
    pinClock();
    const { at } = await calendar();
    const first = await hold('agent', at('2026-03-02T09:00'));
    expect(first.statusCode).toBe(201);
    const held = (first.json() as BookingBody).visit;
    expect(held).toMatchObject({ status: 'held', start: '2026-03-02T14:00:00.000Z', end: '2026-03-02T14:30:00.000Z', occupiedUntil: '2026-03-02T14:40:00.000Z', location: { id: place.id }, patient: null });
    // The pinned clock keeps running: five minutes from the hold, give or take the test's own time.
    expect(Date.parse(held.heldUntil!) - MONDAY_8AM).toBeGreaterThanOrEqual(5 * 60_000);
    expect(Date.parse(held.heldUntil!) - MONDAY_8AM).toBeLessThan(5 * 60_000 + 10_000);

    const second = await hold('agent', at('2026-03-02T09:15'));
    expect(second.statusCode).toBe(409);
    const error = second.json().error;
    expect(error).toMatchObject({ code: 'slot_taken', message: 'That time was just taken.' });
    // 09:00–09:40 is taken (visit and buffer): the next open times of that clinician come after it.
    expect(error.nextTimes.map((x: { startLocal: string }) => x.startLocal)).toEqual(['2026-03-02T09:45', '2026-03-02T10:00', '2026-03-02T10:15']);
  });

  it('expire by themselves: once past, the time goes to whoever asks, and the late booking of the old hold is refused with the next times', async () => {
    pinClock();
    const { at } = await calendar();
    const first = ((await hold('agent', at('2026-03-02T10:00'))).json() as BookingBody).visit;
    // Still held four minutes later.
    minutes(4);
    expect(errorCode(await hold('supervisor', at('2026-03-02T10:00')))).toBe('slot_taken');
    // Six minutes after the hold: free again. It no longer counts in the open times, and a new hold takes it.
    minutes(2);
    const times = await ok<{ times: { startLocal: string }[] }>('agent', 'GET', `/api/organizations/${org.id}/open-times?visitTypeId=${at('').visitTypeId}&clinicianId=${at('').clinicianId}&days=1`);
    expect(times.times.map((x) => x.startLocal)).toContain('2026-03-02T10:00');
    const second = await hold('supervisor', at('2026-03-02T10:00'));
    expect(second.statusCode).toBe(201);
    expect((await findVisit(t.db, first.id))).toMatchObject({ status: 'canceled', cancelReason: 'hold_expired' });
    // The first caller's details arrive too late.
    const late = await call('agent', 'POST', `/api/visits/${first.id}/book`, { patient });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({ code: 'slot_taken', message: 'That time was just taken.' });
    expect(late.json().error.nextTimes[0].startLocal).toBe('2026-03-02T10:45');
  });

  it('are booked with the patient’s details (the practice’s patient found or made); an expired hold nobody took is still booked', async () => {
    pinClock();
    const { at } = await calendar();
    const h = ((await hold('agent', at('2026-03-02T11:00'))).json() as BookingBody).visit;
    const booked = await ok<BookingBody>('agent', 'POST', `/api/visits/${h.id}/book`, { patient, notes: 'Prefers Spanish' });
    expect(booked.visit).toMatchObject({ id: h.id, status: 'booked', heldUntil: null, patient: { firstName: 'Maria', lastName: 'Lopez', phone: '+18605550142', email: 'maria.lopez@example.test' } });
    expect(booked.visit.patient!.patientId).toBeTruthy();
    expect(errorCode(await call('agent', 'POST', `/api/visits/${h.id}/book`, { patient }))).toBe('invalid_transition');

    // The same patient again is the same patient record.
    const h2 = ((await hold('agent', at('2026-03-03T09:00'))).json() as BookingBody).visit;
    minutes(30); // long expired, but nobody else wanted the time
    const late = await ok<BookingBody>('agent', 'POST', `/api/visits/${h2.id}/book`, { patient: { ...patient, email: '', phone: '860-555-0142' } });
    expect(late.visit).toMatchObject({ status: 'booked', patient: { patientId: booked.visit.patient!.patientId } });

    const missing = await call('agent', 'POST', `/api/visits/${((await hold('agent', at('2026-03-03T10:00'))).json() as BookingBody).visit.id}/book`, {});
    expect(missing.json().error.fields).toEqual({ patient: 'Enter the patient’s details or choose a patient.' });
    // Details given with the hold are enough to book it.
    const withDetails = ((await hold('agent', { ...at('2026-03-03T11:00'), patient })).json() as BookingBody).visit;
    expect(withDetails.patient).toMatchObject({ firstName: 'Maria', patientId: null });
    const fromHold = await ok<BookingBody>('agent', 'POST', `/api/visits/${withDetails.id}/book`, {});
    expect(fromHold.visit).toMatchObject({ status: 'booked', patient: { firstName: 'Maria', patientId: booked.visit.patient!.patientId } });
  });
});

describe('booking', () => {
  it('directly: the buffer keeps the next visit away; staff may book outside availability with warnings; a taken time is 409', async () => {
    pinClock();
    const { at } = await calendar();
    const first = await book('agent', { ...at('2026-03-04T09:00'), patient });
    expect(first.statusCode).toBe(201);
    expect((first.json() as BookingBody).warnings).toEqual([]);
    // 09:30 would start inside the 10 minutes kept free after the 09:00 visit.
    expect(errorCode(await book('agent', { ...at('2026-03-04T09:30'), patient }))).toBe('slot_taken');
    expect((await book('agent', { ...at('2026-03-04T09:40'), patient })).statusCode).toBe(201);

    // 07:30 is before the clinician's hours and the office's: staff book it anyway, warned; a location must then be named.
    const early = await book('supervisor', { ...at('2026-03-04T07:30'), patient });
    expect(early.json().error.fields).toEqual({ locationId: expect.stringMatching(/is not available then/) });
    const warned = await ok<BookingBody>('supervisor', 'POST', `/api/organizations/${org.id}/visits`, { ...at('2026-03-04T07:30'), locationId: place.id, patient });
    expect(warned.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/is not available then/)]);
    // The past is refused for everyone.
    expect(errorCode(await book('supervisor', { ...at('2026-02-27T09:00'), patient }))).toBe('slot_unavailable');
    // A wall time the clocks skip does not exist.
    expect((await book('supervisor', { ...at('2026-03-08T02:30'), patient })).json().error.fields).toEqual({ start: 'That time does not exist on that day: the clocks go forward then.' });
  });

  it('refuses a patient or request of another organization, and bad patient details per field', async () => {
    pinClock();
    const { at } = await calendar();
    const foreignPatient = await t.db.execute<{ id: string }>(sql`insert into patients (organization_id, first_name, last_name, date_of_birth) values (${other.id}, 'Far', 'Away', '1970-01-01') returning id`);
    const res = await book('agent', { ...at('2026-03-05T09:00'), patientId: foreignPatient.rows[0]!.id });
    expect(res.json().error.fields).toEqual({ patientId: 'Choose a patient of this organization.' });
    const request = await book('agent', { ...at('2026-03-05T09:00'), patient, appointmentRequestId: '00000000-0000-4000-8000-000000000000' });
    expect(request.statusCode).toBe(400);
    expect(request.json().error.fields).toEqual({ appointmentRequestId: 'Choose an appointment request of this organization.' });
    const bad = await book('agent', { ...at('2026-03-05T09:00'), patient: { firstName: '', lastName: 'X', dateOfBirth: '2030-01-01', phone: '', email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['patient.email', 'patient.firstName']);
    const when = await book('agent', { ...at('Thursday 9am'), patient });
    expect(when.json().error.fields).toEqual({ start: 'Use YYYY-MM-DDTHH:MM in the organization’s time zone, or an ISO instant with an offset.' });
    const future = await book('agent', { ...at('2026-03-05T09:00'), patient: { ...patient, dateOfBirth: '2030-01-01' } });
    expect(future.json().error.fields).toEqual({ 'patient.dateOfBirth': 'A date of birth is in the past.' });
    // Nothing was booked by the refused requests.
    expect((await ok<{ items: unknown[] }>('agent', 'GET', `/api/organizations/${org.id}/visits?date=2026-03-05&clinicianId=${at('').clinicianId}`)).items).toEqual([]);
  });

  it('by phone keeps to the rules: an open time only, and no new patients where the practice says so', async () => {
    pinClock();
    const { vt, c } = await calendar({ newPatientsAllowed: false, minNoticeMinutes: 24 * 60 });
    const phone: Booker = { channel: 'phone', actor: null };
    const input = (start: string) => ({ visitTypeId: vt.id, clinicianId: c.id, locationId: null, start, patient: { ...patient, phone: '8605550142', email: '' }, patientId: null, appointmentRequestId: null, notes: '' });
    // Today is within the day's notice: refused, with the next open times (tomorrow).
    const soon = await bookVisit(t.ctx, org, input('2026-03-02T11:00'), phone).catch((e: unknown) => e as { code: string; extra: { nextTimes: { startLocal: string }[] } });
    expect(soon).toMatchObject({ code: 'slot_unavailable' });
    expect((soon as { extra: { nextTimes: { startLocal: string }[] } }).extra.nextTimes[0]!.startLocal).toBe('2026-03-03T09:00');
    await expect(bookVisit(t.ctx, org, input('2026-03-03T12:30'), phone)).rejects.toMatchObject({ code: 'slot_unavailable', message: expect.stringMatching(/is not available then/) });
    await expect(bookVisit(t.ctx, org, { ...input('2026-03-03T09:00'), patient: { ...patient, isNewPatient: true } }, phone)).rejects.toMatchObject({ code: 'new_patients_not_booked' });
    await expect(bookVisit(t.ctx, org, { ...input('2026-03-03T09:00'), patient: { ...patient, isNewPatient: null } }, phone)).rejects.toMatchObject({ code: 'new_patients_not_booked' });
    const booked = await bookVisit(t.ctx, org, input('2026-03-03T09:00'), { ...phone });
    expect(booked.visit).toMatchObject({ status: 'booked', channel: 'phone', createdBy: null });
    expect((await auditRows(t.db, 'visit.booked', booked.visit.id))[0]).toMatchObject({ actorType: 'system' });
    // A hold by phone, booked by phone.
    const held = await holdVisit(t.ctx, org, { visitTypeId: vt.id, clinicianId: c.id, locationId: null, start: '2026-03-03T10:00', patient: null, notes: '' }, phone);
    const done = await bookHeldVisit(t.ctx, org, held.visit, { patient: input('').patient, patientId: null, appointmentRequestId: null, notes: '' }, phone);
    expect(done.visit.status).toBe('booked');
    // A visit type the phone may not book.
    const staffOnly = await calendar({ bookableBy: ['staff'] });
    await expect(bookVisit(t.ctx, org, { ...input('2026-03-03T09:00'), visitTypeId: staffOnly.vt.id, clinicianId: staffOnly.c.id }, phone)).rejects.toMatchObject({
      statusCode: 400,
      extra: { fields: { visitTypeId: 'This visit type is not booked by phone.' } },
    });
  });

  it('never books one slot twice: 50 concurrent requests for it give exactly one visit and 49 × 409', async () => {
    pinClock();
    const { at, c } = await calendar();
    const requests = Array.from({ length: 50 }, (_, i) => book(i % 2 ? 'agent' : 'supervisor', { ...at('2026-03-06T10:00'), patient: { ...patient, firstName: `Caller${String.fromCharCode(65 + (i % 26))}` } }));
    const answers = await Promise.all(requests);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of answers.filter((x) => x.statusCode === 409)) {
      expect(r.json().error).toMatchObject({ code: 'slot_taken', message: 'That time was just taken.' });
      expect(r.json().error.nextTimes.length).toBeGreaterThan(0);
    }
    const rows = await t.db.execute<{ n: string }>(sql`select count(*)::text as n from booked_visits where clinician_id = ${c.id} and status in ('held', 'booked', 'confirmed')`);
    expect(rows.rows[0]!.n).toBe('1');
    // And overlapping starts racing (09:45, 10:00, 10:15 … for a 30+10-minute visit): still never two at once.
    const overlapping = await Promise.all(['2026-03-06T11:00', '2026-03-06T11:15', '2026-03-06T11:30', '2026-03-06T11:20'].flatMap((s) => [book('agent', { ...at(s), patient }), book('supervisor', { ...at(s), patient })]));
    expect(overlapping.filter((r) => r.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    const clash = await t.db.execute<{ n: string }>(
      sql`select count(*)::text as n from booked_visits a join booked_visits b on a.clinician_id = b.clinician_id and a.id < b.id and a.during && b.during
          where a.clinician_id = ${c.id} and a.status in ('held', 'booked', 'confirmed') and b.status in ('held', 'booked', 'confirmed')`,
    );
    expect(clash.rows[0]!.n).toBe('0');
  });
});

describe('the table itself', () => {
  it('refuses an overlapping visit of the same clinician while either holds its time, whatever writes it', async () => {
    pinClock();
    const { vt, c } = await calendar();
    const other = await calendar();
    const row = (clinicianId: string, start: string, end: string, status: string) =>
      sql`insert into booked_visits (organization_id, clinician_id, location_id, visit_type_id, status, starts_at, ends_at, occupied_until, held_until, channel, first_name, last_name, date_of_birth)
          values (${org.id}, ${clinicianId}, ${place.id}, ${vt.id}, ${status}, ${start}::timestamptz, ${end}::timestamptz, ${end}::timestamptz,
                  ${status === 'held' ? '2026-03-02T13:05:00Z' : null}::timestamptz, 'staff', 'A', 'B', '1980-01-01')`;
    const code = async (q: ReturnType<typeof sql>) => t.db.execute(q).then(() => 'ok', (e: { cause?: { code?: string }; code?: string }) => e.cause?.code ?? e.code);
    expect(await code(row(c.id, '2026-03-16T14:00Z', '2026-03-16T14:30Z', 'booked'))).toBe('ok');
    // Overlapping by a minute: refused (23P01, exclusion_violation) for held, booked and confirmed alike.
    for (const status of ['held', 'booked', 'confirmed']) expect(await code(row(c.id, '2026-03-16T14:29Z', '2026-03-16T15:00Z', status)), status).toBe('23P01');
    // Touching is fine ([start, end) ranges), another clinician is fine, and finished or canceled visits hold no time.
    expect(await code(row(c.id, '2026-03-16T14:30Z', '2026-03-16T15:00Z', 'booked'))).toBe('ok');
    expect(await code(row(other.c.id, '2026-03-16T14:00Z', '2026-03-16T14:30Z', 'booked'))).toBe('ok');
    for (const status of ['canceled', 'completed', 'no_show']) expect(await code(row(c.id, '2026-03-16T14:10Z', '2026-03-16T14:20Z', status)), status).toBe('ok');
    // A canceled visit cannot come back over another: the constraint checks updates too.
    expect(await code(sql`update booked_visits set status = 'booked' where clinician_id = ${c.id} and status = 'canceled'`)).toBe('23P01');
  });
});

describe('a booked visit', () => {
  it('moves (over its own old time too), confirmed visits to be confirmed again; onto another visit it is 409', async () => {
    pinClock();
    const { at } = await calendar();
    const v = (await ok<BookingBody>('agent', 'POST', `/api/organizations/${org.id}/visits`, { ...at('2026-03-09T09:00'), patient })).visit;
    const confirmed = await ok<VisitBody>('agent', 'POST', `/api/visits/${v.id}/status`, { status: 'confirmed' });
    expect(confirmed.status).toBe('confirmed');
    const moved = await ok<BookingBody>('agent', 'POST', `/api/visits/${v.id}/move`, { start: '2026-03-09T09:15', version: confirmed.version });
    expect(moved.visit).toMatchObject({ id: v.id, status: 'booked', startLocal: '2026-03-09T09:15' });
    expect(errorCode(await call('agent', 'POST', `/api/visits/${v.id}/move`, { start: '2026-03-09T09:30', version: confirmed.version }))).toBe('stale_version');

    const blocker = (await ok<BookingBody>('agent', 'POST', `/api/organizations/${org.id}/visits`, { ...at('2026-03-09T10:00'), patient })).visit;
    const onto = await call('agent', 'POST', `/api/visits/${v.id}/move`, { start: '2026-03-09T10:15' });
    expect(onto.json().error).toMatchObject({ code: 'slot_taken', message: 'That time was just taken.' });
    // Canceling frees its time at once.
    const canceled = await ok<VisitBody>('agent', 'POST', `/api/visits/${blocker.id}/cancel`, { reason: 'Patient called' });
    expect(canceled.status).toBe('canceled');
    expect((await ok<BookingBody>('agent', 'POST', `/api/visits/${v.id}/move`, { start: '2026-03-09T10:15' })).visit.startLocal).toBe('2026-03-09T10:15');
    expect(errorCode(await call('agent', 'POST', `/api/visits/${blocker.id}/move`, { start: '2026-03-09T11:00' }))).toBe('invalid_transition');
    expect((await auditRows(t.db, 'visit.moved', v.id)).length).toBe(2);
  });

  it('goes forward only: completed or no-show once begun, never back, never canceled afterwards', async () => {
    pinClock();
    const { at } = await calendar();
    const v = (await ok<BookingBody>('agent', 'POST', `/api/organizations/${org.id}/visits`, { ...at('2026-03-02T09:00'), patient })).visit;
    const early = await call('agent', 'POST', `/api/visits/${v.id}/status`, { status: 'completed' });
    expect(early.json().error).toMatchObject({ code: 'invalid_transition', message: 'A visit is marked completed once it has begun.' });
    minutes(75); // 09:15
    expect((await ok<VisitBody>('agent', 'POST', `/api/visits/${v.id}/status`, { status: 'completed' })).status).toBe('completed');
    expect((await call('agent', 'POST', `/api/visits/${v.id}/status`, { status: 'confirmed' })).json().error.code).toBe('invalid_transition');
    expect((await call('agent', 'POST', `/api/visits/${v.id}/cancel`, {})).json().error).toMatchObject({ code: 'invalid_transition', message: 'A completed visit cannot be canceled.' });
    expect((await call('agent', 'POST', `/api/visits/${v.id}/status`, { status: 'held' })).statusCode).toBe(400);
  });
});

describe('the day and week views', () => {
  it('list visits by start for a clinician or a location, without holds that ran out; reading one is audited; others get 404', async () => {
    pinClock();
    const { at, c } = await calendar();
    const a = (await ok<BookingBody>('agent', 'POST', `/api/organizations/${org.id}/visits`, { ...at('2026-03-10T11:00'), patient })).visit;
    const b = (await ok<BookingBody>('agent', 'POST', `/api/organizations/${org.id}/visits`, { ...at('2026-03-12T09:00'), patient })).visit;
    await hold('agent', at('2026-03-10T09:00'));
    const week = await ok<{ from: string; to: string; timeZone: string; items: VisitBody[] }>('agent', 'GET', `/api/organizations/${org.id}/visits?date=2026-03-11&view=week&clinicianId=${c.id}`);
    expect(week).toMatchObject({ from: '2026-03-09', to: '2026-03-15', timeZone: 'America/New_York' });
    expect(week.items.map((v) => [v.startLocal, v.status])).toEqual([
      ['2026-03-10T09:00', 'held'],
      ['2026-03-10T11:00', 'booked'],
      ['2026-03-12T09:00', 'booked'],
    ]);
    minutes(10);
    const day = await ok<{ items: VisitBody[] }>('agent', 'GET', `/api/organizations/${org.id}/visits?date=2026-03-10&locationId=${place.id}&clinicianId=${c.id}`);
    expect(day.items.map((v) => v.id)).toEqual([a.id]);

    expect((await ok<VisitBody>('agent', 'GET', `/api/visits/${b.id}`)).patient).toMatchObject({ firstName: 'Maria' });
    expect((await auditRows(t.db, 'phi.view', b.id)).length).toBe(1);
    expect((await call('developer', 'GET', `/api/visits/${b.id}`)).statusCode).toBe(403);
    expect((await call('developer', 'POST', `/api/organizations/${org.id}/visits`, { ...at('2026-03-13T09:00'), patient })).statusCode).toBe(403);
    for (const [method, url, payload] of [
      ['GET', `/api/visits/${b.id}`, undefined],
      ['POST', `/api/visits/${b.id}/cancel`, {}],
      ['POST', `/api/visits/${b.id}/move`, { start: '2026-03-12T10:00' }],
      ['POST', `/api/visits/${b.id}/status`, { status: 'confirmed' }],
      ['POST', `/api/visits/${b.id}/book`, { patient }],
      ['POST', `/api/organizations/${org.id}/visits`, { ...at('2026-03-13T09:00'), patient }],
    ] as const) {
      expect((await call('outsider', method, url, payload)).statusCode, url).toBe(404);
    }
    expect((await ok<VisitBody>('agent', 'GET', `/api/visits/${b.id}`)).status).toBe('booked');
  });
});
