import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallDetail } from '@contracts/calls';
import { renderPage } from '@web/test/render';
import { CallFacts } from './call-header';

const detail = (direction: 'inbound' | 'outbound', extra: Partial<CallDetail['call']> = {}) =>
  ({
    call: {
      id: 'c1',
      direction,
      status: 'completed',
      outcome: null,
      live: false,
      provider: 'simulator',
      fromNumber: direction === 'inbound' ? '+18605550142' : '+18605550100',
      toNumber: direction === 'inbound' ? '+18605550100' : '+18605550142',
      contactNumber: '+18605550142',
      startedAt: '2026-11-25T15:00:00.000Z',
      answeredAt: '2026-11-25T15:00:00.000Z',
      endedAt: '2026-11-25T15:01:00.000Z',
      durationSeconds: 60,
      hungUpBeforeSpeaking: false,
      brain: 'builtin',
      outboundJobId: null,
      ...extra,
    },
    organization: { id: 'o1', name: 'Maple Street', timeZone: 'America/New_York' },
    patient: null,
  }) as unknown as CallDetail;

describe('the facts of a call', () => {
  it('name the dialled person of an outbound call "Person called", never "Caller" (issue 28)', () => {
    renderPage(<CallFacts detail={detail('outbound')} />, { url: '/calls/c1' });
    expect(screen.getByText('Person called')).toBeInTheDocument();
    expect(screen.queryByText('Caller')).toBeNull();
  });

  it('name the caller of an inbound call, and say when they hung up before speaking', () => {
    renderPage(<CallFacts detail={detail('inbound', { hungUpBeforeSpeaking: true })} />, { url: '/calls/c1' });
    expect(screen.getByText('Caller')).toBeInTheDocument();
    expect(screen.getByText('Hung up before speaking')).toBeInTheDocument();
  });
});
