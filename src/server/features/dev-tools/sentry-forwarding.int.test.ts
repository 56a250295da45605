import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushSentry, initSentry } from '../../lib/sentry.js';
import { createTestApp, type TestAppHandle } from '../../test-support/index.js';

// initSentry is process-global: this file is the only one that turns it on (each test file runs
// in its own worker process).

interface Received {
  url: string;
  body: string;
}

let listener: http.Server;
let received: Received[] = [];
let dsn: string;
let t: TestAppHandle;

beforeAll(async () => {
  listener = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
      received.push({ url: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  dsn = `http://publickey@127.0.0.1:${(listener.address() as AddressInfo).port}/1`;
  await initSentry(dsn, 'test');
  t = await createTestApp({ SENTRY_DSN: dsn });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => listener?.close(resolve));
});

async function waitFor<T>(find: () => T | undefined, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out waiting for the Sentry envelope');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('with SENTRY_DSN', () => {
  it('a server error is sent as an envelope to the DSN, tagged with our digest', async () => {
    received = [];
    const res = await t.app.inject({ method: 'POST', url: '/api/sentry-example/server-error' });
    expect(res.statusCode).toBe(500);
    const { digest } = res.json().error;
    await flushSentry();
    const envelope = await waitFor(() => received.find((r) => r.body.includes(digest)));
    expect(envelope.url).toMatch(/^\/api\/1\/envelope\//);
    expect(envelope.body).toContain('Sentry example: a server-side error raised on purpose');

    // The error log keeps the Sentry event id beside the digest.
    const row = await t.ctx.pool.query('select sentry_event_id from error_events where digest = $1', [digest]);
    const eventId = row.rows[0].sentry_event_id as string;
    expect(eventId).toMatch(/^[0-9a-f]{32}$/);
    expect(envelope.body.split('\n')[0]).toContain(eventId);
  });

  it('tells the browser the DSN so the client SDK reports too', async () => {
    const res = await t.app.inject({ url: '/api/public-config' });
    expect(res.json().sentryDsn).toBe(dsn);
  });

  it('allows the browser to send to the DSN’s origin in the content security policy', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain(new URL(dsn).origin);
  });
});
