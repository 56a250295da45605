import { describe, expect, it } from 'vitest';
import { hoursOnDate } from './day-hours.js';
import type { Hours } from './hours.schema.js';

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '18:00' }));
const hours: Hours = {
  timeZone: 'America/New_York',
  weekly: [...weekdays, { day: 6, start: '09:00', end: '13:00' }],
  overrides: [
    { from: '2026-11-26', to: '2026-11-27', label: 'Thanksgiving', closed: true, intervals: [] },
    { from: '2026-12-24', to: '2026-12-24', label: 'Christmas Eve', closed: false, intervals: [{ start: '08:00', end: '12:00' }] },
  ],
};

describe('one date of office hours', () => {
  it('gives a weekday its intervals in the zone', () => {
    expect(hoursOnDate(hours, '2026-11-24')).toMatchObject({ date: '2026-11-24', dayOfWeek: 2, intervals: [{ start: '08:00', end: '18:00' }], label: null, nextOpening: null });
  });

  it('says when a closed day is followed by the next opening', () => {
    const sunday = hoursOnDate(hours, '2026-11-29');
    expect(sunday.intervals).toEqual([]);
    expect(sunday.nextOpening?.toString()).toBe('2026-11-30T13:00:00Z'); // Monday 8 AM in New York
  });

  it('names the holiday that closes a date and skips the rest of it', () => {
    const thanksgiving = hoursOnDate(hours, '2026-11-26');
    expect(thanksgiving).toMatchObject({ intervals: [], label: 'Thanksgiving' });
    expect(thanksgiving.nextOpening?.toString()).toBe('2026-11-28T14:00:00Z'); // Saturday 9 AM
  });

  it('keeps special hours with their label', () => {
    expect(hoursOnDate(hours, '2026-12-24')).toMatchObject({ intervals: [{ start: '08:00', end: '12:00' }], label: 'Christmas Eve' });
  });

  it('reads wall times across a daylight-saving change', () => {
    // 8 March 2026: New York springs forward; the Monday after still opens at 8 local.
    expect(hoursOnDate(hours, '2026-03-09').intervals).toEqual([{ start: '08:00', end: '18:00' }]);
  });

  it('shows a day open around the clock as the whole day, and an overnight interval on both its dates', () => {
    const always: Hours = { timeZone: 'Europe/London', weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })), overrides: [] };
    expect(hoursOnDate(always, '2026-06-10').intervals).toEqual([{ start: '00:00', end: '24:00' }]);
    const night: Hours = { timeZone: 'Europe/London', weekly: [{ day: 5, start: '20:00', end: '02:00' }], overrides: [] };
    expect(hoursOnDate(night, '2026-06-12').intervals).toEqual([{ start: '20:00', end: '24:00' }]);
    expect(hoursOnDate(night, '2026-06-13').intervals).toEqual([{ start: '00:00', end: '02:00' }]);
  });
});
