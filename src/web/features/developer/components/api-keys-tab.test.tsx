import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody, ORG_MAPLE, signedIn } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { ApiKeysTab } from './api-keys-tab';

const key = (overrides: Record<string, unknown> = {}) => ({
  id: '00000000-0000-4000-8000-00000000000a',
  name: 'EHR sync',
  prefix: 'sb_abcd1234',
  scopes: ['calls:read'],
  organizations: [{ id: ORG_MAPLE.id, name: ORG_MAPLE.name }],
  createdBy: { id: 'u1', name: 'Devon Developer' },
  status: 'active',
  inactiveReason: null,
  createdAt: new Date().toISOString(),
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  lastUsedIp: null,
  ...overrides,
});

function serve(items: unknown[] | 'error') {
  server.use(
    http.get('/api/developer/api-keys', () => (items === 'error' ? HttpResponse.json(errorBody('internal_error', 'Down.'), { status: 500 }) : HttpResponse.json({ items }))),
    http.get('/api/organizations', () => HttpResponse.json({ items: [ORG_MAPLE] })),
  );
}

describe('API keys tab', () => {
  it('says when there is no key yet', async () => {
    serve([]);
    renderPage(<ApiKeysTab />, { url: '/developer?tab=api-keys', session: signedIn({ role: 'developer', organizations: [ORG_MAPLE] }) });
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
  });

  it('shows an error with a way to try again', async () => {
    serve('error');
    renderPage(<ApiKeysTab />, { url: '/developer?tab=api-keys', session: signedIn({ role: 'developer', organizations: [ORG_MAPLE] }) });
    expect(await screen.findByText('The API keys could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a key whose creator was deactivated as inactive, with the reason, and still lets it be revoked', async () => {
    serve([key({ status: 'inactive', inactiveReason: 'Devon Developer, who created it, is deactivated: requests with it are refused.' })]);
    renderPage(<ApiKeysTab />, { url: '/developer?tab=api-keys', session: signedIn({ role: 'developer', organizations: [ORG_MAPLE] }) });
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(await within(list).findByText('inactive')).toBeInTheDocument();
    expect(within(list).queryByText('active')).toBeNull();
    expect(within(list).getByText(/who created it, is deactivated/)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Revoke EHR sync' })).toBeInTheDocument();
  });

  it('offers expiry dates up to two years ahead', async () => {
    serve([]);
    const { user } = renderPage(<ApiKeysTab />, { url: '/developer?tab=api-keys', session: signedIn({ role: 'developer', organizations: [ORG_MAPLE] }) });
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    const input = within(dialog).getByLabelText(/Expires on/);
    expect(Number(input.getAttribute('max')!.slice(0, 4)) - new Date().getFullYear()).toBeLessThanOrEqual(2);
    expect(within(dialog).getByText(/At most 2 years ahead/)).toBeInTheDocument();
  });

  it('creates a key with the scopes a developer may grant and shows its secret once', async () => {
    serve([key()]);
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/developer/api-keys', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ key: key({ name: 'Journey' }), secret: `sb_abcd1234_${'A'.repeat(43)}` }, { status: 201 });
      }),
    );
    const { user } = renderPage(<ApiKeysTab />, { url: '/developer?tab=api-keys', session: signedIn({ role: 'developer', organizations: [ORG_MAPLE] }) });
    expect(await within(await screen.findByRole('list', { name: 'API keys' })).findByText('EHR sync')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Journey');
    // A developer cannot grant what their role may not do.
    expect(within(dialog).getByRole('checkbox', { name: 'Handoffs: write' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Analytics: read' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('secret-once')).toHaveTextContent(`sb_abcd1234_${'A'.repeat(43)}`);
    expect(bodies[0]).toMatchObject({ name: 'Journey', organizationIds: [ORG_MAPLE.id], scopes: ['calls:read', 'analytics:read'], expiresAt: null });
  });
});
