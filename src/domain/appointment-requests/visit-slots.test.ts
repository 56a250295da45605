import { describe, expect, it } from 'vitest';
import type { Hours } from '../time/index.js';
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
      { local: '2026-11-30T10:30', epochMs: at('2026-11-30T15:30:00Z'), fitsPreferences: false },
      { local: '2026-11-30T11:00', epochMs: at('2026-11-30T16:00:00Z'), fitsPreferences: false },
    ]);
  });

  it('answers nothing for a practice that is never open', () => {
    expect(suggestSlots({ ...NY, weekly: [] }, tueThuMornings, { fromMs: at('2026-11-30T15:10:00Z'), minutes: 30 })).toEqual([]);
  });
});

describe('slotWarnings', () => {
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
