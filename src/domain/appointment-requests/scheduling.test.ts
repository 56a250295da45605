import { describe, expect, it } from 'vitest';
import { formatAppointmentTime, formatVisitTime, instantToLocalTime, localTimeToInstant } from './scheduling.js';
import { canTransition, statusesLeadingTo } from './state.js';

describe('localTimeToInstant', () => {
  it('reads a wall time in the organization zone', () => {
    const r = localTimeToInstant('2026-03-10T09:30', 'America/New_York');
    expect(r).toEqual({ ok: true, epochMs: Date.parse('2026-03-10T13:30:00Z') });
    expect(localTimeToInstant('2026-01-10T09:30', 'Europe/London')).toEqual({ ok: true, epochMs: Date.parse('2026-01-10T09:30:00Z') });
  });

  it('refuses a time skipped by spring-forward, and takes the first of a repeated one', () => {
    expect(localTimeToInstant('2026-03-08T02:30', 'America/New_York')).toEqual({ ok: false, reason: 'skipped' });
    expect(localTimeToInstant('2026-11-01T01:30', 'America/New_York')).toEqual({ ok: true, epochMs: Date.parse('2026-11-01T05:30:00Z') });
  });

  it('refuses malformed and impossible dates', () => {
    for (const bad of ['2026-02-30T09:00', '2026-03-10 09:30', '2026-03-10T24:00', '', 'tomorrow']) {
      expect(localTimeToInstant(bad, 'America/New_York'), bad).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('round-trips through instantToLocalTime', () => {
    const r = localTimeToInstant('2026-07-04T16:05', 'America/Los_Angeles');
    expect(r.ok && instantToLocalTime(r.epochMs, 'America/Los_Angeles')).toBe('2026-07-04T16:05');
  });

  it('formats with the zone named', () => {
    expect(formatAppointmentTime(Date.parse('2026-03-10T13:30:00Z'), 'America/New_York')).toBe('Tuesday, March 10, 2026 at 9:30 AM EDT');
  });
});

describe('request transitions', () => {
  it('lets pending requests be decided once, and a scheduled visit be moved or canceled', () => {
    expect(canTransition('in_review', 'scheduled')).toBe(true);
    expect(canTransition('submitted', 'declined')).toBe(true);
    expect(canTransition('scheduled', 'scheduled')).toBe(true);
    expect(canTransition('scheduled', 'declined')).toBe(false);
    expect(canTransition('declined', 'scheduled')).toBe(false);
    expect(canTransition('canceled', 'canceled')).toBe(false);
    expect(statusesLeadingTo('scheduled')).toEqual(['submitted', 'in_review', 'scheduled']);
  });
});

describe('formatVisitTime', () => {
  const dec1 = Date.parse('2026-12-01T14:30:00Z');
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('says the date as a patient does, in the practice zone and clock, the year only when it is another', () => {
    expect(formatVisitTime(dec1, 'America/New_York', { nowMs: now })).toBe('Tuesday, December 1 at 9:30 AM');
    expect(formatVisitTime(dec1, 'Europe/London', { country: 'GB', nowMs: now })).toBe('Tuesday 1 December at 14:30');
    expect(formatVisitTime(dec1, 'America/New_York', { lang: 'es', nowMs: now })).toMatch(/^martes, 1 de diciembre, 9:30/);
    expect(formatVisitTime(Date.parse('2027-01-05T14:30:00Z'), 'America/New_York', { nowMs: now })).toBe('Tuesday, January 5, 2027 at 9:30 AM');
  });
});
