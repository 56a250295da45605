import { describe, expect, it } from 'vitest';
import { bookedCalendar, clinicianClashes, clinicianKey, overlaps, type BookedVisit } from './booked-visits.js';

const at = (iso: string) => Date.parse(iso);
const visit = (iso: string, minutes: number, clinician: string | null = 'Dr Chen'): BookedVisit => ({ startMs: at(iso), minutes, clinician });

describe('overlaps', () => {
  it('is true when two visits share a moment, false when one ends as the other starts', () => {
    expect(overlaps(at('2026-12-01T10:00:00Z'), 30, at('2026-12-01T10:15:00Z'), 30)).toBe(true);
    expect(overlaps(at('2026-12-01T10:00:00Z'), 120, at('2026-12-01T10:30:00Z'), 15)).toBe(true);
    expect(overlaps(at('2026-12-01T10:30:00Z'), 15, at('2026-12-01T10:00:00Z'), 120)).toBe(true);
    expect(overlaps(at('2026-12-01T10:00:00Z'), 30, at('2026-12-01T10:30:00Z'), 30)).toBe(false);
    expect(overlaps(at('2026-12-01T10:30:00Z'), 30, at('2026-12-01T10:00:00Z'), 30)).toBe(false);
  });
});

describe('clinicianKey', () => {
  it('compares names without case or spaces', () => {
    expect(clinicianKey('  Dr   Chen ')).toBe(clinicianKey('dr chen'));
    expect(clinicianKey('DR CHEN')).toBe('drchen');
    expect(clinicianKey('Dr. Chen')).toBe(clinicianKey('Dr Chen'));
    expect(clinicianKey('Dr Chen')).not.toBe(clinicianKey('Dr Cheng'));
    expect(clinicianKey(null)).toBe('');
    expect(clinicianKey('   ')).toBe('');
  });
});

describe('bookedCalendar', () => {
  it('finds the visits overlapping a slot, a long one that started hours before included, in time order', () => {
    const visits = [visit('2026-12-01T14:00:00Z', 30), visit('2026-12-01T06:00:00Z', 480, 'Dr Lee'), visit('2026-12-01T13:30:00Z', 30), visit('2026-12-01T12:00:00Z', 60)];
    const calendar = bookedCalendar(visits);
    expect(calendar.overlapping(at('2026-12-01T13:30:00Z'), 30)).toEqual([visits[1], visits[2]]);
    expect(calendar.overlapping(at('2026-12-01T13:45:00Z'), 30)).toEqual([visits[1], visits[2], visits[0]]);
    expect(calendar.overlapping(at('2026-12-01T14:30:00Z'), 30)).toEqual([]);
    expect(bookedCalendar([]).overlapping(at('2026-12-01T14:30:00Z'), 30)).toEqual([]);
  });

  it('agrees with checking every visit, for many random calendars', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 200; round++) {
      const visits = Array.from({ length: rand(30) }, () => ({ startMs: rand(2000) * 60_000, minutes: 5 + rand(300), clinician: null }));
      const startMs = rand(2000) * 60_000;
      const minutes = 5 + rand(120);
      const slow = visits.filter((v) => overlaps(startMs, minutes, v.startMs, v.minutes)).sort((a, b) => a.startMs - b.startMs);
      expect(bookedCalendar(visits).overlapping(startMs, minutes).map((v) => v.startMs)).toEqual(slow.map((v) => v.startMs));
    }
  });
});

describe('clinicianClashes', () => {
  it("answers only the same clinician's overlapping visits, and none without a clinician", () => {
    const visits = [visit('2026-12-01T14:00:00Z', 30, 'Dr  chen'), visit('2026-12-01T14:00:00Z', 30, 'Dr Lee'), visit('2026-12-01T14:00:00Z', 30, null)];
    expect(clinicianClashes(visits, 'DR CHEN', at('2026-12-01T14:15:00Z'), 30)).toEqual([visits[0]]);
    expect(clinicianClashes(visits, 'DR CHEN', at('2026-12-01T14:30:00Z'), 30)).toEqual([]);
    expect(clinicianClashes(visits, '', at('2026-12-01T14:15:00Z'), 30)).toEqual([]);
    expect(clinicianClashes(visits, null, at('2026-12-01T14:15:00Z'), 30)).toEqual([]);
  });
});
