import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createOrganization, createStaffUser, createTestApp, errorCode, signIn, type StaffUser, type TestAppHandle } from '../../test-support/index.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';
import { onDutyIn } from './on-duty.service.js';

let t: TestAppHandle;
let org: OrganizationRow;
let other: OrganizationRow;
const people = {} as Record<'dana' | 'lee' | 'kim' | 'gone' | 'stranger', StaffUser>;
const cookies = {} as Record<'supervisor' | 'agent' | 'outsider', string>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: keyof typeof cookies, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });
const ok = async <T = Record<string, unknown>>(who: keyof typeof cookies, method: Method, url: string, payload?: object): Promise<T> => {
  const res = await call(who, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};

interface ScheduleBody {
  id: string;
  version: number;
  shifts: { id: string; version: number; assignee: { type: string; userId: string | null; phone: string | null; name: string } }[];
  overrides: { id: string; version: number; fromLocal: string; toLocal: string }[];
  onDutyNow: unknown[];
}

const user = (p: StaffUser) => ({ type: 'user', userId: p.id });
const names = (list: { name: string }[]) => list.map((a) => a.name);

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.ctx, { name: 'Rota Clinic', timeZone: 'America/New_York' });
  other = await createOrganization(t.ctx, { name: 'Other Rota Clinic', timeZone: 'America/New_York' });
  people.dana = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id], name: 'Dana Reyes' });
  people.lee = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id], name: 'Lee Chen' });
  people.kim = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id], name: 'Kim Park' });
  people.gone = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id], name: 'Gone Away', status: 'disabled' });
  people.stranger = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [other.id], name: 'Sam Stranger' });
  const supervisor = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [org.id] });
  const outsider = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [other.id] });
  cookies.supervisor = await signIn(t.app, supervisor.email, supervisor.password);
  cookies.agent = await signIn(t.app, people.dana.email, people.dana.password);
  cookies.outsider = await signIn(t.app, outsider.email, outsider.password);
  // Open round the clock, so these office rotas are in force whenever their shifts say (closed hours are tested below).
  const hours = await ok<{ version: number }>('supervisor', 'GET', `/api/organizations/${org.id}/hours`);
  await ok('supervisor', 'PUT', `/api/organizations/${org.id}/hours`, { version: hours.version, weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })), overrides: [] });
});
afterAll(() => t?.close());

const newSchedule = (name = `Desk ${Math.random().toString(36).slice(2, 8)}`) => ok<ScheduleBody>('supervisor', 'POST', `/api/organizations/${org.id}/schedules`, { name });

describe('schedules', () => {
  it('are named uniquely per organization (whatever the case), and deleted with their version', async () => {
    const s = await newSchedule('Front desk');
    const dup = await call('supervisor', 'POST', `/api/organizations/${org.id}/schedules`, { name: 'FRONT DESK' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields.name).toMatch(/already has a schedule/);
    // Another organization may use the same name.
    const admin = await createStaffUser(t.ctx, { role: 'admin' });
    const adminCookie = await signIn(t.app, admin.email, admin.password);
    const elsewhere = await t.app.inject({ method: 'POST', url: `/api/organizations/${other.id}/schedules`, headers: { cookie: adminCookie }, payload: { name: 'Front desk' } });
    expect(elsewhere.statusCode).toBe(201);

    const renamed = await ok<ScheduleBody>('supervisor', 'PATCH', `/api/schedules/${s.id}`, { version: s.version, name: 'Reception' });
    expect(renamed.version).toBe(s.version + 1);
    const stale = await call('supervisor', 'PATCH', `/api/schedules/${s.id}`, { version: s.version, name: 'Again' });
    expect(errorCode(stale)).toBe('stale_version');
    expect(errorCode(await call('supervisor', 'DELETE', `/api/schedules/${s.id}?version=${s.version}`))).toBe('stale_version');
    expect((await call('supervisor', 'DELETE', `/api/schedules/${s.id}?version=${renamed.version}`)).statusCode).toBe(204);
    expect((await call('supervisor', 'GET', `/api/schedules/${s.id}`)).statusCode).toBe(404);
    expect((await auditRows(t.db, 'schedule.deleted', s.id)).length).toBe(1);
  });

  it('of another organization are not found, and malformed ids too', async () => {
    const s = await newSchedule();
    for (const url of [`/api/schedules/${s.id}`, `/api/schedules/${s.id}/on-duty`, `/api/schedules/${s.id}/coverage`, `/api/organizations/${org.id}/schedules`]) {
      expect((await call('outsider', 'GET', url)).statusCode, url).toBe(404);
    }
    expect((await call('outsider', 'POST', `/api/schedules/${s.id}/shifts`, { assignee: { type: 'phone', phone: '+18605550100' }, days: [1], start: '09:00', end: '17:00' })).statusCode).toBe(404);
    expect((await call('supervisor', 'GET', '/api/schedules/nope')).statusCode).toBe(404);
    expect((await call('supervisor', 'DELETE', `/api/schedules/${s.id}/shifts/nope?version=1`)).statusCode).toBe(404);
    expect((await call('agent', 'POST', `/api/organizations/${org.id}/schedules`, { name: 'Agent desk' })).statusCode).toBe(403);
  });
});

describe('shifts', () => {
  it('put a person of the organization or an outside number on duty', async () => {
    const s = await newSchedule();
    const withUser = await ok<ScheduleBody>('supervisor', 'POST', `/api/schedules/${s.id}/shifts`, { assignee: user(people.lee), days: [1, 2, 3, 4, 5], start: '08:00', end: '17:00' });
    expect(withUser.shifts[0]!.assignee).toEqual({ type: 'user', userId: people.lee.id, phone: null, name: 'Lee Chen' });
    const withPhone = await ok<ScheduleBody>('supervisor', 'POST', `/api/schedules/${s.id}/shifts`, { assignee: { type: 'phone', phone: '(860) 555-0142' }, days: [6, 7], start: '22:00', end: '06:00' });
    const phoneShift = withPhone.shifts.find((x) => x.assignee.type === 'phone')!;
    expect(phoneShift.assignee).toMatchObject({ phone: '+18605550142', name: '(860) 555-0142' });
  });

  it('refuses bad input beside each field and saves nothing', async () => {
    const s = await newSchedule();
    const res = await call('supervisor', 'POST', `/api/schedules/${s.id}/shifts`, {
      assignee: user(people.lee),
      days: [1, 1],
      start: '9am',
      end: '25:00',
      effectiveFrom: '2026-06-10',
      effectiveTo: '2026-06-01',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['days', 'effectiveTo', 'end', 'start']);
    const same = await call('supervisor', 'POST', `/api/schedules/${s.id}/shifts`, { assignee: user(people.lee), days: [1], start: '09:00', end: '09:00' });
    expect(same.json().error.fields).toEqual({ end: 'end must differ from start' });
    for (const [assignee, field] of [
      [user(people.stranger), 'assignee.userId'],
      [user(people.gone), 'assignee.userId'],
      [{ type: 'phone', phone: '555' }, 'assignee.phone'],
    ] as const) {
      const bad = await call('supervisor', 'POST', `/api/schedules/${s.id}/shifts`, { assignee, days: [1], start: '09:00', end: '17:00' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields)).toEqual([field]);
    }
    expect((await ok<ScheduleBody>('supervisor', 'GET', `/api/schedules/${s.id}`)).shifts).toEqual([]);
  });

  it('are changed and removed with their version (409 stale_version otherwise)', async () => {
    const s = await newSchedule();
    const added = await ok<ScheduleBody>('supervisor', 'POST', `/api/schedules/${s.id}/shifts`, { assignee: user(people.kim), days: [1], start: '09:00', end: '12:00' });
    const shift = added.shifts[0]!;
    const body = { assignee: user(people.kim), days: [2], start: '09:00', end: '12:00', precedence: 2 };
    const changed = await ok<ScheduleBody>('supervisor', 'PUT', `/api/schedules/${s.id}/shifts/${shift.id}`, { version: shift.version, shift: body });
    expect(changed.shifts[0]).toMatchObject({ days: [2], precedence: 2, version: shift.version + 1 });
    expect(errorCode(await call('supervisor', 'PUT', `/api/schedules/${s.id}/shifts/${shift.id}`, { version: shift.version, shift: body }))).toBe('stale_version');
    expect(errorCode(await call('supervisor', 'DELETE', `/api/schedules/${s.id}/shifts/${shift.id}?version=${shift.version}`))).toBe('stale_version');
    const removed = await ok<ScheduleBody>('supervisor', 'DELETE', `/api/schedules/${s.id}/shifts/${shift.id}?version=${shift.version + 1}`);
    expect(removed.shifts).toEqual([]);
  });
});

describe('on duty', () => {
  it('follows precedence, and cover replaces the person covered for ("Dana covers for Lee from Fri 17:00 to Mon 08:00")', async () => {
    const s = await newSchedule();
    const url = `/api/schedules/${s.id}`;
    await ok('supervisor', 'POST', `${url}/shifts`, { assignee: user(people.kim), days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00', precedence: 1 });
    await ok('supervisor', 'POST', `${url}/shifts`, { assignee: user(people.lee), days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '20:00', precedence: 0 });
    const cover = await ok<ScheduleBody>('supervisor', 'POST', `${url}/overrides`, {
      assignee: user(people.dana),
      replacesAssignee: user(people.lee),
      from: '2027-06-04T17:00',
      to: '2027-06-07T08:00',
      note: 'Lee away',
    });
    expect(cover.overrides[0]).toMatchObject({ fromLocal: '2027-06-04T17:00', toLocal: '2027-06-07T08:00' });

    const at = async (iso: string) => names((await ok<{ onDuty: { name: string }[] }>('agent', 'GET', `${url}/on-duty?at=${encodeURIComponent(iso)}`)).onDuty);
    expect(await at('2027-06-04T12:00:00-04:00')).toEqual(['Lee Chen', 'Kim Park']); // Friday noon
    expect(await at('2027-06-04T17:30:00-04:00')).toEqual(['Dana Reyes']); // Friday evening: Dana instead of Lee
    expect(await at('2027-06-05T12:00:00-04:00')).toEqual(['Dana Reyes']); // Saturday
    expect(await at('2027-06-07T09:30:00-04:00')).toEqual(['Lee Chen', 'Kim Park']); // Monday, cover over
    expect(await at('2027-06-07T22:00:00-04:00')).toEqual([]);
  });

  it('refuses cover that ends before it starts, covers for themselves, or names someone outside', async () => {
    const s = await newSchedule();
    const url = `/api/schedules/${s.id}/overrides`;
    const backwards = await call('supervisor', 'POST', url, { assignee: user(people.dana), from: '2026-06-05T17:00', to: '2026-06-05T09:00' });
    expect(backwards.json().error.fields).toEqual({ to: 'must be after the start' });
    const self = await call('supervisor', 'POST', url, { assignee: user(people.dana), replacesAssignee: user(people.dana), from: '2026-06-05T09:00', to: '2026-06-05T17:00' });
    expect(self.json().error.fields).toEqual({ replacesAssignee: 'cannot cover for themselves' });
    const stranger = await call('supervisor', 'POST', url, { assignee: user(people.dana), replacesAssignee: user(people.stranger), from: '2026-06-05T09:00', to: '2026-06-05T17:00' });
    expect(Object.keys(stranger.json().error.fields)).toEqual(['replacesAssignee.userId']);
    const malformed = await call('supervisor', 'POST', url, { assignee: user(people.dana), from: 'Friday 5pm', to: '2026-06-05T17:00' });
    expect(Object.keys(malformed.json().error.fields)).toEqual(['from']);
    expect((await ok<ScheduleBody>('supervisor', 'GET', `/api/schedules/${s.id}`)).overrides).toEqual([]);
  });

  it('an overnight shift runs across the spring-forward night; the 7-day view is contiguous with its gaps', async () => {
    const s = await newSchedule();
    const url = `/api/schedules/${s.id}`;
    await ok('supervisor', 'POST', `${url}/shifts`, { assignee: { type: 'phone', phone: '+18605550142' }, days: [6], start: '22:00', end: '06:00' });
    const at = async (iso: string) => names((await ok<{ onDuty: { name: string }[] }>('agent', 'GET', `${url}/on-duty?at=${encodeURIComponent(iso)}`)).onDuty);
    // Saturday 7 March 2026 22:00 EST to Sunday 06:00 EDT: 7 hours of real time.
    expect(await at('2026-03-08T03:00:00Z')).toEqual(['(860) 555-0142']);
    expect(await at('2026-03-08T09:59:00Z')).toEqual(['(860) 555-0142']);
    expect(await at('2026-03-08T10:00:00Z')).toEqual([]);

    const c = await ok<{ days: { date: string; start: string; end: string }[]; segments: { start: string; end: string; onDuty: unknown[] }[] }>(
      'agent',
      'GET',
      `${url}/coverage?from=2026-03-07&days=2`,
    );
    expect(c.days.map((d) => d.date)).toEqual(['2026-03-07', '2026-03-08']);
    expect(Date.parse(c.days[1]!.end) - Date.parse(c.days[1]!.start)).toBe(23 * 3_600_000);
    expect(c.segments[0]!.start).toBe(c.days[0]!.start);
    expect(c.segments[c.segments.length - 1]!.end).toBe(c.days[1]!.end);
    for (let i = 1; i < c.segments.length; i++) expect(c.segments[i]!.start).toBe(c.segments[i - 1]!.end);
    expect(c.segments.map((x) => [x.start, x.end, x.onDuty.length])).toEqual([
      ['2026-03-07T05:00:00.000Z', '2026-03-08T03:00:00.000Z', 0],
      ['2026-03-08T03:00:00.000Z', '2026-03-08T10:00:00.000Z', 1],
      ['2026-03-08T10:00:00.000Z', '2026-03-09T04:00:00.000Z', 0],
    ]);
    expect((await call('agent', 'GET', `${url}/coverage?days=40`)).statusCode).toBe(400);
  });
});

describe('coverage counts only the hours that must be covered (issue 19 §1)', () => {
  type CoverageBody = { purpose: string; gapCount: number; gapMinutes: number; segments: { start: string; end: string; onDuty: unknown[]; required: boolean }[] };

  it('an office rota must cover office hours, after-hours coverage the closed hours; a closed weekend is no gap for the office', async () => {
    const clinic = await createOrganization(t.ctx, { name: 'Weekday Clinic', timeZone: 'America/New_York' });
    const admin = await createStaffUser(t.ctx, { role: 'admin' });
    const cookie = await signIn(t.app, admin.email, admin.password);
    const as = async <T,>(method: Method, url: string, payload?: object): Promise<T> => {
      const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as T;
    };
    const hours = await as<{ version: number }>('GET', `/api/organizations/${clinic.id}/hours`);
    // Office hours Monday to Friday 09:00–17:00; closed at weekends.
    await as('PUT', `/api/organizations/${clinic.id}/hours`, {
      version: hours.version,
      weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' })),
      overrides: [],
    });

    const desk = await as<ScheduleBody & { purpose: string }>('POST', `/api/organizations/${clinic.id}/schedules`, { name: 'Front desk' });
    expect(desk.purpose).toBe('office_hours');
    await as('POST', `/api/schedules/${desk.id}/shifts`, { assignee: { type: 'phone', phone: '+18605550150' }, days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' });
    // Monday 2 to Sunday 8 March 2026: the desk covers every office hour; nights and the weekend are not gaps.
    const office = await as<CoverageBody>('GET', `/api/schedules/${desk.id}/coverage?from=2026-03-02&days=7`);
    expect(office).toMatchObject({ purpose: 'office_hours', gapCount: 0, gapMinutes: 0 });
    expect(office.segments.filter((x) => x.required).every((x) => x.onDuty.length === 1)).toBe(true);

    // The desk is away on Wednesday afternoon: one gap of 4 h.
    await as('POST', `/api/schedules/${desk.id}/shifts`, { assignee: { type: 'phone', phone: '+18605550151' }, days: [3], start: '09:00', end: '13:00', precedence: -1 });
    const shifts = (await as<ScheduleBody>('GET', `/api/schedules/${desk.id}`)).shifts;
    const weekdays = shifts.find((x) => x.assignee.phone === '+18605550150')!;
    await as('PUT', `/api/schedules/${desk.id}/shifts/${weekdays.id}`, {
      version: weekdays.version,
      shift: { assignee: { type: 'phone', phone: '+18605550150' }, days: [1, 2, 4, 5], start: '09:00', end: '17:00' },
    });
    const withGap = await as<CoverageBody>('GET', `/api/schedules/${desk.id}/coverage?from=2026-03-02&days=7`);
    expect(withGap).toMatchObject({ gapCount: 1, gapMinutes: 4 * 60 });

    // After-hours coverage with a weeknight nurse only: the weekend (closed) is a gap, office hours are not.
    const line = await as<ScheduleBody & { purpose: string }>('POST', `/api/organizations/${clinic.id}/schedules`, { name: 'Nurse line', purpose: 'after_hours' });
    expect(line.purpose).toBe('after_hours');
    await as('POST', `/api/schedules/${line.id}/shifts`, { assignee: { type: 'phone', phone: '+18605550152' }, days: [1, 2, 3, 4], start: '17:00', end: '09:00' });
    const after = await as<CoverageBody>('GET', `/api/schedules/${line.id}/coverage?from=2026-03-02&days=7`);
    // Uncovered closed time: Mon 00:00–09:00, then Fri 17:00 to the end of Sunday (a 23-hour day: clocks change on 8 March).
    expect(after.purpose).toBe('after_hours');
    expect(after.gapCount).toBe(2);
    expect(after.gapMinutes).toBe(9 * 60 + (7 + 24 + 23) * 60);
    expect(after.segments.filter((x) => x.required && x.onDuty.length === 0).map((x) => [x.start, x.end])).toEqual([
      ['2026-03-02T05:00:00.000Z', '2026-03-02T14:00:00.000Z'],
      ['2026-03-06T22:00:00.000Z', '2026-03-09T04:00:00.000Z'],
    ]);

    // The purpose is validated and can be changed.
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/schedules/${line.id}`, headers: { cookie }, payload: { version: line.version, purpose: 'weekends' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['purpose']);
    const changed = await as<{ purpose: string }>('PATCH', `/api/schedules/${line.id}`, { version: line.version, purpose: 'office_hours' });
    expect(changed.purpose).toBe('office_hours');
  });
});

describe('schedules read the same hours as open-now, date overrides included (issue 28)', () => {
  type CoverageBody = { gapCount: number; days: { date: string; label: string | null }[]; segments: { start: string; end: string; onDuty: { name: string }[]; required: boolean }[] };

  it('on a practice holiday the front desk is off duty, "closed" is no gap, and transfers and alerts reach only the after-hours cover', async () => {
    const clinic = await createOrganization(t.ctx, { name: 'Holiday Clinic', timeZone: 'America/New_York' });
    const desk = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [clinic.id], name: 'Desk Person' });
    const admin = await createStaffUser(t.ctx, { role: 'admin' });
    const cookie = await signIn(t.app, admin.email, admin.password);
    const as = async <T,>(method: Method, url: string, payload?: object): Promise<T> => {
      const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as T;
    };
    const hours = await as<{ version: number }>('GET', `/api/organizations/${clinic.id}/hours`);
    // Monday to Friday 09:00–17:00; Wednesday 4 March 2026 is a holiday.
    await as('PUT', `/api/organizations/${clinic.id}/hours`, {
      version: hours.version,
      weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' })),
      overrides: [{ from: '2026-03-04', to: '2026-03-04', label: 'Practice holiday', closed: true, intervals: [] }],
    });
    const front = await as<{ id: string }>('POST', `/api/organizations/${clinic.id}/schedules`, { name: 'Front desk' });
    await as('POST', `/api/schedules/${front.id}/shifts`, { assignee: { type: 'user', userId: desk.id }, days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' });
    const nurse = await as<{ id: string }>('POST', `/api/organizations/${clinic.id}/schedules`, { name: 'Nurse line', purpose: 'after_hours' });
    await as('POST', `/api/schedules/${nurse.id}/shifts`, { assignee: { type: 'phone', phone: '+18605550160' }, days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '24:00' });

    // The 7-day view: nobody of the front desk on the holiday, which is named; no gap.
    const week = await as<CoverageBody>('GET', `/api/schedules/${front.id}/coverage?from=2026-03-02&days=7`);
    expect(week.gapCount).toBe(0);
    expect(week.days.find((d) => d.date === '2026-03-04')?.label).toBe('Practice holiday');
    const holiday = { start: Date.parse('2026-03-04T05:00:00Z'), end: Date.parse('2026-03-05T05:00:00Z') };
    const onHoliday = week.segments.filter((x) => Date.parse(x.end) > holiday.start && Date.parse(x.start) < holiday.end);
    expect(onHoliday.flatMap((x) => x.onDuty)).toEqual([]);
    expect(onHoliday.some((x) => x.required)).toBe(false);
    // Thursday is an ordinary day.
    expect(week.segments.find((x) => x.start === '2026-03-05T14:00:00.000Z')?.onDuty.map((a) => a.name)).toEqual(['Desk Person']);

    // "On duty now" of the schedule says closed, not a gap; the next day it names the desk.
    const holidayNoon = '2026-03-04T17:00:00Z';
    expect(await as('GET', `/api/schedules/${front.id}/on-duty?at=${holidayNoon}`)).toMatchObject({ onDuty: [], dutyNow: 'office_closed' });
    expect(await as('GET', `/api/schedules/${front.id}/on-duty?at=2026-03-05T17:00:00Z`)).toMatchObject({ onDuty: [{ name: 'Desk Person' }], dutyNow: 'on_duty' });
    expect(await as('GET', `/api/schedules/${nurse.id}/on-duty?at=${holidayNoon}`)).toMatchObject({ dutyNow: 'on_duty' });

    // The one answer transfers, urgent alerts and assignment use agrees.
    expect((await onDutyIn(t.db, clinic, new Date(holidayNoon))).map((p) => p.scheduleName)).toEqual(['Nurse line']);
    expect((await onDutyIn(t.db, clinic, new Date('2026-03-05T17:00:00Z'))).map((p) => p.scheduleName)).toEqual(['Front desk', 'Nurse line']);

    // The list of schedules now (on the holiday): the desk "closed now", not "no one on duty".
    t.ctx.clock.advance(Date.parse(holidayNoon) - t.ctx.clock.now().getTime());
    try {
      const list = await as<{ items: { name: string; dutyNow: string; onDutyNow: unknown[] }[] }>('GET', `/api/organizations/${clinic.id}/schedules`);
      expect(list.items.map((i) => [i.name, i.dutyNow, i.onDutyNow.length])).toEqual(
        expect.arrayContaining([
          ['Front desk', 'office_closed', 0],
          ['Nurse line', 'on_duty', 1],
        ]),
      );
      expect(await as('GET', `/api/schedules/${front.id}`)).toMatchObject({ onDutyNow: [], dutyNow: 'office_closed' });
    } finally {
      t.ctx.clock.reset();
    }
  });
});
