import { describe, expect, it } from 'vitest';
import type { Hours } from '../time/index.js';
import type { BookedVisit } from './booked-visits.js';
import { readPreferences, slotWarnings, suggestSlots, type VisitPreferences } from './visit-slots.js';

const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));
const NY: Hours = { timeZone: 'America/New_York', weekly: weekdays('08:00', '17:00'), overrides: [] };
const tueThuMornings: VisitPreferences = { days: ['tue', 'thu'], timesOfDay: ['morning'], earliestDate: null, text: 'Tuesday or Thursday mornings' };
const at = (iso: string) => Date.parse(iso);

describe('suggestSlots', () => {
  it('offers Tuesday and Thursday mornings inside office hours, two a day, on the half hour', () => {
    // Monday 30 November 2026, 10:10 in New York.
    const slots = suggestSlots(NY, tueThuMornings, { fromMs: at('2026-11-30T15:10:00Z'), minutes: 30 });
    expect(slots.map((s) => s.local)).toEqual(['2026-12-01T08:00', '2026-12-01T08:30', '2026-12-03T08:00', '2026-12-03T08:30', '2026-12-08T08:00', '2026-12-08T08:30']);
    expect(slots.every((s) => s.fitsPreferences)).toBe(true);
    expect(slots[0]!.epochMs).toBe(at('2026-12-01T13:00:00Z'));
  });

  it('keeps the wall clock across the spring-forward week', () => {
    // Wednesday 4 March 2026 (EST); the clocks go forward on Sunday 8 March.
    const slots = suggestSlots(NY, tueThuMornings, { fromMs: at('2026-03-04T17:00:00Z'), minutes: 30, count: 3 });
    expect(slots.map((s) => s.local)).toEqual(['2026-03-05T08:00', '2026-03-05T08:30', '2026-03-10T08:00']);
    expect(slots[0]!.epochMs).toBe(at('2026-03-05T13:00:00Z'));
    expect(slots[2]!.epochMs).toBe(at('2026-03-10T12:00:00Z'));
  });

  it('skips closed days: weekends, and a date the practice has closed', () => {
    const holiday: Hours = { ...NY, overrides: [{ from: '2026-12-01', to: '2026-12-01', label: 'Staff training', closed: true, intervals: [] }] };
    const anyDay: VisitPreferences = { days: [], timesOfDay: [], earliestDate: null, text: null };
    // Friday 27 November 2026, 16:05: the rest of Friday has room for one 30-minute visit at 16:30.
    const slots = suggestSlots(holiday, anyDay, { fromMs: at('2026-11-27T21:05:00Z'), minutes: 30, count: 5 });
    expect(slots.map((s) => s.local)).toEqual(['2026-11-27T16:30', '2026-11-30T08:00', '2026-11-30T08:30', '2026-12-02T08:00', '2026-12-02T08:30']);
  });

  it('fits the whole visit before closing and starts at the earliest date the patient gave', () => {
    const afternoons: VisitPreferences = { days: ['fri'], timesOfDay: ['afternoon'], earliestDate: '2026-12-10', text: null };
    const slots = suggestSlots({ ...NY, weekly: weekdays('13:00', '14:30') }, afternoons, { fromMs: at('2026-11-30T15:00:00Z'), minutes: 60, count: 4 });
    expect(slots.map((s) => s.local)).toEqual(['2026-12-11T13:00', '2026-12-11T13:30', '2026-12-18T13:00', '2026-12-18T13:30']);
  });

  it('falls back to office hours, marked as not fitting, when the preferences never meet them', () => {
    const saturdays: VisitPreferences = { days: ['sat'], timesOfDay: [], earliestDate: null, text: null };
    const slots = suggestSlots(NY, saturdays, { fromMs: at('2026-11-30T15:10:00Z'), minutes: 30, count: 2 });
    expect(slots).toEqual([
      { local: '2026-11-30T10:30', epochMs: at('2026-11-30T15:30:00Z'), fitsPreferences: false, otherVisits: 0 },
      { local: '2026-11-30T11:00', epochMs: at('2026-11-30T16:00:00Z'), fitsPreferences: false, otherVisits: 0 },
    ]);
  });

  it('answers nothing for a practice that is never open', () => {
    expect(suggestSlots({ ...NY, weekly: [] }, tueThuMornings, { fromMs: at('2026-11-30T15:10:00Z'), minutes: 30 })).toEqual([]);
  });
});

describe('suggestSlots around visits already booked', () => {
  // Monday 30 November 2026, 10:10 in New York; Tuesday 1 December 08:00 is 13:00Z.
  const fromMs = at('2026-11-30T15:10:00Z');
  const chen = (iso: string, minutes = 30): BookedVisit => ({ startMs: at(iso), minutes, clinician: 'Dr Chen' });

  it('skips every slot that overlaps a visit of the chosen clinician, named in any case or spacing', () => {
    const visits = [chen('2026-12-01T13:00:00Z'), chen('2026-12-01T13:40:00Z', 10), { startMs: at('2026-12-03T13:00:00Z'), minutes: 30, clinician: 'Dr Lee' }];
    const slots = suggestSlots(NY, tueThuMornings, { fromMs, minutes: 30, count: 4, booked: { visits, clinician: '  dr   CHEN ' } });
    // 08:00 is hers; 08:30–09:00 overlaps her 08:40; 09:00 is free. Dr Lee's 08:00 on Thursday does not count for her, but is said.
    expect(slots.map((s) => [s.local, s.otherVisits])).toEqual([
      ['2026-12-01T09:00', 0],
      ['2026-12-01T09:30', 0],
      ['2026-12-03T08:00', 1],
      ['2026-12-03T08:30', 0],
    ]);
  });

  it('a visit that ends when the slot starts does not overlap it; a long one that started earlier does', () => {
    const visits = [chen('2026-12-01T12:30:00Z'), chen('2026-12-03T11:00:00Z', 240)];
    const slots = suggestSlots(NY, tueThuMornings, { fromMs, minutes: 30, count: 3, booked: { visits, clinician: 'Dr Chen' } });
    // Tuesday 07:30–08:00 leaves 08:00 free; Thursday 06:00–10:00 covers the morning until 10:00.
    expect(slots.map((s) => s.local)).toEqual(['2026-12-01T08:00', '2026-12-01T08:30', '2026-12-03T10:00']);
  });

  it('without a clinician, prefers times when the practice has no visit, then fills in with the others and their count', () => {
    const oneHour: Hours = { ...NY, weekly: weekdays('08:00', '09:00') };
    // Every Tuesday and Thursday morning of the horizon taken by two visits, except Thursday 3 December.
    const visits: BookedVisit[] = [];
    for (let day = Date.parse('2026-12-01T13:00:00Z'); day < Date.parse('2027-02-15T00:00:00Z'); day += 86_400_000) {
      const weekday = new Date(day).getUTCDay();
      if ((weekday === 2 || weekday === 4) && new Date(day).toISOString().slice(0, 10) !== '2026-12-03') {
        visits.push(chen(new Date(day).toISOString(), 60), { startMs: day, minutes: 60, clinician: 'Dr Lee' });
      }
    }
    const taken = suggestSlots(oneHour, tueThuMornings, { fromMs, minutes: 30, count: 4, booked: { visits, clinician: null } });
    expect(taken.map((s) => [s.local, s.otherVisits])).toEqual([
      ['2026-12-03T08:00', 0],
      ['2026-12-03T08:30', 0],
      ['2026-12-01T08:00', 2],
      ['2026-12-01T08:30', 2],
    ]);
    // With nothing booked, the same six as before.
    expect(suggestSlots(NY, tueThuMornings, { fromMs, minutes: 30, booked: { visits: [], clinician: null } }).map((s) => s.local)).toEqual(
      suggestSlots(NY, tueThuMornings, { fromMs, minutes: 30 }).map((s) => s.local),
    );
  });
});

describe('slotWarnings', () => {
  it('warns when the clinician already has a visit overlapping the slot, by the same name in any case or spacing', () => {
    const visits: BookedVisit[] = [{ startMs: at('2026-12-01T14:00:00Z'), minutes: 30, clinician: 'Dr Chen' }];
    expect(slotWarnings(NY, tueThuMornings, at('2026-12-01T13:45:00Z'), 30, { visits, clinician: 'dr chen' })).toEqual(['clinician_busy']);
    expect(slotWarnings(NY, tueThuMornings, at('2026-12-01T13:30:00Z'), 30, { visits, clinician: 'dr chen' })).toEqual([]);
    expect(slotWarnings(NY, tueThuMornings, at('2026-12-01T14:00:00Z'), 30, { visits, clinician: 'Dr Lee' })).toEqual([]);
    expect(slotWarnings(NY, tueThuMornings, at('2026-12-01T14:00:00Z'), 30, { visits, clinician: null })).toEqual([]);
    expect(slotWarnings(NY, tueThuMornings, at('2026-12-05T15:00:00Z'), 30, { visits: [{ ...visits[0]!, startMs: at('2026-12-05T15:15:00Z') }], clinician: 'DrChen' })).toEqual([
      'outside_office_hours',
      'not_a_preferred_day',
      'clinician_busy',
    ]);
  });


  it('warns on a Saturday slot for a patient who asked for Tuesday or Thursday mornings', () => {
    expect(slotWarnings(NY, tueThuMornings, at('2026-12-05T15:00:00Z'), 30)).toEqual(['outside_office_hours', 'not_a_preferred_day']);
  });

  it('warns on the wrong time of day and on a visit that runs past closing', () => {
    expect(slotWarnings(NY, tueThuMornings, at('2026-12-01T19:00:00Z'), 30)).toEqual(['not_a_preferred_time']);
    expect(slotWarnings(NY, { ...tueThuMornings, timesOfDay: [] }, at('2026-12-01T21:45:00Z'), 30)).toEqual(['outside_office_hours']);
    expect(slotWarnings(NY, tueThuMornings, at('2026-12-01T14:30:00Z'), 30)).toEqual([]);
  });

  it('warns before the earliest date', () => {
    expect(slotWarnings(NY, { ...tueThuMornings, earliestDate: '2026-12-03' }, at('2026-12-01T14:30:00Z'), 30)).toEqual(['before_earliest_date']);
  });
});

describe('readPreferences', () => {
  it('keeps known days and times in week order and drops anything else', () => {
    expect(readPreferences({ days: ['thu', 'tue', 'someday', 3], timesOfDay: ['morning', 'night'], earliestDate: 'soon', text: '  Tuesday or Thursday mornings ' })).toEqual({
      days: ['tue', 'thu'],
      timesOfDay: ['morning'],
      earliestDate: null,
      text: 'Tuesday or Thursday mornings',
    });
    expect(readPreferences({})).toEqual({ days: [], timesOfDay: [], earliestDate: null, text: null });
  });
});
