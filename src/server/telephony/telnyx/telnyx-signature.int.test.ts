import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, recordsOf } from '../testing/call-fixtures.js';
import { newCallSid } from '../testing/fake-twilio.js';
import { CALLER } from '../testing/scenario-types.js';

/**
 * A Telnyx number pointed at relay mode (issue 20): its TeXML webhooks and its Conversation Relay
 * handshake are signed with Ed25519 (telnyx-signature-ed25519 over `timestamp|raw body`), checked
 * against TELNYX_PUBLIC_KEY; here a key pair made for the test stands for the account's. No Twilio
 * token is configured: Telnyx alone is enough.
 */
let t: TestAppHandle;
let port: number;
let privateKey: KeyObject;
const other = generateKeyPairSync('ed25519').privateKey;

beforeAll(async () => {
  const pair = generateKeyPairSync('ed25519');
  privateKey = pair.privateKey;
  // The portal shows the 32 raw bytes in base64: the SPKI document without its 12-byte header.
  const raw = pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
  t = await createTestApp({ TELNYX_PUBLIC_KEY: raw, TWILIO_AUTH_TOKEN: undefined });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

function telnyxHeaders(body: string, opts: { key?: KeyObject; at?: number } = {}) {
  const timestamp = String(Math.floor((opts.at ?? Date.now()) / 1000));
  const signature = sign(null, Buffer.from(`${timestamp}|${body}`), opts.key ?? privateKey).toString('base64');
  return { 'telnyx-signature-ed25519': signature, 'telnyx-timestamp': timestamp };
}

function post(path: string, params: Record<string, string>, headers: (body: string) => Record<string, string> = (b) => telnyxHeaders(b)) {
  const body = new URLSearchParams(params).toString();
  return t.app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers(body) } });
}

function openSocket(url: string, headers: Record<string, string>): Promise<WebSocket> {
  const ws = new WebSocket(url.replace(/^wss?:\/\/[^/]+/, `ws://127.0.0.1:${port}`), { headers });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

describe('a Telnyx number in relay mode', () => {
  it('takes a call whose webhooks and handshake are signed with Telnyx’s key, and answers over the relay', async () => {
    const practice = await createPractice(t.ctx, { open: true, agentSettings: { voiceMode: 'relay' } });
    const callSid = `v3:${newCallSid()}`;
    const voice = await post('/telephony/twilio/voice', { CallSid: callSid, AccountSid: 'telnyx-account', From: CALLER, To: practice.number, CallStatus: 'ringing', Direction: 'inbound' });
    expect(voice.statusCode).toBe(200);
    const url = /<ConversationRelay url="([^"]+)"/.exec(voice.body)?.[1];
    expect(url).toBeTruthy();

    const ws = await openSocket(url!, telnyxHeaders(''));
    const received: { type: string; token?: string; last?: boolean }[] = [];
    const done = new Promise<void>((resolve) =>
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString()) as { type: string; last?: boolean };
        received.push(m);
        if (m.type === 'text' && m.last) resolve();
      }),
    );
    ws.send(JSON.stringify({ type: 'setup', sessionId: 'telnyx-session-1', callSid, from: CALLER, to: practice.number }));
    ws.send(JSON.stringify({ type: 'prompt', voicePrompt: 'What are your hours?', lang: 'en', last: true }));
    await done;
    expect(received.filter((m) => m.type === 'text').map((m) => m.token).join('')).toMatch(/open/i);
    ws.close();

    const records = await recordsOf(t.db, callSid);
    expect(records.events.filter((e) => e.kind === 'caller_speech').map((e) => e.payload.text)).toEqual(['What are your hours?']);
  });

  it('refuses a bad signature, another key’s, a changed body, an old or future timestamp, and a missing header', async () => {
    const practice = await createPractice(t.ctx, { open: true, agentSettings: { voiceMode: 'relay' } });
    const params = { CallSid: `v3:${newCallSid()}`, From: CALLER, To: practice.number, CallStatus: 'ringing', Direction: 'inbound' };
    const cases: [string, (body: string) => Record<string, string>, RegExp][] = [
      ['another key', (b) => telnyxHeaders(b, { key: other }), /does not match/],
      ['a changed body', (b) => telnyxHeaders(b.replace('ringing', 'in-progress')), /does not match/],
      ['six minutes old', (b) => telnyxHeaders(b, { at: Date.now() - 360_000 }), /more than 300 seconds/],
      ['six minutes ahead', (b) => telnyxHeaders(b, { at: Date.now() + 360_000 }), /more than 300 seconds/],
      ['no timestamp', (b) => ({ 'telnyx-signature-ed25519': telnyxHeaders(b)['telnyx-signature-ed25519'] }), /missing/],
      ['garbage', () => ({ 'telnyx-signature-ed25519': 'bm90IGEgc2lnbmF0dXJl', 'telnyx-timestamp': String(Math.floor(Date.now() / 1000)) }), /does not match/],
    ];
    for (const [name, headers, message] of cases) {
      const res = await post('/telephony/twilio/voice', params, headers);
      expect(res.statusCode, name).toBe(403);
      expect(res.json().error.message, name).toMatch(message);
    }
    // Nothing was stored for any of them.
    expect((await recordsOf(t.db, params.CallSid)).call).toBeUndefined();
    // Neither Telnyx's nor Twilio's signature: refused (no Twilio token is configured).
    expect((await post('/telephony/twilio/voice', params, () => ({}))).statusCode).toBe(503);

    await expect(openSocket('ws://localhost:3000/telephony/twilio/relay', telnyxHeaders('', { key: other }))).rejects.toThrow(/handshake refused: 403/);
    await expect(openSocket('ws://localhost:3000/telephony/twilio/relay', telnyxHeaders('', { at: Date.now() - 600_000 }))).rejects.toThrow(/handshake refused: 403/);
  });
});
