import { describe, expect, it } from 'vitest';
import { formatInstantIn, formatWallTime, localeOfCountry, usesTwelveHourClock } from './clock.js';

describe('the clock of the organization’s country', () => {
  it('12 hours in the US, 24 in the UK', () => {
    expect(usesTwelveHourClock('US')).toBe(true);
    expect(usesTwelveHourClock('GB')).toBe(false);
    expect(formatWallTime('13:30', 'US')).toBe('1:30 PM');
    expect(formatWallTime('00:00', 'US')).toBe('12:00 AM');
    expect(formatWallTime('13:30', 'GB')).toBe('13:30');
    expect(formatWallTime('24:00', 'GB')).toBe('24:00');
    expect(localeOfCountry('gb')).toBe('en-GB');
  });

  it('an instant in the organization’s zone, naming the zone only when the viewer is elsewhere', () => {
    const at = '2026-11-25T14:41:00Z';
    expect(formatInstantIn(at, 'America/New_York', { country: 'US', viewerZone: 'America/New_York' })).toBe('Nov 25, 2026, 9:41 AM');
    expect(formatInstantIn(at, 'America/New_York', { country: 'US', viewerZone: 'Europe/London' })).toBe('Nov 25, 2026, 9:41 AM EST');
    expect(formatInstantIn(at, 'Europe/London', { country: 'GB', viewerZone: 'Europe/London' })).toBe('25 Nov 2026, 14:41');
    // E-mails name the zone always, the time alone when asked.
    expect(formatInstantIn(at, 'Europe/London', { country: 'GB', showZone: true, parts: 'time' })).toBe('14:41 GMT');
  });
});
