import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '@contracts/developer';
import { ORG_MAPLE, signedIn } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { OutboxTab } from './outbox-tab';

const TEXT: OutboxMessage = {
  id: '7b0c1f0e-1111-4222-8333-444455556666',
  organizationId: ORG_MAPLE.id,
  channel: 'sms',
  recipient: '+18605552001',
  subject: null,
  body: 'Maple Family Practice: your visit is confirmed. Reply STOP to opt out.',
  bodyWithheld: false,
  secret: null,
  template: 'appointment-scheduled',
  status: 'undelivered',
  attempts: 1,
  lastError: null,
  transport: 'twilio',
  createdAt: '2026-11-20T15:00:00.000Z',
  sentAt: '2026-11-20T15:00:01.000Z',
  provider: { messageId: 'SM0123456789abcdef0123456789abcdef', status: 'undelivered', errorCode: '30007', statusAt: '2026-11-20T15:00:03.000Z' },
  cursor: 'c1',
};

describe('/developer → Outbox', () => {
  it('shows a text’s delivery as the gateway reported it: status, error code and message SID', async () => {
    server.use(http.get('/api/developer/outbox', () => HttpResponse.json({ items: [TEXT] })));
    renderPage(<OutboxTab />, { url: '/developer?tab=outbox', session: signedIn({ role: 'developer', organizations: [ORG_MAPLE] }) });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Undelivered')).toBeInTheDocument();
    expect(within(table).getByText('error 30007')).toBeInTheDocument();
    expect(within(table).getByText('twilio')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: /your visit is confirmed/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Not delivered by the carrier')).toBeInTheDocument();
    expect(within(dialog).getByText('SM0123456789abcdef0123456789abcdef')).toBeInTheDocument();
    expect(within(dialog).getByText(/error 30007/)).toBeInTheDocument();
  });

  it('shows each recipient as people read it: a number in its practice’s country, an address that wraps only at “@” or “.” (issue 28 walk)', async () => {
    const ORG_CAMDEN = { id: '00000000-0000-4000-8000-000000000003', name: 'Camden Road Surgery', slug: 'camden-road', timeZone: 'Europe/London', country: 'GB', status: 'active' };
    const ukText: OutboxMessage = { ...TEXT, id: 'uk-text', organizationId: ORG_CAMDEN.id, recipient: '+447700900884', cursor: 'c2' };
    const email: OutboxMessage = { ...TEXT, id: 'email', channel: 'email', recipient: 'maria.lopez@switchboard.demo', subject: 'Urgent handoff at Harbor Pediatrics', body: null, template: 'urgent-handoff', provider: null, cursor: 'c3' };
    server.use(http.get('/api/developer/outbox', () => HttpResponse.json({ items: [TEXT, ukText, email] })));
    renderPage(<OutboxTab />, { url: '/developer?tab=outbox', session: signedIn({ role: 'developer', organizations: [ORG_MAPLE, ORG_CAMDEN] }) });
    const table = await screen.findByRole('table');
    await within(table).findByText('07700 900884');
    const rows = within(table).getAllByRole('row');
    const to = (i: number) => rows[i]!.querySelectorAll('td')[2]!;
    expect(to(1)).toHaveTextContent('(860) 555-2001');
    expect(to(2)).toHaveTextContent('07700 900884');
    expect(to(2).querySelector('.whitespace-nowrap')).toHaveTextContent('07700 900884');
    expect(within(table).queryByText(/\+\d{10,}/)).toBeNull();
    // Break opportunities before "@" and each "."; no breaking inside a word.
    expect(to(3)).toHaveTextContent('maria.lopez@switchboard.demo');
    expect(to(3).querySelectorAll('wbr')).toHaveLength(3);
    expect(to(3).innerHTML).not.toContain('anywhere');
    // The dialog says the same.
    await userEvent.click(within(rows[2]!).getByRole('button'));
    expect(await screen.findByRole('dialog', { name: 'Text message to 07700 900884' })).toBeInTheDocument();
  });
});

