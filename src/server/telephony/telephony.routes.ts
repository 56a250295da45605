import type { FeatureRoutes } from '../http/route-types.js';
import { simulatorRoutes } from './simulator/simulator.routes.js';
import { twilioRoutes } from './twilio/twilio.routes.js';

/** The telephony adapters: Twilio-compatible webhooks and the simulator API. */
export const telephonyRoutes: FeatureRoutes = async (app, ctx) => {
  await twilioRoutes(app, ctx);
  await simulatorRoutes(app, ctx);
};
