import twilio from 'twilio';
import RequestClient from 'twilio/lib/base/RequestClient.js';
import type { Env } from '../../config/env.js';
import { checkOutboundUrl } from '../../http/outbound-url-guard.js';

const TWILIO_API = 'https://api.twilio.com';

/**
 * Twilio's REST client for placing calls. Its host is fixed (api.twilio.com) except in tests and
 * benches, where TWILIO_API_BASE_URL points it at a stand-in on loopback: every request's address
 * is rewritten by a RequestClient of our own — the SDK's documented `httpClient` option — after the
 * base passed the outbound gate (http/outbound-url-guard.ts; a private address only when
 * OUTBOUND_TEST_PRIVATE_ADDRESSES allows it, which production refuses).
 */
class RebasedRequestClient extends RequestClient {
  constructor(private readonly base: string) {
    super({ timeout: 10_000, keepAlive: true, autoRetry: false });
  }

  override request<T>(opts: RequestClient.RequestOptions<T>) {
    return super.request({ ...opts, uri: opts.uri.startsWith(TWILIO_API) ? this.base + opts.uri.slice(TWILIO_API.length) : opts.uri });
  }
}

export type TwilioRest = ReturnType<typeof twilio>;

export function twilioRestClient(env: Pick<Env, 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_API_BASE_URL' | 'OUTBOUND_TEST_PRIVATE_ADDRESSES'>): TwilioRest | null {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN) return null;
  let httpClient: RequestClient | undefined;
  if (env.TWILIO_API_BASE_URL) {
    const base = checkOutboundUrl(env.TWILIO_API_BASE_URL, { allowedHosts: [new URL(env.TWILIO_API_BASE_URL).hostname.replace(/^\[|\]$/g, '').toLowerCase()], testPrivateAddresses: env.OUTBOUND_TEST_PRIVATE_ADDRESSES });
    httpClient = new RebasedRequestClient(base.origin);
  }
  return twilio(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, { httpClient, autoRetry: false });
}
