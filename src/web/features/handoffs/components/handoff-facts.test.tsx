import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { viewerTimeZone } from '@web/lib/format-date';
import { DeadlineText } from './handoff-badges';
import { HandoffFacts } from './handoff-facts';

const handoff = { source: 'call', createdAt: '2026-11-27T10:11:00.000Z', dueAt: '2026-11-27T14:11:00.000Z', assignee: null, resolution: null, status: 'open' } as const;
const now = new Date('2026-11-29T05:30:00.000Z');
/** A zone whose clock is never the viewer's (the test runs in any zone). */
const elsewhere = viewerTimeZone() === 'Pacific/Kiritimati' ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';

/** Issue 28 walk: on a UK practice's handoff only the due time named its zone. */
describe('a handoff’s facts line', () => {
  it('a practice in the viewer’s own zone: the due time names no zone, like the page’s other times', () => {
    render(<HandoffFacts handoff={handoff} practice={{ country: 'GB', timeZone: viewerTimeZone() }} now={now} currentUserId="u1" />);
    const line = screen.getByText(/^Call · created/);
    expect(line.textContent).toMatch(/ · due \w{3}, \d{1,2} \w{3} 2026, \d{2}:\d{2} · Unassigned$/);
  });

  it('a practice in another zone: the due time names it, as the deadline’s own title does', () => {
    const practice = { country: 'GB', timeZone: elsewhere };
    render(
      <>
        <DeadlineText handoff={handoff} now={now} practice={practice} />
        <HandoffFacts handoff={handoff} practice={practice} now={now} currentUserId="u1" />
      </>,
    );
    const due = /due (.*) · Unassigned$/.exec(screen.getByText(/^Call · created/).textContent ?? '')![1]!;
    expect(due).toMatch(/^Sat, 28 Nov 2026, 04:11 GMT\+14$|^Fri, 27 Nov 2026, 03:11 GMT-11$/);
    expect(screen.getByTitle(/^Deadline /).title.replace('Deadline ', '')).toBe(due.replace(/^\w{3}, /, ''));
  });
});
