import { describe, expect, it } from 'vitest';
import { formatInstantIn, formatWallTime, practiceCountry, zoneAbbreviation } from './clock.js';
import { formatPhoneNumber } from './phone.js';

/** Issue 28: one formatter for a practice's numbers and times, in its country's conventions and its zone. */
describe('a practice’s times (formatInstantIn)', () => {
  const at = '2026-11-25T14:41:05Z';

  it('a US practice: month first, 12-hour clock, its own zone', () => {
    expect(formatInstantIn(at, 'America/Los_Angeles', { country: 'US' })).toBe('Nov 25, 2026, 6:41 AM');
    expect(formatInstantIn(at, 'America/Los_Angeles', { country: 'US', seconds: true })).toBe('Nov 25, 2026, 6:41:05 AM');
    expect(formatInstantIn(at, 'America/Los_Angeles', { country: 'US', parts: 'time' })).toBe('6:41 AM');
    expect(formatInstantIn(at, 'America/Los_Angeles', { country: 'US', parts: 'date', weekday: 'short' })).toBe('Wed, Nov 25, 2026');
  });

  it('a UK practice: day first, 24-hour clock', () => {
    expect(formatInstantIn(at, 'Europe/London', { country: 'GB' })).toBe('25 Nov 2026, 14:41');
    expect(formatInstantIn('2026-12-27T22:55:00Z', 'Europe/London', { country: 'GB' })).toBe('27 Dec 2026, 22:55');
    expect(formatInstantIn(at, 'Europe/London', { country: 'GB', parts: 'time', showZone: true })).toBe('14:41 GMT');
  });

  it('in Spanish, as written in the practice’s country', () => {
    expect(formatInstantIn(at, 'America/New_York', { country: 'US', language: 'es' })).toBe('25 nov 2026, 9:41 a.m.');
    expect(formatInstantIn(at, 'Europe/Madrid', { country: 'ES', language: 'es' })).toBe('25 nov 2026, 15:41');
    expect(formatInstantIn(at, 'America/New_York', { country: 'US', language: 'es', parts: 'time' })).toBe('9:41 a.m.');
  });

  it('the year only when it is not the current one there', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(formatInstantIn(at, 'America/New_York', { country: 'US', omitCurrentYear: true, now })).toBe('Nov 25, 9:41 AM');
    expect(formatInstantIn('2025-11-25T14:41:00Z', 'America/New_York', { country: 'US', omitCurrentYear: true, now })).toBe('Nov 25, 2025, 9:41 AM');
    // New Year's Eve in New York is already the next year in UTC: the year is the zone's.
    expect(formatInstantIn('2027-01-01T03:00:00Z', 'America/New_York', { country: 'US', omitCurrentYear: true, now: new Date('2026-12-31T12:00:00Z') })).toBe('Dec 31, 10:00 PM');
  });

  it('names the zone when the viewer’s clock differs, not when it is the same', () => {
    expect(formatInstantIn(at, 'America/New_York', { country: 'US', viewerZone: 'Europe/London' })).toBe('Nov 25, 2026, 9:41 AM EST');
    expect(formatInstantIn(at, 'America/New_York', { country: 'US', viewerZone: 'America/Toronto' })).toBe('Nov 25, 2026, 9:41 AM');
    expect(formatInstantIn(at, 'Europe/London', { country: 'GB', viewerZone: 'America/Los_Angeles' })).toBe('25 Nov 2026, 14:41 GMT');
  });

  it('across the US spring-forward change: 1:59 AM EST, then 3:00 AM EDT', () => {
    expect(formatInstantIn('2026-03-08T06:59:00Z', 'America/New_York', { country: 'US', parts: 'time', showZone: true })).toBe('1:59 AM EST');
    expect(formatInstantIn('2026-03-08T07:00:00Z', 'America/New_York', { country: 'US', parts: 'time', showZone: true })).toBe('3:00 AM EDT');
  });

  it('across the UK spring-forward change: 00:59 GMT, then 02:00 BST', () => {
    expect(formatInstantIn('2026-03-29T00:59:00Z', 'Europe/London', { country: 'GB', parts: 'time', showZone: true })).toBe('00:59 GMT');
    expect(formatInstantIn('2026-03-29T01:00:00Z', 'Europe/London', { country: 'GB', parts: 'time', showZone: true })).toBe('02:00 BST');
  });

  it('the hour repeated when clocks go back is told apart by its zone, even for a viewer in that zone', () => {
    const ny = { country: 'US', viewerZone: 'America/New_York', parts: 'time' } as const;
    expect(formatInstantIn('2026-11-01T05:30:00Z', 'America/New_York', ny)).toBe('1:30 AM EDT');
    expect(formatInstantIn('2026-11-01T06:30:00Z', 'America/New_York', ny)).toBe('1:30 AM EST');
    // Either side of the repeated hour needs no zone.
    expect(formatInstantIn('2026-11-01T04:30:00Z', 'America/New_York', ny)).toBe('12:30 AM');
    expect(formatInstantIn('2026-11-01T07:30:00Z', 'America/New_York', ny)).toBe('2:30 AM');
    const london = { country: 'GB', viewerZone: 'Europe/London', parts: 'time' } as const;
    expect(formatInstantIn('2026-10-25T00:30:00Z', 'Europe/London', london)).toBe('01:30 BST');
    expect(formatInstantIn('2026-10-25T01:30:00Z', 'Europe/London', london)).toBe('01:30 GMT');
  });

  it('says which zone: its short name at a date', () => {
    expect(zoneAbbreviation('America/New_York', '2026-07-01T12:00:00Z')).toBe('EDT');
    expect(zoneAbbreviation('Europe/London', '2026-07-01T12:00:00Z', 'GB')).toBe('BST');
  });

  it('nothing for what is not an instant', () => {
    expect(formatInstantIn('not a date', 'Europe/London', { country: 'GB' })).toBe('');
  });
});

describe('the practice’s country (practiceCountry)', () => {
  it('its address’s, the US when the address names none', () => {
    expect(practiceCountry({ country: 'gb' })).toBe('GB');
    expect(practiceCountry({ country: 'ES' })).toBe('ES');
    expect(practiceCountry({ country: '' })).toBe('US');
    expect(practiceCountry(null)).toBe('US');
  });
});

describe('a practice’s phone numbers (formatPhoneNumber)', () => {
  it('one UK number reads the same way for a UK practice wherever it is shown', () => {
    expect(formatPhoneNumber('+442079460000', 'GB')).toBe('020 7946 0000');
    expect(formatPhoneNumber('+442079460000', 'US')).toBe('+44 20 7946 0000');
  });
  it('a Spanish number for a Spanish practice, nationally; for a US one, internationally', () => {
    expect(formatPhoneNumber('+34912345678', 'ES')).toBe('912 34 56 78');
    expect(formatPhoneNumber('+34912345678', 'US')).toBe('+34 912 34 56 78');
  });
});

describe('a practice’s wall times (formatWallTime)', () => {
  it('in its clock, in the reader’s language', () => {
    expect(formatWallTime('18:00', 'US')).toBe('6:00 PM');
    expect(formatWallTime('18:00', 'US', 'es')).toBe('6:00 p.m.');
    expect(formatWallTime('18:00', 'GB', 'es')).toBe('18:00');
    expect(formatWallTime('09:30', 'ES', 'es')).toBe('09:30');
  });
});
