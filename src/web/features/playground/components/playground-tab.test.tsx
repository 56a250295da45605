import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { PlaygroundTab } from './playground-tab';

const GREETING = 'Thank you for calling Maple Family Practice. I am the virtual assistant. How can I help you today?';

describe('playground in real time (issue 20)', () => {
  it('speaks the greeting word by word and an interrupt cuts it where the caller stopped listening', async () => {
    const interrupts: { heard: string }[] = [];
    server.use(
      http.post('/api/simulator/calls', () => HttpResponse.json({ callId: 'call-1', organizationId: 'org', agentText: GREETING, ended: false, events: [] }, { status: 201 })),
      http.post('/api/simulator/calls/call-1/interrupt', async ({ request }) => {
        interrupts.push((await request.json()) as { heard: string });
        return HttpResponse.json({ cut: true });
      }),
    );
    const { user } = renderPage(<PlaygroundTab />, { url: '/developer/playground', session: signedIn({ role: 'developer' }) });
    await user.selectOptions(screen.getByRole('combobox', { name: /How the agent's replies are heard/ }), 'In real time (you can interrupt)');
    await user.click(screen.getByRole('button', { name: 'Start call' }));

    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    await user.click(await screen.findByRole('button', { name: 'Interrupt' }));
    await waitFor(() => expect(interrupts).toHaveLength(1));
    const heard = interrupts[0]!.heard;
    expect(heard.length).toBeGreaterThan(0);
    expect(GREETING.startsWith(heard)).toBe(true);
    expect(heard.length).toBeLessThan(GREETING.length);
    await waitFor(() => expect(within(conversation).getByText(/\(interrupted; not heard:/)).toBeInTheDocument());
    expect(conversation.textContent).toContain(`${heard} (interrupted; not heard: ${GREETING.slice(heard.length).trim()})`);
    expect(screen.queryByRole('button', { name: 'Interrupt' })).toBeNull();
  });

  it('shows a reply the server streams, sentence by sentence, and the turn when it is stored', async () => {
    const sentences = ['We are open from eight to six on weekdays.', 'Is there anything else?'];
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/simulator/calls', () => HttpResponse.json({ callId: 'call-2', organizationId: 'org', agentText: 'Hello.', ended: false, events: [] }, { status: 201 })),
      http.post('/api/simulator/calls/call-2/turns/stream', async ({ request }) => {
        bodies.push(await request.json());
        const lines = [
          ...sentences.map((text) => ({ type: 'sentence', text })),
          { type: 'turn', turn: { agentText: sentences.join(' '), ended: false, transfer: null, events: [] } },
        ];
        return new HttpResponse(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), { headers: { 'content-type': 'application/x-ndjson' } });
      }),
    );
    const { user } = renderPage(<PlaygroundTab />, { url: '/developer/playground', session: signedIn({ role: 'developer' }) });
    await user.selectOptions(screen.getByRole('combobox', { name: /How the agent's replies are heard/ }), 'In real time (you can interrupt)');
    await user.click(screen.getByRole('button', { name: 'Start call' }));
    await user.type(await screen.findByRole('textbox', { name: 'What the caller says' }), 'When are you open?');
    await user.click(screen.getByRole('button', { name: 'Say it' }));
    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    await waitFor(() => expect(conversation.textContent).toContain('When are you open?'));
    // Spoken at a speaking pace: the whole reply is there once the voice has caught up.
    await waitFor(() => expect(conversation.textContent).toContain(sentences.join(' ')), { timeout: 8000 });
    expect(bodies).toEqual([{ text: 'When are you open?', transferResult: 'completed' }]);
  }, 15_000);
});
