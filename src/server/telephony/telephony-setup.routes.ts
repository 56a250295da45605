import { TelephonySetupResponse } from '../../contracts/developer.js';
import { listVisibleOrganizations, phoneNumbersOf } from '../features/organizations/index.js';
import { outboundProviderOf } from '../features/outbound/index.js';
import { ErrorResponse, type FeatureRoutes } from '../http/route-types.js';
import { actorOf, organizationScope } from '../policy/actor.js';
import { relaySocketUrl, TWILIO_PATHS } from './twilio/twiml.js';
import { TWILIO_SMS_PATH } from './twilio/twilio-sms.routes.js';
import { chosenSenders } from '../features/outbox/index.js';
import { textGatewayName } from './messaging/text-gateway.js';
import { MESSAGING_STATUS_PATHS } from './messaging/messaging-paths.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse };

/**
 * /developer → Telephony (issue 30 §4): the addresses an integrator gives the provider, made from
 * this deployment's `PUBLIC_URL` and the same path constants the webhooks are registered under,
 * so the page can never name an address the server does not answer.
 */
export const telephonySetupRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/developer/telephony', {
    config: { access: { capability: 'developer.access' } },
    schema: { tags: ['developer'], summary: 'The webhook addresses to give the telephony provider, and the numbers they serve', response: { 200: TelephonySetupResponse, ...errors } },
    handler: async (request) => {
      const base = ctx.baseUrl.replace(/\/+$/, '');
      const organizations = await listVisibleOrganizations(ctx.db, organizationScope(actorOf(request)));
      const ids = organizations.map((o) => o.id);
      const numbers = await phoneNumbersOf(ctx.db, ids);
      const senders = await chosenSenders(ctx.db, ids);
      return {
        publicUrl: base,
        publicUrlConfigured: !!ctx.env.PUBLIC_URL,
        https: base.startsWith('https://'),
        twilioSignatures: !!ctx.env.TWILIO_AUTH_TOKEN,
        telnyxSignatures: !!ctx.env.TELNYX_PUBLIC_KEY,
        outboundProvider: outboundProviderOf(ctx),
        textGateway: textGatewayName(ctx.env),
        webhooks: [
          { id: 'voice', label: 'A call comes in', method: 'POST' as const, url: `${base}${TWILIO_PATHS.voice}`, where: 'The number’s voice webhook (Twilio: Phone Numbers → Voice configuration; Telnyx: the TeXML application’s voice URL).' },
          { id: 'status', label: 'Call status changes', method: 'POST' as const, url: `${base}${TWILIO_PATHS.status}`, where: 'The number’s status callback URL.' },
          { id: 'recording', label: 'Recording status', method: 'POST' as const, url: `${base}${TWILIO_PATHS.recording}`, where: 'Named in the TwiML the agent answers with; nothing to set unless your provider asks for it.' },
          { id: 'sms', label: 'A message comes in', method: 'POST' as const, url: `${base}${TWILIO_SMS_PATH}`, where: 'The number’s messaging webhook (STOP, START and HELP replies).' },
          {
            id: 'telnyx-messaging',
            label: 'A message comes in (Telnyx)',
            method: 'POST' as const,
            url: `${base}${MESSAGING_STATUS_PATHS.telnyx}`,
            where: 'Telnyx only: the messaging profile’s webhook URL (replies to the practice’s texts; Telnyx answers STOP and START itself). Texts sent through Telnyx name their own status address.',
          },
          { id: 'relay', label: 'Real-time voice (ConversationRelay)', method: 'WebSocket' as const, url: relaySocketUrl(base), where: 'Opened by the provider itself for organizations whose voice mode is relay; needs https and WebSocket upgrades through any proxy.' },
        ],
        numbers: organizations.flatMap((o) =>
          (numbers.get(o.id) ?? []).map((n, i) => ({
            organizationId: o.id,
            organizationName: o.name,
            e164: n.e164,
            voiceMode: (o.agentSettings as { voiceMode?: string } | null)?.voiceMode === 'relay' ? ('relay' as const) : ('gather' as const),
            sendsTexts: senders.has(o.id) ? senders.get(o.id) === n.e164 : i === 0,
          })),
        ),
      };
    },
  });
};
