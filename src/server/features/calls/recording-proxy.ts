import { Readable } from 'node:stream';
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
 * stream for the browser, passing `Range` through so the player can seek. The provider's
 * address never reaches the browser; an unreachable or refusing provider is a 502 that says so.
 */
export async function fetchRecording(rawUrl: string, range: string | undefined, twilioAuthToken?: string): Promise<ProxiedRecording> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new RecordingUnavailable('The stored recording address is not valid, so the recording cannot be played.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new RecordingUnavailable('The stored recording address is not a web address, so the recording cannot be played.');
  }
  const headers: Record<string, string> = { accept: 'audio/*' };
  if (range && /^bytes=\d*-\d*(,\s*\d*-\d*)*$/.test(range)) headers.range = range;
  const auth = twilioCredentials(url, twilioAuthToken);
  if (auth) headers.authorization = `Basic ${Buffer.from(auth).toString('base64')}`;

  let response: Response;
  try {
    response = await fetch(url, { headers, redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? 'it did not answer in time' : 'it could not be reached';
    throw new RecordingUnavailable(`The recording is kept by the telephony provider (${url.host}), and ${reason}. Try again in a few minutes.`);
  }
  if (response.status !== 200 && response.status !== 206) {
    await response.body?.cancel().catch(() => undefined);
    const why = response.status === 404 ? 'no longer has this recording' : `refused to send it (HTTP ${response.status})`;
    throw new RecordingUnavailable(`The telephony provider (${url.host}) ${why}.`);
  }
  if (!response.body) throw new RecordingUnavailable(`The telephony provider (${url.host}) sent an empty recording.`);

  const out: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name);
    if (value) out[name] = value;
  }
  out['content-type'] ??= 'audio/mpeg';
  if (!out['content-type'].startsWith('audio/') && out['content-type'] !== 'application/octet-stream') {
    await response.body.cancel().catch(() => undefined);
    throw new RecordingUnavailable(`The telephony provider (${url.host}) did not send audio.`);
  }
  return { status: response.status, headers: out, body: Readable.fromWeb(response.body as import('node:stream/web').ReadableStream) };
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
