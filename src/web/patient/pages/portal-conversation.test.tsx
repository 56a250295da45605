/** @jsxImportSource preact */
import { screen, waitFor, within } from '@testing-library/dom';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { PortalRequest } from '@contracts/portal';
import { renderPatientPage } from '@web/test/render-patient';
import { server } from '@web/test/server';
import { setLocale } from '../i18n/i18n';
import { PortalPage } from './portal';

/** Issue 19 §4 in the portal: "Send a new code", and the conversation with the practice. */
afterEach(() => setLocale('en'));

const practices = { items: [{ slug: 'maple-street', name: 'Maple Street Clinic', city: 'Hartford', region: 'CT', requestsEnabled: true }] };

const request = (over: Partial<PortalRequest> = {}): PortalRequest => ({
  id: 'req-1',
  referenceCode: 'MSC-7K2Q',
  status: 'in_review',
  reason: 'Follow-up',
  reasonOther: null,
  submittedAt: '2026-11-20T15:00:00.000Z',
  scheduledFor: null,
  declineReason: null,
  canCancel: true,
  history: [],
  intake: { status: 'not_started', available: true },
  messages: [{ body: 'Can you come on Tuesday at 9?', at: '2026-11-21T14:00:00.000Z', channel: 'email', from: 'practice' }],
  visit: null,
  thread: { id: 'handoff-1' },
  ...over,
});

const overviewWith = (requests: PortalRequest[]) => ({
  practice: { slug: 'maple-street', name: 'Maple Street Clinic', timeZone: 'America/New_York', phone: null, emergencyNumber: '911' },
  patient: { firstName: 'Ana', contact: 'ana@example.com' },
  requests,
  messages: [],
  idleMinutes: 15,
});

const error = (status: number, body: Record<string, unknown>) => HttpResponse.json({ error: body }, { status });

describe('send a new code', () => {
  function serveSignIn(resend: () => Response) {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/public/practices', () => HttpResponse.json(practices)),
      http.get('/api/portal/overview', () => error(401, { code: 'unauthenticated', message: 'Sign in first.' })),
      http.post('/api/portal/sign-in', () => HttpResponse.json({ challengeId: 'ch-1', channel: 'email', sentTo: 'a•••@example.com', expiresInSeconds: 600 }, { status: 202 })),
      http.post('/api/portal/sign-in/resend', async ({ request: r }) => {
        sent.push(await r.json());
        return resend();
      }),
    );
    return sent;
  }

  async function toCodeStep(user: ReturnType<typeof renderPatientPage>['user']) {
    await waitFor(() => expect(within(screen.getByLabelText('Practice')).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Practice'), 'maple-street');
    await user.type(screen.getByLabelText('Email or phone number'), 'ana@example.com');
    await user.type(screen.getByLabelText('Date of birth'), '1985-03-04');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByRole('heading', { name: 'Enter your code' });
  }

  it('asks for a fresh code for the same sign-in, clears the code typed and says so in a live region', async () => {
    const sent = serveSignIn(() => HttpResponse.json({ challengeId: 'ch-2', channel: 'email', sentTo: 'a•••@example.com', expiresInSeconds: 600 }, { status: 202 }));
    const { user } = renderPatientPage(<PortalPage slug={null} />, { url: '/portal' });
    await toCodeStep(user);
    await user.type(screen.getByLabelText('6-digit code'), '123');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('If a•••@example.com matches our records, we have sent a new code to it. Codes sent before no longer work.');
    expect(sent).toEqual([{ challengeId: 'ch-1' }]);
    expect(screen.getByLabelText('6-digit code')).toHaveValue('');
    // The next resend is for the new sign-in.
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(sent).toEqual([{ challengeId: 'ch-1' }, { challengeId: 'ch-2' }]));
  });

  it('announces when a new code may be asked for, in the patient’s language', async () => {
    serveSignIn(() => error(429, { code: 'resend_too_soon', message: 'You can ask for a new code in 20 seconds.', retryAfterSeconds: 20, limit: 'contact' }));
    const { user } = renderPatientPage(<PortalPage slug={null} />, { url: '/portal' });
    await toCodeStep(user);
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can ask for a new code in 20 seconds.');
    expect(screen.getByRole('button', { name: 'Send a new code' })).toHaveAccessibleDescription('You can ask for a new code in 20 seconds.');
  });

  it('says minutes for a longer wait, and in Spanish', async () => {
    setLocale('es');
    serveSignIn(() => error(429, { code: 'resend_too_soon', message: 'You can ask for a new code in 450 seconds.', retryAfterSeconds: 450, limit: 'contact' }));
    const { user } = renderPatientPage(<PortalPage slug={null} />, { url: '/portal' });
    await waitFor(() => expect(within(screen.getByLabelText('Consulta')).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Consulta'), 'maple-street');
    await user.type(screen.getByLabelText('Correo electrónico o teléfono'), 'ana@example.com');
    await user.type(screen.getByLabelText('Fecha de nacimiento'), '1985-03-04');
    await user.click(screen.getByRole('button', { name: 'Enviarme un código' }));
    await user.click(await screen.findByRole('button', { name: 'Enviar un código nuevo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Podrá pedir un código nuevo dentro de 8 minutos.');
  });
});

describe('the conversation with the practice', () => {
  function serveOverview(requests: PortalRequest[], reply: (body: unknown) => Response) {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/portal/overview', () => HttpResponse.json(overviewWith(requests))),
      http.post('/api/portal/threads/:id/replies', async ({ request: r, params }) => {
        const body = await r.json();
        sent.push({ thread: params.id, body });
        return reply(body);
      }),
    );
    return sent;
  }

  it('shows who wrote what, and sends the reply to the conversation; the reply joins it', async () => {
    const sent = serveOverview([request()], (body) =>
      HttpResponse.json(
        { request: request({ messages: [...request().messages, { body: (body as { reply: string }).reply, at: '2026-11-21T15:00:00.000Z', channel: null, from: 'you' }] }) },
        { status: 201 },
      ),
    );
    const { user } = renderPatientPage(<PortalPage slug={null} />, { url: '/portal' });
    const conversation = await screen.findByRole('region', { name: 'Messages' });
    expect(within(conversation).getByRole('listitem')).toHaveTextContent('From the practice · by emailCan you come on Tuesday at 9?');

    const box = screen.getByLabelText('Reply to the practice');
    expect(box).toHaveAccessibleDescription('The practice reads replies during office hours. Do not use this for an emergency.');
    await user.type(box, 'Tuesday at 9 works.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your reply was sent to the practice.');
    expect(sent).toEqual([{ thread: 'handoff-1', body: { reply: 'Tuesday at 9 works.' } }]);
    const items = within(screen.getByRole('region', { name: 'Messages' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('Can you come on Tuesday at 9?'), expect.stringMatching(/^YouTuesday at 9 works\./)]);
    expect(screen.getByLabelText('Reply to the practice')).toHaveValue('');
    // A reply is not a cancellation: no page notice says so.
    expect(screen.queryByText('Your request was canceled.')).toBeNull();
  });

  it('shows the server’s message beside the reply box and moves focus there', async () => {
    serveOverview([request()], () => HttpResponse.json({ error: { code: 'validation_failed', message: 'Some fields need attention.', fieldKeys: { reply: 'required' } } }, { status: 400 }));
    const { user } = renderPatientPage(<PortalPage slug={null} />, { url: '/portal' });
    await user.click(await screen.findByRole('button', { name: 'Send reply' }));
    const box = screen.getByLabelText('Reply to the practice');
    await waitFor(() => expect(box).toHaveAccessibleDescription(expect.stringContaining('Write your reply before sending it.')));
    expect(box).toBeInvalid();
    await waitFor(() => expect(box).toHaveFocus());
  });

  it('announces when another reply may be sent', async () => {
    serveOverview([request()], () => error(429, { code: 'reply_too_soon', message: 'You can send another reply in 40 seconds.', retryAfterSeconds: 40 }));
    const { user } = renderPatientPage(<PortalPage slug={null} />, { url: '/portal' });
    await user.type(await screen.findByLabelText('Reply to the practice'), 'Hello again');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can send another reply in 40 seconds.');
    expect(screen.getByLabelText('Reply to the practice')).toHaveValue('Hello again');
  });

  it('no messages, no conversation; messages without a thread to answer are shown without a reply box', async () => {
    serveOverview([request({ id: 'req-1', messages: [], thread: null }), request({ id: 'req-2', referenceCode: 'MSC-2', thread: null })], () => HttpResponse.json({}));
    renderPatientPage(<PortalPage slug={null} />, { url: '/portal' });
    const regions = await screen.findAllByRole('region', { name: 'Messages' });
    expect(regions).toHaveLength(1);
    expect(screen.queryByLabelText('Reply to the practice')).toBeNull();
  });
});
