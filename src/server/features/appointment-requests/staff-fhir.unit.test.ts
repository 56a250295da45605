import { describe, expect, it } from 'vitest';
import { requestedPeriods } from './staff-fhir.js';

const now = new Date('2026-03-02T15:00:00Z'); // Monday 10:00 in New York

describe('requestedPeriods', () => {
  it('is one open period from the earliest date when no days or times are preferred', () => {
    expect(requestedPeriods({}, 'America/New_York', now)).toEqual([{ start: '2026-03-02T00:00:00-05:00' }]);
    expect(requestedPeriods({ earliestDate: '2026-03-20' }, 'America/New_York', now)).toEqual([{ start: '2026-03-20T00:00:00-04:00' }]);
  });

  it('spells out preferred days and merges adjoining times of day, across a clock change', () => {
    const periods = requestedPeriods({ days: ['mon'], timesOfDay: ['afternoon', 'morning'] }, 'America/New_York', now);
    expect(periods).toEqual([
      { start: '2026-03-02T08:00:00-05:00', end: '2026-03-02T17:00:00-05:00' },
      { start: '2026-03-09T08:00:00-04:00', end: '2026-03-09T17:00:00-04:00' },
    ]);
  });

  it('uses every day for times alone, and ignores unknown values', () => {
    const periods = requestedPeriods({ days: ['someday'], timesOfDay: ['evening', 'midnight'], earliestDate: 'not a date' }, 'Europe/London', now);
    expect(periods).toHaveLength(14);
    expect(periods[0]).toEqual({ start: '2026-03-02T17:00:00+00:00', end: '2026-03-02T20:00:00+00:00' });
  });
});
