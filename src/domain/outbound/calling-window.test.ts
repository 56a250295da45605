import { describe, expect, it } from 'vitest';
import { calleeHours, calleeZones, mayCallNow, nextCallTime } from './calling-window.js';

const ms = (iso: string) => Date.parse(iso);
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
const weekdays = { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] };

describe('callee zones', () => {
  it('takes the contact’s zone first', () => {
    expect(calleeZones({ timeZone: 'America/Chicago', phone: '+442079460000' }, 'America/New_York')).toEqual({ zones: ['America/Chicago'], source: 'contact', label: 'America/Chicago' });
  });
  it('reads a single-zone country from the number', () => {
    expect(calleeZones({ timeZone: null, phone: '+442079460000' }, 'America/New_York')).toMatchObject({ zones: ['Europe/London'], source: 'number' });
  });
  it('keeps every zone of a multi-zone country, one per offset pair', () => {
    const z = calleeZones({ timeZone: null, phone: '+18605550100' }, 'Europe/London');
    expect(z.source).toBe('country');
    expect(z.label).toBe('US (all zones)');
    expect(z.zones).toEqual(expect.arrayContaining(['America/Los_Angeles', 'America/Phoenix', 'Pacific/Honolulu']));
    expect(z.zones.some((zone) => zone === 'America/New_York' || zone === 'America/Detroit')).toBe(true);
    expect(new Set(z.zones).size).toBe(z.zones.length);
  });
  it('falls back to the organization’s zone', () => {
    expect(calleeZones({ timeZone: 'Not/AZone', phone: 'garbage' }, 'America/Denver')).toMatchObject({ zones: ['America/Denver'], source: 'organization' });
  });
});

describe('calling window', () => {
  it('never rings before 08:00 or from 21:00 in the callee’s zone, whatever the campaign says', () => {
    expect(calleeHours('Europe/London', { start: '06:00', end: '23:00', days: [1] }).weekly).toEqual([{ day: 1, start: '08:00', end: '21:00' }]);
    // Monday 2026-01-05, 07:30 in New York → 08:00.
    expect(iso(nextCallTime(['America/New_York'], null, ms('2026-01-05T12:30:00Z')))).toBe('2026-01-05T13:00:00.000Z');
    // 21:00 sharp is closed; the next opening is 08:00 the next day.
    expect(iso(nextCallTime(['America/New_York'], null, ms('2026-01-06T02:00:00Z')))).toBe('2026-01-06T13:00:00.000Z');
    expect(mayCallNow(['America/New_York'], null, ms('2026-01-06T01:59:00Z'))).toBe(true);
  });

  it('waits over the weekend for a weekday window', () => {
    // Friday 2026-01-09 18:00 in Los Angeles → Monday 09:00 there.
    expect(iso(nextCallTime(['America/Los_Angeles'], weekdays, ms('2026-01-10T02:00:00Z')))).toBe('2026-01-12T17:00:00.000Z');
  });

  it('reads the same contacts differently across time zones', () => {
    const at = ms('2026-01-05T14:30:00Z'); // 09:30 New York, 06:30 Los Angeles, 14:30 London
    expect(mayCallNow(['America/New_York'], weekdays, at)).toBe(true);
    expect(mayCallNow(['America/Los_Angeles'], weekdays, at)).toBe(false);
    expect(iso(nextCallTime(['America/Los_Angeles'], weekdays, at))).toBe('2026-01-05T17:00:00.000Z');
    expect(mayCallNow(['Europe/London'], weekdays, at)).toBe(true);
    expect(iso(nextCallTime(['Asia/Tokyo'], weekdays, at))).toBe('2026-01-06T00:00:00.000Z');
  });

  it('follows the wall clock across the spring-forward change', () => {
    // Saturday 2026-03-07 22:00 EST; Sunday's 08:00 is EDT (UTC-4), an hour earlier in UTC than Saturday's.
    expect(iso(nextCallTime(['America/New_York'], null, ms('2026-03-08T03:00:00Z')))).toBe('2026-03-08T12:00:00.000Z');
    expect(iso(nextCallTime(['America/New_York'], null, ms('2026-03-07T03:00:00Z')))).toBe('2026-03-07T13:00:00.000Z');
  });

  it('follows the wall clock across the fall-back change', () => {
    // Sunday 2026-11-01: 08:00 is EST (UTC-5) after the 02:00 change.
    expect(iso(nextCallTime(['America/New_York'], null, ms('2026-11-01T05:00:00Z')))).toBe('2026-11-01T13:00:00.000Z');
    // London changes a week earlier (2026-10-25): 08:00 GMT = 08:00 UTC.
    expect(iso(nextCallTime(['Europe/London'], null, ms('2026-10-25T01:00:00Z')))).toBe('2026-10-25T08:00:00.000Z');
  });

  it('a number of a multi-zone country waits until it is 08:00 everywhere in it', () => {
    const us = calleeZones({ timeZone: null, phone: '+18605550100' }, 'UTC').zones;
    // 08:00 in Honolulu (UTC-10, no DST) is 18:00 UTC, 13:00 in New York.
    expect(iso(nextCallTime(us, null, ms('2026-01-05T12:00:00Z')))).toBe('2026-01-05T18:00:00.000Z');
    // …and it stops at 21:00 New York (02:00 UTC).
    expect(mayCallNow(us, null, ms('2026-01-06T01:59:00Z'))).toBe(true);
    expect(mayCallNow(us, null, ms('2026-01-06T02:00:00Z'))).toBe(false);
  });

  it('a window that cannot open answers null', () => {
    expect(nextCallTime(['Europe/London'], { start: '21:30', end: '23:00', days: [1] }, ms('2026-01-05T12:00:00Z'))).toBeNull();
  });
});
