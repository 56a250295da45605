import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema/index.js';
import { createStaffUser, createTestApp, LOOPBACK_RECORDINGS_ENV, signIn, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, type Practice } from '../../telephony/testing/call-fixtures.js';
import { FakeTwilioCall, postSigned } from '../../telephony/testing/fake-twilio.js';

/**
 * The recording player fetches what a (signed) recording callback named, so what the callback
 * names must not reach into our network. Each case goes callback → player, and a trap server on
 * loopback counts connections, to show that no request reached it.
 */

interface Trap {
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}

async function trap(host = '127.0.0.1'): Promise<Trap> {
  let n = 0;
  const server = net.createServer((socket) => {
    n++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { port: (server.address() as AddressInfo).port, connections: () => n, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const AUDIO = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 199));

async function world(overrides: Record<string, string> = {}) {
  const t = await createTestApp(overrides);
  const practice = await createPractice(t.ctx);
  const agent = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [practice.id] });
  const cookie = await signIn(t.app, agent.email, agent.password);
  return { t, practice, cookie };
}

/** A call whose recording callback named `url`, and the player's answer for it. */
async function play(w: { t: TestAppHandle; practice: Practice; cookie: string }, url: string) {
  const call = new FakeTwilioCall(w.t.app, '+18605550177', w.practice.number);
  await call.answer();
  const callback = await postSigned(w.t.app, '/telephony/twilio/recording', { CallSid: call.callSid, RecordingSid: 'RE1', RecordingUrl: url, RecordingDuration: '12', RecordingStatus: 'completed' });
  expect(callback.statusCode).toBe(200);
  const [row] = await w.t.db.select({ id: calls.id, recordingUrl: calls.recordingUrl }).from(calls).where(eq(calls.providerCallId, call.callSid));
  expect(row!.recordingUrl).toBe(url);
  return w.t.app.inject({ url: `/api/calls/${row!.id}/recording`, headers: { cookie: w.cookie } });
}

let trapA: Trap;
let trapB: Trap;
beforeAll(async () => {
  trapA = await trap('127.0.0.1');
  trapB = await trap('127.0.0.2');
});
afterAll(async () => {
  await trapA?.close();
  await trapB?.close();
});

describe('with the production setting (Twilio\'s recording host only)', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(() => w?.t.close());

  it.each([
    ['loopback', () => `http://127.0.0.1:${trapA.port}/2010-04-01/Accounts/ACtest/Recordings/RE1`],
    ['loopback over https', () => `https://127.0.0.1:${trapA.port}/RE1`],
    ['loopback by name', () => `https://localhost:${trapA.port}/RE1`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'],
    ['the metadata address over https', () => 'https://169.254.169.254/latest/meta-data/'],
    ['a host that is not allowed', () => 'https://recordings.example.net/2010-04-01/Accounts/ACtest/Recordings/RE1'],
    ['a look-alike of the allowed host', () => 'https://api.twilio.com.example.net/RE1'],
    ['the allowed host over plain http', () => 'http://api.twilio.com/2010-04-01/Accounts/ACtest/Recordings/RE1'],
    ['the allowed host with credentials', () => 'https://user:pass@api.twilio.com/RE1'],
  ])('refuses %s with a 502 that says why, and makes no request', async (_, url) => {
    const before = trapA.connections();
    const res = await play(w, url());
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: 'recording_unavailable', message: expect.stringMatching(/not one the telephony provider's recordings are fetched from/) });
    expect(trapA.connections()).toBe(before);
  });
});

describe('after DNS resolution', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    // localhost is on the allow-list, but the test-only switch for private addresses is off.
    w = await world({ RECORDING_HOSTS: 'localhost' });
  });
  afterAll(() => w?.t.close());

  it('refuses an allowed name that resolves to a loopback address, without connecting', async () => {
    const before = trapA.connections();
    const res = await play(w, `https://localhost:${trapA.port}/RE1`);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toMatch(/private or reserved address/);
    expect(trapA.connections()).toBe(before);
  });
});

describe('redirects, with a stand-in provider on loopback', () => {
  let w: Awaited<ReturnType<typeof world>>;
  let provider: http.Server;
  let base: string;
  beforeAll(async () => {
    provider = http.createServer((req, res) => {
      if (req.url === '/RE1') {
        res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(AUDIO.length) });
        return res.end(AUDIO);
      }
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/RE1' });
        return res.end();
      }
      if (req.url === '/to-private') {
        res.writeHead(302, { location: `http://127.0.0.2:${trapB.port}/RE1` });
        return res.end();
      }
      if (req.url === '/to-other-host') {
        res.writeHead(301, { location: `http://localhost:${trapA.port}/RE1` });
        return res.end();
      }
      if (req.url === '/to-metadata') {
        res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    // Both loopback addresses are allowed hosts; only 127.0.0.1 is let through by the test-only switch.
    w = await world({ ...LOOPBACK_RECORDINGS_ENV, RECORDING_HOSTS: '127.0.0.1,127.0.0.2' });
  });
  afterAll(async () => {
    await w?.t.close();
    await new Promise((resolve) => provider?.close(resolve));
  });

  it('streams the recording from an allowed host', async () => {
    const res = await play(w, `${base}/RE1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.equals(AUDIO)).toBe(true);
  });

  it('follows a redirect that stays where the gate allows', async () => {
    const res = await play(w, `${base}/moved`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(AUDIO)).toBe(true);
  });

  it('does not follow a redirect to a private address, even on an allowed host', async () => {
    const before = trapB.connections();
    const res = await play(w, `${base}/to-private`);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toMatch(/private or reserved address/);
    expect(trapB.connections()).toBe(before);
  });

  it('does not follow a redirect to a host that is not allowed, or to the metadata address', async () => {
    const before = trapA.connections();
    const other = await play(w, `${base}/to-other-host`);
    expect(other.statusCode).toBe(502);
    expect(other.json().error.message).toMatch(/not an allowed host/);
    expect(trapA.connections()).toBe(before);
    const metadata = await play(w, `${base}/to-metadata`);
    expect(metadata.statusCode).toBe(502);
    expect(metadata.json().error.message).toMatch(/not an allowed host/);
  });
});
