import { describe, expect, it } from 'vitest';
import { EndTimeOfDay, HoursInput, IsoDate, TimeOfDay, WeeklyInterval, validateHours } from './hours.schema.js';

const base = { timeZone: 'America/New_York', weekly: [], overrides: [] };

describe('time fields', () => {
  it('accepts HH:MM from 00:00 to 23:59 and 24:00 only as an end', () => {
    for (const ok of ['00:00', '09:30', '23:59']) expect(TimeOfDay.safeParse(ok).success).toBe(true);
    for (const bad of ['24:00', '25:00', '9am', '9:00', '12:60', ' 09:00']) expect(TimeOfDay.safeParse(bad).success).toBe(false);
    expect(EndTimeOfDay.safeParse('24:00').success).toBe(true);
    expect(EndTimeOfDay.safeParse('24:30').success).toBe(false);
  });

  it('rejects an interval whose end equals its start, and accepts overnight ones', () => {
    const same = WeeklyInterval.safeParse({ day: 1, start: '09:00', end: '09:00' });
    expect(same.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['end', 'end must differ from start']]);
    expect(WeeklyInterval.safeParse({ day: 1, start: '22:00', end: '06:00' }).success).toBe(true);
    expect(WeeklyInterval.safeParse({ day: 8, start: '09:00', end: '10:00' }).success).toBe(false);
  });

  it('knows Feb 29 only in leap years', () => {
    expect(IsoDate.safeParse('2028-02-29').success).toBe(true);
    expect(IsoDate.safeParse('2027-02-29').success).toBe(false);
    expect(IsoDate.safeParse('20280229').success).toBe(false);
  });
});

describe('validateHours', () => {
  it('accepts well-formed hours', () => {
    expect(validateHours({ ...base, weekly: [{ day: 1, start: '09:00', end: '12:00' }, { day: 1, start: '12:00', end: '17:00' }] })).toEqual([]);
    expect(validateHours({ ...base, timeZone: 'UTC' })).toEqual([]);
  });

  it('reports an unknown time zone on its field', () => {
    expect(validateHours({ ...base, timeZone: 'Mars/Olympus' })).toEqual([
      { path: 'timeZone', message: 'unknown time zone "Mars/Olympus"' },
    ]);
    expect(validateHours({ ...base, timeZone: '+05:00' })).toHaveLength(1);
  });

  it('reports malformed times per field', () => {
    const errors = validateHours({ ...base, weekly: [{ day: 1, start: '9am', end: '25:00' }] });
    expect(errors.map((e) => e.path)).toEqual(['weekly.0.start', 'weekly.0.end']);
  });

  it('names both intervals of an overlap', () => {
    const errors = validateHours({
      ...base,
      weekly: [
        { day: 1, start: '09:00', end: '12:00' },
        { day: 1, start: '11:00', end: '14:00' },
      ],
    });
    expect(errors).toEqual([{ path: 'weekly.1', message: 'Mon 09:00–12:00 overlaps Mon 11:00–14:00' }]);
  });

  it('sees overlaps of intervals that run past midnight, also from Sunday into Monday', () => {
    const tue = validateHours({ ...base, weekly: [{ day: 1, start: '22:00', end: '06:00' }, { day: 2, start: '05:00', end: '09:00' }] });
    expect(tue).toEqual([{ path: 'weekly.1', message: 'Mon 22:00–06:00 overlaps Tue 05:00–09:00' }]);
    const mon = validateHours({ ...base, weekly: [{ day: 1, start: '01:00', end: '03:00' }, { day: 7, start: '22:00', end: '02:00' }] });
    expect(mon).toEqual([{ path: 'weekly.1', message: 'Mon 01:00–03:00 overlaps Sun 22:00–02:00' }]);
  });

  it('still reports overlaps among valid intervals when another is malformed', () => {
    const errors = validateHours({
      ...base,
      weekly: [
        { day: 1, start: '09:00', end: '12:00' },
        { day: 1, start: '11:00', end: '14:00' },
        { day: 2, start: '9:00', end: '10:00' },
      ],
    });
    expect(errors.map((e) => e.path).sort()).toEqual(['weekly.1', 'weekly.2.start']);
  });

  it('checks override ranges, labels and intervals', () => {
    const override = { from: '2026-12-24', to: '2026-12-24', label: 'Christmas Eve', closed: false };
    const errors = validateHours({
      ...base,
      overrides: [
        { ...override, to: '2026-12-23', intervals: [{ start: '09:00', end: '12:00' }] },
        { ...override, intervals: [{ start: '09:00', end: '12:00' }, { start: '10:00', end: '11:00' }] },
        { ...override, label: 'x'.repeat(101), closed: true, intervals: [] },
        { ...override, intervals: [] },
        { ...override, to: '2026-12-26', intervals: [{ start: '20:00', end: '08:00' }, { start: '07:00', end: '09:00' }] },
      ],
    });
    expect(errors).toEqual([
      { path: 'overrides.0.to', message: 'must be on or after the start date' },
      { path: 'overrides.2.label', message: 'at most 100 characters' },
      { path: 'overrides.1.intervals.1', message: '09:00–12:00 overlaps 10:00–11:00' },
      { path: 'overrides.3.intervals', message: 'add opening hours or mark the dates closed' },
      { path: 'overrides.4.intervals.1', message: '20:00–08:00 overlaps 07:00–09:00' },
    ]);
  });

  it('gives zod issues with array paths through HoursInput', () => {
    const result = HoursInput.safeParse({ ...base, weekly: [{ day: 3, start: '09:00', end: '09:00' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['weekly', 0, 'end']);
  });
});
