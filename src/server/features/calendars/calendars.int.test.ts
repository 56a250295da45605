import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { auditRows, createOrganization, createStaffUser, createTestApp, errorCode, signIn, type StaffUser, type TestAppHandle } from '../../test-support/index.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';

/**
 * Issue 31 §1: locations, visit types and clinicians with their availability and exceptions, as
 * records of an organization — who may keep and read them, what bad input gets, and the open
 * times they make (breaks, exceptions, office hours, minimum notice, a daylight-saving week).
 */

let t: TestAppHandle;
let org: OrganizationRow;
let other: OrganizationRow;
const people = {} as Record<'doctor' | 'stranger', StaffUser>;
const cookies = {} as Record<'supervisor' | 'agent' | 'developer' | 'outsider' | 'admin', string>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: keyof typeof cookies, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });
const ok = async <T = Record<string, unknown>>(who: keyof typeof cookies, method: Method, url: string, payload?: object): Promise<T> => {
  const res = await call(who, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return (res.statusCode === 204 ? null : res.json()) as T;
};
const fieldsOf = (res: { json: () => unknown }) => Object.keys((res.json() as { error: { fields?: object } }).error.fields ?? {}).sort();

/** Pins the server's clock at an instant (moved back, so sessions stay fresh); reset after each test. */
const pinClock = (iso: string) => t.ctx.clock.advance(Date.parse(iso) - t.ctx.clock.now().getTime());

interface ClinicianBody {
  id: string;
  version: number;
  name: string;
  userId: string | null;
  visitTypeIds: string[];
  weekly: { day: number; start: string; end: string; locationId: string }[];
  exceptions: { id: string; version: number; kind: string }[];
  warnings: { path: string; message: string }[];
}
interface OpenTimesBody {
  timeZone: string;
  from: string;
  to: string;
  times: { start: string; startLocal: string; clinicianId: string; clinicianName: string; locationId: string; locationName: string }[];
  truncated: boolean;
}

const unique = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.ctx, { name: 'Calendar Clinic', timeZone: 'America/New_York' });
  other = await createOrganization(t.ctx, { name: 'Other Calendar Clinic', timeZone: 'America/New_York' });
  people.doctor = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id], name: 'Dana Reyes' });
  people.stranger = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [other.id], name: 'Sam Stranger' });
  const supervisor = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [org.id] });
  const developer = await createStaffUser(t.ctx, { role: 'developer', organizationIds: [org.id] });
  const outsider = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [other.id] });
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  cookies.supervisor = await signIn(t.app, supervisor.email, supervisor.password);
  cookies.agent = await signIn(t.app, people.doctor.email, people.doctor.password);
  cookies.developer = await signIn(t.app, developer.email, developer.password);
  cookies.outsider = await signIn(t.app, outsider.email, outsider.password);
  cookies.admin = await signIn(t.app, admin.email, admin.password);
  // Office hours Monday to Friday 08:00–18:00, Saturday 09:00–13:00.
  const hours = await ok<{ version: number }>('supervisor', 'GET', `/api/organizations/${org.id}/hours`);
  await ok('supervisor', 'PUT', `/api/organizations/${org.id}/hours`, {
    version: hours.version,
    weekly: [...[1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '18:00' })), { day: 6, start: '09:00', end: '13:00' }],
    overrides: [],
  });
});
afterAll(() => t?.close());
afterEach(() => t.ctx.clock.reset());

const newLocation = (name = `Room ${unique()}`) => ok<{ id: string; version: number; name: string }>('supervisor', 'POST', `/api/organizations/${org.id}/locations`, { name, address: '1 Main St' });
const newVisitType = (fields: Record<string, unknown> = {}) =>
  ok<{ id: string; version: number; lengthMinutes: number }>('supervisor', 'POST', `/api/organizations/${org.id}/visit-types`, {
    nameEn: `Check-up ${unique()}`,
    nameEs: 'Revisión',
    lengthMinutes: 30,
    ...fields,
  });
const newClinician = (fields: Record<string, unknown> = {}) => ok<ClinicianBody>('supervisor', 'POST', `/api/organizations/${org.id}/clinicians`, { name: `Dr ${unique()}`, ...fields });

describe('locations', () => {
  it('are named once per organization, changed with their version, and deleted while unused', async () => {
    const main = await newLocation('Main clinic');
    const dup = await call('supervisor', 'POST', `/api/organizations/${org.id}/locations`, { name: 'MAIN CLINIC' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toEqual({ name: 'This organization already has a location with that name.' });
    // Another organization may use the same name.
    expect((await call('admin', 'POST', `/api/organizations/${other.id}/locations`, { name: 'Main clinic' })).statusCode).toBe(201);

    const renamed = await ok<{ version: number; name: string }>('supervisor', 'PATCH', `/api/locations/${main.id}`, { version: main.version, name: 'Main clinic (east)' });
    expect(renamed).toMatchObject({ name: 'Main clinic (east)', version: main.version + 1 });
    expect(errorCode(await call('supervisor', 'PATCH', `/api/locations/${main.id}`, { version: main.version, name: 'Again' }))).toBe('stale_version');

    // In a clinician's hours: not deleted (mark it not in use instead).
    const c = await newClinician();
    await ok('supervisor', 'PUT', `/api/clinicians/${c.id}/availability`, { version: c.version, weekly: [{ day: 1, start: '09:00', end: '12:00', locationId: main.id }] });
    const inUse = await call('supervisor', 'DELETE', `/api/locations/${main.id}?version=${renamed.version}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toMatch(/in a clinician’s hours/);

    const spare = await newLocation();
    expect((await call('supervisor', 'DELETE', `/api/locations/${spare.id}?version=${spare.version}`)).statusCode).toBe(204);
    expect((await auditRows(t.db, 'location.deleted', spare.id)).length).toBe(1);
    const list = await ok<{ items: { id: string }[] }>('agent', 'GET', `/api/organizations/${org.id}/locations`);
    expect(list.items.map((l) => l.id)).toContain(main.id);
    expect(list.items.map((l) => l.id)).not.toContain(spare.id);
  });
});

describe('visit types', () => {
  it('keep their names in English and Spanish, length, buffer, notice, reach and channels', async () => {
    const vt = await ok<Record<string, unknown>>('supervisor', 'POST', `/api/organizations/${org.id}/visit-types`, {
      nameEn: 'Annual physical',
      nameEs: 'Examen físico anual',
      lengthMinutes: 40,
      bufferMinutes: 10,
      newPatientsAllowed: false,
      minNoticeMinutes: 120,
      maxDaysAhead: 90,
      bookableBy: ['staff', 'phone'],
    });
    expect(vt).toMatchObject({ nameEn: 'Annual physical', nameEs: 'Examen físico anual', lengthMinutes: 40, bufferMinutes: 10, newPatientsAllowed: false, minNoticeMinutes: 120, maxDaysAhead: 90, bookableBy: ['phone', 'staff'], active: true });
    const changed = await ok<Record<string, unknown>>('supervisor', 'PATCH', `/api/visit-types/${vt.id}`, { version: vt.version, lengthMinutes: 45, active: false });
    expect(changed).toMatchObject({ lengthMinutes: 45, active: false, bufferMinutes: 10 });
  });

  it('refuse bad input with a message per field, and save nothing', async () => {
    const before = await ok<{ items: unknown[] }>('supervisor', 'GET', `/api/organizations/${org.id}/visit-types`);
    const res = await call('supervisor', 'POST', `/api/organizations/${org.id}/visit-types`, {
      nameEn: '',
      lengthMinutes: 3,
      bufferMinutes: -5,
      minNoticeMinutes: 1.5,
      maxDaysAhead: 0,
      bookableBy: ['fax'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(fieldsOf(res)).toEqual(['bookableBy.0', 'bufferMinutes', 'lengthMinutes', 'maxDaysAhead', 'minNoticeMinutes', 'nameEn', 'nameEs']);
    expect(res.json().error.fields.lengthMinutes).toBe('Use 5 to 480 minutes.');
    const long = await call('supervisor', 'POST', `/api/organizations/${org.id}/visit-types`, { nameEn: 'Long', nameEs: 'Largo', lengthMinutes: 481, bookableBy: [] });
    expect(fieldsOf(long)).toEqual(['bookableBy', 'lengthMinutes']);
    const wrongTypes = await call('supervisor', 'POST', `/api/organizations/${org.id}/visit-types`, { nameEn: 42, nameEs: ['x'], lengthMinutes: '30', newPatientsAllowed: 'yes' });
    expect(wrongTypes.statusCode).toBe(400);
    expect(fieldsOf(wrongTypes)).toEqual(['lengthMinutes', 'nameEn', 'nameEs', 'newPatientsAllowed']);
    expect((await ok<{ items: unknown[] }>('supervisor', 'GET', `/api/organizations/${org.id}/visit-types`)).items).toHaveLength(before.items.length);
  });
});

describe('clinicians', () => {
  it('are a person of the organization (named as the user) or a named outside clinician, with their visit types', async () => {
    const vt = await newVisitType();
    const dana = await ok<ClinicianBody>('supervisor', 'POST', `/api/organizations/${org.id}/clinicians`, { userId: people.doctor.id, title: 'MD', visitTypeIds: [vt.id] });
    expect(dana).toMatchObject({ userId: people.doctor.id, name: 'Dana Reyes', visitTypeIds: [vt.id] });
    const again = await call('supervisor', 'POST', `/api/organizations/${org.id}/clinicians`, { userId: people.doctor.id });
    expect(again.statusCode).toBe(409);
    expect(fieldsOf(again)).toEqual(['userId']);
    const stranger = await call('supervisor', 'POST', `/api/organizations/${org.id}/clinicians`, { userId: people.stranger.id });
    expect(stranger.json().error.fields).toEqual({ userId: 'Choose a person who works in this organization.' });
    const outside = await newClinician({ name: 'Dr Lee Outside', title: 'Podiatrist' });
    expect(outside).toMatchObject({ userId: null, name: 'Dr Lee Outside' });
    expect(fieldsOf(await call('supervisor', 'POST', `/api/organizations/${org.id}/clinicians`, { title: 'No name' }))).toEqual(['name']);

    // A visit type of another organization is not one of theirs.
    const foreign = await ok<{ id: string }>('admin', 'POST', `/api/organizations/${other.id}/visit-types`, { nameEn: `Foreign ${unique()}`, nameEs: 'Ajeno', lengthMinutes: 20 });
    const bad = await call('supervisor', 'PATCH', `/api/clinicians/${outside.id}`, { version: outside.version, visitTypeIds: [vt.id, foreign.id] });
    expect(bad.json().error.fields).toEqual({ 'visitTypeIds.1': 'Choose a visit type of this organization.' });
    const updated = await ok<ClinicianBody>('supervisor', 'PATCH', `/api/clinicians/${outside.id}`, { version: outside.version, visitTypeIds: [vt.id], active: false });
    expect(updated).toMatchObject({ visitTypeIds: [vt.id], active: false, version: outside.version + 1 });
    expect((await call('supervisor', 'DELETE', `/api/clinicians/${outside.id}?version=${updated.version}`)).statusCode).toBe(204);
  });

  it('keep weekly availability with breaks as gaps; overlaps, backwards ranges and foreign places are refused per field', async () => {
    const main = await newLocation();
    const foreignPlace = await ok<{ id: string }>('admin', 'POST', `/api/organizations/${other.id}/locations`, { name: `Elsewhere ${unique()}` });
    const c = await newClinician();
    const url = `/api/clinicians/${c.id}/availability`;
    const bad = await call('supervisor', 'PUT', url, {
      version: c.version,
      weekly: [
        { day: 1, start: '09:00', end: '12:00', locationId: main.id },
        { day: 1, start: '11:00', end: '13:00', locationId: main.id },
        { day: 2, start: '14:00', end: '13:00', locationId: main.id },
        { day: 8, start: '9am', end: '10:00', locationId: main.id },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      'weekly.1': 'Mon 09:00–12:00 overlaps Mon 11:00–13:00',
      'weekly.2.end': 'end must be after start (a range ends the same day; 24:00 is midnight)',
      'weekly.3.day': 'day is 1 (Monday) to 7 (Sunday)',
      'weekly.3.start': 'use HH:MM between 00:00 and 23:59',
    });
    const foreign = await call('supervisor', 'PUT', url, { version: c.version, weekly: [{ day: 1, start: '09:00', end: '12:00', locationId: foreignPlace.id }] });
    expect(foreign.json().error.fields).toEqual({ 'weekly.0.locationId': 'Choose a location of this organization that is in use.' });

    // Morning and afternoon with a lunch break; Monday starts before the office opens (08:00): saved, with a warning.
    const saved = await ok<ClinicianBody>('supervisor', 'PUT', url, {
      version: c.version,
      weekly: [
        { day: 1, start: '07:00', end: '12:00', locationId: main.id },
        { day: 1, start: '13:00', end: '17:00', locationId: main.id },
        { day: 7, start: '10:00', end: '12:00', locationId: main.id },
      ],
    });
    expect(saved.weekly).toHaveLength(3);
    expect(saved.warnings).toEqual([
      { path: 'weekly.0', message: 'Mon 07:00–08:00 is outside office hours; no visits are offered then.' },
      { path: 'weekly.2', message: 'Sun 10:00–12:00 is outside office hours; no visits are offered then.' },
    ]);
    expect(errorCode(await call('supervisor', 'PUT', url, { version: c.version, weekly: [] }))).toBe('stale_version');
    expect((await auditRows(t.db, 'clinician.availability_saved', c.id)).length).toBe(1);
  });

  it('keep date exceptions: leave, or other hours at another place; changed and removed with their version', async () => {
    const main = await newLocation();
    const c = await newClinician();
    const url = `/api/clinicians/${c.id}/exceptions`;
    const noPlace = await call('supervisor', 'POST', url, { from: '2027-07-01', to: '2027-07-01', kind: 'available', intervals: [{ start: '09:00', end: '10:00' }] });
    expect(noPlace.json().error.fields).toEqual({ locationId: 'choose where the clinician is' });
    const backwards = await call('supervisor', 'POST', url, { from: '2027-07-05', to: '2027-07-01', kind: 'unavailable' });
    expect(backwards.json().error.fields).toEqual({ to: 'must be on or after the start date' });
    const leaveWithHours = await call('supervisor', 'POST', url, { from: '2027-07-01', to: '2027-07-01', kind: 'unavailable', intervals: [{ start: '09:00', end: '10:00' }] });
    expect(fieldsOf(leaveWithHours)).toEqual(['intervals']);

    const leave = await ok<ClinicianBody>('supervisor', 'POST', url, { from: '2027-07-01', to: '2027-07-14', kind: 'unavailable', note: 'Summer leave' });
    expect(leave.exceptions).toHaveLength(1);
    const ex = leave.exceptions[0]!;
    const changed = await ok<ClinicianBody>('supervisor', 'PUT', `${url}/${ex.id}`, {
      version: ex.version,
      exception: { from: '2027-07-03', to: '2027-07-03', kind: 'available', intervals: [{ start: '08:00', end: '12:00' }], locationId: main.id },
    });
    expect(changed.exceptions[0]).toMatchObject({ kind: 'available', version: ex.version + 1 });
    // Saturday 3 July 2027: the office opens 09:00–13:00, so 08:00–09:00 is warned about.
    expect(changed.warnings).toEqual([{ path: `exceptions.${ex.id}.intervals`, message: 'On 2027-07-03 part of these hours is outside office hours; no visits are offered then.' }]);
    expect(errorCode(await call('supervisor', 'DELETE', `${url}/${ex.id}?version=${ex.version}`))).toBe('stale_version');
    expect((await ok<ClinicianBody>('supervisor', 'DELETE', `${url}/${ex.id}?version=${ex.version + 1}`)).exceptions).toEqual([]);
    expect((await call('supervisor', 'DELETE', `${url}/not-an-id?version=1`)).statusCode).toBe(404);
  });
});

describe('who may', () => {
  it('staff read, admins and supervisors keep; another organization gets "not found" everywhere', async () => {
    const vt = await newVisitType();
    const place = await newLocation();
    const c = await newClinician({ visitTypeIds: [vt.id] });
    for (const who of ['agent', 'developer'] as const) {
      expect((await call(who, 'GET', `/api/clinicians/${c.id}`)).statusCode, who).toBe(200);
      expect((await call(who, 'POST', `/api/organizations/${org.id}/locations`, { name: `By ${who}` })).statusCode, who).toBe(403);
      expect((await call(who, 'PUT', `/api/clinicians/${c.id}/availability`, { version: c.version, weekly: [] })).statusCode, who).toBe(403);
    }
    const foreignReads = [
      `/api/organizations/${org.id}/locations`,
      `/api/organizations/${org.id}/visit-types`,
      `/api/organizations/${org.id}/clinicians`,
      `/api/clinicians/${c.id}`,
      `/api/organizations/${org.id}/open-times?visitTypeId=${vt.id}`,
      `/api/organizations/${org.id}/visits`,
    ];
    for (const url of foreignReads) expect((await call('outsider', 'GET', url)).statusCode, url).toBe(404);
    const foreignWrites: [Method, string, object][] = [
      ['PATCH', `/api/locations/${place.id}`, { version: place.version, name: 'Mine now' }],
      ['PATCH', `/api/visit-types/${vt.id}`, { version: vt.version, lengthMinutes: 60 }],
      ['PATCH', `/api/clinicians/${c.id}`, { version: c.version, name: 'Mine now' }],
      ['PUT', `/api/clinicians/${c.id}/availability`, { version: c.version, weekly: [] }],
      ['POST', `/api/clinicians/${c.id}/exceptions`, { from: '2027-01-04', to: '2027-01-04', kind: 'unavailable' }],
      ['POST', `/api/organizations/${org.id}/visits/holds`, { visitTypeId: vt.id, clinicianId: c.id, start: '2027-01-04T09:00' }],
    ];
    for (const [method, url, payload] of foreignWrites) {
      const res = await call('outsider', method, url, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    for (const url of [`/api/clinicians/nope`, `/api/locations/nope`, `/api/visits/nope`]) expect((await call('supervisor', 'GET', url)).statusCode, url).toBe(404);
    // Nothing of theirs changed.
    expect(await ok('supervisor', 'GET', `/api/clinicians/${c.id}`)).toMatchObject({ name: c.name, version: c.version });
  });
});

describe('open times', () => {
  /** A clinician doing a fresh 30-minute visit type, Mondays to Fridays 09:00–12:00 and 13:00–15:00 at one place. */
  async function calendar(visitFields: Record<string, unknown> = {}) {
    const vt = await newVisitType(visitFields);
    const place = await newLocation();
    const c = await newClinician({ visitTypeIds: [vt.id] });
    await ok('supervisor', 'PUT', `/api/clinicians/${c.id}/availability`, {
      version: c.version,
      weekly: [1, 2, 3, 4, 5].flatMap((day) => [
        { day, start: '09:00', end: '12:00', locationId: place.id },
        { day, start: '13:00', end: '15:00', locationId: place.id },
      ]),
    });
    return { vt, place, c };
  }
  const openTimes = (query: Record<string, string | number>) =>
    ok<OpenTimesBody>(
      'agent',
      'GET',
      `/api/organizations/${org.id}/open-times?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    );
  const wall = (b: OpenTimesBody) => b.times.map((x) => x.startLocal);

  it('fit the availability with its breaks, name the clinician and place, and start at the minimum notice', async () => {
    // Monday 2 March 2026, 09:05 in New York.
    pinClock('2026-03-02T14:05:00Z');
    const { vt, place, c } = await calendar({ minNoticeMinutes: 60 });
    const body = await openTimes({ visitTypeId: vt.id, days: 1, stepMinutes: 30 });
    expect(body).toMatchObject({ timeZone: 'America/New_York', from: '2026-03-02', to: '2026-03-02', truncated: false });
    expect(wall(body)).toEqual(['2026-03-02T10:30', '2026-03-02T11:00', '2026-03-02T11:30', '2026-03-02T13:00', '2026-03-02T13:30', '2026-03-02T14:00', '2026-03-02T14:30']);
    expect(body.times[0]).toMatchObject({ start: '2026-03-02T15:30:00.000Z', clinicianId: c.id, clinicianName: c.name, locationId: place.id, locationName: place.name });
    // 15 minutes is the default grid.
    expect(wall(await openTimes({ visitTypeId: vt.id, days: 1 })).slice(0, 3)).toEqual(['2026-03-02T10:15', '2026-03-02T10:30', '2026-03-02T10:45']);
  });

  it('follow exceptions and the office’s date overrides', async () => {
    pinClock('2026-03-01T12:00:00Z');
    const { vt, c } = await calendar();
    const north = await newLocation('North office');
    const fresh = await ok<ClinicianBody>('supervisor', 'GET', `/api/clinicians/${c.id}`);
    // On leave Tuesday to Thursday, except Wednesday afternoon at the north office.
    await ok('supervisor', 'POST', `/api/clinicians/${fresh.id}/exceptions`, { from: '2026-03-03', to: '2026-03-05', kind: 'unavailable' });
    await ok('supervisor', 'POST', `/api/clinicians/${fresh.id}/exceptions`, { from: '2026-03-04', to: '2026-03-04', kind: 'available', intervals: [{ start: '15:00', end: '16:00' }], locationId: north.id });
    // The office closes on Friday 6 March.
    const hours = await ok<{ version: number; weekly: unknown[] }>('supervisor', 'GET', `/api/organizations/${org.id}/hours`);
    await ok('supervisor', 'PUT', `/api/organizations/${org.id}/hours`, { version: hours.version, weekly: hours.weekly, overrides: [{ from: '2026-03-06', to: '2026-03-06', label: 'Staff training', closed: true, intervals: [] }] });
    try {
      const body = await openTimes({ visitTypeId: vt.id, from: '2026-03-03', days: 4, stepMinutes: 30 });
      expect(wall(body)).toEqual(['2026-03-04T15:00', '2026-03-04T15:30']);
      expect(body.times.every((x) => x.locationName === 'North office')).toBe(true);
    } finally {
      const now = await ok<{ version: number; weekly: unknown[] }>('supervisor', 'GET', `/api/organizations/${org.id}/hours`);
      await ok('supervisor', 'PUT', `/api/organizations/${org.id}/hours`, { version: now.version, weekly: now.weekly, overrides: [] });
    }
  });

  it('are not offered at a location that is not in use', async () => {
    pinClock('2026-03-01T12:00:00Z');
    const { vt, place } = await calendar();
    expect((await openTimes({ visitTypeId: vt.id, from: '2026-03-02', days: 1 })).times.length).toBeGreaterThan(0);
    const current = await ok<{ version: number }>('supervisor', 'PATCH', `/api/locations/${place.id}`, { version: 1, active: false });
    expect(current.version).toBe(2);
    expect((await openTimes({ visitTypeId: vt.id, from: '2026-03-02', days: 1 })).times).toEqual([]);
  });

  it('are correct in the week the clocks go forward: same wall times, one hour less of UTC offset', async () => {
    pinClock('2026-03-01T12:00:00Z');
    const { vt } = await calendar();
    // Friday 6 March (EST, UTC-5) and Monday 9 March (EDT, UTC-4); clocks change on Sunday 8 March.
    const body = await openTimes({ visitTypeId: vt.id, from: '2026-03-06', days: 4, stepMinutes: 60 });
    const days: Record<string, OpenTimesBody['times']> = {};
    for (const x of body.times) (days[x.startLocal.slice(0, 10)] ??= []).push(x);
    expect(Object.keys(days)).toEqual(['2026-03-06', '2026-03-09']);
    expect(days['2026-03-06']!.map((x) => x.startLocal.slice(11))).toEqual(['09:00', '10:00', '11:00', '13:00', '14:00']);
    expect(days['2026-03-09']!.map((x) => x.startLocal.slice(11))).toEqual(['09:00', '10:00', '11:00', '13:00', '14:00']);
    expect(days['2026-03-06']![0]!.start).toBe('2026-03-06T14:00:00.000Z');
    expect(days['2026-03-09']![0]!.start).toBe('2026-03-09T13:00:00.000Z');
    for (const x of body.times) expect(Temporal.Instant.from(x.start).toZonedDateTimeISO('America/New_York').toPlainDateTime().toString({ smallestUnit: 'minute' })).toBe(x.startLocal);
  });

  it('refuse a visit type of another organization, one not bookable that way, and bad queries, per field', async () => {
    const { vt, c } = await calendar({ bookableBy: ['staff'] });
    const url = `/api/organizations/${org.id}/open-times`;
    const phone = await call('agent', 'GET', `${url}?visitTypeId=${vt.id}&channel=phone`);
    expect(phone.json().error.fields).toEqual({ visitTypeId: 'This visit type is not booked by phone.' });
    const foreign = await ok<{ id: string }>('admin', 'POST', `/api/organizations/${other.id}/visit-types`, { nameEn: `Foreign ${unique()}`, nameEs: 'Ajeno', lengthMinutes: 20 });
    expect((await call('agent', 'GET', `${url}?visitTypeId=${foreign.id}`)).json().error.fields).toEqual({ visitTypeId: 'Choose a visit type of this organization.' });
    const bad = await call('agent', 'GET', `${url}?visitTypeId=${vt.id}&days=99&stepMinutes=7&from=2026-02-30&limit=0&clinicianId=${c.id}`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['querystring.days', 'querystring.from', 'querystring.limit', 'querystring.stepMinutes']);
    const notTheirs = await newClinician();
    expect((await call('agent', 'GET', `${url}?visitTypeId=${vt.id}&clinicianId=${notTheirs.id}`)).json().error.fields).toEqual({ clinicianId: `${notTheirs.name} does not do this visit type.` });
  });
});
