import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { HandoffTexts } from '@contracts/handoffs';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { TextPatientCard } from './text-patient-card';

/** Issue 30 §3 on the staff side: the "Text the patient" panel of a handoff (decision 048). */
const texts = (over: Partial<HandoffTexts> = {}): HandoffTexts => ({
  phone: '+18605550142',
  blocked: null,
  confirmed: true,
  confirmedBy: 'call',
  values: { practice: 'Maple Family Practice', number: '(860) 555-0100' },
  thread: [
    { id: 1, direction: 'outbound', body: 'Maple Family Practice: please call us back at (860) 555-0100.', at: '2026-11-21T14:00:00.000Z', by: 'Dana Reyes', status: 'delivered' },
    { id: 2, direction: 'inbound', body: 'I can talk after 5.', at: '2026-11-21T15:00:00.000Z', by: 'Patient', status: null },
  ],
  ...over,
});

const serve = (body: HandoffTexts | (() => Response)) =>
  server.use(http.get('/api/handoffs/h-1/texts', () => (typeof body === 'function' ? body() : HttpResponse.json(body))));

describe('the Text the patient panel', () => {
  it('shows the thread both ways with delivery status, and previews the Spanish template with the opt-out sentence', async () => {
    serve(texts());
    const { user } = renderPage(<TextPatientCard handoffId="h-1" />, { url: '/handoffs/h-1' });
    const list = await screen.findByRole('list', { name: 'Texts with the patient' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/Dana Reyes texted · .*Delivered.*please call us back/);
    expect(items[1]).toHaveTextContent(/The patient replied · .*I can talk after 5\./);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
    expect(screen.getByTestId('text-preview')).toHaveTextContent('Maple Family Practice: por favor, llámenos al (860) 555-0100. Responda STOP para no recibir más mensajes.');
  });

  it('sends the template with a line of one’s own to a confirmed number, from the keyboard', async () => {
    serve(texts({ thread: [] }));
    const sent: unknown[] = [];
    server.use(
      http.post('/api/handoffs/h-1/texts', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(texts(), { status: 201 });
      }),
    );
    const { user } = renderPage(<TextPatientCard handoffId="h-1" />, { url: '/handoffs/h-1' });
    expect(await screen.findByText(/No texts yet/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'What to text' }), 'tried_to_reach');
    await user.type(screen.getByRole('textbox', { name: 'Add a line (optional)' }), 'Ask for Dana.');
    expect(screen.getByTestId('text-preview')).toHaveTextContent('or reply to this text. Ask for Dana. Reply STOP to opt out.');
    await user.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(sent).toEqual([{ template: 'tried_to_reach', language: 'en', text: 'Ask for Dana.' }]));
    expect(await screen.findByText('Texted to (860) 555-0142.')).toBeInTheDocument();
  });

  it('offers only templates to a number the patient has not confirmed, and shows the server’s refusal beside the field', async () => {
    serve(texts({ confirmed: false, confirmedBy: null, thread: [] }));
    server.use(http.post('/api/handoffs/h-1/texts', () => HttpResponse.json({ error: { code: 'validation_failed', message: 'Some fields need attention.', fields: { template: 'Choose what to text.' } } }, { status: 400 })));
    const { user } = renderPage(<TextPatientCard handoffId="h-1" />, { url: '/handoffs/h-1' });
    expect(await screen.findByText(/Templates only: the patient has not called or texted from this number, nor signed in to the portal with it/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('option', { name: /A message of your own/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send text' }));
    expect(await screen.findByText('Choose what to text.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'What to text' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('says why nothing can be sent to a number that opted out, keeping the thread', async () => {
    const message = '(860) 555-0142 replied STOP on 2026-11-20 and has opted out of texts from Maple Family Practice. It can be texted again only after the patient replies START.';
    serve(texts({ blocked: { code: 'opted_out', message } }));
    renderPage(<TextPatientCard handoffId="h-1" />, { url: '/handoffs/h-1' });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Texts with the patient' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send text' })).toBeNull();
  });

  it('shows loading, then an error with a way to try again', async () => {
    serve(() => HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong.' } }, { status: 500 }));
    const { user } = renderPage(<TextPatientCard handoffId="h-1" />, { url: '/handoffs/h-1' });
    expect(screen.getByText('Loading the texts…')).toBeInTheDocument();
    expect(await screen.findByText('The texts could not be loaded', {}, { timeout: 5000 })).toBeInTheDocument();
    serve(texts());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Texts with the patient' })).toBeInTheDocument();
  });
});
