import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ORG_MAPLE, errorBody, signedIn, type Role } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { OutboundRoute } from './outbound';

const ENTRY = { id: '10000000-0000-4000-8000-000000000001', organizationId: ORG_MAPLE.id, phone: '+18605550199', reason: 'Asked by letter', source: 'staff', callId: null, createdAt: '2026-11-20T15:00:00.000Z', cursor: '1.x' };

function serve() {
  const posts: { url: string; body: unknown }[] = [];
  server.use(
    http.get('/api/outbound/summary', () => HttpResponse.json({ provider: 'simulator', runningCampaigns: [], callsInProgress: 0, waiting: 0, nextWindowOpensAt: null })),
    http.get('/api/outbound/jobs', () => HttpResponse.json({ items: [], nextCursor: null })),
    http.get('/api/outbound/campaigns', () => HttpResponse.json({ items: [], nextCursor: null })),
    http.get(`/api/organizations/${ORG_MAPLE.id}/do-not-call`, () => HttpResponse.json({ items: [ENTRY], nextCursor: null })),
    http.post('/api/outbound/calls', async ({ request }) => {
      posts.push({ url: request.url, body: await request.json() });
      return HttpResponse.json(errorBody('validation_failed', 'Some fields need attention.', { phone: 'Enter a valid phone number (with its country code when it is abroad).' }), { status: 400 });
    }),
    http.post(`/api/organizations/${ORG_MAPLE.id}/do-not-call/${ENTRY.id}/remove`, async ({ request }) => {
      posts.push({ url: request.url, body: await request.json() });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return posts;
}

const open = (role: Role, url = '/outbound') => renderPage(<OutboundRoute />, { url, session: signedIn({ role, organizations: [ORG_MAPLE] }) });

describe('/outbound', () => {
  it('an agent gets single calls only; the page says the simulator places the calls', async () => {
    serve();
    open('agent');
    expect(await screen.findByText(/Calls are placed by: Simulator/)).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Outbound sections' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Single calls']);
    expect(await screen.findByText('No single calls yet')).toBeInTheDocument();
  });

  it('a developer reads campaigns and the list, without buttons to change them', async () => {
    serve();
    const { user } = open('developer');
    const tabs = screen.getByRole('tablist', { name: 'Outbound sections' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Single calls', 'Campaigns', 'Do-not-call list']);
    expect(await screen.findByText('No single calls yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Queue the call' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Campaigns' }));
    expect(await screen.findByText('No campaigns yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /New campaign/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Do-not-call list' }));
    expect(await screen.findByText('+18605550199')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a number' })).not.toBeInTheDocument();
  });

  it('the single-call form checks the contract before sending, and shows the server’s message beside the field', async () => {
    const posts = serve();
    const { user } = open('agent');
    await user.click(await screen.findByRole('button', { name: 'Queue the call' }));
    expect(await screen.findByText('Enter a phone number.')).toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.type(screen.getByLabelText(/Phone number/), '12345');
    await user.selectOptions(screen.getByLabelText(/Purpose/), 'appointment_reminder');
    await user.click(screen.getByRole('button', { name: 'Queue the call' }));
    expect(await screen.findByText('Enter a valid phone number (with its country code when it is abroad).')).toBeInTheDocument();
    expect(posts[0]!.body).toEqual({ organizationId: ORG_MAPLE.id, phone: '12345', purpose: 'appointment_reminder' });
    expect(screen.getByLabelText(/Phone number/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('a supervisor removes a number only with a reason', async () => {
    const posts = serve();
    const { user } = open('supervisor', '/outbound?tab=do-not-call');
    await user.click(await screen.findByRole('button', { name: 'Remove +18605550199 from the list' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from the list' }));
    expect(await within(dialog).findByText('Say why (it is kept in the audit log).')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Patient asked to be called again');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from the list' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ reason: 'Patient asked to be called again' });
  });
});
