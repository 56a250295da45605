import type { MatrixFixtures, MatrixRow } from './authorization-matrix.test-helpers.js';
import { everyone, NOT_ORGANIZATION_SCOPED, only } from './authorization-matrix.test-helpers.js';

/**
 * Authorization-matrix rows of the telephony adapters (spread into MATRIX).
 *
 * - Twilio webhooks are public but signed: without X-Twilio-Signature every caller — signed-in
 *   staff included — gets 403 and nothing is stored (twilio-webhooks.int.test.ts drives the
 *   signed path; relay.int.test.ts the signed ConversationRelay handshake).
 * - The simulator is the playground's: `playground.use` (admin, supervisor, developer). A user
 *   of another organization gets 404 for `home` and its calls.
 */
export function telephonyMatrixRows(): MatrixRow[] {
  const PLAYERS = ['admin', 'supervisor', 'developer'] as const;
  const twilio = (path: string): MatrixRow => ({
    route: `POST ${path}`,
    expect: everyone(403),
    request: () => ({ payload: { CallSid: 'CA-matrix', From: '+18605550123', To: '+18605550100', CallStatus: 'completed' } }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  });
  /** A simulated call to `home`, started by its administrator. */
  const homeCall = async (fx: MatrixFixtures): Promise<string> => {
    const res = await fx.app.inject({ method: 'POST', url: '/api/simulator/calls', headers: { cookie: fx.users.admin.cookie }, payload: { organizationId: fx.home.id } });
    if (res.statusCode !== 201) throw new Error(`simulated call failed: ${res.body}`);
    return res.json().callId as string;
  };

  return [
    twilio('/telephony/twilio/voice'),
    twilio('/telephony/twilio/gather'),
    twilio('/telephony/twilio/dial-result'),
    twilio('/telephony/twilio/status'),
    twilio('/telephony/twilio/recording'),
    twilio('/telephony/twilio/relay-end'),
    // Inbound texts (STOP / START): signed like the voice webhooks.
    { ...twilio('/telephony/twilio/sms'), request: () => ({ payload: { MessageSid: 'SM-matrix', From: '+18605550123', To: '+18605550100', Body: 'STOP' } }) },
    // Sent texts' status callbacks (decision 044): Twilio's signed like the voice webhooks; Telnyx's
    // JSON signed with Ed25519 (also its texts that come in) — without TELNYX_PUBLIC_KEY (as here) turned off (503), as its voice webhooks.
    { ...twilio('/telephony/twilio/sms/status'), request: () => ({ url: '/telephony/twilio/sms/status?outbox=00000000-0000-4000-8000-000000000000', payload: { MessageSid: 'SM-matrix', MessageStatus: 'delivered' } }) },
    {
      route: 'POST /telephony/telnyx/messaging',
      expect: everyone(503),
      request: () => ({
        url: '/telephony/telnyx/messaging?outbox=00000000-0000-4000-8000-000000000000',
        headers: { 'content-type': 'application/json', 'telnyx-signature-ed25519': 'AAAA', 'telnyx-timestamp': '1' },
        payload: JSON.stringify({ data: { event_type: 'message.finalized', payload: { id: 'matrix', to: [{ status: 'delivered' }] } } }),
      }),
      otherOrganization: NOT_ORGANIZATION_SCOPED,
    },
    // The ConversationRelay WebSocket (issue 20): its handshake is signed like a webhook.
    { route: 'GET /telephony/twilio/relay', expect: everyone(403), otherOrganization: NOT_ORGANIZATION_SCOPED },
    {
      route: 'POST /api/simulator/calls',
      expect: only([...PLAYERS], 201),
      request: (fx) => ({ payload: { organizationId: fx.home.id } }),
      otherOrganization: { as: 'supervisor', request: (fx) => ({ payload: { organizationId: fx.home.id } }), status: 404 },
    },
    {
      route: 'POST /api/simulator/calls/:id/turns',
      expect: only([...PLAYERS], 200),
      request: async (fx) => ({ url: `/api/simulator/calls/${await homeCall(fx)}/turns`, payload: { text: 'What are your hours?' } }),
      otherOrganization: { as: 'developer', request: async (fx) => ({ url: `/api/simulator/calls/${await homeCall(fx)}/turns`, payload: { text: 'hello' } }), status: 404 },
    },
    {
      route: 'POST /api/simulator/calls/:id/turns/stream',
      expect: only([...PLAYERS], 200),
      request: async (fx) => ({ url: `/api/simulator/calls/${await homeCall(fx)}/turns/stream`, payload: { text: 'What are your hours?' } }),
      otherOrganization: { as: 'developer', request: async (fx) => ({ url: `/api/simulator/calls/${await homeCall(fx)}/turns/stream`, payload: { text: 'hello' } }), status: 404 },
    },
    {
      route: 'POST /api/simulator/calls/:id/interrupt',
      expect: only([...PLAYERS], 200),
      request: async (fx) => ({ url: `/api/simulator/calls/${await homeCall(fx)}/interrupt`, payload: { heard: 'Thank you' } }),
      otherOrganization: { as: 'developer', request: async (fx) => ({ url: `/api/simulator/calls/${await homeCall(fx)}/interrupt`, payload: { heard: 'Thank you' } }), status: 404 },
    },
    {
      route: 'POST /api/simulator/calls/:id/hangup',
      expect: only([...PLAYERS], 200),
      request: async (fx) => ({ url: `/api/simulator/calls/${await homeCall(fx)}/hangup` }),
      otherOrganization: { as: 'supervisor', request: async (fx) => ({ url: `/api/simulator/calls/${await homeCall(fx)}/hangup` }), status: 404 },
    },
  ];
}
