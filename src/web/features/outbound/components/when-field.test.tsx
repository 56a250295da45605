import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { practiceInstant, WhenField } from './when-field';

/** Issue 28: an outbound call's time is the practice's wall time, whatever the viewer's zone. */
describe('WhenField', () => {
  it('reads the date and time in the practice’s zone and clock', () => {
    const seen: (string | undefined)[] = [];
    render(<WhenField legend="When" practice={{ country: 'GB', timeZone: 'Europe/London' }} onChange={(iso) => seen.push(iso)} />);
    fireEvent.click(screen.getByLabelText('At a time'));
    expect(seen.at(-1)).toBe('');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2031-07-01' } });
    fireEvent.change(screen.getByLabelText('Time (Europe/London)'), { target: { value: '14:30' } });
    expect(seen.at(-1)).toBe('2031-07-01T13:30:00.000Z');
    fireEvent.click(screen.getByLabelText(/^Now/));
    expect(seen.at(-1)).toBeUndefined();
  });

  it('takes a 12-hour time for a US practice', () => {
    const seen: (string | undefined)[] = [];
    render(<WhenField legend="When" practice={{ country: 'US', timeZone: 'America/Chicago' }} onChange={(iso) => seen.push(iso)} />);
    fireEvent.click(screen.getByLabelText('At a time'));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2031-01-15' } });
    fireEvent.change(screen.getByLabelText('Time (America/Chicago)'), { target: { value: '9:15 am' } });
    expect(seen.at(-1)).toBe('2031-01-15T15:15:00.000Z');
  });

  it('refuses a time the clocks skip, and says what is missing', () => {
    expect(practiceInstant('2031-03-09', '02:30', 'America/New_York')).toEqual({ message: expect.stringMatching(/clocks change/) });
    expect(practiceInstant('', '09:00', 'America/New_York')).toEqual({ message: 'Choose a date' });
    expect(practiceInstant('2031-03-10', '', 'America/New_York')).toEqual({ message: 'Enter a time' });
  });
});
