import type { FeatureRoutes } from '../http/route-types.js';
import { simulatorRoutes } from './simulator/simulator.routes.js';
import { twilioRoutes } from './twilio/twilio.routes.js';
import { twilioSmsRoutes } from './twilio/twilio-sms.routes.js';
import { twilioSmsStatusRoutes } from './twilio/twilio-sms-status.routes.js';
import { telnyxMessagingRoutes } from './telnyx/telnyx-messaging.routes.js';
import { relayRoutes } from './relay/relay.routes.js';
import { twilioOutboundRoutes } from './outbound/twilio-outbound.routes.js';
import { outboundPreviewRoutes } from './outbound/outbound-preview.routes.js';
import { telephonySetupRoutes } from './telephony-setup.routes.js';

/** The telephony adapters: Twilio-compatible webhooks (inbound and outbound calls, inbound texts, sent texts' status) and the simulator API. */
export const telephonyRoutes: FeatureRoutes = async (app, ctx) => {
  await twilioRoutes(app, ctx);
  await twilioSmsRoutes(app, ctx);
  await twilioSmsStatusRoutes(app, ctx);
  await telnyxMessagingRoutes(app, ctx);
  await relayRoutes(app, ctx);
  await twilioOutboundRoutes(app, ctx);
  await outboundPreviewRoutes(app, ctx);
  await telephonySetupRoutes(app, ctx);
  await simulatorRoutes(app, ctx);
};
