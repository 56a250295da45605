import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { TestApp } from '../../test-support/test-app.js';
import { newCallSid, parseTwiml, postSigned, signature, type Twiml } from './fake-twilio.js';

/**
 * A fake ConversationRelay provider for one call: the voice webhook as Twilio posts it, then the
 * WebSocket the <Connect><ConversationRelay> names, opened on the app listening on 127.0.0.1 with
 * the handshake signed over the public wss URL, speaking the documented protocol (setup, prompt,
 * dtmf, interrupt, error in; text, language, end out), and <Connect action> when the session ends.
 */
export type RelayMessage = { type: string; [k: string]: unknown };

const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export class FakeRelayCall {
  readonly callSid = newCallSid();
  /** Every agent line heard, in order (greeting, streamed replies joined, closing <Say>s). */
  readonly heard: string[] = [];
  /** Every message the server sent, in order. */
  readonly received: RelayMessage[] = [];
  last: Twiml | null = null;
  socket: WebSocket | null = null;
  private connectAction: string | null = null;
  private pending: RelayMessage[] = [];
  private waiter: (() => void) | null = null;
  closed: Promise<number> | null = null;

  constructor(
    private readonly app: TestApp,
    private readonly port: number,
    readonly from: string,
    readonly to: string,
  ) {}

  private base() {
    return { CallSid: this.callSid, AccountSid: 'ACtest', From: this.from, To: this.to, ApiVersion: '2010-04-01' };
  }

  private async post(url: string, params: Record<string, string>): Promise<Twiml> {
    const res = await postSigned(this.app, url, params);
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return parseTwiml(res.statusCode, res.body);
  }

  /** The TwiML a webhook answered: a <Connect> opens a session (its welcome greeting is heard). */
  private async follow(twiml: Twiml): Promise<Twiml> {
    this.last = twiml;
    this.heard.push(...twiml.said);
    const connect = /<Connect action="([^"]+)"[^>]*>\s*<ConversationRelay([^>]*)>/.exec(twiml.xml);
    if (!connect) return twiml;
    this.connectAction = decode(connect[1]!);
    const attrs = Object.fromEntries([...connect[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]));
    if (attrs.welcomeGreeting) this.heard.push(attrs.welcomeGreeting);
    await this.open(attrs.url!);
    return { ...twiml, said: attrs.welcomeGreeting ? [attrs.welcomeGreeting] : [], text: attrs.welcomeGreeting ?? '' };
  }

  async open(publicUrl: string, opts: { sign?: boolean } = {}): Promise<void> {
    const local = publicUrl.replace(/^wss?:\/\/[^/]+/, `ws://127.0.0.1:${this.port}`);
    const headers: Record<string, string> = opts.sign === false ? {} : { 'x-twilio-signature': signature(publicUrl, {}) };
    const ws = new WebSocket(local, { headers });
    this.socket = ws;
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as RelayMessage;
      this.received.push(m);
      this.pending.push(m);
      this.waiter?.();
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
    this.sendJson({ type: 'setup', sessionId: `VX${randomUUID().replace(/-/g, '')}`, callSid: this.callSid, from: this.from, to: this.to, direction: 'inbound', customParameters: {} });
  }

  sendJson(m: Record<string, unknown>): void {
    this.socket!.send(JSON.stringify(m));
  }

  sendRaw(text: string): void {
    this.socket!.send(text);
  }

  answer(): Promise<Twiml> {
    return this.post('/telephony/twilio/voice', { ...this.base(), CallStatus: 'ringing', Direction: 'inbound' }).then((t) => this.follow(t));
  }

  /** A final prompt; resolves with the streamed reply, or with the TwiML <Connect action> answered after `end`. */
  say(text: string): Promise<Twiml> {
    this.sendJson({ type: 'prompt', voicePrompt: text, lang: 'en-US', last: true });
    return this.reply();
  }

  dtmf(digit: string): Promise<Twiml> {
    this.sendJson({ type: 'dtmf', digit });
    return this.reply();
  }

  interrupt(heard: string, ms = 900): void {
    this.sendJson({ type: 'interrupt', utteranceUntilInterrupt: heard, durationUntilInterruptMs: ms });
  }

  silence(): Promise<Twiml> {
    return this.say('');
  }

  /** The caller says nothing at all (ConversationRelay sends no message): what the agent says on its own. */
  waitForAgent(timeoutMs = 10_000): Promise<Twiml> {
    return this.reply(timeoutMs);
  }

  dialResult(status: string): Promise<Twiml> {
    const url = this.last?.dialAction;
    if (!url) throw new Error(`no <Dial action> in ${this.last?.xml}`);
    return this.post(url, { ...this.base(), CallStatus: 'in-progress', DialCallStatus: status, DialCallSid: newCallSid() }).then((t) => this.follow(t));
  }

  status(callStatus: string, duration?: number) {
    return postSigned(this.app, '/telephony/twilio/status', { ...this.base(), CallStatus: callStatus, ...(duration !== undefined ? { CallDuration: String(duration) } : {}) });
  }

  /** The close code of the current socket, once it closes. */
  closedCode(): Promise<number> {
    return this.closed!;
  }

  /** The network drops the socket (no close handshake). */
  drop(): Promise<number> {
    this.socket!.terminate();
    return this.closed!;
  }

  async next(timeoutMs = 10_000): Promise<RelayMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.pending.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no message from the relay server in ${timeoutMs} ms; received: ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = null;
    }
    return this.pending.shift()!;
  }

  /** Text tokens until `last`, or `end` (then <Connect action> as Twilio would post it). */
  private async reply(timeoutMs = 10_000): Promise<Twiml> {
    const tokens: string[] = [];
    for (;;) {
      const m = await this.next(timeoutMs);
      if (m.type === 'text') {
        tokens.push(String(m.token));
        if (m.last) {
          const text = tokens.join('').trim();
          this.heard.push(text);
          const t: Twiml = { status: 200, xml: '', said: [text], text, gatherAction: null, dialAction: null, dialTarget: null, hangup: false };
          this.last = t;
          return t;
        }
      } else if (m.type === 'end') {
        this.socket!.close();
        const twiml = await this.post(this.connectAction!, { ...this.base(), CallStatus: 'in-progress', SessionId: 'VX1', SessionStatus: 'ended', HandoffData: String(m.handoffData) });
        return this.follow(twiml);
      }
    }
  }
}
