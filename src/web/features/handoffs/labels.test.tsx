import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScheduleOptions } from './api/get-schedule-options';
import { SchedulingFacts } from './components/schedule-context';
import { describePreferences, earliestDateLabel } from './labels';

const us = { country: 'US', timeZone: 'America/New_York' };
const uk = { country: 'GB', timeZone: 'Europe/London' };

describe('a request’s preferred times', () => {
  it('names the earliest date as the practice writes dates, not as stored (2026-12-15)', () => {
    const p = { days: ['tue'], timesOfDay: ['morning'], earliestDate: '2026-12-15', text: null };
    expect(describePreferences(p, 'none', us)).toBe('Tue · morning · from Tue, Dec 15');
    expect(describePreferences(p, 'none', uk)).toBe('Tue · morning · from Tue 15 Dec');
    expect(earliestDateLabel('2026-12-15', us)).toBe('from Tue, Dec 15');
    expect(earliestDateLabel('2026-12-15', uk)).toBe('from Tue 15 Dec');
  });
  it('leaves what is not a calendar date as the caller gave it', () => {
    expect(describePreferences({ earliestDate: 'next week' }, 'none', uk)).toBe('from next week');
    expect(describePreferences({}, 'No preference given', us)).toBe('No preference given');
  });
});

describe('the scheduling dialog’s “The patient asked for”', () => {
  const options = (country: string) =>
    ({ country, preferences: { days: ['tue'], timesOfDay: [], earliestDate: '2026-12-15', text: null }, patientNotes: null, officeHours: { weekly: [], overrides: [] } }) as unknown as ScheduleOptions;
  it('names the earliest date as the practice writes dates', () => {
    const { unmount } = render(<SchedulingFacts options={options('US')} />);
    expect(screen.getByTestId('patient-preferences')).toHaveTextContent('Tue · any time of day · from Tue, Dec 15');
    unmount();
    render(<SchedulingFacts options={options('GB')} />);
    expect(screen.getByTestId('patient-preferences')).toHaveTextContent('Tue · any time of day · from Tue 15 Dec');
  });
});
