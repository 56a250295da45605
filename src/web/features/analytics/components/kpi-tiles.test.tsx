import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnalyticsResponse, Figures } from '@contracts/analytics';
import { renderPage } from '@web/test/render';
import { KpiTiles } from './kpi-tiles';

/** A direction filter shows that direction's tiles only: the others would be unfiltered figures. */
const pct = { median: 600, p90: 1200, count: 3 };
const figures = {
  inboundCalls: 40, outboundCalls: 12, answered: 35, hungUpBeforeSpeaking: 4, contained: 30, handedOff: 5, containmentRate: 30 / 35, handoffRate: 5 / 35, averageHandleSeconds: 150,
  timeToClaim: pct, timeToClaimBusiness: pct, timeToResolve: pct, timeToResolveBusiness: pct,
  outboundConnected: 6, outboundVoicemail: 3, outboundConnectRate: 0.5, voicemailRate: 0.25, doNotCallAdditions: 2,
} as unknown as Figures;
const page = (direction: AnalyticsResponse['direction']) =>
  ({ direction, totals: figures, previousTotals: figures, previousPeriod: { from: '2026-02-23', to: '2026-03-01' } }) as unknown as AnalyticsResponse;

describe('KPI tiles', () => {
  it('show every figure for both directions, with no note', () => {
    renderPage(<KpiTiles data={page('all')} />, { url: '/analytics' });
    expect(screen.getByTestId('kpi-inboundCalls')).toHaveTextContent('40');
    expect(screen.getByTestId('kpi-outboundConnectRate')).toBeInTheDocument();
    expect(screen.queryByTestId('direction-note')).toBeNull();
  });

  it('answered calls say how many hung up before speaking, and define answered as the caller having spoken', () => {
    renderPage(<KpiTiles data={page('all')} />, { url: '/analytics' });
    const tile = screen.getByTestId('kpi-answered');
    expect(tile).toHaveTextContent('4 hung up before speaking');
    expect(tile).toHaveTextContent(/at least one caller turn/);
  });

  it('for outbound calls, leave out the inbound tiles and say so', () => {
    renderPage(<KpiTiles data={page('outbound')} />, { url: '/analytics' });
    for (const id of ['inboundCalls', 'answered', 'containmentRate', 'handoffRate', 'averageHandleSeconds']) expect(screen.queryByTestId(`kpi-${id}`), id).toBeNull();
    expect(screen.getByTestId('kpi-outboundCalls')).toHaveTextContent('12');
    expect(screen.getByTestId('kpi-timeToClaim')).toBeInTheDocument();
    expect(screen.getByTestId('direction-note')).toHaveTextContent(/Outbound calls only/);
  });

  it('for inbound calls, leave out the outbound tiles', () => {
    renderPage(<KpiTiles data={page('inbound')} />, { url: '/analytics' });
    for (const id of ['outboundCalls', 'outboundConnectRate', 'voicemailRate']) expect(screen.queryByTestId(`kpi-${id}`), id).toBeNull();
    expect(screen.getByTestId('kpi-containmentRate')).toBeInTheDocument();
    expect(screen.getByTestId('kpi-doNotCallAdditions')).toBeInTheDocument();
  });
});
