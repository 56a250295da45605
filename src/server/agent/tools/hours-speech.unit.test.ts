import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import type { DayHours } from '../../../domain/time/day-hours.js';
import { localDate, sayDayHours, sayTime, sayWeekendHours, sayWeeklyHours, sayWhen } from './hours-speech.js';

describe('hours as speech', () => {
  it('says times', () => {
    expect(sayTime('08:00')).toBe('8 AM');
    expect(sayTime('12:00')).toBe('noon');
    expect(sayTime('13:30')).toBe('1:30 PM');
    expect(sayTime('24:00')).toBe('midnight');
  });
  it('groups days with the same hours', () => {
    const weekly = [1, 2, 3, 4, 5].flatMap((day) => [
      { day, start: '08:00', end: '12:00' },
      { day, start: '13:00', end: '17:00' },
    ]);
    expect(sayWeeklyHours([...weekly, { day: 6, start: '09:00', end: '12:00' }])).toBe(
      'Monday to Friday, 8 AM to noon and 1 PM to 5 PM; Saturday, 9 AM to noon; closed Sunday.',
    );
  });
  it('says when a change happens', () => {
    const now = Date.parse('2026-05-11T14:00:00Z'); // Monday 10:00 in New York
    expect(sayWhen(Date.parse('2026-05-11T21:00:00Z'), now, 'America/New_York')).toBe('today at 5 PM');
    expect(sayWhen(Date.parse('2026-05-12T12:00:00Z'), now, 'America/New_York')).toBe('tomorrow at 8 AM');
    expect(sayWhen(Date.parse('2026-05-15T12:00:00Z'), now, 'America/New_York')).toBe('on Friday at 8 AM');
  });
  it('knows the local date', () => {
    expect(localDate(Date.parse('2026-05-11T03:30:00Z'), 'America/New_York')).toBe('2026-05-10');
    expect(localDate(Date.parse('2026-05-11T03:30:00Z'), 'Europe/London')).toBe('2026-05-11');
  });
});

describe("one day's hours as speech", () => {
  const zone = 'America/New_York';
  const nowMs = Date.parse('2026-11-24T15:00:00Z'); // Tuesday 10:00 in New York
  const today = '2026-11-24';
  const day = (date: string, dayOfWeek: number, intervals: { start: string; end: string }[], extra: Partial<DayHours> = {}): DayHours => ({ date, dayOfWeek, intervals, label: null, nextOpening: null, ...extra });

  it('names today, tomorrow and the days after as a person would', () => {
    expect(sayDayHours(day(today, 2, [{ start: '08:00', end: '18:00' }]), { today, nowMs, timeZone: zone })).toBe("Today we're open 8 AM to 6 PM.");
    expect(sayDayHours(day('2026-11-25', 3, [{ start: '08:00', end: '12:00' }, { start: '13:00', end: '17:30' }]), { today, nowMs, timeZone: zone })).toBe(
      "Tomorrow, Wednesday, we're open 8 AM to noon and 1 PM to 5:30 PM.",
    );
    expect(sayDayHours(day('2026-11-28', 6, [{ start: '09:00', end: '13:00' }]), { today, nowMs, timeZone: zone })).toBe("On Saturday we're open 9 AM to 1 PM.");
    expect(sayDayHours(day(today, 2, [{ start: '00:00', end: '24:00' }]), { today, nowMs, timeZone: zone })).toBe("Today we're open all day.");
  });

  it('says a closed day, its holiday and when the practice opens next', () => {
    const next = Temporal.Instant.from('2026-11-28T14:00:00Z');
    expect(sayDayHours(day('2026-11-26', 4, [], { label: 'Thanksgiving', nextOpening: next }), { today, nowMs, timeZone: zone })).toBe(
      "We're closed on Thursday for Thanksgiving. We open again on Saturday at 9 AM.",
    );
    expect(sayDayHours(day('2026-11-25', 3, [], { nextOpening: next }), { today, nowMs, timeZone: zone })).toBe("We're closed tomorrow, Wednesday. We open again on Saturday at 9 AM.");
    expect(sayDayHours(day('2026-12-24', 4, [{ start: '08:00', end: '12:00' }], { label: 'Christmas Eve' }), { today, nowMs, timeZone: zone })).toBe(
      'On Thursday, December 24, we have special hours for Christmas Eve: 8 AM to noon.',
    );
  });

  it('says the weekend in one sentence', () => {
    const sat = day('2026-11-28', 6, [{ start: '09:00', end: '13:00' }]);
    const sun = day('2026-11-29', 7, [], { nextOpening: Temporal.Instant.from('2026-11-30T13:00:00Z') });
    expect(sayWeekendHours([sat, sun], { nowMs, timeZone: zone })).toBe('This weekend: Saturday, 9 AM to 1 PM; closed Sunday.');
    expect(sayWeekendHours([sat, { ...sun, intervals: sat.intervals }], { nowMs, timeZone: zone })).toBe('This weekend: Saturday and Sunday, 9 AM to 1 PM.');
    expect(sayWeekendHours([{ ...sat, intervals: [] }, sun], { nowMs, timeZone: zone })).toBe("We're closed this weekend. We open again on Monday at 8 AM.");
  });
});
