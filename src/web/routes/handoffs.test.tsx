import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody, ORG_MAPLE, signedIn } from '@web/test/fixtures';
import { findAlert, renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { HandoffsRoute } from './handoffs';

const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

function handoff(overrides: Record<string, unknown> = {}) {
  return {
    id: 'h0000000-0000-4000-8000-000000000001',
    organizationId: ORG_MAPLE.id,
    organizationName: ORG_MAPLE.name,
    type: 'callback',
    priority: 'normal',
    status: 'open',
    source: 'call',
    reason: 'Wants to move Thursday’s appointment.',
    contactName: 'Ana Lopez',
    contactPhone: '+18605550142',
    dueAt: minutesFromNow(90),
    createdAt: minutesFromNow(-10),
    updatedAt: minutesFromNow(-10),
    claimedAt: null,
    resolvedAt: null,
    resolution: null,
    assignee: null,
    callId: null,
    appointmentRequestId: null,
    appointmentRequestStatus: null,
    version: 1,
    ...overrides,
  };
}

const list = (items: unknown[], counts = { open: items.length, mine: 0 }) => ({ items, total: items.length, page: 1, pageSize: 25, counts });

/**
 * The queue as the server holds it: `GET /api/handoffs` answers `queue()` at the time of the
 * request, so a test changes what a refetch sees by changing what `queue` returns.
 */
function serveQueue(queue: () => JsonBodyType) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('/api/handoffs', ({ request }) => {
      requests.push(new URL(request.url).searchParams);
      return HttpResponse.json(queue());
    }),
  );
  return { requests, last: () => requests[requests.length - 1]! };
}

/** `POST /api/handoffs/:id/claim` answered once `release()` is called, so the moment in between can be looked at. */
function holdClaim(answer: () => Response) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const claims: string[] = [];
  server.use(
    http.post('/api/handoffs/:id/claim', async ({ params }) => {
      claims.push(String(params.id));
      await released;
      return answer();
    }),
  );
  return { claims, release };
}

const row = (name: string) => screen.getByRole('link', { name }).closest('li')!;

describe('handoff queue', () => {
  it('lists the open handoffs with a Claim button each, and the tab counts', async () => {
    const queue = serveQueue(() => list([handoff(), handoff({ id: 'h2', contactName: 'Ben Ortiz', priority: 'urgent' })], { open: 2, mine: 1 }));
    renderPage(<HandoffsRoute />, { url: '/handoffs' });

    expect(await screen.findByRole('link', { name: 'Ana Lopez' })).toBeInTheDocument();
    expect(within(row('Ben Ortiz')).getByText('Urgent')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claim handoff from Ana Lopez' })).toBeEnabled();
    expect(screen.getByRole('tab', { name: 'Open 2' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Mine 1' })).toBeInTheDocument();
    expect(Object.fromEntries(queue.last())).toEqual({ tab: 'open', page: '1' });
  });

  it('claims a handoff: the button is busy until the server answers, then the row shows who has it', async () => {
    let claimed = false;
    serveQueue(() => list([claimed ? handoff({ status: 'claimed', assignee: { id: 'me', name: 'Sam Supervisor' } }) : handoff()]));
    const claim = holdClaim(() => {
      claimed = true;
      return HttpResponse.json({ handoff: handoff({ status: 'claimed' }) });
    });
    const { user } = renderPage(<HandoffsRoute />, { url: '/handoffs' });
    const button = await screen.findByRole('button', { name: 'Claim handoff from Ana Lopez' });

    await user.click(button);

    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    expect(claim.claims).toEqual([handoff().id]);

    claim.release();
    expect(await screen.findByText('Ana Lopez is yours now.')).toBeInTheDocument();
    // The queue is read again after the claim: the row now says who has it.
    await waitFor(() => expect(within(row('Ana Lopez')).getByText('Assigned to Sam Supervisor')).toBeInTheDocument());
    expect(within(row('Ana Lopez')).queryByRole('button', { name: /Claim/ })).not.toBeInTheDocument();
  });

  it('a lost race (409) says who claimed it first and shows the queue as it really is', async () => {
    let takenByPat = false;
    serveQueue(() => list([takenByPat ? handoff({ status: 'claimed', assignee: { id: 'pat', name: 'Pat Agent' } }) : handoff()]));
    const claim = holdClaim(() => {
      takenByPat = true;
      return HttpResponse.json(errorBody('already_claimed', 'Claimed by Pat Agent.'), { status: 409 });
    });
    const { user } = renderPage(<HandoffsRoute />, { url: '/handoffs' });
    const button = await screen.findByRole('button', { name: 'Claim handoff from Ana Lopez' });

    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    claim.release();

    const toast = await findAlert('Claimed by Pat Agent');
    expect(toast).toHaveTextContent('Someone else took it first. The queue is up to date now.');
    await waitFor(() => expect(within(row('Ana Lopez')).getByText('Assigned to Pat Agent')).toBeInTheDocument());
    expect(within(row('Ana Lopez')).getByText('Claimed')).toBeInTheDocument();
    expect(within(row('Ana Lopez')).queryByRole('button', { name: /Claim/ })).not.toBeInTheDocument();
  });

  it('a failed claim leaves the row open and claimable, with the reason in an error notice', async () => {
    serveQueue(() => list([handoff()]));
    server.use(http.post('/api/handoffs/:id/claim', () => HttpResponse.json(errorBody('internal_error', 'The database is not answering.'), { status: 500 })));
    const { user } = renderPage(<HandoffsRoute />, { url: '/handoffs' });
    const button = await screen.findByRole('button', { name: 'Claim handoff from Ana Lopez' });

    await user.click(button);

    const toast = await findAlert('Could not claim');
    expect(toast).toHaveTextContent('The database is not answering.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Claim handoff from Ana Lopez' })).toBeEnabled());
    expect(within(row('Ana Lopez')).getByText('Unassigned')).toBeInTheDocument();
  });

  it('keeps the tab and the filters in the address and asks the server for them', async () => {
    const queue = serveQueue(() => list([handoff()]));
    const { user, searchParams } = renderPage(<HandoffsRoute />, { url: '/handoffs?page=3' });
    await screen.findByRole('link', { name: 'Ana Lopez' });

    await user.selectOptions(screen.getByLabelText('Priority'), 'Urgent');
    await waitFor(() => expect(queue.last().get('priority')).toBe('urgent'));
    expect(searchParams().get('priority')).toBe('urgent');
    expect(searchParams().has('page')).toBe(false);

    await user.click(screen.getByRole('tab', { name: /Mine/ }));
    await waitFor(() => expect(queue.last().get('tab')).toBe('mine'));
    expect(searchParams().get('tab')).toBe('mine');
    expect(searchParams().get('priority')).toBe('urgent');
    // "Mine" has no assignee filter.
    expect(screen.queryByLabelText('Assignee')).not.toBeInTheDocument();
  });

  it('opens on the tab and filters of the address', async () => {
    const queue = serveQueue(() => list([]));
    renderPage(<HandoffsRoute />, { url: '/handoffs?tab=resolved&type=message&assignee=unassigned' });

    expect(await screen.findByRole('heading', { name: 'No handoffs match' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Resolved' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Type')).toHaveDisplayValue('Message');
    expect(screen.getByLabelText('Assignee')).toHaveDisplayValue('Unassigned');
    expect(Object.fromEntries(queue.last())).toEqual({ tab: 'resolved', type: 'message', assigneeId: 'unassigned', page: '1' });
  });

  it('says when nothing is waiting', async () => {
    serveQueue(() => list([]));
    renderPage(<HandoffsRoute />, { url: '/handoffs', session: signedIn({ role: 'agent', organizations: [ORG_MAPLE] }) });

    expect(await screen.findByRole('heading', { name: 'Nothing waiting' })).toBeInTheDocument();
    // An agent does not set deadlines.
    expect(screen.queryByRole('button', { name: 'Deadlines' })).not.toBeInTheDocument();
  });

  it('shows why the queue could not be loaded, and tries again', async () => {
    let fail = true;
    server.use(
      http.get('/api/handoffs', () =>
        fail ? HttpResponse.json(errorBody('forbidden', 'You do not have access to this.'), { status: 403 }) : HttpResponse.json(list([handoff()])),
      ),
    );
    const { user } = renderPage(<HandoffsRoute />, { url: '/handoffs' });

    const alert = await screen.findByText('The queue could not be loaded');
    expect(screen.getByText('You do not have access to this.')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert.closest('[role="status"]')!).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Ana Lopez' })).toBeInTheDocument();
  });
});
