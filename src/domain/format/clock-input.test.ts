import { describe, expect, it } from 'vitest';
import { formatWallTime, parseWallTime, wallTimesInClock } from './clock.js';

describe('a typed time', () => {
  it.each([
    ['9:00 AM', '09:00'],
    ['9am', '09:00'],
    ['9 a.m.', '09:00'],
    ['9.30 p.m.', '21:30'],
    ['12:15 pm', '12:15'],
    ['12 AM', '00:00'],
    ['12:30a', '00:30'],
    ['09:00', '09:00'],
    ['0900', '09:00'],
    ['930', '09:30'],
    ['17:30', '17:30'],
    ['17h30', '17:30'],
    ['5', '05:00'],
    ['noon', '12:00'],
    ['Midnight', '00:00'],
    ['24:00', '24:00'],
  ])('%s → %s', (typed, stored) => expect(parseWallTime(typed)).toBe(stored));

  it.each(['', 'nine', '13pm', '0am', '25:00', '9:60', '24:30', '9:5'])('not a time: %s', (typed) => expect(parseWallTime(typed)).toBeNull());

  it('round-trips through both clocks', () => {
    for (const stored of ['00:00', '08:05', '12:00', '13:30', '23:59']) {
      expect(parseWallTime(formatWallTime(stored, 'US'))).toBe(stored);
      expect(parseWallTime(formatWallTime(stored, 'GB'))).toBe(stored);
    }
  });

  it("puts a message's times in the country's clock", () => {
    expect(wallTimesInClock('Mon 09:00–12:00 overlaps Mon 11:00–17:00.', 'US')).toBe('Mon 9:00 AM–12:00 PM overlaps Mon 11:00 AM–5:00 PM.');
    expect(wallTimesInClock('must be 20:00 or earlier', 'GB')).toBe('must be 20:00 or earlier');
  });
});
