import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Visit } from '@contracts/calendars';
import { errorBody } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { visit } from '../testing/calendar-fixtures';
import { VisitDialog } from './visit-dialog';

/** Issue 31 §2: a visit's details on click (an audited read), and the status actions the API allows. */
const BEFORE = new Date('2030-03-11T12:00:00Z');
const DURING = new Date('2030-03-11T13:10:00Z');

function serve(current: Visit) {
  const reads: string[] = [];
  const posts: { path: string; body: unknown }[] = [];
  server.use(
    http.get('/api/visits/v-1', () => {
      reads.push('v-1');
      return HttpResponse.json(current);
    }),
    http.post('/api/visits/v-1/cancel', async ({ request }) => {
      const body = (await request.json()) as { reason: string };
      posts.push({ path: 'cancel', body });
      return HttpResponse.json({ ...current, status: 'canceled', cancelReason: body.reason, canceledAt: '2030-03-11T12:01:00.000Z', version: current.version + 1 });
    }),
    http.post('/api/visits/v-1/status', async ({ request }) => {
      const body = (await request.json()) as { status: Visit['status'] };
      posts.push({ path: 'status', body });
      if (body.status === 'completed' && current.status === 'confirmed') return HttpResponse.json(errorBody('invalid_transition', 'This visit is completed now.'), { status: 409 });
      return HttpResponse.json({ ...current, status: body.status, version: current.version + 1 });
    }),
  );
  return { reads, posts };
}

const open = (v: Visit, { now = BEFORE, canBook = true } = {}) =>
  renderPage(<VisitDialog visit={v} timeZone="America/New_York" country="US" canBook={canBook} now={now} onClose={() => undefined} />);

describe('a visit’s details', () => {
  it('reads the visit from the server and shows who, what, when (zone named) and where', async () => {
    const { reads } = serve(visit());
    open(visit());
    const dialog = await screen.findByRole('dialog', { name: /Jordan Ellis/ });
    await waitFor(() => expect(reads).toEqual(['v-1']));
    expect(dialog).toHaveTextContent('Monday, Mar 11, 2030');
    expect(dialog).toHaveTextContent('9:00 AM–9:30 AM EDT');
    expect(dialog).toHaveTextContent('Dr. Amara Rivera');
    expect(dialog).toHaveTextContent('Main clinic');
    expect(dialog).toHaveTextContent('Born Mar 14, 1984');
    expect(dialog).toHaveTextContent('(860) 555-0142');
    expect(dialog).toHaveTextContent('Returning patient');
  });

  it('cancels a visit with a reason; completed and no-show wait until it has begun', async () => {
    const { posts } = serve(visit());
    const { user } = open(visit());
    const dialog = await screen.findByRole('dialog', { name: /Jordan Ellis/ });
    expect(within(dialog).getByRole('button', { name: 'Mark confirmed' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Mark completed' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Completed and no-show can be marked once the visit has begun.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel visit' }));
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Patient is travelling');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }));
    await waitFor(() => expect(posts).toEqual([{ path: 'cancel', body: { reason: 'Patient is travelling', version: 1 } }]));
    // The status badge and the "Canceled" fact.
    await waitFor(() => expect(within(dialog).getAllByText('Canceled')).toHaveLength(2));
    expect(dialog).toHaveTextContent('“Patient is travelling”');
    expect(within(dialog).queryByRole('button', { name: 'Cancel visit' })).not.toBeInTheDocument();
    expect(await screen.findByText('Visit canceled')).toBeInTheDocument();
  });

  it('marks a visit that has begun completed, and says so when the server refuses a transition', async () => {
    const { posts } = serve(visit({ status: 'confirmed' }));
    const { user } = open(visit({ status: 'confirmed' }), { now: DURING });
    const dialog = await screen.findByRole('dialog', { name: /Jordan Ellis/ });
    expect(within(dialog).queryByRole('button', { name: 'Mark confirmed' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark completed' }));
    await waitFor(() => expect(posts).toEqual([{ path: 'status', body: { status: 'completed', version: 1 } }]));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Not possible now');
    expect(alert).toHaveTextContent('This visit is completed now.');
  });

  it('offers no actions to someone who may only read', async () => {
    serve(visit());
    open(visit(), { canBook: false });
    const dialog = await screen.findByRole('dialog', { name: /Jordan Ellis/ });
    expect(within(dialog).queryByRole('button', { name: 'Cancel visit' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Mark confirmed' })).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });

  it('says a visit whose time is over has ended and asks to mark it', async () => {
    serve(visit());
    open(visit(), { now: new Date('2030-03-11T14:00:00Z') });
    const dialog = await screen.findByRole('dialog', { name: /Jordan Ellis/ });
    expect(dialog).toHaveTextContent('Ended, not marked');
    expect(dialog).toHaveTextContent('The time of this visit is over: mark it completed or a no-show.');
    expect(within(dialog).getByRole('button', { name: 'Mark completed' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Mark confirmed' })).not.toBeInTheDocument();
  });
});
