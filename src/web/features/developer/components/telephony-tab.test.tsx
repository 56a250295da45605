import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ORG_MAPLE, errorBody, signedIn } from '@web/test/fixtures';
import { renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { TelephonyTab } from './telephony-tab';

const SETUP = {
  publicUrl: 'http://localhost:3000',
  publicUrlConfigured: false,
  https: false,
  twilioSignatures: false,
  telnyxSignatures: false,
  outboundProvider: 'simulator',
  textGateway: 'log',
  webhooks: [
    { id: 'voice', label: 'A call comes in', method: 'POST', url: 'http://localhost:3000/telephony/twilio/voice', where: 'The number’s voice webhook.' },
    { id: 'relay', label: 'Real-time voice (ConversationRelay)', method: 'WebSocket', url: 'ws://localhost:3000/telephony/twilio/relay', where: 'Opened by the provider.' },
  ],
  numbers: [{ organizationId: ORG_MAPLE.id, organizationName: ORG_MAPLE.name, e164: '+18605550100', voiceMode: 'gather', sendsTexts: true }],
};

describe('/developer → Telephony', () => {
  it('lists the addresses to give the provider with a copy button each, says what is missing, and the numbers', async () => {
    server.use(http.get('/api/developer/telephony', () => HttpResponse.json(SETUP)));
    renderPage(<TelephonyTab />, { url: '/developer?tab=telephony', session: signedIn({ role: 'developer', organizations: [ORG_MAPLE] }) });
    expect(await screen.findByText('http://localhost:3000/telephony/twilio/voice')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the address for: A call comes in' })).toBeInTheDocument();
    expect(screen.getByText('PUBLIC_URL is not set')).toBeInTheDocument();
    expect(screen.getByText('No provider key is set')).toBeInTheDocument();
    expect(screen.getByText('needs https')).toBeInTheDocument();
    expect(screen.getByText('(860) 555-0100')).toBeInTheDocument();
    expect(screen.getByText('Nobody: they stay in the outbox (no gateway is set)')).toBeInTheDocument();
    expect(screen.getByText('Sends its texts')).toBeInTheDocument();
  });

  it('says when the setup cannot be loaded', async () => {
    server.use(http.get('/api/developer/telephony', () => HttpResponse.json(errorBody('internal_error', 'Down.'), { status: 500 })));
    renderPage(<TelephonyTab />, { url: '/developer?tab=telephony', session: signedIn({ role: 'developer', organizations: [ORG_MAPLE] }) });
    expect(await screen.findByText('The telephony setup could not be loaded')).toBeInTheDocument();
  });
});
