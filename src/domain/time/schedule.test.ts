import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { coverage, onDuty } from './schedule.js';
import { type Assignee, type Schedule, type Shift, validateSchedule } from './schedule.schema.js';

const NY = 'America/New_York';
const at = (local: string) => Temporal.PlainDateTime.from(local).toZonedDateTime(NY).toInstant();

const ana: Assignee = { type: 'user', userId: 'ana' };
const ben: Assignee = { type: 'user', userId: 'ben' };
const cleo: Assignee = { type: 'user', userId: 'cleo' };
const pager: Assignee = { type: 'phone', phone: '+14155550123' };

const weekdays = [1, 2, 3, 4, 5];
const shift = (id: string, assignee: Assignee, precedence: number, extra: Partial<Shift> = {}): Shift => ({
  id,
  assignee,
  days: weekdays,
  start: '09:00',
  end: '17:00',
  precedence,
  ...extra,
});

function schedule(shifts: Shift[], overrides: Schedule['overrides'] = []): Schedule {
  const s = { timeZone: NY, shifts, overrides };
  expect(validateSchedule(s)).toEqual([]);
  return s;
}

describe('onDuty', () => {
  const s = schedule(
    [
      shift('front-2', ana, 2),
      shift('front-1', ben, 1),
      shift('again', ana, 3),
      shift('night', pager, 5, { days: [5], start: '22:00', end: '06:00' }),
    ],
    [
      { id: 'cover', assignee: cleo, from: '2026-06-03T12:00', to: '2026-06-03T14:00', replacesAssignee: ben },
      { id: 'extra', assignee: pager, from: '2026-06-04T15:00:00Z', to: '2026-06-04T17:00:00Z' },
    ],
  );

  it('orders shifts by precedence and lists each person once', () => {
    expect(onDuty(s, at('2026-06-01T10:00'))).toEqual([ben, ana]);
    expect(onDuty(s, at('2026-06-01T17:00'))).toEqual([]);
  });

  it('puts overrides first and takes off the person covered for', () => {
    expect(onDuty(s, at('2026-06-03T12:30'))).toEqual([cleo, ana]);
    expect(onDuty(s, at('2026-06-03T14:00'))).toEqual([ben, ana]);
    expect(onDuty(s, Temporal.Instant.from('2026-06-04T15:30:00Z').epochMilliseconds)).toEqual([pager, ben, ana]);
  });

  it('keeps an overnight shift on duty past midnight', () => {
    expect(onDuty(s, at('2026-06-06T03:00'))).toEqual([pager]);
    expect(onDuty(s, at('2026-06-06T06:00'))).toEqual([]);
  });

  it('honours effective dates by the date a shift starts', () => {
    const limited = schedule([shift('temp', ana, 1, { effectiveFrom: '2026-06-02', effectiveTo: '2026-06-03', start: '22:00', end: '02:00' })]);
    expect(onDuty(limited, at('2026-06-01T23:00'))).toEqual([]);
    expect(onDuty(limited, at('2026-06-02T23:00'))).toEqual([ana]);
    expect(onDuty(limited, at('2026-06-04T01:00'))).toEqual([ana]);
    expect(onDuty(limited, at('2026-06-04T23:00'))).toEqual([]);
  });

  it('counts a night shift on the fall-back night as 9 real hours', () => {
    const night = schedule([shift('night', pager, 1, { days: [6], start: '22:00', end: '06:00' })]);
    const segments = coverage(night, at('2026-10-31T12:00'), at('2026-11-01T12:00'));
    const onCall = segments.find((seg) => seg.onDuty.length > 0)!;
    expect(onCall.start.until(onCall.end).total('hours')).toBe(9);
  });
});

describe('coverage', () => {
  const s = schedule(
    [shift('day', ana, 1), shift('late', ben, 2, { start: '16:00', end: '20:00' })],
    [{ id: 'cover', assignee: cleo, from: '2026-06-02T10:00', to: '2026-06-02T11:00', replacesAssignee: ana }],
  );

  it('splits a week into contiguous segments, with gaps as empty segments', () => {
    const from = at('2026-06-01T00:00');
    const to = at('2026-06-08T00:00');
    const segments = coverage(s, from, to);
    expect(segments[0]!.start).toEqual(from);
    expect(segments.at(-1)!.end).toEqual(to);
    for (let i = 1; i < segments.length; i++) {
      expect(segments[i]!.start).toEqual(segments[i - 1]!.end);
      expect(segments[i]!.onDuty).not.toEqual(segments[i - 1]!.onDuty);
    }
    const monday = segments.filter((seg) => Temporal.Instant.compare(seg.start, at('2026-06-02T00:00')) < 0);
    expect(monday.map((seg) => [seg.start.toZonedDateTimeISO(NY).toPlainTime().toString().slice(0, 5), seg.onDuty])).toEqual([
      ['00:00', []],
      ['09:00', [ana]],
      ['16:00', [ana, ben]],
      ['17:00', [ben]],
      ['20:00', []],
    ]);
    const tuesdayCover = segments.find((seg) => seg.start.equals(at('2026-06-02T10:00')))!;
    expect(tuesdayCover.onDuty).toEqual([cleo]);
    expect(tuesdayCover.end).toEqual(at('2026-06-02T11:00'));
  });

  it('returns nothing for an empty range and refuses very long ones', () => {
    expect(coverage(s, at('2026-06-02T00:00'), at('2026-06-01T00:00'))).toEqual([]);
    expect(() => coverage(s, at('2026-01-01T00:00'), at('2027-06-01T00:00'))).toThrow(RangeError);
  });
});

describe('validateSchedule', () => {
  it('reports bad phones, empty days, reversed overrides, self-cover and duplicate ids', () => {
    const errors = validateSchedule({
      timeZone: NY,
      shifts: [
        shift('a', { type: 'phone', phone: '555-0123' }, 1),
        shift('a', ana, 1, { days: [], end: '09:00' }),
      ],
      overrides: [
        { id: 'o1', assignee: ben, from: '2026-06-02T12:00', to: '2026-06-02T11:00' },
        { id: 'o2', assignee: ben, from: '2026-06-02T10:00:00Z', to: 'tomorrow', replacesAssignee: ben },
      ],
    });
    expect(errors.map((e) => e.path).sort()).toEqual([
      'overrides.0.to',
      'overrides.1.replacesAssignee',
      'overrides.1.to',
      'shifts.0.assignee.phone',
      'shifts.1.days',
      'shifts.1.end',
      'shifts.1.id',
    ]);
  });

  it('resolves local override times in the schedule zone, across DST', () => {
    // 01:30–01:45 on the fall-back night: first 01:30 to second 01:45, so it is valid and 75 minutes long.
    const s = schedule([], [{ id: 'o', assignee: ana, from: '2026-11-01T01:30', to: '2026-11-01T01:45' }]);
    const [seg] = coverage(s, at('2026-11-01T01:00'), at('2026-11-01T04:00')).filter((x) => x.onDuty.length > 0);
    expect(seg!.start.until(seg!.end).total('minutes')).toBe(75);
  });
});
