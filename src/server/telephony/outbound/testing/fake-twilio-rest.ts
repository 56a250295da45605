import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { signature, TEST_PUBLIC_URL } from '../../testing/fake-twilio.js';

/**
 * A stand-in for Twilio's Calls resource on 127.0.0.1 (create, list by To/From, fetch), which
 * then drives each call's status callbacks, signed, as Twilio does: to the path of the
 * StatusCallback it was given, on whatever port the server under test listens now. Twilio does not
 * retry a status callback that fails, and neither does this fake; the server must ask (fetch).
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

export interface FakeTwilioRest {
  baseUrl: string;
  placements: FakePlacement[];
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

function postForm(port: number, pathAndQuery: string, params: Record<string, string>): Promise<number | null> {
  const body = new URLSearchParams(params).toString();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathAndQuery,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), 'x-twilio-signature': signature(`${TEST_PUBLIC_URL}${pathAndQuery}`, params) },
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

export async function startFakeTwilioRest(accountSid: string): Promise<FakeTwilioRest> {
  const fake = {
    placements: [] as FakePlacement[],
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

  async function drive(p: FakePlacement) {
    const outcome = fake.outcomeOf(p.to);
    const cb = new URL(p.statusCallback);
    const path = `${cb.pathname}${cb.search}`;
    const send = async (status: string, extra: Record<string, string> = {}) => {
      await new Promise((r) => setTimeout(r, fake.callbackDelayMs));
      if (fake.targetPort) await postForm(fake.targetPort, path, { CallSid: p.sid, CallStatus: status, To: p.to, From: p.from, ...extra });
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
