import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '@contracts/analytics';
import { renderPage } from '@web/test/render';
import { Funnel } from './funnel';

/** Issue 17: each funnel step opens exactly its requests' handoffs, of exactly the organizations shown. */
const step = (started: number, submitted: number, scheduled: number) => ({ started, submitted, scheduled });
const data = {
  period: { from: '2026-03-02', to: '2026-03-08', start: '2026-03-02T05:00:00.000Z', end: '2026-03-09T04:00:00.000Z' },
  totals: { funnel: { all: step(7, 5, 2), web: step(4, 2, 1), phone: step(2, 2, 1), portal: step(1, 1, 0) } },
} as unknown as AnalyticsResponse;

describe('appointment funnel', () => {
  it('links each step to its handoff list with the organizations and the period', () => {
    renderPage(<Funnel data={data} organizationId="org-a,org-b" />, { url: '/analytics' });
    const link = screen.getByTestId('funnel-phone-scheduled');
    expect(link).toHaveTextContent('1');
    const url = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/handoffs');
    expect(Object.fromEntries(url.searchParams)).toEqual({ tab: 'all', org: 'org-a,org-b', rstep: 'scheduled', rsource: 'phone', rfrom: data.period.start, rto: data.period.end });
    // All sources: no source in the link.
    expect(new URL(screen.getByTestId('funnel-all-submitted').getAttribute('href')!, 'http://localhost').searchParams.has('rsource')).toBe(false);
    // Phone and portal start submitted: their started step is a link too.
    expect(screen.getByTestId('funnel-portal-started')).toHaveAttribute('href', expect.stringContaining('rstep=started'));
  });

  it('does not link a started figure that holds drafts, and says how many drafts it holds', () => {
    renderPage(<Funnel data={data} />, { url: '/analytics' });
    expect(screen.queryByTestId('funnel-web-started')).toBeNull();
    expect(screen.queryByTestId('funnel-all-started')).toBeNull();
    const web = screen.getByRole('heading', { name: 'Web' }).parentElement!;
    expect(within(web).getByText(/2 drafts not sent/)).toBeInTheDocument();
    const all = screen.getByRole('heading', { name: 'All sources' }).parentElement!;
    expect(within(all).getByText(/2 drafts not sent/)).toBeInTheDocument();
    expect(within(all).getByTestId('funnel-all-submitted')).toHaveTextContent('5');
  });
});
