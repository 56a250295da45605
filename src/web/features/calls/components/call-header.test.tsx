import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallDetail } from '@contracts/calls';
import { renderPage } from '@web/test/render';
import { CallFacts, CallTitle } from './call-header';

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

describe('the heading of a call page', () => {
  it('keeps the phone number on one line; the heading wraps between its words (issue 28 walk)', () => {
    renderPage(
      <h1>
        <CallTitle direction="outbound" number="+44 20 7946 0000" />
      </h1>,
      { url: '/calls/c1' },
    );
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Call to +44 20 7946 0000');
    expect(screen.getByText('+44 20 7946 0000')).toHaveClass('whitespace-nowrap');
    expect(screen.getByText('+44 20 7946 0000')).not.toBe(heading);
  });
});
