import http from 'node:http';
import { randomUUID, sign, type KeyObject } from 'node:crypto';

/**
 * A stand-in for Telnyx's Messaging API on 127.0.0.1: `POST /v2/messages` (JSON, bearer key), then
 * the `message.sent` and `message.finalized` webhooks to the message's `webhook_url` path on
 * `targetPort`, signed as Telnyx signs them (Ed25519 over `timestamp|raw body`). `receive` plays a
 * text that comes in: Telnyx's `message.received` to the messaging profile's webhook.
 */
export interface FakeTelnyxMessage {
  id: string;
  to: string;
  from: string;
  text: string;
  webhookUrl: string | null;
  webhooks: Array<{ event: string; status: string; answered: number | null }>;
}

export interface FakeTelnyx {
  baseUrl: string;
  messages: FakeTelnyxMessage[];
  unauthorized: number;
  targetPort: number | null;
  outcomeOf: (to: string) => 'delivered' | 'delivery_failed' | 'invalid';
  /**
   * A text from `from` to one of the account's numbers: `message.received`, signed, posted to the
   * messaging profile's webhook (`profileWebhookPath` on `targetPort`). Telnyx delivers a webhook
   * again when it gets no 2xx: pass the same `id` to play that. Answers the message id and the
   * HTTP status the server answered (null: no answer).
   */
  receive(text: { from: string; to: string; text: string; id?: string }): Promise<{ id: string; answered: number | null }>;
  /** Where the messaging profile's webhook points (default `/telephony/telnyx/messaging`). */
  profileWebhookPath: string;
  close(): Promise<void>;
}

function postJson(port: number, pathAndQuery: string, body: string, key: KeyObject): Promise<number | null> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.from(`${timestamp}|${body}`), key).toString('base64');
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathAndQuery,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'telnyx-signature-ed25519': signature, 'telnyx-timestamp': timestamp },
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

export async function startFakeTelnyx(apiKey: string, signingKey: KeyObject): Promise<FakeTelnyx> {
  const fake = { messages: [], unauthorized: 0, targetPort: null, outcomeOf: () => 'delivered', profileWebhookPath: '/telephony/telnyx/messaging' } as unknown as FakeTelnyx;
  fake.receive = async ({ from, to, text, id = randomUUID() }) => {
    if (!fake.targetPort) throw new Error('targetPort is not set: nowhere to deliver the text.');
    const now = new Date().toISOString();
    const body = JSON.stringify({
      data: {
        event_type: 'message.received',
        id: randomUUID(),
        occurred_at: now,
        record_type: 'event',
        payload: {
          id,
          record_type: 'message',
          direction: 'inbound',
          type: 'SMS',
          messaging_profile_id: '40017f8e-49bd-4f16-9e3d-ef103f916228',
          from: { phone_number: from, carrier: 'T-Mobile USA', line_type: 'Wireless' },
          to: [{ phone_number: to, carrier: 'Telnyx', line_type: 'Wireless', status: 'webhook_delivered' }],
          text,
          media: [],
          encoding: 'GSM-7',
          parts: 1,
          received_at: now,
          errors: [],
        },
      },
      meta: { attempt: 1, delivered_to: `http://127.0.0.1:${fake.targetPort}${fake.profileWebhookPath}` },
    });
    return { id, answered: await postJson(fake.targetPort, fake.profileWebhookPath, body, signingKey) };
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        fake.unauthorized++;
        return json(401, { errors: [{ code: '10009', title: 'Authentication failed' }] });
      }
      if (req.method !== 'POST' || req.url !== '/v2/messages') return json(404, { errors: [{ code: '10005', title: 'Resource not found' }] });
      let body: { from?: string; to?: string; text?: string; webhook_url?: string };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return json(400, { errors: [{ code: '10015', title: 'Bad Request' }] });
      }
      const outcome = fake.outcomeOf(body.to ?? '');
      if (outcome === 'invalid' || !/^\+[1-9]\d{6,14}$/.test(body.to ?? '')) return json(422, { errors: [{ code: '40310', title: 'Invalid phone number', detail: 'The destination number is invalid.' }] });
      const m: FakeTelnyxMessage = { id: randomUUID(), to: body.to!, from: body.from ?? '', text: body.text ?? '', webhookUrl: body.webhook_url ?? null, webhooks: [] };
      fake.messages.push(m);
      json(200, { data: { record_type: 'message', direction: 'outbound', id: m.id, type: 'SMS', from: { phone_number: m.from }, to: [{ phone_number: m.to, status: 'queued' }], text: m.text, errors: [] } });
      void drive(m, outcome);
    });
  });

  async function drive(m: FakeTelnyxMessage, outcome: 'delivered' | 'delivery_failed') {
    const send = async (event: string, status: string) => {
      await new Promise((r) => setTimeout(r, 10));
      if (!m.webhookUrl || !fake.targetPort) return;
      const errors = status === 'delivery_failed' ? [{ code: '40002', title: 'Blocked as spam' }] : [];
      const body = JSON.stringify({ data: { event_type: event, id: randomUUID(), occurred_at: new Date().toISOString(), record_type: 'event', payload: { id: m.id, record_type: 'message', direction: 'outbound', to: [{ phone_number: m.to, status }], from: { phone_number: m.from }, text: m.text, errors } }, meta: { attempt: 1 } });
      const url = new URL(m.webhookUrl);
      m.webhooks.push({ event, status, answered: await postJson(fake.targetPort, `${url.pathname}${url.search}`, body, signingKey) });
    };
    await send('message.sent', 'sent');
    await send('message.finalized', outcome);
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  fake.close = () => new Promise((r) => server.close(() => r()));
  return fake;
}
