import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { HandoffDetail, HandoffSummary } from '@contracts/handoffs';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { ORG_MAPLE } from '@web/test/fixtures';
import { MessageCard } from './message-card';

/** Issue 19 §4 on the staff side: the conversation with the patient on the handoff. */
const handoff: HandoffSummary & { details: Record<string, unknown> } = {
  id: 'h-1',
  organizationId: ORG_MAPLE.id,
  organizationName: ORG_MAPLE.name,
  type: 'appointment_request',
  priority: 'normal',
  status: 'claimed',
  source: 'web',
  reason: 'Follow-up',
  contactName: 'Ana García',
  contactPhone: '+18605550142',
  dueAt: '2026-11-21T20:00:00.000Z',
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-21T15:00:00.000Z',
  claimedAt: '2026-11-20T16:00:00.000Z',
  resolvedAt: null,
  resolution: null,
  assignee: { id: 'u-1', name: 'Dana Reyes' },
  callId: null,
  appointmentRequestId: 'req-1',
  appointmentRequestStatus: 'in_review',
  version: 3,
  details: {},
};

const detail = (over: Partial<HandoffDetail> = {}): HandoffDetail => ({
  handoff,
  organization: { id: ORG_MAPLE.id, name: ORG_MAPLE.name, timeZone: ORG_MAPLE.timeZone },
  events: [
    { id: 1, kind: 'created', body: null, data: {}, at: '2026-11-20T15:00:00.000Z', actor: null },
    { id: 2, kind: 'message_sent', body: 'Can you come on Tuesday at 9?', data: { channel: 'email' }, at: '2026-11-21T14:00:00.000Z', actor: { id: 'u-1', name: 'Dana Reyes' } },
    { id: 3, kind: 'note', body: 'Internal: check the schedule', data: {}, at: '2026-11-21T14:30:00.000Z', actor: { id: 'u-1', name: 'Dana Reyes' } },
    { id: 4, kind: 'patient_reply', body: 'Tuesday at 9 works.', data: { by: 'patient' }, at: '2026-11-21T15:00:00.000Z', actor: null },
  ],
  call: null,
  // Only its presence matters here: the patient can read and answer in the portal.
  appointmentRequest: {} as HandoffDetail['appointmentRequest'],
  patient: null,
  history: [],
  contact: { phone: '+18605550142', email: 'ana@example.com' },
  ...over,
});

describe('the conversation with the patient on a handoff', () => {
  it('shows the practice’s messages and the patient’s replies in order (not the notes), and says how the patient reads them', async () => {
    renderPage(<MessageCard detail={detail()} />, { url: '/handoffs/h-1' });
    const list = screen.getByRole('list', { name: 'Conversation with the patient' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/Dana Reyes · email · .*Can you come on Tuesday at 9\?/);
    expect(items[1]).toHaveTextContent(/The patient replied in the portal · .*Tuesday at 9 works\./);
    expect(screen.getByText(/reads the message in the portal and can reply; replies appear here/)).toBeInTheDocument();
  });

  it('sends a message; the toast says a notice with the portal link went out', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/handoffs/h-1/messages', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ handoff });
      }),
    );
    const { user } = renderPage(<MessageCard detail={detail()} />, { url: '/handoffs/h-1' });
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'See you Tuesday.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(sent).toEqual([{ channel: 'email', body: 'See you Tuesday.' }]));
    expect(await screen.findByText('A notice with the portal link was emailed to ana@example.com.')).toBeInTheDocument();
  });

  it('a resolved handoff keeps its conversation readable, without the form', () => {
    renderPage(<MessageCard detail={detail({ handoff: { ...handoff, status: 'resolved' } })} />, { url: '/handoffs/h-1' });
    expect(screen.getByRole('heading', { name: 'Conversation with the patient' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Conversation with the patient' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
  });

  it('without a request, the message itself goes by email; texts are in “Text the patient” (decision 048)', () => {
    renderPage(<MessageCard detail={detail({ appointmentRequest: null, events: [] })} />, { url: '/handoffs/h-1' });
    expect(screen.getByText('Sent by email: this caller has no request, so cannot read it in the portal. To text them, use “Text the patient”.')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Text message/ })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Conversation with the patient' })).toBeNull();
  });
});
