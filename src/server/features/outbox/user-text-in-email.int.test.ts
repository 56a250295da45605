import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createStaffUser, createTestApp, outboxFor, signIn, type TestAppHandle } from '../../test-support/index.js';
import { deliverOutboxMessageTask } from './deliver-outbox-message.job.js';

/**
 * A staff display name is text a person typed (`<script>…</script>` was stored once). Emails
 * carry it as plain text only — no HTML part a mail client would render — and the outbox API
 * answers it as JSON data (the web renders it through React). Checked on what an SMTP server
 * receives.
 */

/** Just enough of an SMTP server to receive one message; answers what it received. */
function smtpSink(): Promise<{ url: string; received: Promise<string>; close: () => void }> {
  let resolveReceived!: (data: string) => void;
  const received = new Promise<string>((resolve) => (resolveReceived = resolve));
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let at: number;
      while ((at = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            resolveReceived(data);
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 sink\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, received, close: () => server.close() })),
  );
}

let t: TestAppHandle;
let admin: string;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrganization(t.ctx)).id;
  const u = await createStaffUser(t.ctx, { role: 'admin' });
  admin = await signIn(t.app, u.email, u.password);
});
afterAll(() => t?.close());

describe('a display name with markup in an email', () => {
  it('is sent as plain text, with no HTML part, and answered by the outbox as data', async () => {
    const name = '<script>alert("x")</script> <img src=x onerror=alert(1)>';
    const email = `markup-${Date.now()}@example.test`;
    const created = await t.app.inject({ method: 'POST', url: '/api/users', headers: { cookie: admin }, payload: { email, name, role: 'agent', organizationIds: [orgId], mode: 'invite' } });
    expect(created.statusCode, created.body).toBe(201);
    const [stored] = await outboxFor(t.db, email, 'user-invitation');
    expect(stored!.body).toContain(`Hello ${name},`);

    const sink = await smtpSink();
    try {
      const deliver = deliverOutboxMessageTask(t.db, { smtpUrl: sink.url, mailFrom: 'switchboard@example.test' });
      await deliver({ id: stored!.id }, { job: { attempts: 1, max_attempts: 8 } } as unknown as JobHelpers);
      const sent = await sink.received;
      expect(sent).toMatch(/^Content-Type: text\/plain/im);
      expect(sent).not.toMatch(/text\/html/i);
    } finally {
      sink.close();
    }

    const listed = await t.app.inject({ url: `/api/developer/outbox?recipient=${encodeURIComponent(email)}`, headers: { cookie: admin } });
    expect(listed.headers['content-type']).toMatch(/^application\/json/);
    expect(listed.headers['x-content-type-options']).toBe('nosniff');
    expect(listed.json().items[0].body).toContain(`Hello ${name},`);
  });
});
