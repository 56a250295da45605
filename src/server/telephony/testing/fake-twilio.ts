import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import type { TestApp } from '../../test-support/test-app.js';

/**
 * Drives the voice webhooks exactly as Twilio does: form-encoded POSTs to the URLs the TwiML
 * names, signed with X-Twilio-Signature over PUBLIC_URL + path and the parameters.
 */
export const TWILIO_TEST_TOKEN = 'twilio-test-auth-token-0123456789';
export const TEST_PUBLIC_URL = 'http://localhost:3000';

export interface Twiml {
  status: number;
  xml: string;
  /** Every <Say>, decoded. */
  said: string[];
  text: string;
  gatherAction: string | null;
  dialAction: string | null;
  dialTarget: { number?: string; client?: string } | null;
  hangup: boolean;
}

const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export function parseTwiml(status: number, xml: string): Twiml {
  const said = [...xml.matchAll(/<Say[^>]*>([\s\S]*?)<\/Say>/g)].map((m) => decode(m[1]!));
  const gather = /<Gather[^>]*action="([^"]+)"/.exec(xml);
  const dial = /<Dial[^>]*action="([^"]+)"/.exec(xml);
  const number = /<Number>([^<]+)<\/Number>/.exec(xml);
  const client = /<Client>([^<]+)<\/Client>/.exec(xml);
  return {
    status,
    xml,
    said,
    text: said.join(' '),
    gatherAction: gather ? decode(gather[1]!) : null,
    dialAction: dial ? decode(dial[1]!) : null,
    dialTarget: dial ? { ...(number ? { number: number[1] } : {}), ...(client ? { client: client[1] } : {}) } : null,
    hangup: /<Hangup\s*\/>/.test(xml),
  };
}

export function signature(url: string, params: Record<string, string>, token = TWILIO_TEST_TOKEN): string {
  return twilio.getExpectedTwilioSignature(token, url, params);
}

/** A signed webhook POST; `path` may carry a query string, or be an absolute URL under PUBLIC_URL. */
export async function postSigned(app: TestApp, pathOrUrl: string, params: Record<string, string>, opts: { token?: string; sign?: boolean } = {}) {
  const path = pathOrUrl.startsWith('http') ? pathOrUrl.slice(TEST_PUBLIC_URL.length) : pathOrUrl;
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (opts.sign !== false) headers['x-twilio-signature'] = signature(`${TEST_PUBLIC_URL}${path}`, params, opts.token);
  return app.inject({ method: 'POST', url: path, headers, payload: new URLSearchParams(params).toString() });
}

export function newCallSid(): string {
  return `CA${randomBytes(16).toString('hex')}`;
}

/** One phone call as Twilio would make it. */
export class FakeTwilioCall {
  readonly callSid = newCallSid();
  last: Twiml | null = null;
  /** Every agent line heard, in order. */
  readonly heard: string[] = [];

  constructor(
    private readonly app: TestApp,
    readonly from: string,
    readonly to: string,
  ) {}

  private base() {
    return { CallSid: this.callSid, AccountSid: 'ACtest', From: this.from, To: this.to, ApiVersion: '2010-04-01' };
  }

  private async post(url: string, params: Record<string, string>): Promise<Twiml> {
    const res = await postSigned(this.app, url, params);
    const twiml = parseTwiml(res.statusCode, res.body);
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    this.last = twiml;
    this.heard.push(...twiml.said);
    return twiml;
  }

  answer(): Promise<Twiml> {
    return this.post('/telephony/twilio/voice', { ...this.base(), CallStatus: 'ringing', Direction: 'inbound' });
  }

  say(text: string, confidence = '0.93'): Promise<Twiml> {
    return this.post(this.action('gather'), { ...this.base(), CallStatus: 'in-progress', SpeechResult: text, Confidence: confidence });
  }

  silence(): Promise<Twiml> {
    return this.post(this.action('gather'), { ...this.base(), CallStatus: 'in-progress' });
  }

  dialResult(status: string): Promise<Twiml> {
    return this.post(this.action('dial'), { ...this.base(), CallStatus: 'in-progress', DialCallStatus: status, DialCallSid: newCallSid() });
  }

  async status(callStatus: string, duration?: number) {
    return postSigned(this.app, '/telephony/twilio/status', { ...this.base(), CallStatus: callStatus, ...(duration !== undefined ? { CallDuration: String(duration) } : {}) });
  }

  private action(kind: 'gather' | 'dial'): string {
    const url = kind === 'gather' ? this.last?.gatherAction : this.last?.dialAction;
    if (!url) throw new Error(`The last TwiML has no ${kind} action: ${this.last?.xml}`);
    return url;
  }
}
