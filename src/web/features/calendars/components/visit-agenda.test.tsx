import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@web/test/render';
import { visit } from '../testing/calendar-fixtures';
import { VisitAgenda } from './visit-agenda';

/**
 * A booked or confirmed visit whose time is over shows as ended, waiting to be marked completed or
 * a no-show — not as still booked (its status stays as stored until someone marks it).
 */
const AFTER = Date.parse('2030-03-11T14:00:00Z');
const BEFORE = Date.parse('2030-03-11T12:00:00Z');

const show = (nowMs: number) =>
  renderPage(
    <VisitAgenda
      days={[{ date: '2030-03-11', today: true, visits: [visit(), visit({ id: 'v-2', status: 'confirmed' }), visit({ id: 'v-3', status: 'completed' })] }]}
      country="US"
      nowMs={nowMs}
      showDayHeadings={false}
      onOpen={() => undefined}
    />,
  );

describe('the agenda', () => {
  it('shows visits whose time is over as ended, not marked; completed ones as completed', () => {
    show(AFTER);
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByText('Ended, not marked')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Ended, not marked')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Completed')).toBeInTheDocument();
    expect(screen.getAllByRole('button')[0]).toHaveAccessibleName(/ended, not marked$/);
  });

  it('shows them as booked and confirmed before', () => {
    show(BEFORE);
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).getByText('Booked')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Confirmed')).toBeInTheDocument();
  });
});
