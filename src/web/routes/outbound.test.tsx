import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ORG_MAPLE, errorBody, signedIn, type Role } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { NAV_ITEMS, PAGE_ROLES } from '@web/app/nav';
import { OutboundRoute } from './outbound';

const SETTINGS = { organizationId: ORG_MAPLE.id, window: { start: '08:00', end: '21:00', days: [1, 2, 3, 4, 5, 6, 7] }, concurrency: null, defaultConcurrency: 5, effectiveConcurrency: 5, updatedAt: null };
const PATIENT = { id: '20000000-0000-4000-8000-000000000002', organizationId: ORG_MAPLE.id, firstName: 'Alicia', lastName: 'Rossi', dateOfBirth: '1962-03-14', phone: '+18605550142' };
const ENTRY = { id: '10000000-0000-4000-8000-000000000001', organizationId: ORG_MAPLE.id, phone: '+18605550199', reason: 'Asked by letter', source: 'staff', callId: null, createdAt: '2026-11-20T15:00:00.000Z', cursor: '1.x' };

function serve() {
  const posts: { url: string; body: unknown }[] = [];
  server.use(
    http.get('/api/outbound/summary', () => HttpResponse.json({ provider: 'simulator', runningCampaigns: [], callsInProgress: 0, waiting: 0, nextWindowOpensAt: null })),
    http.get('/api/outbound/jobs', () => HttpResponse.json({ items: [], nextCursor: null })),
    http.post('/api/outbound/preview', () =>
      HttpResponse.json({
        opening: ['Hello, this is the virtual assistant of Maple Street. May I speak with Alicia Rossi?', 'Thank you. To protect your privacy, could you tell me your date of birth?', 'Thank you for confirming. Maple Street asked me to get in touch with you.'],
        voicemail: 'Hello, this is Maple Street calling for Alicia. Please call us back at 8 6 0, 5 5 5, 0 1 0 0. Thank you.',
      }),
    ),
    http.get('/api/outbound/campaigns', () => HttpResponse.json({ items: [], nextCursor: null })),
    http.get(`/api/organizations/${ORG_MAPLE.id}/do-not-call`, () => HttpResponse.json({ items: [ENTRY], nextCursor: null })),
    http.get(`/api/organizations/${ORG_MAPLE.id}/outbound-settings`, () => HttpResponse.json(SETTINGS)),
    http.put(`/api/organizations/${ORG_MAPLE.id}/outbound-settings`, async ({ request }) => {
      const body = (await request.json()) as { window: typeof SETTINGS.window; concurrency: number | null };
      posts.push({ url: request.url, body });
      return HttpResponse.json({ ...SETTINGS, ...body, effectiveConcurrency: body.concurrency ?? 5, updatedAt: '2026-11-20T15:00:00.000Z' });
    }),
    http.get(`/api/organizations/${ORG_MAPLE.id}/patients`, ({ request }) => HttpResponse.json({ items: new URL(request.url).searchParams.get('q')?.toLowerCase().startsWith('ros') ? [PATIENT] : [] })),
    http.get('/api/outbound/calls/timing', () =>
      HttpResponse.json({ phone: '+18605550142', timeZone: 'US (all zones)', timeZoneSource: 'country', requestedAt: '2026-11-20T02:00:00.000Z', placeAt: '2026-11-20T13:00:00.000Z', waits: true }),
    ),
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
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Single calls', 'Calling settings']);
    expect(await screen.findByText('No single calls yet')).toBeInTheDocument();
  });

  it('is not a developer’s page: campaign contacts and the do-not-call list are patients’ names and numbers (PRODUCT §2)', () => {
    expect(PAGE_ROLES.outbound).toEqual(['admin', 'supervisor', 'agent']);
    expect(PAGE_ROLES.outboundCampaigns).toEqual(['admin', 'supervisor']);
    expect(NAV_ITEMS.find((item) => item.to === '/outbound')?.roles).not.toContain('developer');
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
    await user.click(await screen.findByRole('button', { name: 'Remove (860) 555-0199 from the list' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from the list' }));
    expect(await within(dialog).findByText('Say why (it is kept in the audit log).')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Patient asked to be called again');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from the list' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ reason: 'Patient asked to be called again' });
  });

  it('an agent finds a patient with the keyboard: the number and name are filled, the call is linked, and the form says when it will really be placed', async () => {
    const posts = serve();
    const { user } = open('agent');
    const box = await screen.findByRole('combobox', { name: /Patient/ });
    await user.type(box, 'ros');
    expect(await screen.findByRole('option', { name: /Alicia Rossi/ })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByTestId('linked-patient')).toHaveTextContent('Alicia Rossi');
    expect(screen.getByLabelText(/Phone number/)).toHaveValue('(860) 555-0142');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Alicia Rossi');
    // In the practice's zone and clock (issue 28), its zone named when it is not the viewer's.
    expect(await screen.findByText(/Will be placed Nov 20, 2026, 8:00 AM/)).toBeInTheDocument();
    expect(screen.getByText(/outside the calling window/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Queue the call' }));
    await waitFor(() => expect(posts.some((p) => p.url.endsWith('/api/outbound/calls'))).toBe(true));
    expect(posts.find((p) => p.url.endsWith('/api/outbound/calls'))!.body).toMatchObject({ patientId: PATIENT.id, phone: '(860) 555-0142', contactName: 'Alicia Rossi' });
  });

  it('a supervisor changes the calling settings; a bad window is refused beside its field before anything is sent', async () => {
    const posts = serve();
    const { user } = open('supervisor', '/outbound?tab=settings');
    const until = await screen.findByLabelText('Until');
    await user.clear(until);
    await user.type(until, '07:00');
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(await screen.findByText('The window must end after it starts (same day).')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await user.clear(until);
    await user.type(until, '17:00');
    await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await user.type(screen.getByLabelText(/Outbound calls at once/), '2');
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ window: { start: '08:00', end: '17:00', days: [1, 2, 3, 4, 5, 6] }, concurrency: 2 });
  });

  it('the calling window is in the practice’s clock: 24-hour for a UK practice, 12-hour for a US one (issue 28 walk)', async () => {
    const ORG_CAMDEN = { id: '00000000-0000-4000-8000-000000000003', name: 'Camden Road Surgery', slug: 'camden-road', timeZone: 'Europe/London', country: 'GB', status: 'active' };
    const posts = serve();
    server.use(
      http.get(`/api/organizations/${ORG_CAMDEN.id}/outbound-settings`, () => HttpResponse.json({ ...SETTINGS, organizationId: ORG_CAMDEN.id })),
      http.get(`/api/organizations/${ORG_CAMDEN.id}/do-not-call`, () => HttpResponse.json({ items: [], nextCursor: null })),
      http.put(`/api/organizations/${ORG_CAMDEN.id}/outbound-settings`, async ({ request }) => {
        const body = (await request.json()) as { window: typeof SETTINGS.window; concurrency: number | null };
        posts.push({ url: request.url, body });
        return HttpResponse.json({ ...SETTINGS, ...body, organizationId: ORG_CAMDEN.id, updatedAt: '2026-11-20T15:00:00.000Z' });
      }),
    );
    const { user } = renderPage(<OutboundRoute />, { url: '/outbound?tab=settings', session: signedIn({ role: 'supervisor', organizations: [ORG_CAMDEN, ORG_MAPLE] }) });

    const from = await screen.findByLabelText('From');
    expect(from).toHaveValue('08:00');
    expect(screen.getByLabelText('Until')).toHaveValue('21:00');
    expect(screen.getByText(/^Nobody is ever called before 08:00 or after 21:00/)).toBeInTheDocument();
    // Typed either way, sent as HH:MM and shown back on the 24-hour clock.
    await user.clear(from);
    await user.type(from, '9am');
    await user.tab();
    expect(from).toHaveValue('09:00');
    await user.clear(from);
    await user.type(from, 'nine');
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(await screen.findByText('Enter a time such as 09:00 or 17:30')).toBeInTheDocument();
    await user.clear(from);
    await user.type(from, '9:30');
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toMatchObject({ window: { start: '09:30', end: '21:00' } });

    await user.selectOptions(screen.getByLabelText('Organization'), ORG_MAPLE.name);
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveValue('8:00 AM'));
    expect(screen.getByLabelText('Until')).toHaveValue('9:00 PM');
    expect(screen.getByText(/^Nobody is ever called before 8:00 AM or after 9:00 PM/)).toBeInTheDocument();
  });

  it('an agent reads the calling settings without changing them', async () => {
    serve();
    open('agent', '/outbound?tab=settings');
    expect(await screen.findByText('Supervisors and administrators change these settings.')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save the settings' })).not.toBeInTheDocument();
  });
});
