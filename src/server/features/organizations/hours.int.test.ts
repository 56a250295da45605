import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createStaffUser, createTestApp, errorCode, signIn, type TestAppHandle } from '../../test-support/index.js';
import type { OrganizationRow } from './organizations.repository.js';

let t: TestAppHandle;
const cookies = {} as Record<'admin' | 'supervisor' | 'agent' | 'outsider', string>;
let home: OrganizationRow;
let other: OrganizationRow;

const call = (who: keyof typeof cookies, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });

/** Moves the server's clock to `iso` (tests read "now" from it). */
const at = (iso: string) => {
  t.ctx.clock.reset();
  t.ctx.clock.advance(Date.parse(iso) - Date.now());
};

const WEEKDAYS_SPLIT = [1, 2, 3, 4, 5].flatMap((day) => [
  { day, start: '08:00', end: '12:00' },
  { day, start: '13:00', end: '17:00' },
]);

beforeAll(async () => {
  // The tests move the server's clock by days; sessions must outlive that.
  t = await createTestApp({ SESSION_IDLE_MINUTES: '10000000', SESSION_ABSOLUTE_HOURS: '100000' });
  home = await createOrganization(t.ctx, { name: 'Hours Home', timeZone: 'America/New_York' });
  other = await createOrganization(t.ctx, { name: 'Hours Other', timeZone: 'Europe/London' });
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  const supervisor = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [home.id] });
  const agent = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [home.id] });
  const outsider = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [other.id] });
  for (const [k, u] of Object.entries({ admin, supervisor, agent, outsider })) cookies[k as keyof typeof cookies] = await signIn(t.app, u.email, u.password);
});
afterEach(() => t.ctx.clock.reset());
afterAll(() => t?.close());

describe('saving hours', () => {
  it('stores split hours and overrides, answers the status in the zone, and bumps the version', async () => {
    const org = await createOrganization(t.ctx, { timeZone: 'America/New_York' });
    const empty = (await call('admin', 'GET', `/api/organizations/${org.id}/hours`)).json();
    expect(empty).toMatchObject({ version: 0, weekly: [], overrides: [], timeZone: 'America/New_York' });

    const res = await call('admin', 'PUT', `/api/organizations/${org.id}/hours`, {
      version: 0,
      weekly: WEEKDAYS_SPLIT,
      overrides: [{ from: '2026-11-26', to: '2026-11-27', label: 'Thanksgiving', closed: true, intervals: [] }],
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.version).toBe(1);
    expect(saved.weekly).toHaveLength(10);
    expect(saved.overrides[0]).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), label: 'Thanksgiving' });

    // Wednesday 25 Nov 2026, 10:30 in New York: open, closes at noon.
    at('2026-11-25T15:30:00Z');
    const wed = (await call('admin', 'GET', `/api/organizations/${org.id}/hours`)).json();
    expect(wed.status).toMatchObject({ open: true, text: 'Open now · closes 12:00 (in 1 h 30 min)' });
    // Thanksgiving morning: closed with its label, opening on Monday.
    at('2026-11-26T15:00:00Z');
    const thu = (await call('admin', 'GET', `/api/organizations/${org.id}/hours`)).json();
    expect(thu.status).toMatchObject({ open: false, label: 'Thanksgiving', nextChange: { at: '2026-11-30T13:00:00.000Z', opens: true } });
    expect(thu.status.text).toBe('Closed · Thanksgiving · opens Mon 08:00');
  });

  it('refuses malformed times, empty and overlapping intervals and backwards ranges, each beside its field, and keeps what was saved', async () => {
    const org = await createOrganization(t.ctx);
    const good = (await call('admin', 'PUT', `/api/organizations/${org.id}/hours`, { version: 0, weekly: [{ day: 1, start: '09:00', end: '17:00' }] })).json();
    const res = await call('admin', 'PUT', `/api/organizations/${org.id}/hours`, {
      version: good.version,
      weekly: [
        { day: 1, start: '25:00', end: '17:00' },
        { day: 2, start: '9am', end: '17:00' },
        { day: 3, start: '09:00', end: '09:00' },
        { day: 4, start: '09:00', end: '12:00' },
        { day: 4, start: '11:00', end: '13:00' },
      ],
      overrides: [
        { from: '2026-12-24', to: '2026-12-20', label: 'Backwards', closed: true, intervals: [] },
        { from: '2026-12-31', to: '2026-12-31', label: 'Half day', closed: false, intervals: [] },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('validation_failed');
    expect(res.json().error.fields).toEqual({
      'weekly.0.start': expect.stringContaining('HH:MM'),
      'weekly.1.start': expect.stringContaining('HH:MM'),
      'weekly.2.end': 'end must differ from start',
      'weekly.4': 'Thu 09:00–12:00 overlaps Thu 11:00–13:00',
      'overrides.0.to': 'must be on or after the start date',
      'overrides.1.intervals': 'add opening hours or mark the dates closed',
    });
    const after = (await call('admin', 'GET', `/api/organizations/${org.id}/hours`)).json();
    expect(after).toMatchObject({ version: good.version, weekly: [{ day: 1, start: '09:00', end: '17:00' }] });
  });

  it('accepts an overnight interval, and refuses one that runs into the next morning’s hours', async () => {
    const org = await createOrganization(t.ctx);
    const ok = await call('admin', 'PUT', `/api/organizations/${org.id}/hours`, { version: 0, weekly: [{ day: 7, start: '22:00', end: '06:00' }, { day: 1, start: '08:00', end: '17:00' }] });
    expect(ok.statusCode).toBe(200);
    const clash = await call('admin', 'PUT', `/api/organizations/${org.id}/hours`, { version: 1, weekly: [{ day: 7, start: '22:00', end: '06:00' }, { day: 1, start: '05:00', end: '17:00' }] });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error.fields['weekly.1']).toBe('Sun 22:00–06:00 overlaps Mon 05:00–17:00');
  });

  it('does not let a later save silently drop an earlier one (409 stale_version)', async () => {
    const org = await createOrganization(t.ctx);
    const first = await call('admin', 'PUT', `/api/organizations/${org.id}/hours`, { version: 0, weekly: [{ day: 1, start: '08:00', end: '12:00' }] });
    expect(first.statusCode).toBe(200);
    const second = await call('admin', 'PUT', `/api/organizations/${org.id}/hours`, { version: 0, weekly: [{ day: 2, start: '08:00', end: '12:00' }] });
    expect(second.statusCode).toBe(409);
    expect(errorCode(second)).toBe('stale_version');
    expect(second.json().error).toMatchObject({ message: expect.stringMatching(/changed elsewhere.*Reload/), currentVersion: 1 });
    const stored = (await call('admin', 'GET', `/api/organizations/${org.id}/hours`)).json();
    expect(stored.weekly).toEqual([{ day: 1, start: '08:00', end: '12:00' }]);
  });

  it('is for supervisors of the organization and administrators; others of the organization read; outsiders get 404', async () => {
    const body = { version: 0, weekly: [] };
    expect((await call('agent', 'PUT', `/api/organizations/${home.id}/hours`, body)).statusCode).toBe(403);
    expect((await call('outsider', 'GET', `/api/organizations/${home.id}/hours`)).statusCode).toBe(404);
    expect((await call('outsider', 'PUT', `/api/organizations/${home.id}/hours`, body)).statusCode).toBe(404);
    expect((await call('supervisor', 'PUT', `/api/organizations/${home.id}/hours`, body)).statusCode).toBe(200);
    expect((await call('supervisor', 'GET', '/api/organizations/not-a-uuid/hours')).statusCode).toBe(404);
  });
});

describe('open now', () => {
  it('answers every visible organization, paused ones closed, deactivated ones left out', async () => {
    const open = await createOrganization(t.ctx, { name: 'ON Open', timeZone: 'Europe/London' });
    const paused = await createOrganization(t.ctx, { name: 'ON Paused', timeZone: 'Europe/London', status: 'paused' });
    const gone = await createOrganization(t.ctx, { name: 'ON Gone', timeZone: 'Europe/London', status: 'deactivated' });
    for (const org of [open, paused]) {
      await call('admin', 'PUT', `/api/organizations/${org.id}/hours`, { version: 0, weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })) });
    }
    const member = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [open.id, paused.id, gone.id] });
    const cookie = await signIn(t.app, member.email, member.password);
    at('2026-07-01T12:00:00Z');
    const res = await t.app.inject({ method: 'GET', url: '/api/organizations/open-now', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { name: string; open: boolean; paused: boolean; text: string }[];
    expect(items.map((i) => i.name)).toEqual(['ON Open', 'ON Paused']);
    expect(items[0]).toMatchObject({ open: true, paused: false, text: 'Open now · open around the clock' });
    expect(items[1]).toMatchObject({ open: false, paused: true, text: 'Paused · calls get the closed message' });
  });

  it('follows a save at once (cached by version) and the clock across a DST change', async () => {
    const org = await createOrganization(t.ctx, { name: 'ON Dst', timeZone: 'America/New_York' });
    const member = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id] });
    const cookie = await signIn(t.app, member.email, member.password);
    const status = async () => (await t.app.inject({ method: 'GET', url: '/api/organizations/open-now', headers: { cookie } })).json().items[0];

    // Sunday 8 March 2026, spring forward in New York at 02:00.
    at('2026-03-08T12:00:00Z');
    expect((await status()).text).toBe('Closed · no upcoming opening hours');
    await call('admin', 'PUT', `/api/organizations/${org.id}/hours`, { version: 0, weekly: [{ day: 7, start: '09:00', end: '17:00' }] });
    const now = await status();
    expect(now).toMatchObject({ open: false, nextChange: { at: '2026-03-08T13:00:00.000Z', opens: true } });
    expect(now.text).toBe('Closed · opens 09:00 (in 1 h)');
    at('2026-03-08T14:00:00Z');
    expect((await status()).text).toBe('Open now · closes 17:00 (in 7 h)');
    at('2026-03-08T20:59:30Z');
    expect((await status()).text).toBe('Open now · closes 17:00 (in 1 min)');
    at('2026-03-08T21:00:00Z');
    expect((await status()).text).toBe('Closed · opens Sun, Mar 15 09:00');
  });

  it('lists only what the user may see', async () => {
    const res = await call('outsider', 'GET', '/api/organizations/open-now');
    expect(res.json().items.map((i: { organizationId: string }) => i.organizationId)).toEqual([other.id]);
  });
});
