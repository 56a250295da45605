import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORG_HARBOR, ORG_MAPLE } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { useAnalyticsParams } from '../use-analytics-params';
import { AnalyticsFilters } from './analytics-filters';

/** Maple in New York; Harbor and Elm in Chicago. */
const ORG_ELM = { ...ORG_HARBOR, id: '00000000-0000-4000-8000-000000000003', name: 'Elm Family Practice', slug: 'elm' };
const ORGS = [ORG_MAPLE, ORG_HARBOR, ORG_ELM];

/** The filters as the page uses them, and the zone the page would ask the server for. */
function Filters({ organizations = ORGS }: { organizations?: typeof ORGS }) {
  const { params, query, update } = useAnalyticsParams(organizations);
  return (
    <>
      <AnalyticsFilters params={params} query={query} organizations={organizations} update={update} fieldErrors={{}} />
      <output data-testid="asked-zone">{query.timeZone}</output>
    </>
  );
}

const zone = () => screen.getByTestId('asked-zone').textContent;
const zoneSelect = () => screen.getByRole('combobox', { name: 'Time zone' });

describe('Analytics time zone (issue 28)', () => {
  it('says the zone of organizations that share one, with no choice to make', () => {
    renderPage(<Filters />, { url: `/analytics?orgs=${ORG_HARBOR.id},${ORG_ELM.id}` });
    expect(screen.queryByRole('combobox', { name: 'Time zone' })).toBeNull();
    expect(screen.getByTestId('time-zone')).toHaveTextContent('America/Chicago');
    expect(zone()).toBe('America/Chicago');
  });

  it('offers the zones of the chosen organizations, naming who is in each, and keeps the one chosen as organizations change', async () => {
    const page = renderPage(<Filters />, { url: '/analytics' });
    // All three: Chicago by default (two of three), and the choice says so.
    expect(zoneSelect()).toHaveValue('America/Chicago');
    expect(within(zoneSelect()).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'America/New_York (Maple Street Clinic)',
      'America/Chicago (Harbor Pediatrics, Elm Family Practice)',
    ]);
    await page.user.selectOptions(zoneSelect(), 'America/New_York');
    expect(zone()).toBe('America/New_York');
    expect(page.searchParams().get('tz')).toBe('America/New_York');

    // Leaving out an organization does not move the figures to another zone…
    await page.user.click(screen.getByText('All (3)'));
    await page.user.click(screen.getByRole('checkbox', { name: 'Elm Family Practice' }));
    expect(zone()).toBe('America/New_York');
    // …until no chosen organization is in it any more.
    await page.user.click(screen.getByRole('checkbox', { name: 'Maple Street Clinic' }));
    expect(page.searchParams().get('tz')).toBeNull();
    expect(zone()).toBe('America/Chicago');
    expect(screen.getByTestId('time-zone')).toHaveTextContent('America/Chicago');
  });

  it('ignores a zone in the address that none of the organizations is in (the server would refuse it)', () => {
    renderPage(<Filters />, { url: '/analytics?tz=Asia/Tokyo' });
    expect(zone()).toBe('America/Chicago');
    expect(within(zoneSelect()).queryByRole('option', { name: /Asia\/Tokyo/ })).toBeNull();
  });
});
