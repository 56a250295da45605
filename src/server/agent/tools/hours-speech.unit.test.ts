import { describe, expect, it } from 'vitest';
import { localDate, sayTime, sayWeeklyHours, sayWhen } from './hours-speech.js';

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
