import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { signature, TEST_PUBLIC_URL, TWILIO_TEST_TOKEN } from '../../testing/fake-twilio.js';

/**
 * A stand-in for Twilio's Calls and Messages resources on 127.0.0.1 (create, list by To/From,
 * fetch), which then drives each call's or message's status callbacks, signed, as Twilio does: to
 * the path of the StatusCallback it was given, on whatever port the server under test listens now.
 * Twilio does not retry a status callback that fails, and neither does this fake; the server must
 * ask (fetch). With `authToken`, every request must carry Twilio's basic auth (AccountSid:token).
 * It needs nothing from vitest: the browser journey e2e/portal-phone-sign-in.spec.ts runs it in its
 * Playwright worker, in front of a server started with TWILIO_API_BASE_URL pointing at it.
 */
export interface FakePlacement {
  sid: string;
  to: string;
  from: string;
  url: string;
  statusCallback: string;
  attemptId: string;
  createdAt: Date;
  final: string | null;
}

/** One text message as the fake Twilio took it. */
export interface FakeMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
  createdAt: Date;
  status: string;
  errorCode: number | null;
  /** The status callbacks sent, in order, with the HTTP status the server answered (null: no answer). */
  callbacks: Array<{ status: string; answered: number | null }>;
}

/**
 * How a text to a number ends: delivered; `undelivered` (the carrier rejected it: 30007);
 * `failed` (30008); `invalid` (refused at once, 400 with code 21211); `unreachable` (taken, then
 * the connection drops before the answer: an unknown outcome for the sender); `error` (a 500,
 * nothing taken).
 */
export type FakeMessageOutcome = 'delivered' | 'undelivered' | 'failed' | 'invalid' | 'unreachable' | 'error';

export interface FakeTwilioRest {
  baseUrl: string;
  placements: FakePlacement[];
  messages: FakeMessage[];
  /** Requests refused for a missing or wrong basic-auth header. */
  unauthorized: number;
  messageOutcomeOf: (to: string) => FakeMessageOutcome;
  /** How long the Messages resource takes to answer a create after taking the message (a slow gateway: a kill in this window leaves the sender not knowing). */
  messageDelayMs: number;
  /** Called when a Calls.create arrives, before it is answered; answer `false` to drop the connection (the server died). */
  onCreate?: (p: FakePlacement) => boolean | void;
  /** The port callbacks are sent to (the server may restart on another). */
  targetPort: number | null;
  /** How each placed call ends, by its number. */
  outcomeOf: (to: string) => 'completed' | 'no-answer' | 'busy';
  callbackDelayMs: number;
  close(): Promise<void>;
}

const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');

function callJson(p: FakePlacement, accountSid: string) {
  return {
    sid: p.sid,
    account_sid: accountSid,
    to: p.to,
    from: p.from,
    status: p.final ?? 'queued',
    answered_by: p.final === 'completed' ? 'human' : null,
    duration: p.final === 'completed' ? '12' : '0',
    date_created: rfc2822(p.createdAt),
    date_updated: rfc2822(p.createdAt),
    start_time: null,
    end_time: null,
    direction: 'outbound-api',
    api_version: '2010-04-01',
    uri: `/2010-04-01/Accounts/${accountSid}/Calls/${p.sid}.json`,
  };
}

function messageJson(m: FakeMessage, accountSid: string) {
  return {
    sid: m.sid,
    account_sid: accountSid,
    to: m.to,
    from: m.from,
    messaging_service_sid: m.messagingServiceSid,
    body: m.body,
    status: m.status,
    direction: 'outbound-api',
    num_segments: '1',
    error_code: m.errorCode,
    error_message: null,
    date_created: rfc2822(m.createdAt),
    date_updated: rfc2822(m.createdAt),
    date_sent: null,
    price: null,
    api_version: '2010-04-01',
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${m.sid}.json`,
  };
}

const twilioError = (code: number, message: string, status = 400) => ({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

function postForm(port: number, pathAndQuery: string, params: Record<string, string>, signer: { publicUrl: string; authToken: string }): Promise<number | null> {
  const body = new URLSearchParams(params).toString();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathAndQuery,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), 'x-twilio-signature': signature(`${signer.publicUrl}${pathAndQuery}`, params, signer.authToken) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(null));
    req.end(body);
  });
}

export interface FakeTwilioRestOptions {
  /** Every request must carry basic auth with this token; callbacks are signed with it (default: the integration tests' token). */
  authToken?: string;
  /** The server's PUBLIC_URL, over which callbacks are signed (default: the integration tests' `http://localhost:3000`). */
  publicUrl?: string;
}

export async function startFakeTwilioRest(accountSid: string, opts: FakeTwilioRestOptions = {}): Promise<FakeTwilioRest> {
  const signer = { publicUrl: opts.publicUrl ?? TEST_PUBLIC_URL, authToken: opts.authToken ?? TWILIO_TEST_TOKEN };
  const fake = {
    placements: [] as FakePlacement[],
    messages: [] as FakeMessage[],
    unauthorized: 0,
    messageOutcomeOf: (() => 'delivered') as FakeTwilioRest['messageOutcomeOf'],
    messageDelayMs: 0,
    targetPort: null as number | null,
    outcomeOf: (() => 'completed') as FakeTwilioRest['outcomeOf'],
    callbackDelayMs: 30,
  } as FakeTwilioRest;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const base = `/2010-04-01/Accounts/${accountSid}/Calls`;
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (opts.authToken && req.headers.authorization !== `Basic ${Buffer.from(`${accountSid}:${opts.authToken}`).toString('base64')}`) {
        fake.unauthorized++;
        return json(401, twilioError(20003, 'Authenticate', 401));
      }
      if (url.pathname.startsWith(`/2010-04-01/Accounts/${accountSid}/Messages`)) return void messages(req.method ?? 'GET', url, raw, req, json);
      if (req.method === 'POST' && url.pathname === `${base}.json`) {
        const form = new URLSearchParams(raw);
        const statusCallback = form.get('StatusCallback') ?? '';
        const p: FakePlacement = {
          sid: `CA${randomBytes(16).toString('hex')}`,
          to: form.get('To') ?? '',
          from: form.get('From') ?? '',
          url: form.get('Url') ?? '',
          statusCallback,
          attemptId: new URL(statusCallback).searchParams.get('attempt') ?? '',
          createdAt: new Date(),
          final: null,
        };
        fake.placements.push(p);
        if (fake.onCreate?.(p) === false) {
          // The call is placed at the provider, but the answer never reaches the server.
          req.socket.destroy();
        } else json(201, callJson(p, accountSid));
        void drive(p);
        return;
      }
      if (req.method === 'GET' && url.pathname === `${base}.json`) {
        const to = url.searchParams.get('To');
        const from = url.searchParams.get('From');
        const calls = fake.placements.filter((p) => (!to || p.to === to) && (!from || p.from === from)).reverse();
        return json(200, { calls: calls.map((p) => callJson(p, accountSid)), end: calls.length, first_page_uri: `${base}.json`, next_page_uri: null, page: 0, page_size: 50, previous_page_uri: null, start: 0, uri: `${base}.json` });
      }
      const one = new RegExp(`^${base}/(CA[0-9a-f]{32})\\.json$`).exec(url.pathname);
      if (req.method === 'GET' && one) {
        const p = fake.placements.find((x) => x.sid === one[1]);
        return p ? json(200, callJson(p, accountSid)) : json(404, { code: 20404, message: 'not found', status: 404 });
      }
      json(404, { code: 20404, message: 'not found', status: 404 });
    });
  });

  async function messages(method: string, url: URL, raw: string, req: http.IncomingMessage, json: (status: number, body: unknown) => void) {
    const base = `/2010-04-01/Accounts/${accountSid}/Messages`;
    if (method === 'POST' && url.pathname === `${base}.json`) {
      const form = new URLSearchParams(raw);
      const to = form.get('To') ?? '';
      const from = form.get('From');
      const service = form.get('MessagingServiceSid');
      const body = form.get('Body') ?? '';
      if (!to) return json(400, twilioError(21604, "A 'To' phone number is required."));
      if (!from && !service) return json(400, twilioError(21603, "A 'From' phone number is required."));
      if (!body) return json(400, twilioError(21602, 'Message body is required.'));
      const outcome = fake.messageOutcomeOf(to);
      if (outcome === 'invalid' || !/^\+[1-9]\d{6,14}$/.test(to)) return json(400, twilioError(21211, `The 'To' number ${to} is not a valid phone number.`));
      if (outcome === 'error') return json(500, twilioError(20500, 'Internal Server Error', 500));
      const m: FakeMessage = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        to,
        from: from ?? (service ? '+15005550006' : null),
        messagingServiceSid: service,
        body,
        statusCallback: form.get('StatusCallback'),
        createdAt: new Date(),
        status: 'queued',
        errorCode: null,
        callbacks: [],
      };
      fake.messages.push(m);
      if (fake.messageDelayMs) await new Promise((r) => setTimeout(r, fake.messageDelayMs));
      if (outcome === 'unreachable') req.socket.destroy();
      else json(201, messageJson(m, accountSid));
      void driveMessage(m, outcome);
      return;
    }
    if (method === 'GET' && url.pathname === `${base}.json`) {
      const to = url.searchParams.get('To');
      const from = url.searchParams.get('From');
      const list = fake.messages.filter((m) => (!to || m.to === to) && (!from || m.from === from)).reverse();
      return json(200, { messages: list.map((m) => messageJson(m, accountSid)), end: list.length, first_page_uri: `${base}.json`, next_page_uri: null, page: 0, page_size: 50, previous_page_uri: null, start: 0, uri: `${base}.json` });
    }
    const one = new RegExp(`^${base}/(SM[0-9a-f]{32})\\.json$`).exec(url.pathname);
    if (method === 'GET' && one) {
      const m = fake.messages.find((x) => x.sid === one[1]);
      return m ? json(200, messageJson(m, accountSid)) : json(404, twilioError(20404, 'not found', 404));
    }
    json(404, twilioError(20404, 'not found', 404));
  }

  async function driveMessage(m: FakeMessage, outcome: FakeMessageOutcome) {
    const final = outcome === 'undelivered' || outcome === 'failed' ? outcome : 'delivered';
    const errorCode = final === 'undelivered' ? 30007 : final === 'failed' ? 30008 : null;
    const send = async (status: string) => {
      await new Promise((r) => setTimeout(r, fake.callbackDelayMs));
      m.status = status;
      if (status === final) m.errorCode = errorCode;
      if (!m.statusCallback || !fake.targetPort) return;
      const cb = new URL(m.statusCallback);
      const params: Record<string, string> = { AccountSid: accountSid, ApiVersion: '2010-04-01', MessageSid: m.sid, SmsSid: m.sid, MessageStatus: status, SmsStatus: status, To: m.to, From: m.from ?? '' };
      if (status === final && errorCode) params.ErrorCode = String(errorCode);
      m.callbacks.push({ status, answered: await postForm(fake.targetPort, `${cb.pathname}${cb.search}`, params, signer) });
    };
    if (final !== 'failed') await send('sent');
    await send(final);
  }

  async function drive(p: FakePlacement) {
    const outcome = fake.outcomeOf(p.to);
    const cb = new URL(p.statusCallback);
    const path = `${cb.pathname}${cb.search}`;
    const send = async (status: string, extra: Record<string, string> = {}) => {
      await new Promise((r) => setTimeout(r, fake.callbackDelayMs));
      if (fake.targetPort) await postForm(fake.targetPort, path, { CallSid: p.sid, CallStatus: status, To: p.to, From: p.from, ...extra }, signer);
    };
    await send('ringing');
    if (outcome === 'completed') await send('in-progress', { AnsweredBy: 'human' });
    p.final = outcome;
    await send(outcome, outcome === 'completed' ? { CallDuration: '12', AnsweredBy: 'human' } : {});
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  fake.baseUrl = `http://127.0.0.1:${port}`;
  fake.close = () => new Promise((r) => server.close(() => r()));
  return fake;
}
