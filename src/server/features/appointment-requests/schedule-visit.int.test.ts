import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequests } from '../../db/schema/index.js';
import { auditRows, createStaffUser, createTestApp, errorCode, outboxFor, signIn, type TestAppHandle } from '../../test-support/index.js';
import { createPractice } from '../../test-support/patients.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';
import { createSubmittedRequest } from './request-submission.service.js';

let t: TestAppHandle;
let org: OrganizationRow;
let other: OrganizationRow;
let agent: string;
let outsider: string;
let n = 0;
const ZONE = 'America/New_York';

/** A request from a patient who asked for Tuesday or Thursday mornings. */
const submit = async (abroad?: string, organizationId = org.id) => {
  n++;
  const email = `visit${n}@example.test`;
  const phone = abroad ?? `+1860555${String(2000 + n).padStart(4, '0')}`;
  const { request } = await t.db.transaction((tx) =>
    createSubmittedRequest(t.ctx, tx, {
      organizationId,
      source: 'web',
      firstName: 'Tess',
      lastName: `Morning${n}`,
      dateOfBirth: '1979-02-03',
      phone,
      email,
      reason: 'Follow-up',
      preferences: { days: ['tue', 'thu'], timesOfDay: ['morning'], text: 'Tuesday or Thursday mornings, before work' },
      consentToContact: true,
    }),
  );
  return { ...request, email, phone };
};
const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** The next `weekday` (1 Monday – 7 Sunday) at least two days ahead, at `time`, as the dialog sends it. */
function next(weekday: number, time: string): string {
  let d = Temporal.Now.plainDateISO(ZONE).add({ days: 2 });
  while (d.dayOfWeek !== weekday) d = d.add({ days: 1 });
  return `${d.toString()}T${time}`;
}

beforeAll(async () => {
  t = await createTestApp();
  org = await createPractice(t.ctx, { name: 'Elm Street Clinic', timeZone: ZONE });
  other = await createPractice(t.ctx);
  const a = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id], name: 'Dr. Rivera' });
  const o = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [other.id] });
  agent = await signIn(t.app, a.email, a.password);
  outsider = await signIn(t.app, o.email, o.password);
});
afterAll(() => t?.close());

describe('schedule options', () => {
  it("show the patient's preferences, office hours, slots that fit both, and the practice's people and places", async () => {
    const request = await submit();
    const res = await get(agent, `/api/appointment-requests/${request.id}/schedule-options?durationMinutes=45`);
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({
      timeZone: ZONE,
      country: 'US',
      durationMinutes: 45,
      preferences: { days: ['tue', 'thu'], timesOfDay: ['morning'], earliestDate: null, text: 'Tuesday or Thursday mornings, before work' },
      address: '1 Main Street, Hartford, CT 06103',
      // A US number spans several zones: nothing to add to the practice's.
      patientTimeZone: null,
    });
    expect(o.officeHours.weekly).toHaveLength(5);
    expect(o.locations).toContain('1 Main Street, Hartford, CT 06103');
    expect(o.clinicians).toContain('Dr. Rivera');
    expect(o.suggestions.length).toBe(6);
    for (const s of o.suggestions as { local: string; at: string; fitsPreferences: boolean }[]) {
      const zoned = Temporal.Instant.from(s.at).toZonedDateTimeISO(ZONE);
      expect([2, 4]).toContain(zoned.dayOfWeek);
      expect(zoned.hour).toBeGreaterThanOrEqual(8);
      expect(zoned.hour).toBeLessThan(12);
      expect(s.local).toBe(zoned.toPlainDateTime().toString({ smallestUnit: 'minute' }));
      expect(s.fitsPreferences).toBe(true);
    }
  });

  it("name the patient's zone when their number places them in one other than the practice's", async () => {
    const request = await submit('+447911123456');
    const o = (await get(agent, `/api/appointment-requests/${request.id}/schedule-options`)).json();
    expect(o.patientTimeZone).toBe('Europe/London');
  });

  it('refuses a bad length per field, and another organization’s request is not found', async () => {
    const request = await submit();
    for (const bad of ['3', '481', 'long', '30.5']) {
      const res = await get(agent, `/api/appointment-requests/${request.id}/schedule-options?durationMinutes=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json().error.fields), bad).toEqual(['querystring.durationMinutes']);
    }
    const foreign = await get(outsider, `/api/appointment-requests/${request.id}/schedule-options`);
    expect(foreign.statusCode).toBe(404);
  });

  it('read an empty length as none given: the usual 30 minutes', async () => {
    const request = await submit();
    const res = await get(agent, `/api/appointment-requests/${request.id}/schedule-options?durationMinutes=`);
    expect(res.statusCode).toBe(200);
    expect(res.json().durationMinutes).toBe(30);
  });
});

describe('scheduling a visit', () => {
  it('answers a message per bad field and saves nothing', async () => {
    const request = await submit();
    const res = await post(agent, `/api/appointment-requests/${request.id}/schedule`, {
      scheduledFor: 'Tuesday',
      durationMinutes: 1000,
      location: 'x'.repeat(201),
      clinician: '<b>Dr</b>',
      color: 'blue',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    expect(Object.keys(fields).sort()).toEqual(['clinician', 'color', 'durationMinutes', 'location', 'scheduledFor', 'version']);
    expect(fields.durationMinutes).toBe('A visit lasts at most 8 hours.');
    expect(fields.location).toBe('Use at most 200 characters.');
    expect(fields.clinician).toBe('Leave out < and >.');
    expect((await post(agent, `/api/appointment-requests/${request.id}/schedule`, { version: 1, scheduledFor: next(2, '09:00'), durationMinutes: 2 })).json().error.fields).toEqual({
      durationMinutes: 'A visit lasts at least 5 minutes.',
    });
    const [row] = await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.id, request.id));
    expect(row).toMatchObject({ status: 'submitted', scheduledFor: null, visitMinutes: null, version: 1 });
  });

  it("another organization's request is not found, and nothing is sent", async () => {
    const request = await submit();
    const res = await post(outsider, `/api/appointment-requests/${request.id}/schedule`, { version: 1, scheduledFor: next(2, '09:00') });
    expect(res.statusCode).toBe(404);
    expect(errorCode(res)).toBe('not_found');
    expect(await outboxFor(t.db, request.email, 'appointment-scheduled')).toHaveLength(0);
  });

  it('a suggested slot has no warnings; length, location and clinician are stored and shown', async () => {
    const request = await submit();
    const options = (await get(agent, `/api/appointment-requests/${request.id}/schedule-options`)).json();
    const slot = options.suggestions[0].local as string;
    const res = await post(agent, `/api/appointment-requests/${request.id}/schedule`, { version: 1, scheduledFor: slot, durationMinutes: 30, location: 'Suite 200', clinician: 'Dr. Rivera' });
    expect(res.statusCode).toBe(200);
    expect(res.json().warnings).toEqual([]);
    expect(res.json().appointmentRequest).toMatchObject({ status: 'scheduled', scheduledFor: options.suggestions[0].at, visit: { durationMinutes: 30, location: 'Suite 200', clinician: 'Dr. Rivera' } });
    const [row] = await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.id, request.id));
    expect(row).toMatchObject({ visitMinutes: 30, visitLocation: 'Suite 200', visitClinician: 'Dr. Rivera', scheduledFor: new Date(options.suggestions[0].at) });
    // Places and people used before are offered next time.
    const later = (await get(agent, `/api/appointment-requests/${(await submit()).id}/schedule-options`)).json();
    expect(later.locations).toEqual(['1 Main Street, Hartford, CT 06103', 'Suite 200']);
  });

  it('a Saturday slot is warned about, not refused; the patient gets the date in words, the address, links and a calendar file', async () => {
    const request = await submit();
    const saturday = next(6, '10:15');
    const res = await post(agent, `/api/appointment-requests/${request.id}/schedule`, { version: 1, scheduledFor: saturday, durationMinutes: 45, location: 'Suite 200', clinician: 'Dr. Rivera' });
    expect(res.statusCode).toBe(200);
    expect(res.json().warnings).toEqual(['outside_office_hours', 'not_a_preferred_day']);
    const [audit] = await auditRows(t.db, 'appointment_request.scheduled', request.id);
    expect(audit?.details).toMatchObject({ minutes: 45, warnings: ['outside_office_hours', 'not_a_preferred_day'] });

    const startsAt = Temporal.PlainDateTime.from(saturday).toZonedDateTime(ZONE);
    const words = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'long', month: 'long', day: 'numeric', ...(startsAt.year === Temporal.Now.plainDateISO(ZONE).year ? {} : { year: 'numeric' }) }).format(startsAt.epochMilliseconds);
    expect(words).toMatch(/^Saturday, /);
    const portal = `/portal?org=${org.slug}`;

    const [email] = await outboxFor(t.db, request.email, 'appointment-scheduled');
    expect(email?.body).toContain(`Your appointment with Elm Street Clinic is on ${words} at 10:15 AM.`);
    expect(email?.body).toContain('Length: 45 minutes.\nWith: Dr. Rivera.\nWhere: Suite 200, 1 Main Street, Hartford, CT 06103.');
    expect(email?.body).toContain(`To cancel or ask for another time, sign in to your portal: ${t.ctx.baseUrl}${portal}`);
    expect(email?.attachments).toHaveLength(1);
    const ics = email!.attachments[0]!;
    expect(ics.filename).toBe(`appointment-${request.referenceCode!.toLowerCase()}.ics`);
    expect(ics.contentType).toMatch(/^text\/calendar/);
    const unfolded = ics.content.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain('BEGIN:VEVENT');
    expect(unfolded).toContain(`UID:appointment-${request.id}@switchboard`);
    expect(unfolded).toContain(`DTSTART:${startsAt.toInstant().toString().replace(/[-:]/g, '').replace(/\.\d+/, '')}`);
    expect(unfolded).toContain('DURATION:PT45M');
    expect(unfolded).toContain('LOCATION:Suite 200\\, 1 Main Street\\, Hartford\\, CT 06103');
    expect(unfolded).toContain('SUMMARY:Appointment at Elm Street Clinic');
    expect(unfolded).not.toContain('Follow-up');

    const [sms] = await outboxFor(t.db, request.phone, 'appointment-scheduled');
    expect(sms?.body).toContain(`your appointment is on ${words} at 10:15 AM at Suite 200, 1 Main Street, Hartford, CT 06103.`);
    expect(sms?.body).toContain(`Cancel or ask for another time: ${t.ctx.baseUrl}${portal}`);
    expect(sms?.attachments).toEqual([]);
  });
});

describe('double bookings', () => {
  type Slot = { local: string; at: string; fitsPreferences: boolean; otherVisits: number };
  const optionsFor = async (cookie: string, id: string, clinician?: string) =>
    (await get(cookie, `/api/appointment-requests/${id}/schedule-options${clinician === undefined ? '' : `?clinician=${encodeURIComponent(clinician)}`}`)).json() as {
      clinician: string | null;
      suggestions: Slot[];
      clinicianVisits: { at: string; durationMinutes: number; clinician: string | null }[];
    };

  it("suggestions keep clear of the clinician's visits; a clash is warned with the visit it overlaps, not refused; another clinician is not warned", async () => {
    const first = await submit();
    const second = await submit();
    const chosen = (await optionsFor(agent, first.id, 'Dr Chen')).suggestions[0]!;
    const booked = await post(agent, `/api/appointment-requests/${first.id}/schedule`, { version: 1, scheduledFor: chosen.local, durationMinutes: 30, clinician: 'Dr Chen' });
    expect(booked.statusCode).toBe(200);
    expect(booked.json()).toMatchObject({ warnings: [], clashes: [] });

    // Named in any case or spacing, the clinician's time is taken: not suggested, and listed for the dialog's live warning.
    for (const name of ['dr chen', '  DR   Chen ']) {
      const o = await optionsFor(agent, second.id, name);
      expect(o.clinician).toBe(name.trim());
      expect(o.suggestions.map((s) => s.local)).not.toContain(chosen.local);
      expect(o.suggestions).toHaveLength(6);
      expect(o.clinicianVisits).toEqual([{ at: chosen.at, durationMinutes: 30, clinician: 'Dr Chen' }]);
    }
    // Without a clinician, times with no visit at all come first (there are plenty): the taken time is not among them.
    const anyone = await optionsFor(agent, second.id);
    expect(anyone.clinician).toBeNull();
    expect(anyone.clinicianVisits).toEqual([]);
    expect(anyone.suggestions.map((s) => s.local)).not.toContain(chosen.local);
    expect(anyone.suggestions.every((s) => s.otherVisits === 0)).toBe(true);
    // Another clinician may take it; the suggestion says how many other visits are then.
    const lee = await optionsFor(agent, second.id, 'Dr Lee');
    expect(lee.suggestions.find((s) => s.local === chosen.local)).toMatchObject({ otherVisits: chosen.otherVisits + 1 });
    expect(lee.clinicianVisits).toEqual([]);

    const withLee = await post(agent, `/api/appointment-requests/${second.id}/schedule`, { version: 1, scheduledFor: chosen.local, durationMinutes: 30, clinician: 'Dr Lee' });
    expect(withLee.statusCode).toBe(200);
    expect(withLee.json()).toMatchObject({ warnings: [], clashes: [] });
    // Moved to Dr Chen 15 minutes later: it overlaps her visit, is warned with it, and is saved all the same.
    const later = Temporal.PlainDateTime.from(chosen.local).add({ minutes: 15 }).toString({ smallestUnit: 'minute' });
    const clash = await post(agent, `/api/appointment-requests/${second.id}/schedule`, { version: 2, scheduledFor: later, durationMinutes: 30, clinician: 'dr  chen' });
    expect(clash.statusCode).toBe(200);
    expect(clash.json().warnings).toEqual(['clinician_busy']);
    expect(clash.json().clashes).toEqual([{ at: chosen.at, durationMinutes: 30, clinician: 'Dr Chen' }]);
    expect(clash.json().appointmentRequest).toMatchObject({ status: 'scheduled', visit: { clinician: 'dr  chen' } });
    const audits = await auditRows(t.db, 'appointment_request.scheduled', second.id);
    expect(audits.map((a) => (a.details as { warnings?: string[] }).warnings)).toContainEqual(['clinician_busy']);
    // A request's own visit never clashes with itself when it moves.
    const again = await post(agent, `/api/appointment-requests/${second.id}/schedule`, { version: 3, scheduledFor: later, durationMinutes: 45, clinician: 'Dr Lee' });
    expect(again.json()).toMatchObject({ warnings: [], clashes: [] });
  });

  it("another organization's visits never count and are never shown", async () => {
    const ours = await submit();
    const chosen = (await optionsFor(agent, ours.id, 'Dr Chen')).suggestions[0]!;
    const theirs = await submit(undefined, other.id);
    const booked = await post(outsider, `/api/appointment-requests/${theirs.id}/schedule`, { version: 1, scheduledFor: chosen.local, durationMinutes: 60, clinician: 'Dr Chen' });
    expect(booked.statusCode).toBe(200);
    // The other organization's Dr Chen at the same time: still suggested to us, with no other visit counted from it, nothing listed, no warning.
    const o = await optionsFor(agent, ours.id, 'Dr Chen');
    expect(o.suggestions[0]).toEqual(chosen);
    expect(o.clinicianVisits.map((v) => v.at)).not.toContain(chosen.at);
    const res = await post(agent, `/api/appointment-requests/${ours.id}/schedule`, { version: 1, scheduledFor: chosen.local, durationMinutes: 30, clinician: 'Dr Chen' });
    expect(res.json()).toMatchObject({ warnings: [], clashes: [] });
    // And the other way round: ours is not theirs to see.
    const theirNext = await submit(undefined, other.id);
    const seen = await optionsFor(outsider, theirNext.id, 'Dr Chen');
    expect(seen.clinicianVisits.map((v) => v.at)).toEqual([chosen.at]);
    expect(seen.clinicianVisits[0]).toMatchObject({ durationMinutes: 60 });
  });

  it('refuses a bad clinician per field; an empty one is none chosen', async () => {
    const request = await submit();
    for (const bad of ['clinician=' + 'x'.repeat(121), 'clinician=%3Cb%3E', 'clinician=a&clinician=b']) {
      const res = await get(agent, `/api/appointment-requests/${request.id}/schedule-options?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json().error.fields), bad).toEqual(['querystring.clinician']);
    }
    const blank = await get(agent, `/api/appointment-requests/${request.id}/schedule-options?clinician=%20%20&durationMinutes=45`);
    expect(blank.statusCode).toBe(200);
    expect(blank.json()).toMatchObject({ clinician: null, clinicianVisits: [], durationMinutes: 45 });
  });
});
