import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody, ORG_HARBOR, ORG_MAPLE, signedIn } from '@web/test/fixtures';
import { findAlert, renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { CallsRoute } from './calls';

function call(overrides: Record<string, unknown> = {}) {
  return {
    id: 'c0000000-0000-4000-8000-000000000001',
    organizationId: ORG_MAPLE.id,
    organizationName: ORG_MAPLE.name,
    direction: 'inbound',
    status: 'completed',
    outcome: 'question_answered',
    live: false,
    provider: 'simulator',
    fromNumber: '+18605550142',
    toNumber: '+18605550100',
    contactNumber: '+18605550142',
    patientId: null,
    patientName: null,
    startedAt: '2025-03-04T15:00:00.000Z',
    answeredAt: '2025-03-04T15:00:01.000Z',
    endedAt: '2025-03-04T15:04:05.000Z',
    durationSeconds: 245,
    summary: null,
    hasHandoff: false,
    hasRecording: false,
    match: null,
    ...overrides,
  };
}

type Search = Record<string, unknown>;

/** Answers `POST /api/calls/search` with `page` and keeps the body of every request (and fails on a search in a URL). */
function serveCalls(page: { items: unknown[]; nextCursor?: string | null; prevCursor?: string | null } = { items: [call()] }) {
  const requests: Search[] = [];
  const urls: string[] = [];
  server.use(
    http.post('/api/calls/search', async ({ request }) => {
      urls.push(request.url);
      requests.push((await request.json()) as Search);
      return HttpResponse.json({ nextCursor: null, prevCursor: null, ...page });
    }),
  );
  return { requests, urls, last: () => requests[requests.length - 1]! };
}

/** The table once its rows are in (a call's first cell links to it as "…, call from <number>"). */
async function callsTable() {
  await screen.findAllByRole('link', { name: /, call from / });
  return screen.getByRole('table', { name: 'Calls' });
}

describe('calls list', () => {
  it('shows the calls of the first page, newest first', async () => {
    const calls = serveCalls({ items: [call(), call({ id: 'c2', contactNumber: '+18605550199', patientName: 'Ana Lopez', outcome: null })] });
    renderPage(<CallsRoute />, { url: '/calls' });

    const table = await callsTable();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('(860) 555-0142')).toBeInTheDocument();
    expect(within(table).getByText('Ana Lopez')).toBeInTheDocument();
    expect(calls.last()).toEqual({ sort: 'startedAt', order: 'desc', limit: 50 });
  });

  it('puts a chosen filter in the address and asks the server for it, back on the first page', async () => {
    const calls = serveCalls({ items: [call()], nextCursor: 'next-cursor' });
    const { user, searchParams } = renderPage(<CallsRoute />, { url: '/calls?after=cursor-2&page=2' });
    await callsTable();

    await user.selectOptions(screen.getByLabelText('Status'), 'No answer');

    await waitFor(() => expect(calls.last().status).toBe('no_answer'));
    expect(searchParams().get('status')).toBe('no_answer');
    // A new filter starts from the first page: the cursor and page number are dropped.
    expect(searchParams().has('after')).toBe(false);
    expect(searchParams().has('page')).toBe(false);
    expect(calls.last()).not.toHaveProperty('after');
  });

  it('searches transcripts once typing pauses, not on every key, and keeps the words out of every address', async () => {
    const calls = serveCalls();
    const { user, searchParams, router } = renderPage(<CallsRoute />, { url: '/calls?status=completed' });
    await callsTable();

    await user.type(screen.getByRole('searchbox', { name: 'Search transcripts' }), 'Tom Kowalski');

    await waitFor(() => expect(calls.last().q).toBe('Tom Kowalski'));
    expect(calls.requests.filter((q) => 'q' in q)).toHaveLength(1);
    expect(calls.last().status).toBe('completed');
    // Neither the page's address nor the API's carries the words; the history entry's state does.
    expect(searchParams().toString()).toBe('status=completed');
    expect(calls.urls.every((u) => new URL(u).search === '')).toBe(true);
    expect(router.state.location.state).toEqual({ callSearch: { q: 'Tom Kowalski' } });
  });

  it('keeps the phone number out of the address too, and both searches when another filter changes', async () => {
    const calls = serveCalls();
    const { user, searchParams, router } = renderPage(<CallsRoute />, { url: '/calls' });
    await callsTable();

    await user.type(screen.getByLabelText('Phone number'), '860 555 0142');
    await waitFor(() => expect(calls.last().phone).toBe('860 555 0142'));
    await user.type(screen.getByRole('searchbox', { name: 'Search transcripts' }), 'refill');
    await waitFor(() => expect(calls.last().q).toBe('refill'));
    await user.selectOptions(screen.getByLabelText('Status'), 'No answer');

    await waitFor(() => expect(calls.last()).toMatchObject({ status: 'no_answer', q: 'refill', phone: '860 555 0142' }));
    expect(searchParams().toString()).toBe('status=no_answer');
    expect(router.state.location.state).toEqual({ callSearch: { q: 'refill', phone: '860 555 0142' } });
  });

  it('after a reload of the tab, searches again with the words and number its history entry kept', async () => {
    const calls = serveCalls();
    renderPage(<CallsRoute />, { url: '/calls?status=busy', state: { callSearch: { q: 'refill', phone: '8605550142' } } });
    await callsTable();

    expect(screen.getByRole('searchbox', { name: 'Search transcripts' })).toHaveValue('refill');
    expect(screen.getByLabelText('Phone number')).toHaveValue('8605550142');
    expect(calls.last()).toEqual({ q: 'refill', phone: '8605550142', status: 'busy', sort: 'startedAt', order: 'desc', limit: 50 });
  });

  it('moves a search out of an older link’s address, keeping it', async () => {
    const calls = serveCalls();
    const { searchParams, router } = renderPage(<CallsRoute />, { url: '/calls?q=refill&phone=8605550142&status=busy' });
    await callsTable();

    await waitFor(() => expect(searchParams().toString()).toBe('status=busy'));
    expect(router.state.location.state).toEqual({ callSearch: { q: 'refill', phone: '8605550142' } });
    expect(screen.getByRole('searchbox', { name: 'Search transcripts' })).toHaveValue('refill');
    expect(calls.last()).toMatchObject({ q: 'refill', phone: '8605550142', status: 'busy' });
  });

  it('shows the filters of an opened address in the controls and sends them', async () => {
    const calls = serveCalls();
    renderPage(<CallsRoute />, {
      url: `/calls?org=${ORG_HARBOR.id}&direction=outbound&status=no_answer&outcome=none&handoff=yes&from=2025-01-01&to=2025-01-31&live=1`,
      state: { callSearch: { q: 'refill', phone: '8605550142' } },
    });
    await callsTable();

    expect(screen.getByRole('searchbox', { name: 'Search transcripts' })).toHaveValue('refill');
    expect(screen.getByLabelText('Phone number')).toHaveValue('8605550142');
    expect(screen.getByLabelText('Organization')).toHaveDisplayValue(ORG_HARBOR.name);
    expect(screen.getByLabelText('Direction')).toHaveDisplayValue('Outbound');
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('No answer');
    expect(screen.getByLabelText('Outcome')).toHaveDisplayValue('No outcome yet');
    expect(screen.getByLabelText('Handoff')).toHaveDisplayValue('Handed off');
    expect(screen.getByLabelText('From')).toHaveValue('2025-01-01');
    expect(screen.getByLabelText('To')).toHaveValue('2025-01-31');
    expect(screen.getByRole('switch', { name: 'Only live calls' })).toBeChecked();

    expect(calls.last()).toEqual({
      q: 'refill',
      phone: '8605550142',
      organizationId: ORG_HARBOR.id,
      direction: 'outbound',
      status: 'no_answer',
      outcome: 'none',
      from: '2025-01-01',
      to: '2025-01-31',
      hasHandoff: true,
      live: true,
      sort: 'startedAt',
      order: 'desc',
      limit: 50,
    });
  });

  it('ignores values in the address that are not filters', async () => {
    const calls = serveCalls();
    renderPage(<CallsRoute />, { url: '/calls?status=exploded&from=yesterday&size=7' });
    await callsTable();

    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Any status');
    expect(calls.last()).toEqual({ sort: 'startedAt', order: 'desc', limit: 50 });
  });

  it('clears every filter from the controls and the address', async () => {
    const calls = serveCalls();
    const { user, searchParams, router } = renderPage(<CallsRoute />, { url: '/calls?status=busy&live=1', state: { callSearch: { q: 'refill' } } });
    await callsTable();

    await user.click(within(screen.getByRole('search', { name: 'Filter calls' })).getByRole('button', { name: 'Clear filters' }));

    await waitFor(() => expect(searchParams().toString()).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Search transcripts' })).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Any status');
    expect(screen.getByRole('switch', { name: 'Only live calls' })).not.toBeChecked();
    await waitFor(() => expect(calls.last()).toEqual({ sort: 'startedAt', order: 'desc', limit: 50 }));
    expect(router.state.location.state).toEqual({ callSearch: {} });
  });

  it('turns the live switch into live=1 in the address', async () => {
    const calls = serveCalls();
    const { user, searchParams } = renderPage(<CallsRoute />, { url: '/calls' });
    await callsTable();

    await user.click(screen.getByRole('switch', { name: 'Only live calls' }));

    await waitFor(() => expect(searchParams().get('live')).toBe('1'));
    await waitFor(() => expect(calls.last().live).toBe(true));
  });

  it('pages on with the cursor the server gave', async () => {
    const calls = serveCalls({ items: [call()], nextCursor: 'cursor-after-first' });
    const { user, searchParams } = renderPage(<CallsRoute />, { url: '/calls' });
    await callsTable();

    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(searchParams().get('after')).toBe('cursor-after-first'));
    expect(searchParams().get('page')).toBe('2');
    await waitFor(() => expect(calls.last().after).toBe('cursor-after-first'));
  });

  it('says on the column headers which one the list is sorted by', async () => {
    serveCalls();
    renderPage(<CallsRoute />, { url: '/calls' });
    await callsTable();

    expect(screen.getByRole('columnheader', { name: 'Started' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Duration' })).toHaveAttribute('aria-sort', 'none');
    // Columns the server cannot sort by are plain headers.
    expect(screen.getByRole('columnheader', { name: 'Caller / called' })).not.toHaveAttribute('aria-sort');
    expect(screen.queryByRole('button', { name: 'Caller / called' })).not.toBeInTheDocument();
  });

  it('sorts by duration from the column header, back on the first page', async () => {
    const calls = serveCalls({ items: [call()] });
    const { user, searchParams } = renderPage(<CallsRoute />, { url: '/calls?after=cursor-2&page=2' });
    await callsTable();

    await user.click(screen.getByRole('button', { name: 'Duration' }));

    await waitFor(() => expect(searchParams().get('sort')).toBe('duration'));
    expect(searchParams().has('after')).toBe(false);
    expect(searchParams().has('page')).toBe(false);
    await waitFor(() => expect(calls.last().sort).toBe('duration'));
    expect(calls.last().order).toBe('desc');
    expect(calls.last()).not.toHaveProperty('after');
    expect(screen.getByRole('columnheader', { name: 'Duration' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Started' })).toHaveAttribute('aria-sort', 'none');
  });

  it('turns the order around, oldest first, from the keyboard', async () => {
    const calls = serveCalls();
    const { user, searchParams } = renderPage(<CallsRoute />, { url: '/calls' });
    await callsTable();

    screen.getByRole('button', { name: 'Started' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(searchParams().get('order')).toBe('asc'));
    expect(searchParams().has('sort')).toBe(false);
    await waitFor(() => expect(calls.last()).toEqual({ sort: 'startedAt', order: 'asc', limit: 50 }));
    expect(screen.getByRole('columnheader', { name: 'Started' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('reads the sort from the address', async () => {
    const calls = serveCalls();
    renderPage(<CallsRoute />, { url: '/calls?sort=duration&order=asc' });
    await callsTable();

    expect(calls.last()).toEqual({ sort: 'duration', order: 'asc', limit: 50 });
    expect(screen.getByRole('columnheader', { name: 'Duration' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('says there are no calls yet when nothing is filtered and nothing came back', async () => {
    serveCalls({ items: [] });
    renderPage(<CallsRoute />, { url: '/calls' });

    expect(await screen.findByRole('heading', { name: 'No calls yet' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says nothing matches when filters are set, and offers to clear them', async () => {
    serveCalls({ items: [] });
    const { user, searchParams } = renderPage(<CallsRoute />, { url: '/calls?status=busy' });

    expect(await screen.findByRole('heading', { name: 'No calls match' })).toBeInTheDocument();
    const emptyState = screen.getByRole('heading', { name: 'No calls match' }).parentElement!;
    await user.click(within(emptyState).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(searchParams().has('status')).toBe(false));
  });

  it('shows the server’s error in place of the list, and loads again on “Try again”', async () => {
    let fail = true;
    server.use(
      http.post('/api/calls/search', () =>
        fail
          ? HttpResponse.json(errorBody('internal_error', 'The calls could not be read just now.'), { status: 500 })
          : HttpResponse.json({ items: [call()], nextCursor: null, prevCursor: null }),
      ),
    );
    const { user } = renderPage(<CallsRoute />, { url: '/calls' });

    const alert = await findAlert('This list could not be loaded.');
    expect(alert).toHaveTextContent('The calls could not be read just now.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await callsTable()).toBeInTheDocument();
  });

  it('shows the server’s message about a phone number beside the phone field', async () => {
    server.use(
      http.post('/api/calls/search', async ({ request }) =>
        'phone' in ((await request.json()) as Search)
          ? HttpResponse.json(errorBody('validation_failed', 'Some fields need attention.', { phone: 'Enter a phone number with at least 4 digits.' }), { status: 400 })
          : HttpResponse.json({ items: [call()], nextCursor: null, prevCursor: null }),
      ),
    );
    renderPage(<CallsRoute />, { url: '/calls', state: { callSearch: { phone: '12' } } });

    const phone = screen.getByLabelText('Phone number');
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Enter a phone number with at least 4 digits.'));
    expect(phone).toBeInvalid();
  });

  it("shows each call in its practice's clock, zone and number format: a UK practice's at 24 hours, a US practice's at 12 (issue 28)", async () => {
    const camden = { id: '00000000-0000-4000-8000-000000000003', name: 'Camden Road Surgery', slug: 'camden-road', timeZone: 'Europe/London', country: 'GB', status: 'active' };
    serveCalls({
      items: [
        call({ id: 'uk', organizationId: camden.id, organizationName: camden.name, fromNumber: '+442079460011', toNumber: '+442079460000', contactNumber: '+442079460011', startedAt: '2025-07-04T21:41:00.000Z' }),
        call({ id: 'us', startedAt: '2025-07-04T21:41:00.000Z' }),
        call({ id: 'out', direction: 'outbound', fromNumber: '+18605550100', toNumber: '+18605550177', contactNumber: '+18605550177' }),
      ],
    });
    renderPage(<CallsRoute />, { url: '/calls', session: signedIn({ organizations: [ORG_MAPLE, camden] }) });
    const table = await callsTable();
    const rows = within(table).getAllByRole('row').slice(1);
    // 21:41 UTC is 22:41 in London (BST) and 5:41 PM in New York (EDT); a zone is named only where it is not the viewer's.
    expect(within(rows[0]!).getByRole('link', { name: /4 Jul 2025, 22:41/ })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('020 7946 0011')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: /Jul 4, 2025, 5:41 PM/ })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('(860) 555-0142')).toBeInTheDocument();
    // The person an outbound call reached is the one called, not a caller.
    expect(within(rows[2]!).getByRole('link', { name: /, call to \(860\) 555-0177/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Caller / called' })).toBeInTheDocument();
  });
});
