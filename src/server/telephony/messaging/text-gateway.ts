import type { Env } from '../../config/env.js';
import type { TextGateway } from '../../features/outbox/index.js';
import { twilioRestClient } from '../outbound/twilio-rest.js';
import { telnyxTextGateway } from './telnyx-text-gateway.js';
import { twilioTextGateway } from './twilio-text-gateway.js';

type GatewayEnv = Pick<Env, 'SMS_PROVIDER' | 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_API_BASE_URL' | 'TELNYX_API_KEY' | 'TELNYX_API_BASE_URL' | 'OUTBOUND_TEST_PRIVATE_ADDRESSES'>;

/** Which gateway sends texts (decision 044): SMS_PROVIDER, else Twilio when configured, else Telnyx when configured, else none (`log`). */
export function textGatewayName(env: GatewayEnv): 'twilio' | 'telnyx' | 'log' {
  if (env.SMS_PROVIDER) return env.SMS_PROVIDER;
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN) return 'twilio';
  if (env.TELNYX_API_KEY) return 'telnyx';
  return 'log';
}

/** The configured gateway, or null: texts then stay in the outbox with transport `log`. */
export function textGatewayOf(env: GatewayEnv, baseUrl: string): TextGateway | null {
  const name = textGatewayName(env);
  if (name === 'twilio') {
    const client = twilioRestClient(env);
    return client ? twilioTextGateway(client, baseUrl) : null;
  }
  if (name === 'telnyx' && env.TELNYX_API_KEY) return telnyxTextGateway({ ...env, TELNYX_API_KEY: env.TELNYX_API_KEY }, baseUrl);
  return null;
}
