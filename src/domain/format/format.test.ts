import { describe, expect, it } from 'vitest';
import { formatDateOfBirth } from './date-of-birth.js';
import { formatPhoneNumber } from './phone.js';
import { readSpoken } from './spoken.js';

describe('formatPhoneNumber', () => {
  it('national for the viewer’s country, international for others', () => {
    expect(formatPhoneNumber('+18605550142', 'US')).toBe('(860) 555-0142');
    expect(formatPhoneNumber('+442079460000', 'GB')).toBe('020 7946 0000');
    expect(formatPhoneNumber('+442079460000', 'US')).toBe('+44 20 7946 0000');
    expect(formatPhoneNumber('+18605550142', 'GB')).toBe('+1 860 555 0142');
  });
  it('US and Canadian numbers share one plan', () => {
    expect(formatPhoneNumber('+14165550199', 'US')).toBe('(416) 555-0199');
  });
  it('a possible number outside the known ranges: national with the viewer’s country code, else international', () => {
    expect(formatPhoneNumber('+447700900470', 'GB')).toBe('07700 900470');
    expect(formatPhoneNumber('+447700900470', 'US')).toBe('+44 7700 900470');
  });
  it('leaves what is not a number as it was', () => {
    expect(formatPhoneNumber('anonymous')).toBe('anonymous');
    expect(formatPhoneNumber('')).toBe('');
    expect(formatPhoneNumber(null)).toBe('');
  });
});

describe('readSpoken', () => {
  it('shows a number read out digit by digit as a phone number', () => {
    expect(readSpoken('Is 8 6 0, 5 5 5, 0 1 2 3 the best number?')).toBe('Is (860) 555-0123 the best number?');
    expect(readSpoken('We will call 5 1 0, 2 3 7, 0 1 9 9 back.')).toBe('We will call (510) 237-0199 back.');
  });
  it('joins a spelled reference code by its groups', () => {
    expect(readSpoken('Your reference code is K 7 M, 4 P 2 Q.')).toBe('Your reference code is K7M 4P2Q.');
  });
  it('leaves ordinary words and short numbers alone', () => {
    expect(readSpoken('I A M here at 9 AM, room 12.')).toBe('I A M here at 9 AM, room 12.');
    expect(readSpoken('Press 1 or 2.')).toBe('Press 1 or 2.');
  });
});


describe('formatDateOfBirth', () => {
  it('in the locale’s order, never moved by a time zone', () => {
    expect(formatDateOfBirth('1984-03-09', 'en-US')).toBe('03/09/1984');
    expect(formatDateOfBirth('1984-03-09', 'en-GB')).toBe('09/03/1984');
    expect(formatDateOfBirth('1984-03-09', 'en-US', { long: true })).toBe('March 9, 1984');
    expect(formatDateOfBirth('1984-03-09', 'en-GB', { long: true })).toBe('9 March 1984');
  });
  it('leaves what is not a date as it was', () => {
    expect(formatDateOfBirth('unknown', 'en-US')).toBe('unknown');
    expect(formatDateOfBirth(null)).toBe('');
  });
});
