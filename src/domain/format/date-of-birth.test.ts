import { describe, expect, it } from 'vitest';
import { dateOrder, EXAMPLE_DATE, formatCalendarDate, formatDateInput, parseDateOfBirth } from './date-of-birth.js';

/** Issue 28 walk: a UK practice's pages write and read dates day first, a US practice's month first. */
describe('typed calendar dates in the practice’s order', () => {
  it('the order people of the country write a date in figures', () => {
    expect(dateOrder('GB')).toBe('dmy');
    expect(dateOrder('US')).toBe('mdy');
    expect(dateOrder('CA')).toBe('ymd');
    expect(dateOrder(null)).toBe('mdy');
  });

  it('shows a date as it is typed there', () => {
    expect(formatDateInput('1984-03-09', 'GB')).toBe('09/03/1984');
    expect(formatDateInput('1984-03-09', 'US')).toBe('03/09/1984');
    expect(formatDateInput(EXAMPLE_DATE, 'GB')).toBe('27/03/2007');
    expect(formatDateInput('', 'GB')).toBe('');
  });

  it('reads what is typed in the same order, with any usual separator', () => {
    expect(parseDateOfBirth('9/3/1984', 'GB')).toBe('1984-03-09');
    expect(parseDateOfBirth('09.03.1984', 'GB')).toBe('1984-03-09');
    expect(parseDateOfBirth('9 3 1984', 'GB')).toBe('1984-03-09');
    expect(parseDateOfBirth(' 09-03-1984 ', 'GB')).toBe('1984-03-09');
    expect(parseDateOfBirth('3/9/1984', 'US')).toBe('1984-03-09');
    expect(parseDateOfBirth('1984-03-09', 'GB')).toBe('1984-03-09');
    expect(parseDateOfBirth('1984/3/9', 'US')).toBe('1984-03-09');
  });

  it('round-trips what it shows', () => {
    for (const country of ['GB', 'US', 'CA']) expect(parseDateOfBirth(formatDateInput('1984-12-31', country), country)).toBe('1984-12-31');
  });

  it('refuses what is not a real date', () => {
    expect(parseDateOfBirth('27/03/2007', 'US')).toBeNull();
    expect(parseDateOfBirth('31/02/1980', 'GB')).toBeNull();
    expect(parseDateOfBirth('1850-01-01', 'US')).toBeNull();
    expect(parseDateOfBirth('yesterday', 'GB')).toBeNull();
  });

  it('a calendar date in words, never moved by a time zone', () => {
    expect(formatCalendarDate('2026-11-26', 'en-GB', { weekday: 'short', month: 'long', day: 'numeric' })).toBe('Thu 26 November');
    expect(formatCalendarDate('2026-11-26', 'en-US', { weekday: 'short', month: 'long', day: 'numeric' })).toBe('Thu, November 26');
    expect(formatCalendarDate('not a date', 'en-GB', { day: 'numeric' })).toBe('not a date');
  });
});
