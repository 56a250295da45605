import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import type { Hours, HoursOverride, WeeklyInterval } from './hours.schema.js';
import { addBusinessTime, isOpen, nextChange, openIntervals } from './hours.js';
import { validateHours } from './hours.schema.js';

const NY = 'America/New_York';
const LONDON = 'Europe/London';
const LORD_HOWE = 'Australia/Lord_Howe';

function at(local: string, zone: string): Temporal.Instant {
  return Temporal.PlainDateTime.from(local).toZonedDateTime(zone).toInstant();
}

function hours(timeZone: string, weekly: WeeklyInterval[], overrides: HoursOverride[] = []): Hours {
  const h = { timeZone, weekly, overrides };
  expect(validateHours(h)).toEqual([]);
  return h;
}

const weekdays = (start: string, end: string): WeeklyInterval[] =>
  [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));

function closedOn(from: string, to: string, label: string): HoursOverride {
  return { from, to, label, closed: true, intervals: [] };
}

/** Real open hours in [from, to), from the open intervals. */
function openHoursBetween(h: Hours, from: Temporal.Instant, to: Temporal.Instant): number {
  return openIntervals(h, from, to).reduce((sum, iv) => sum + iv.start.until(iv.end).total('hours'), 0);
}

/** Open hours on one local date, wide enough to take in an overnight tail. */
function openHoursOn(h: Hours, date: string): number {
  return openHoursBetween(h, at(`${date}T00:00`, h.timeZone), at(`${date}T00:00`, h.timeZone).add({ hours: 48 }));
}

const iso = (i: Temporal.Instant) => i.toString();

describe('daylight saving in America/New_York', () => {
  it('keeps a 09:00–17:00 day at 8 hours on both change days', () => {
    const h = hours(NY, [{ day: 7, start: '09:00', end: '17:00' }]);
    expect(openHoursOn(h, '2026-03-08')).toBe(8);
    expect(openHoursOn(h, '2026-11-01')).toBe(8);
  });

  it('starts an interval in the skipped hour at the end of the gap', () => {
    const h = hours(NY, [{ day: 7, start: '02:30', end: '06:00' }]);
    const [iv] = openIntervals(h, at('2026-03-08T00:00', NY), at('2026-03-09T00:00', NY));
    expect(iso(iv!.start)).toBe('2026-03-08T07:00:00Z'); // 03:00 EDT
    expect(iso(iv!.end)).toBe('2026-03-08T10:00:00Z');
    expect(isOpen(h, Temporal.Instant.from('2026-03-08T06:59:59.999Z'))).toBe(false);
    expect(isOpen(h, Temporal.Instant.from('2026-03-08T07:00:00Z'))).toBe(true);
  });

  it('gives 00:00–04:00 three real hours in spring and five in autumn', () => {
    const h = hours(NY, [{ day: 7, start: '00:00', end: '04:00' }]);
    expect(openHoursOn(h, '2026-03-08')).toBe(3);
    expect(openHoursOn(h, '2026-11-01')).toBe(5);
  });

  it('does not double count the repeated hour', () => {
    const h = hours(NY, [
      { day: 7, start: '00:00', end: '01:30' },
      { day: 7, start: '01:30', end: '03:00' },
    ]);
    const ivs = openIntervals(h, at('2026-11-01T00:00', NY), at('2026-11-02T00:00', NY));
    expect(ivs.map((iv) => [iso(iv.start), iso(iv.end)])).toEqual([['2026-11-01T04:00:00Z', '2026-11-01T08:00:00Z']]);
  });

  it('starts in the first occurrence of a repeated time and ends in the second', () => {
    const h = hours(NY, [{ day: 7, start: '01:30', end: '03:00' }]);
    const [iv] = openIntervals(h, at('2026-11-01T00:00', NY), at('2026-11-02T00:00', NY));
    expect(iso(iv!.start)).toBe('2026-11-01T05:30:00Z'); // 01:30 EDT
    expect(iso(iv!.end)).toBe('2026-11-01T08:00:00Z'); // 03:00 EST
  });

  it('counts an overnight 22:00–06:00 as 9 real hours on the fall-back night, 7 in spring', () => {
    const h = hours(NY, [{ day: 6, start: '22:00', end: '06:00' }]);
    expect(openHoursOn(h, '2026-10-31')).toBe(9);
    expect(openHoursOn(h, '2026-03-07')).toBe(7);
    expect(isOpen(h, at('2026-11-01T05:59', NY))).toBe(true);
    expect(isOpen(h, at('2026-11-01T06:00', NY))).toBe(false);
  });
});

describe('daylight saving in Europe/London', () => {
  it('keeps 09:00–17:00 at 8 hours', () => {
    const h = hours(LONDON, [{ day: 7, start: '09:00', end: '17:00' }]);
    expect(openHoursOn(h, '2026-03-29')).toBe(8);
    expect(openHoursOn(h, '2026-10-25')).toBe(8);
  });

  it('starts 01:30 at 02:00 BST on the spring-forward day', () => {
    const h = hours(LONDON, [{ day: 7, start: '01:30', end: '05:00' }]);
    const [iv] = openIntervals(h, at('2026-03-29T00:00', LONDON), at('2026-03-30T00:00', LONDON));
    expect(iso(iv!.start)).toBe('2026-03-29T01:00:00Z');
    expect(iso(iv!.end)).toBe('2026-03-29T04:00:00Z');
  });

  it('gives 00:00–04:00 five real hours on the fall-back day', () => {
    const h = hours(LONDON, [{ day: 7, start: '00:00', end: '04:00' }]);
    expect(openHoursOn(h, '2026-10-25')).toBe(5);
  });
});

describe('zones with unusual offsets', () => {
  it('follows the 30-minute shifts of Australia/Lord_Howe', () => {
    const night = hours(LORD_HOWE, [{ day: 7, start: '00:00', end: '04:00' }]);
    expect(openHoursOn(night, '2026-04-05')).toBe(4.5); // 02:00 → 01:30
    expect(openHoursOn(night, '2026-10-04')).toBe(3.5); // 02:00 → 02:30
    const day = hours(LORD_HOWE, [{ day: 7, start: '09:00', end: '17:00' }]);
    expect(openHoursOn(day, '2026-04-05')).toBe(8);
    expect(openHoursOn(day, '2026-10-04')).toBe(8);
  });

  it('starts 02:15 at 02:30 on the Lord Howe spring-forward day', () => {
    const h = hours(LORD_HOWE, [{ day: 7, start: '02:15', end: '05:00' }]);
    const [iv] = openIntervals(h, at('2026-10-04T00:00', LORD_HOWE), at('2026-10-05T00:00', LORD_HOWE));
    expect(iso(iv!.start)).toBe('2026-10-03T15:30:00Z');
    expect(iv!.start.until(iv!.end).total('hours')).toBe(2.5);
  });

  it('applies the +05:30 of Asia/Kolkata', () => {
    const h = hours('Asia/Kolkata', weekdays('09:00', '17:00'));
    const [iv] = openIntervals(h, Temporal.Instant.from('2026-06-01T00:00Z'), Temporal.Instant.from('2026-06-02T00:00Z'));
    expect([iso(iv!.start), iso(iv!.end)]).toEqual(['2026-06-01T03:30:00Z', '2026-06-01T11:30:00Z']);
  });

  it('keeps fixed offsets where there is no daylight saving', () => {
    const phoenix = hours('America/Phoenix', [{ day: 7, start: '09:00', end: '17:00' }]);
    for (const date of ['2026-03-08', '2026-11-01']) {
      const [iv] = openIntervals(phoenix, Temporal.Instant.from(`${date}T00:00Z`), Temporal.Instant.from(`${date}T23:59Z`));
      expect(iso(iv!.start)).toBe(`${date}T16:00:00Z`);
    }
    const tokyo = hours('Asia/Tokyo', weekdays('09:00', '18:00'));
    expect(isOpen(tokyo, Temporal.Instant.from('2026-03-09T00:00Z'))).toBe(true); // Mon 09:00 JST
    expect(isOpen(tokyo, Temporal.Instant.from('2026-03-08T23:59Z'))).toBe(false);
  });
});

describe('weekly hours', () => {
  const h = hours(NY, [...weekdays('09:00', '17:00'), { day: 7, start: '22:00', end: '02:00' }]);

  it('accepts epoch milliseconds', () => {
    expect(isOpen(h, at('2026-06-01T10:00', NY).epochMilliseconds)).toBe(true);
    expect(isOpen(h, at('2026-06-01T17:00', NY).epochMilliseconds)).toBe(false);
  });

  it('runs a Sunday overnight interval into Monday and joins it to nothing', () => {
    expect(isOpen(h, at('2026-06-08T01:59', NY))).toBe(true);
    expect(nextChange(h, at('2026-06-07T23:00', NY))).toEqual({ at: at('2026-06-08T02:00', NY), opens: false });
  });

  it('treats 24:00 as the end of the day and joins touching intervals', () => {
    const allWeek = hours('UTC', [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })));
    expect(isOpen(allWeek, Temporal.Instant.from('2026-06-01T23:59:59Z'))).toBe(true);
    expect(nextChange(allWeek, Temporal.Instant.from('2026-06-01T00:00Z'))).toBeNull();
    expect(openIntervals(allWeek, Temporal.Instant.from('2026-06-01T12:00Z'), Temporal.Instant.from('2026-06-05T00:00Z')))
      .toHaveLength(1);
  });

  it('sees edits made in place to the same hours object', () => {
    const editable = hours(NY, weekdays('09:00', '17:00'));
    expect(isOpen(editable, at('2026-06-01T18:00', NY))).toBe(false);
    editable.weekly[0]!.end = '19:00';
    expect(isOpen(editable, at('2026-06-01T18:00', NY))).toBe(true);
  });

  it('reports null when never open', () => {
    const never = hours(NY, []);
    expect(nextChange(never, Temporal.Now.instant())).toBeNull();
    expect(() => addBusinessTime(never, Temporal.Now.instant(), { minutes: 1 })).toThrow(RangeError);
  });
});

describe('date overrides', () => {
  const base = [...weekdays('09:00', '17:00'), { day: 6, start: '22:00', end: '06:00' }];

  it('closes a vacation range and resumes afterwards', () => {
    const h = hours(NY, weekdays('09:00', '17:00'), [closedOn('2026-07-06', '2026-07-10', 'Summer break')]);
    expect(isOpen(h, at('2026-07-08T12:00', NY))).toBe(false);
    expect(nextChange(h, at('2026-07-03T17:00', NY))).toEqual({ at: at('2026-07-13T09:00', NY), opens: true });
  });

  it('opens a normally closed day', () => {
    const h = hours(NY, base, [
      { from: '2026-12-20', to: '2026-12-20', label: 'Flu clinic', closed: false, intervals: [{ start: '10:00', end: '14:00' }] },
    ]);
    expect(isOpen(h, at('2026-12-20T10:00', NY))).toBe(true);
    expect(isOpen(h, at('2026-12-13T10:00', NY))).toBe(false);
  });

  it('lets an overnight interval that began the day before run into an overridden date', () => {
    const h = hours(NY, base, [closedOn('2026-12-20', '2026-12-20', 'Closed Sunday')]);
    expect(isOpen(h, at('2026-12-20T03:00', NY))).toBe(true);
    expect(isOpen(h, at('2026-12-20T06:00', NY))).toBe(false);
  });

  it('prefers the range that starts latest where overrides overlap', () => {
    const h = hours(NY, base, [
      closedOn('2026-12-21', '2027-01-01', 'Winter break'),
      { from: '2026-12-23', to: '2026-12-23', label: 'Pharmacy pickup', closed: false, intervals: [{ start: '10:00', end: '12:00' }] },
    ]);
    expect(isOpen(h, at('2026-12-22T10:00', NY))).toBe(false);
    expect(isOpen(h, at('2026-12-23T10:00', NY))).toBe(true);
    expect(isOpen(h, at('2026-12-23T12:00', NY))).toBe(false);
  });

  it('handles Feb 29 2028', () => {
    const h = hours(NY, weekdays('09:00', '17:00'), [closedOn('2028-02-29', '2028-02-29', 'Leap day')]);
    expect(isOpen(h, at('2028-02-28T12:00', NY))).toBe(true);
    expect(isOpen(h, at('2028-02-29T12:00', NY))).toBe(false);
    expect(nextChange(h, at('2028-02-28T17:00', NY))).toEqual({ at: at('2028-03-01T09:00', NY), opens: true });
    expect(addBusinessTime(h, at('2028-02-28T16:00', NY), { hours: 2 })).toEqual(at('2028-03-01T10:00', NY));
    const plain = hours(NY, weekdays('09:00', '17:00'));
    expect(isOpen(plain, at('2028-02-29T12:00', NY))).toBe(true);
  });
});

describe('nextChange', () => {
  const h = hours(NY, weekdays('08:00', '17:00'), [closedOn('2026-11-26', '2026-11-26', 'Thanksgiving')]);

  it('skips a holiday', () => {
    expect(nextChange(h, at('2026-11-25T12:00', NY))).toEqual({ at: at('2026-11-25T17:00', NY), opens: false });
    expect(nextChange(h, at('2026-11-25T17:00', NY))).toEqual({ at: at('2026-11-27T08:00', NY), opens: true });
  });

  it('looks past the current instant when it sits on a boundary', () => {
    expect(nextChange(h, at('2026-11-27T08:00', NY))).toEqual({ at: at('2026-11-27T17:00', NY), opens: false });
  });
});

describe('addBusinessTime', () => {
  const h = hours(NY, weekdays('09:00', '17:00'), [closedOn('2026-12-25', '2026-12-25', 'Christmas')]);

  it('carries over a weekend and a holiday', () => {
    expect(addBusinessTime(h, at('2026-12-24T16:00', NY), { hours: 3 })).toEqual(at('2026-12-28T11:00', NY));
  });

  it('starts the clock at the next opening when closed', () => {
    expect(addBusinessTime(h, at('2026-12-19T12:00', NY), { minutes: 30 })).toEqual(at('2026-12-21T09:30', NY));
  });

  it('ends exactly at a closing time rather than at the next opening', () => {
    expect(addBusinessTime(h, at('2026-12-21T09:00', NY), { hours: 8 })).toEqual(at('2026-12-21T17:00', NY));
  });

  it('accepts Durations and milliseconds and returns the instant itself for zero', () => {
    const t = at('2026-12-21T10:00', NY);
    expect(addBusinessTime(h, t, Temporal.Duration.from({ hours: 1, minutes: 30 }))).toEqual(at('2026-12-21T11:30', NY));
    expect(addBusinessTime(h, t.epochMilliseconds, 90 * 60_000)).toEqual(at('2026-12-21T11:30', NY));
    const closed = at('2026-12-19T12:00', NY);
    expect(addBusinessTime(h, closed, 0)).toBe(closed);
  });

  it('rejects negative and calendar durations', () => {
    expect(() => addBusinessTime(h, Temporal.Now.instant(), -1)).toThrow(RangeError);
    expect(() => addBusinessTime(h, Temporal.Now.instant(), { months: 1 })).toThrow(RangeError);
  });

  it('counts real time across a DST change', () => {
    const overnight = hours(NY, [{ day: 6, start: '22:00', end: '06:00' }]);
    expect(addBusinessTime(overnight, at('2026-10-31T22:00', NY), { hours: 9 })).toEqual(at('2026-11-01T06:00', NY));
  });
});
