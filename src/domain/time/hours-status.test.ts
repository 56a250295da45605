import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import type { Hours } from './hours.schema.js';
import { describeStatus, formatCountdown } from './hours-status.js';

const NY = 'America/New_York';
const at = (local: string) => Temporal.PlainDateTime.from(local).toZonedDateTime(NY).toInstant();

const hours: Hours = {
  timeZone: NY,
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '17:00' })),
  overrides: [
    { from: '2026-11-26', to: '2026-11-26', label: 'Thanksgiving', closed: true, intervals: [] },
    { from: '2026-12-24', to: '2026-12-24', label: 'Christmas Eve', closed: false, intervals: [{ start: '08:00', end: '12:00' }] },
  ],
};

describe('describeStatus', () => {
  it('counts down to closing today', () => {
    const status = describeStatus(hours, at('2026-11-24T14:47'));
    expect(status).toMatchObject({ open: true, text: 'Open now · closes 17:00 (in 2 h 13 min)' });
    expect(status.nextChange).toEqual({ at: at('2026-11-24T17:00'), opens: false });
    expect(status.label).toBeUndefined();
  });

  it('names the holiday and the next opening day', () => {
    expect(describeStatus(hours, at('2026-11-26T10:00'))).toMatchObject({
      open: false,
      label: 'Thanksgiving',
      text: 'Closed · Thanksgiving · opens Fri 08:00',
    });
  });

  it('shows special hours and a short countdown to opening', () => {
    expect(describeStatus(hours, at('2026-12-24T10:00')).text).toBe('Open now · Christmas Eve · closes 12:00 (in 2 h)');
    expect(describeStatus(hours, at('2026-12-21T07:15')).text).toBe('Closed · opens 08:00 (in 45 min)');
  });

  it('uses the locale for weekday names and the date for changes a week or more away', () => {
    // ICU versions differ on the abbreviation's full stop.
    expect(describeStatus(hours, at('2026-11-26T10:00'), 'de-DE').text).toMatch(/^Closed · Thanksgiving · opens Fr\.? 08:00$/);
    const closedLong: Hours = { ...hours, overrides: [{ from: '2026-07-01', to: '2026-07-31', label: 'Summer', closed: true, intervals: [] }] };
    expect(describeStatus(closedLong, at('2026-07-10T10:00')).text).toBe('Closed · Summer · opens Mon, Aug 3 08:00');
  });

  it('says so when nothing changes', () => {
    expect(describeStatus({ timeZone: NY, weekly: [], overrides: [] }, at('2026-07-10T10:00')).text).toBe(
      'Closed · no upcoming opening hours',
    );
  });

  it('formats countdowns rounded up to the minute', () => {
    expect(formatCountdown(1)).toBe('1 min');
    expect(formatCountdown(60 * 60_000)).toBe('1 h');
    expect(formatCountdown(133 * 60_000 - 30_000)).toBe('2 h 13 min');
  });
});
