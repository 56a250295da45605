import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequestEvents, appointmentRequests, bookedVisits, handoffs } from '../../db/schema/index.js';
import { createTestApp, errorCode, outboxFor, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, ORIGIN, setAppointmentSettings, VISIT_REASONS } from '../../test-support/patients.js';
import { bookDraft, completeSteps, firstOpenTime, holdTime, startWebDraft, webCalendar } from '../../test-support/web-booking.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';

/**
 * Issue 31 §4: a patient picks an open time on /request-appointment, the server holds it while they
 * give their details, and sending the request books it — a scheduled request (source web) linked to
 * a booked visit (channel web), in one transaction. A time taken meanwhile is a 409 with the next
 * times and nothing typed is lost; the web's rules (visit types booked online, new patients where
 * allowed, open times only) are refused, not warned.
 */

let t: TestAppHandle;
let practice: OrganizationRow;
let cal: Awaited<ReturnType<typeof webCalendar>>;
const DRAFT = '/api/public/appointment-requests/draft';

/** Monday 2 March 2026, 08:00 in New York (EST). Clinicians work 09:00–12:00 on weekdays. */
const MONDAY_8AM = Date.parse('2026-03-02T13:00:00Z');
const pinClock = (ms = MONDAY_8AM) => t.ctx.clock.advance(ms - t.ctx.clock.now().getTime());
const minutes = (n: number) => t.ctx.clock.advance(n * 60_000);
const NINE = '2026-03-02T14:00:00.000Z';

let open: OrganizationRow['id'];
let returning: string;
let phoneOnly: string;

beforeAll(async () => {
  t = await createTestApp();
  practice = await createPractice(t.ctx, { appointmentSettings: { enabled: true, visitReasons: [...VISIT_REASONS, 'Annual physical'], message: '' } });
  cal = await webCalendar(t.ctx, practice.id, {
    types: [{ nameEn: 'Annual physical', lengthMinutes: 30, minNoticeMinutes: 30 }, { nameEn: 'Sick visit', newPatientsAllowed: false, lengthMinutes: 20 }, { nameEn: 'Blood test', channels: ['phone', 'staff'] }],
    clinicians: ['Dr. Rebecca Hart', 'Dr. Luis Ruiz'],
  });
  [open, returning, phoneOnly] = cal.types.map((v) => v.id) as [string, string, string];
});
afterAll(() => t?.close());
afterEach(() => t.ctx.clock.reset());

const openTimes = (q: Record<string, string>, slug = practice.slug, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/public/practices/${slug}/open-times?${new URLSearchParams(q)}`, headers });
const hart = () => cal.clinicians[0]!.id;
const ruiz = () => cal.clinicians[1]!.id;
const requestOf = async (referenceCode: string) => (await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.referenceCode, referenceCode)))[0]!;

describe('what the practice books online', () => {
  it('lists its web visit types with their clinicians and the hold time; none when it takes no requests online', async () => {
    const res = await t.app.inject({ url: `/api/public/practices/${practice.slug}/booking` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ timeZone: 'America/New_York', holdMinutes: 10 });
    expect(body.visitTypes.map((v: { nameEn: string }) => v.nameEn)).toEqual(['Annual physical', 'Sick visit']);
    expect(body.visitTypes[1]).toMatchObject({ newPatientsAllowed: false, clinicians: [expect.objectContaining({ name: 'Dr. Luis Ruiz' }), expect.objectContaining({ name: 'Dr. Rebecca Hart' })] });

    const closed = await createPractice(t.ctx, { appointmentSettings: { enabled: false } });
    await webCalendar(t.ctx, closed.id, { types: [{}] });
    expect((await t.app.inject({ url: `/api/public/practices/${closed.slug}/booking` })).json().visitTypes).toEqual([]);
    expect((await t.app.inject({ url: '/api/public/practices/no-such-practice/booking' })).statusCode).toBe(404);
  });

  it('gives open times by day in the practice’s zone, after the minimum notice, with nothing about other patients', async () => {
    pinClock();
    const res = await openTimes({ visitTypeId: open, days: '2' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ timeZone: 'America/New_York', from: '2026-03-02', to: '2026-03-03', firstDate: '2026-03-02', lastDate: '2026-03-16' });
    // 09:00, when the clinicians start (after half an hour's notice); first available is by name (Ruiz before Hart).
    expect(body.times[0]).toEqual({
      start: NINE,
      end: '2026-03-02T14:30:00.000Z',
      startLocal: '2026-03-02T09:00',
      clinicianId: ruiz(),
      clinicianName: 'Dr. Luis Ruiz',
      locationId: cal.location.id,
      locationName: cal.location.name,
    });
    expect(body.times.at(-1).startLocal).toBe('2026-03-03T11:30');
    for (const time of body.times) expect(Object.keys(time).sort()).toEqual(['clinicianId', 'clinicianName', 'end', 'locationId', 'locationName', 'start', 'startLocal']);
    // One clinician: only theirs.
    const hers = (await openTimes({ visitTypeId: open, clinicianId: hart(), days: '1' })).json().times as { clinicianId: string; startLocal: string }[];
    expect(hers[0]!.startLocal).toBe('2026-03-02T09:00');
    expect(hers.every((x) => x.clinicianId === hart())).toBe(true);
  });

  it('refuses a visit type not booked online, an unknown clinician and a window over 14 days, in the patient’s language', async () => {
    const notWeb = await openTimes({ visitTypeId: phoneOnly });
    expect(notWeb.statusCode).toBe(400);
    expect(notWeb.json().error.fields).toEqual({ visitTypeId: 'Choose one of the visits this practice books online.' });
    const es = await openTimes({ visitTypeId: phoneOnly }, practice.slug, { 'accept-language': 'es' });
    expect(es.json().error.fields.visitTypeId).toBe('Elija uno de los tipos de cita que esta consulta reserva en línea.');
    expect((await openTimes({ visitTypeId: open, clinicianId: '00000000-0000-4000-8000-000000000000' })).json().error.fields).toEqual({ clinicianId: 'Choose one of the clinicians offered.' });
    const far = await openTimes({ visitTypeId: open, days: '15' });
    expect(far.statusCode).toBe(400);
    expect(far.json().error.fields['querystring.days']).toBe('Use 1 to 14.');
    expect((await openTimes({})).json().error.fieldKeys).toEqual({ 'querystring.visitTypeId': 'required' });
  });
});

describe('hold → details → book', () => {
  it('holds the time for 10 minutes, then books a visit (channel web) and a scheduled request (source web) linked to it', async () => {
    pinClock();
    const cookie = await startWebDraft(t.app, practice.slug);
    const held = await holdTime(t.app, cookie, { visitTypeId: open, clinicianId: hart(), start: NINE });
    expect(held.statusCode).toBe(200);
    expect(held.json().hold).toMatchObject({
      visitType: { id: open, nameEn: 'Annual physical', lengthMinutes: 30 },
      clinician: { name: 'Dr. Rebecca Hart' },
      location: { name: cal.location.name, address: '1 Main Street, Hartford, CT 06103' },
      start: NINE,
      startLocal: '2026-03-02T09:00',
      heldUntil: expect.stringMatching(/^2026-03-02T13:10:00/),
      expired: false,
    });
    // The reason the practice offers under the visit type's name is filled in.
    expect((await t.app.inject({ url: DRAFT, headers: { cookie } })).json().fields.reason).toBe('Annual physical');
    expect((await t.app.inject({ url: `${DRAFT}/hold`, headers: { cookie } })).json().hold.start).toBe(NINE);
    // Held: nobody else is offered it.
    expect((await openTimes({ visitTypeId: open, clinicianId: hart(), days: '1' })).json().times[0].startLocal).toBe('2026-03-02T09:30');

    const f = await completeSteps(t.app, cookie, { reason: 'Annual physical', isNewPatient: true });
    const res = await bookDraft(t.app, cookie);
    expect(res.statusCode).toBe(200);
    const request = await requestOf(res.json().referenceCode);
    expect(request).toMatchObject({ status: 'scheduled', source: 'web', scheduledFor: new Date(NINE), visitMinutes: 30, visitClinician: 'Dr. Rebecca Hart', visitLocation: cal.location.name });
    const [visit] = await t.db.select().from(bookedVisits).where(eq(bookedVisits.appointmentRequestId, request.id));
    expect(visit).toMatchObject({ status: 'booked', channel: 'web', startsAt: new Date(NINE), clinicianId: hart(), firstName: 'Ana', lastName: 'García', email: f.email, phone: '+18605550142', isNewPatient: true, patientId: request.patientId, heldUntil: null });
    // Its history: sent and booked by the patient; nothing left for the front desk.
    const events = await t.db.select().from(appointmentRequestEvents).where(eq(appointmentRequestEvents.appointmentRequestId, request.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorType])).toEqual([
      ['draft', 'submitted', 'patient'],
      ['submitted', 'scheduled', 'patient'],
    ]);
    // Its handoff (every request has one) is resolved as it is made.
    expect(await t.db.select().from(handoffs).where(eq(handoffs.appointmentRequestId, request.id))).toEqual([
      expect.objectContaining({ type: 'appointment_request', source: 'web', status: 'resolved', resolution: 'appointment_scheduled' }),
    ]);
    // Told as when staff schedule: an e-mail with the calendar file, a text.
    const [mail] = await outboxFor(t.db, f.email, 'appointment-scheduled');
    expect(mail!.body).toMatch(/Your appointment with .* is on Monday, March 2 at 9:00 AM\.[\s\S]*With: Dr. Rebecca Hart/);
    expect(JSON.stringify(mail!.attachments)).toMatch(/BEGIN:VCALENDAR/);
    expect(await outboxFor(t.db, '+18605550142', 'appointment-scheduled')).toHaveLength(1);
    expect(await outboxFor(t.db, f.email, 'appointment-request-received')).toEqual([]);

    // The success page's visit and its calendar file.
    const seen = await t.app.inject({ url: '/api/public/appointment-requests/submitted/visit', headers: { cookie } });
    expect(seen.json().visit).toMatchObject({ status: 'booked', start: NINE, startLocal: '2026-03-02T09:00', clinician: { name: 'Dr. Rebecca Hart' }, location: { name: cal.location.name }, country: 'US', calendarPath: '/api/public/appointment-requests/submitted/visit.ics' });
    const ics = await t.app.inject({ url: '/api/public/appointment-requests/submitted/visit.ics', headers: { cookie } });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/text\/calendar/);
    expect(ics.body).toMatch(/DTSTART:20260302T140000Z/);
    // Sent twice (double click, another tab): the same request.
    expect((await bookDraft(t.app, cookie)).json().referenceCode).toBe(res.json().referenceCode);
    expect(await t.db.select().from(bookedVisits).where(eq(bookedVisits.appointmentRequestId, request.id))).toHaveLength(1);
  });

  it('a second pick gives up the first hold; "call me instead" gives it up too, and the request is sent as one', async () => {
    pinClock();
    const cookie = await startWebDraft(t.app, practice.slug);
    const first = await firstOpenTime(t.app, practice.slug, open, hart());
    expect((await holdTime(t.app, cookie, { visitTypeId: open, clinicianId: hart(), start: first.start })).statusCode).toBe(200);
    const later = new Date(Date.parse(first.start) + 3_600_000).toISOString();
    expect((await holdTime(t.app, cookie, { visitTypeId: open, clinicianId: hart(), start: later })).statusCode).toBe(200);
    expect((await firstOpenTime(t.app, practice.slug, open, hart())).start).toBe(first.start);
    const released = await t.app.inject({ method: 'DELETE', url: `${DRAFT}/hold`, headers: { cookie, ...ORIGIN } });
    expect(released.json()).toEqual({ hold: null });
    expect((await t.app.inject({ url: `${DRAFT}/hold`, headers: { cookie } })).json()).toEqual({ hold: null });
    await completeSteps(t.app, cookie);
    expect(errorCode(await bookDraft(t.app, cookie))).toBe('hold_not_found');
    const sent = await t.app.inject({ method: 'POST', url: `${DRAFT}/submit`, headers: { cookie, ...ORIGIN }, payload: {} });
    expect((await requestOf(sent.json().referenceCode)).status).toBe('submitted');
  });

  it('a hold that ran out is still booked when nobody took the time', async () => {
    pinClock();
    const cookie = await startWebDraft(t.app, practice.slug);
    const time = await firstOpenTime(t.app, practice.slug, open, ruiz());
    await holdTime(t.app, cookie, { visitTypeId: open, clinicianId: time.clinicianId, start: time.start });
    await completeSteps(t.app, cookie);
    minutes(12);
    expect((await t.app.inject({ url: `${DRAFT}/hold`, headers: { cookie } })).json().hold).toMatchObject({ start: time.start, expired: true });
    const res = await bookDraft(t.app, cookie);
    expect(res.statusCode).toBe(200);
    const request = await requestOf(res.json().referenceCode);
    expect((await t.db.select().from(bookedVisits).where(eq(bookedVisits.appointmentRequestId, request.id)))[0]).toMatchObject({ status: 'booked', startsAt: new Date(time.start) });
  });
});

describe('a time taken meanwhile', () => {
  it('holding a held time is 409 slot_taken with the next times, in the patient’s words', async () => {
    pinClock();
    const a = await startWebDraft(t.app, practice.slug);
    const b = await startWebDraft(t.app, practice.slug);
    const time = await firstOpenTime(t.app, practice.slug, open, hart());
    expect((await holdTime(t.app, a, { visitTypeId: open, clinicianId: hart(), start: time.start })).statusCode).toBe(200);
    const taken = await holdTime(t.app, b, { visitTypeId: open, clinicianId: hart(), start: time.start }, { 'accept-language': 'es' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'slot_taken', message: 'Alguien acaba de reservar esa hora.' });
    const next = taken.json().error.nextTimes as { start: string; clinicianName: string }[];
    expect(next).toHaveLength(3);
    expect(next.every((x) => Date.parse(x.start) > Date.parse(time.start) && x.clinicianName === 'Dr. Rebecca Hart')).toBe(true);
    for (const x of next) expect(Object.keys(x).sort()).toEqual(['clinicianId', 'clinicianName', 'end', 'locationId', 'locationName', 'start', 'startLocal']);
  });

  it('booking after the hold ran out and someone took the time: 409 slot_taken with the next times; the draft keeps every answer and books one of them', async () => {
    pinClock();
    const slow = await startWebDraft(t.app, practice.slug);
    const time = await firstOpenTime(t.app, practice.slug, open, hart());
    await holdTime(t.app, slow, { visitTypeId: open, clinicianId: hart(), start: time.start });
    const f = await completeSteps(t.app, slow, { firstName: 'Marta' });
    minutes(11);
    const quick = await startWebDraft(t.app, practice.slug);
    expect((await holdTime(t.app, quick, { visitTypeId: open, clinicianId: hart(), start: time.start })).statusCode).toBe(200);
    const refused = await bookDraft(t.app, slow);
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('slot_taken');
    const next = refused.json().error.nextTimes as { start: string; clinicianId: string }[];
    expect(next.length).toBeGreaterThan(0);
    const draft = (await t.app.inject({ url: DRAFT, headers: { cookie: slow } })).json();
    expect(draft).toMatchObject({ status: 'draft', step1Complete: true, step2Complete: true, fields: { firstName: 'Marta', email: f.email } });
    expect((await holdTime(t.app, slow, { visitTypeId: open, clinicianId: next[0]!.clinicianId, start: next[0]!.start })).statusCode).toBe(200);
    const booked = await bookDraft(t.app, slow);
    expect(booked.statusCode).toBe(200);
    expect((await requestOf(booked.json().referenceCode)).scheduledFor).toEqual(new Date(next[0]!.start));
  });

  it('fifty patients holding one time: one hold, forty-nine 409s', async () => {
    pinClock();
    const time = await firstOpenTime(t.app, practice.slug, open, ruiz(), '2026-03-04');
    const cookies = await Promise.all(Array.from({ length: 50 }, () => startWebDraft(t.app, practice.slug)));
    const answers = await Promise.all(cookies.map((c) => holdTime(t.app, c, { visitTypeId: open, clinicianId: time.clinicianId, start: time.start })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409 && errorCode(r) === 'slot_taken')).toHaveLength(49);
  });
});

describe('the web’s rules', () => {
  it('a visit type for returning patients: held only for a patient seen before, and booked only if step 1 says so', async () => {
    pinClock();
    const cookie = await startWebDraft(t.app, practice.slug);
    const time = await firstOpenTime(t.app, practice.slug, returning);
    for (const isNewPatient of [true, null]) {
      const res = await holdTime(t.app, cookie, { visitTypeId: returning, clinicianId: time.clinicianId, start: time.start, isNewPatient });
      expect(res.statusCode).toBe(409);
      expect(errorCode(res)).toBe('new_patients_not_booked');
    }
    expect((await holdTime(t.app, cookie, { visitTypeId: returning, clinicianId: time.clinicianId, start: time.start, isNewPatient: false })).statusCode).toBe(200);
    expect((await t.app.inject({ url: DRAFT, headers: { cookie } })).json().fields.isNewPatient).toBe(false);
    await completeSteps(t.app, cookie, { isNewPatient: true });
    const refused = await bookDraft(t.app, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'new_patients_not_booked', message: expect.stringMatching(/^New patients book this visit through the practice/) });
    expect((await t.app.inject({ url: DRAFT, headers: { cookie } })).json().status).toBe('draft');
  });

  it('refuses a type not booked online, a clinician who does not do it, and a time that is not open (with the next times)', async () => {
    pinClock();
    const cookie = await startWebDraft(t.app, practice.slug);
    const notWeb = await holdTime(t.app, cookie, { visitTypeId: phoneOnly, clinicianId: hart(), start: NINE });
    expect(notWeb.json().error.fieldKeys).toEqual({ visitTypeId: 'unknown' });
    const other = await webCalendar(t.ctx, practice.id, { types: [{ channels: ['web'] }], clinicians: ['Dr. Other'] });
    expect((await holdTime(t.app, cookie, { visitTypeId: open, clinicianId: other.clinicians[0]!.id, start: NINE })).json().error.fieldKeys).toEqual({ clinicianId: 'unknown' });
    // 08:15 (too soon, and before the clinician starts), 12:15 (after), a Saturday.
    for (const start of ['2026-03-02T13:15:00.000Z', '2026-03-02T17:15:00.000Z', '2026-03-07T15:00:00.000Z']) {
      const res = await holdTime(t.app, cookie, { visitTypeId: open, clinicianId: hart(), start });
      expect(res.statusCode, start).toBe(409);
      expect(errorCode(res)).toBe('slot_unavailable');
      expect(res.json().error.nextTimes.length).toBeGreaterThan(0);
    }
    // A practice that stopped taking requests online.
    const closed = await createPractice(t.ctx);
    const c2 = await webCalendar(t.ctx, closed.id, { types: [{}] });
    const draft = await startWebDraft(t.app, closed.slug);
    await setAppointmentSettings(t.ctx, closed.id, { enabled: false });
    expect(errorCode(await holdTime(t.app, draft, { visitTypeId: c2.types[0]!.id, clinicianId: c2.clinicians[0]!.id, start: NINE }))).toBe('requests_disabled');
  });
});

describe('bad input', () => {
  it('a message per field, in the patient’s language; never a 500', async () => {
    const cookie = await startWebDraft(t.app, practice.slug);
    const empty = await holdTime(t.app, cookie, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ visitTypeId: 'Choose the type of visit.', clinicianId: 'Choose a clinician, or first available.', start: 'Choose a time.' });
    const es = await holdTime(t.app, cookie, { visitTypeId: open, clinicianId: hart(), start: 'tomorrow at nine' }, { 'accept-language': 'es' });
    expect(es.json().error.fields).toEqual({ start: 'Elija una de las horas que se ofrecen.' });
    for (const body of [{ visitTypeId: 'x'.repeat(101), clinicianId: hart(), start: NINE }, { visitTypeId: open, clinicianId: hart(), start: NINE, isNewPatient: 'yes' }, { visitTypeId: open, clinicianId: hart(), start: NINE, extra: 1 }, { visitTypeId: 'not-a-uuid', clinicianId: 'nope', start: '2026-02-30T09:00:00Z' }]) {
      const res = await holdTime(t.app, cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // Without the draft cookie: the form has expired.
    expect(errorCode(await t.app.inject({ method: 'POST', url: `${DRAFT}/hold`, headers: ORIGIN, payload: { visitTypeId: open, clinicianId: hart(), start: NINE } }))).toBe('draft_not_found');
    expect(errorCode(await t.app.inject({ method: 'POST', url: `${DRAFT}/book`, headers: ORIGIN, payload: {} }))).toBe('draft_not_found');
    expect(errorCode(await t.app.inject({ url: '/api/public/appointment-requests/submitted/visit' }))).toBe('draft_not_found');
  });

  it('booking before both steps are done: 400 with what is missing; a filled honeypot is refused', async () => {
    pinClock();
    const cookie = await startWebDraft(t.app, practice.slug);
    const time = await firstOpenTime(t.app, practice.slug, open);
    await holdTime(t.app, cookie, { visitTypeId: open, clinicianId: time.clinicianId, start: time.start });
    const missing = await bookDraft(t.app, cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'validation_failed', steps: { step1: false, step2: false } });
    await completeSteps(t.app, cookie);
    const bot = await t.app.inject({ method: 'POST', url: `${DRAFT}/book`, headers: { cookie, ...ORIGIN }, payload: { website: 'https://spam.example' } });
    expect(errorCode(bot)).toBe('rejected');
    expect((await t.app.inject({ url: DRAFT, headers: { cookie } })).json().status).toBe('draft');
  });
});
