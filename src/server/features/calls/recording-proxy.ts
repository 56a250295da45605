import type { Readable } from 'node:stream';
import { checkOutboundUrl, guardedGet, OutboundUrlRefused, type GuardedResponse, type OutboundPolicy } from '../../http/outbound-url-guard.js';
import { RecordingUnavailable } from './calls.service.js';

export interface ProxiedRecording {
  status: number;
  headers: Record<string, string>;
  body: Readable;
}

const PASSED_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'last-modified', 'etag'];
const TIMEOUT_MS = 10_000;

/**
 * Fetches a call's recording from where the telephony provider keeps it and hands back a
 * stream for the browser, passing `Range` through so the player can seek. The stored address came
 * from a provider callback, so it is fetched only through the outbound gate: the provider's
 * recording hosts (RECORDING_HOSTS), https, never a private address, redirects checked alike.
 * The provider's address never reaches the browser; an unreachable, refusing or refused provider
 * is a 502 that says so.
 */
export async function fetchRecording(rawUrl: string, range: string | undefined, opts: { policy: OutboundPolicy; twilioAuthToken?: string }): Promise<ProxiedRecording> {
  let url: URL;
  try {
    url = checkOutboundUrl(rawUrl, opts.policy);
  } catch (err) {
    if (!(err instanceof OutboundUrlRefused)) throw err;
    throw new RecordingUnavailable(`The stored recording address is not one the telephony provider's recordings are fetched from (${err.message}), so the recording cannot be played.`);
  }
  const headers: Record<string, string> = { accept: 'audio/*' };
  if (range && /^bytes=\d*-\d*(,\s*\d*-\d*)*$/.test(range)) headers.range = range;
  const auth = twilioCredentials(url, opts.twilioAuthToken);
  if (auth) headers.authorization = `Basic ${Buffer.from(auth).toString('base64')}`;

  let response: GuardedResponse;
  try {
    response = await guardedGet(url.toString(), opts.policy, { headers, idleTimeoutMs: TIMEOUT_MS });
  } catch (err) {
    if (err instanceof OutboundUrlRefused) {
      throw new RecordingUnavailable(`The recording address (${url.host}) led somewhere recordings are not fetched from (${err.message}), so the recording cannot be played.`);
    }
    const reason = (err as Error).name === 'TimeoutError' ? 'it did not answer in time' : 'it could not be reached';
    throw new RecordingUnavailable(`The recording is kept by the telephony provider (${url.host}), and ${reason}. Try again in a few minutes.`);
  }
  const host = response.url.host;
  if (response.status !== 200 && response.status !== 206) {
    response.body.resume();
    const why = response.status === 404 ? 'no longer has this recording' : `refused to send it (HTTP ${response.status})`;
    throw new RecordingUnavailable(`The telephony provider (${host}) ${why}.`);
  }

  const out: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = response.headers[name];
    if (typeof value === 'string' && value) out[name] = value;
  }
  out['content-type'] ??= 'audio/mpeg';
  if (!out['content-type'].startsWith('audio/') && out['content-type'] !== 'application/octet-stream') {
    response.body.destroy();
    throw new RecordingUnavailable(`The telephony provider (${host}) did not send audio.`);
  }
  return { status: response.status, headers: out, body: response.body };
}

/**
 * Twilio keeps recordings behind HTTP basic auth (account SID and auth token). The account SID is
 * in the recording's own address; the token is only ever sent to Twilio's hosts.
 */
export function twilioCredentials(url: URL, token: string | undefined): string | null {
  if (!token || url.protocol !== 'https:' || !(url.hostname === 'twilio.com' || url.hostname.endsWith('.twilio.com'))) return null;
  const sid = /\/Accounts\/(AC[0-9a-fA-F]{32})\//.exec(url.pathname)?.[1];
  return sid ? `${sid}:${token}` : null;
}
