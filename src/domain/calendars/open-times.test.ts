import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import type { Hours } from '../time/hours.schema.js';
import { exceptionIssues, exceptionOutsideHours, weeklyIssues, weeklyOutsideHours, type WeeklyRange } from './availability.js';
import { checkSlot, findOpenTimes, type ClinicianCalendar, type OpenTimesQuery } from './open-times.js';
import { canVisitTransition } from './visits.js';

const NY = 'America/New_York';
const MAIN = 'loc-main';
const NORTH = 'loc-north';

/** Office open every day 08:00–18:00. */
const hours = (zone = NY, weekly = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '08:00', end: '18:00' }))): Hours => ({ timeZone: zone, weekly, overrides: [] });
const weekdays = (start: string, end: string, locationId = MAIN, days = [1, 2, 3, 4, 5]): WeeklyRange[] => days.map((day) => ({ day, start, end, locationId }));
const clinician = (c: Partial<ClinicianCalendar> = {}): ClinicianCalendar => ({ id: 'dr-a', weekly: weekdays('09:00', '12:00'), exceptions: [], busy: [], ...c });
const ms = (iso: string) => Date.parse(iso);
/** Wall times of the found starts in the zone, "2026-03-09 09:00". */
const local = (times: { start: number }[], zone = NY) =>
  times.map((t) => Temporal.Instant.fromEpochMilliseconds(t.start).toZonedDateTimeISO(zone).toPlainDateTime().toString({ smallestUnit: 'minute' }).replace('T', ' '));

const visit = { lengthMinutes: 30, bufferMinutes: 0, minNoticeMinutes: 0, maxDaysAhead: 60 };
const query = (q: Partial<OpenTimesQuery> = {}): OpenTimesQuery => ({
  hours: hours(),
  nowMs: ms('2026-03-01T12:00:00Z'),
  fromDate: '2026-03-02',
  toDate: '2026-03-02',
  visit,
  clinicians: [clinician()],
  ...q,
});

describe('open times', () => {
  it('are the starts on a 15-minute wall-clock grid at which the whole visit fits the availability', () => {
    const r = findOpenTimes(query());
    expect(local(r.times)).toEqual(['2026-03-02 09:00', '2026-03-02 09:15', '2026-03-02 09:30', '2026-03-02 09:45', '2026-03-02 10:00', '2026-03-02 10:15', '2026-03-02 10:30', '2026-03-02 10:45', '2026-03-02 11:00', '2026-03-02 11:15', '2026-03-02 11:30']);
    expect(r.times[0]).toMatchObject({ clinicianId: 'dr-a', locationId: MAIN, end: ms('2026-03-02T14:30:00Z') });
    expect(local(findOpenTimes(query({ stepMinutes: 60 })).times)).toEqual(['2026-03-02 09:00', '2026-03-02 10:00', '2026-03-02 11:00']);
  });

  it('leave breaks as gaps, and keep the buffer clear of visits and live holds', () => {
    const split = clinician({ weekly: [...weekdays('09:00', '10:00'), ...weekdays('10:30', '11:30')] });
    expect(local(findOpenTimes(query({ clinicians: [split], stepMinutes: 30 })).times)).toEqual(['2026-03-02 09:00', '2026-03-02 09:30', '2026-03-02 10:30', '2026-03-02 11:00']);
    // A visit 10:00–10:30 (EST, UTC-5) with a 10-minute buffer taking the clinician to 10:40.
    const busy = clinician({ busy: [{ start: ms('2026-03-02T15:00:00Z'), end: ms('2026-03-02T15:40:00Z') }] });
    const withBuffer = { ...visit, bufferMinutes: 10 };
    expect(local(findOpenTimes(query({ clinicians: [busy], visit: withBuffer })).times)).toEqual([
      '2026-03-02 09:00',
      '2026-03-02 09:15',
      // 09:30 + 30 min + 10 min buffer would reach into the 10:00 visit.
      '2026-03-02 10:45',
      '2026-03-02 11:00',
      '2026-03-02 11:15',
      '2026-03-02 11:30',
    ]);
  });

  it('follow date exceptions: leave, other hours at another place, and a day at the clinic inside a leave', () => {
    const c = clinician({
      exceptions: [
        { from: '2026-03-02', to: '2026-03-06', kind: 'unavailable', intervals: [], locationId: null },
        { from: '2026-03-04', to: '2026-03-04', kind: 'available', intervals: [{ start: '14:00', end: '15:00' }], locationId: NORTH },
      ],
    });
    const r = findOpenTimes(query({ clinicians: [c], toDate: '2026-03-09', stepMinutes: 30 }));
    expect(local(r.times)).toEqual(['2026-03-04 14:00', '2026-03-04 14:30', '2026-03-09 09:00', '2026-03-09 09:30', '2026-03-09 10:00', '2026-03-09 10:30', '2026-03-09 11:00', '2026-03-09 11:30']);
    expect(r.times[0]!.locationId).toBe(NORTH);
    expect(findOpenTimes(query({ clinicians: [c], toDate: '2026-03-09', stepMinutes: 30, locationId: NORTH })).times).toHaveLength(2);
  });

  it('stay inside office hours and their date overrides', () => {
    const h: Hours = { ...hours(NY, [1, 2, 3, 4, 5].map((day) => ({ day, start: '10:00', end: '17:00' }))), overrides: [{ from: '2026-03-03', to: '2026-03-03', label: 'Holiday', closed: true, intervals: [] }] };
    const r = findOpenTimes(query({ hours: h, toDate: '2026-03-03', stepMinutes: 60 }));
    expect(local(r.times)).toEqual(['2026-03-02 10:00', '2026-03-02 11:00']);
  });

  it('respect the minimum notice and the last bookable date', () => {
    // Monday 2 March 09:50 New York.
    const nowMs = ms('2026-03-02T14:50:00Z');
    const soon = findOpenTimes(query({ nowMs, visit: { ...visit, minNoticeMinutes: 60 } }));
    expect(local(soon.times)[0]).toBe('2026-03-02 11:00');
    const twoDays = findOpenTimes(query({ nowMs, toDate: '2026-03-31', stepMinutes: 60, visit: { ...visit, maxDaysAhead: 2 } }));
    expect([...new Set(local(twoDays.times).map((t) => t.slice(0, 10)))]).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
  });

  it('are correct across the spring-forward week: the wall-clock grid and the real length hold', () => {
    // Sunday 8 March 2026 02:00 EST → 03:00 EDT. Available Saturday to Monday from 00:00 (late hours open too).
    const open = hours(NY, [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })));
    const c = clinician({ weekly: [{ day: 6, start: '08:00', end: '10:00', locationId: MAIN }, { day: 7, start: '01:00', end: '04:00', locationId: MAIN }, { day: 1, start: '08:00', end: '10:00', locationId: MAIN }] });
    const r = findOpenTimes(query({ hours: open, clinicians: [c], fromDate: '2026-03-07', toDate: '2026-03-09', stepMinutes: 30, visit: { ...visit, lengthMinutes: 60 } }));
    expect(local(r.times)).toEqual([
      '2026-03-07 08:00',
      '2026-03-07 08:30',
      '2026-03-07 09:00',
      // 01:00 EST to 04:00 EDT is two real hours: 01:00, 01:30 and then 03:00 (02:00 never shows).
      '2026-03-08 01:00',
      '2026-03-08 01:30',
      '2026-03-08 03:00',
      '2026-03-09 08:00',
      '2026-03-09 08:30',
      '2026-03-09 09:00',
    ]);
    // The same wall time is a different UTC instant before and after the change.
    expect(new Date(r.times[0]!.start).toISOString()).toBe('2026-03-07T13:00:00.000Z');
    expect(new Date(r.times[6]!.start).toISOString()).toBe('2026-03-09T12:00:00.000Z');
    // A 60-minute visit from 01:30 EST lasts 60 real minutes, to 03:30 EDT.
    expect(r.times[4]!.end - r.times[4]!.start).toBe(3_600_000);
  });

  it('are correct across the fall-back night: the repeated hour is offered twice, as real time', () => {
    // Sunday 1 November 2026 02:00 EDT → 01:00 EST.
    const open = hours(NY, [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })));
    const c = clinician({ weekly: [{ day: 7, start: '00:30', end: '02:30', locationId: MAIN }] });
    const r = findOpenTimes(query({ hours: open, nowMs: ms('2026-10-20T12:00:00Z'), clinicians: [c], fromDate: '2026-11-01', toDate: '2026-11-01', stepMinutes: 30 }));
    expect(r.times.map((t) => new Date(t.start).toISOString())).toEqual([
      '2026-11-01T04:30:00.000Z', // 00:30 EDT
      '2026-11-01T05:00:00.000Z', // 01:00 EDT
      '2026-11-01T05:30:00.000Z', // 01:30 EDT
      '2026-11-01T06:00:00.000Z', // 01:00 EST
      '2026-11-01T06:30:00.000Z', // 01:30 EST
      '2026-11-01T07:00:00.000Z', // 02:00 EST (the visit ends 02:30)
    ]);
  });

  it('keep a wall-clock grid in a zone with a 45-minute offset and a half-hour daylight-saving change', () => {
    const kathmandu = findOpenTimes(query({ hours: hours('Asia/Kathmandu'), stepMinutes: 60 }));
    expect(local(kathmandu.times, 'Asia/Kathmandu')).toEqual(['2026-03-02 09:00', '2026-03-02 10:00', '2026-03-02 11:00']);
    // Lord Howe Island: 2:00 → 1:30 on Sunday 5 April 2026.
    const open = hours('Australia/Lord_Howe', [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })));
    const c = clinician({ weekly: [{ day: 7, start: '00:00', end: '04:00', locationId: MAIN }] });
    const r = findOpenTimes(query({ hours: open, nowMs: ms('2026-03-20T00:00:00Z'), clinicians: [c], fromDate: '2026-04-05', toDate: '2026-04-05', stepMinutes: 60 }));
    // 01:30–02:00 happens twice; the next whole hour after 01:00 (+11:00) is 02:00 (+10:30), 90 real minutes later.
    expect(local(r.times, 'Australia/Lord_Howe')).toEqual(['2026-04-05 00:00', '2026-04-05 01:00', '2026-04-05 02:00', '2026-04-05 03:00']);
    expect(r.times[2]!.start - r.times[1]!.start).toBe(90 * 60_000);
    const halfHours = findOpenTimes(query({ hours: open, nowMs: ms('2026-03-20T00:00:00Z'), clinicians: [c], fromDate: '2026-04-05', toDate: '2026-04-05', stepMinutes: 30 }));
    expect(local(halfHours.times, 'Australia/Lord_Howe').slice(2, 6)).toEqual(['2026-04-05 01:00', '2026-04-05 01:30', '2026-04-05 01:30', '2026-04-05 02:00']);
  });

  it('offer each start once with the first clinician free, in the order given', () => {
    const a = clinician({ id: 'dr-a', busy: [{ start: ms('2026-03-02T14:00:00Z'), end: ms('2026-03-02T14:30:00Z') }] });
    const b = clinician({ id: 'dr-b' });
    const r = findOpenTimes(query({ clinicians: [a, b], stepMinutes: 30, limit: 3 }));
    expect(r.times.map((t) => [local([t])[0], t.clinicianId])).toEqual([
      ['2026-03-02 09:00', 'dr-b'],
      ['2026-03-02 09:30', 'dr-a'],
      ['2026-03-02 10:00', 'dr-a'],
    ]);
    expect(r.truncated).toBe(true);
  });
});

describe('checking one start', () => {
  const base = { hours: hours(), nowMs: ms('2026-03-01T12:00:00Z'), visit, clinician: clinician() };
  it('names what is wrong with it', () => {
    expect(checkSlot(base, ms('2026-03-02T14:00:00Z'))).toEqual({ problems: [], locationId: MAIN });
    expect(checkSlot(base, ms('2026-03-02T16:45:00Z')).problems).toEqual(['unavailable']); // 11:45–12:15
    expect(checkSlot(base, ms('2026-02-27T14:00:00Z')).problems).toEqual(['past']);
    expect(checkSlot({ ...base, visit: { ...visit, maxDaysAhead: 0 } }, ms('2026-03-02T14:00:00Z')).problems).toEqual(['too_far']);
    const closedEarly = { ...base, hours: hours(NY, [{ day: 1, start: '10:00', end: '18:00' }]) };
    expect(checkSlot(closedEarly, ms('2026-03-02T14:00:00Z')).problems).toEqual(['office_closed']);
    const taken = { ...base, clinician: clinician({ busy: [{ start: ms('2026-03-02T13:50:00Z'), end: ms('2026-03-02T14:05:00Z') }] }) };
    expect(checkSlot(taken, ms('2026-03-02T14:00:00Z')).problems).toEqual(['taken']);
  });
});

describe('availability checks', () => {
  it('name overlapping ranges of a day, and exceptions without hours or a place', () => {
    expect(weeklyIssues([...weekdays('09:00', '12:00', MAIN, [1]), { day: 1, start: '11:00', end: '13:00', locationId: NORTH }, { day: 2, start: '11:00', end: '13:00', locationId: NORTH }, { day: 1, start: '12:00', end: '13:00', locationId: MAIN }])).toEqual([
      { path: ['weekly', 1], message: 'Mon 09:00–12:00 overlaps Mon 11:00–13:00' },
      { path: ['weekly', 3], message: 'Mon 11:00–13:00 overlaps Mon 12:00–13:00' },
    ]);
    expect(exceptionIssues({ from: '2026-03-02', to: '2026-03-02', kind: 'available', intervals: [], locationId: null }).map((i) => i.path)).toEqual([['intervals'], ['locationId']]);
    expect(exceptionIssues({ from: '2026-03-02', to: '2026-03-02', kind: 'available', intervals: [{ start: '09:00', end: '11:00' }, { start: '10:00', end: '12:00' }], locationId: MAIN })).toEqual([{ path: ['intervals', 1], message: '09:00–11:00 overlaps 10:00–12:00' }]);
  });

  it('warn about availability outside office hours, night hours spilling over included', () => {
    const h = hours(NY, [{ day: 1, start: '09:00', end: '12:00' }, { day: 1, start: '13:00', end: '17:00' }, { day: 2, start: '20:00', end: '02:00' }]);
    expect(weeklyOutsideHours([{ day: 1, start: '08:00', end: '14:00', locationId: MAIN }, { day: 3, start: '00:00', end: '03:00', locationId: MAIN }, { day: 1, start: '13:00', end: '16:00', locationId: MAIN }], h)).toEqual([
      { path: ['weekly', 0], message: 'Mon 08:00–09:00, 12:00–13:00 is outside office hours; no visits are offered then.' },
      { path: ['weekly', 1], message: 'Wed 02:00–03:00 is outside office hours; no visits are offered then.' },
    ]);
    const holiday: Hours = { ...hours(), overrides: [{ from: '2026-07-03', to: '2026-07-03', label: 'Holiday', closed: true, intervals: [] }] };
    expect(exceptionOutsideHours({ from: '2026-07-02', to: '2026-07-04', kind: 'available', intervals: [{ start: '09:00', end: '12:00' }], locationId: MAIN }, holiday)).toEqual([
      { path: ['intervals'], message: 'On 2026-07-03 part of these hours is outside office hours; no visits are offered then.' },
    ]);
  });
});

describe('visit statuses', () => {
  it('move forward only', () => {
    expect(canVisitTransition('held', 'booked')).toBe(true);
    expect(canVisitTransition('booked', 'confirmed')).toBe(true);
    expect(canVisitTransition('confirmed', 'no_show')).toBe(true);
    expect(canVisitTransition('canceled', 'booked')).toBe(false);
    expect(canVisitTransition('held', 'completed')).toBe(false);
    expect(canVisitTransition('completed', 'canceled')).toBe(false);
  });
});
