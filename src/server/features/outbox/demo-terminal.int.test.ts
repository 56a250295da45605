import { eq } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/index.js';
import { createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { smtpCounter, type SmtpCounter } from '../../test-support/smtp-counter.js';
import { deliverOutboxMessageTask } from './deliver-outbox-message.job.js';
import { demoTerminalOf } from './demo-terminal.js';
import { sendMessage } from './outbox.service.js';

/**
 * Issue 30 §4: on the demo (no SMTP_URL, no text gateway) a message that reaches nobody is shown
 * in full on the server's terminal, so a newcomer can sign in to the portal with the code or open
 * an invitation; with a transport, or outside the demo, nothing is printed.
 */
let t: TestAppHandle;
let sink: SmtpCounter;
beforeAll(async () => {
  t = await createTestApp();
  sink = await smtpCounter();
});
afterAll(async () => {
  await sink?.close();
  await t?.close();
});

const attempt = { job: { attempts: 1, max_attempts: 8 } } as unknown as JobHelpers;
const row = async (id: string) => (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;

describe('messages on the demo terminal', () => {
  it('prints an e-mail no SMTP server carries, with its recipient, subject and the code in full; the outbox keeps it as logged', async () => {
    const printed: string[] = [];
    const deliver = deliverOutboxMessageTask(t.db, { mailFrom: 'Switchboard <no-reply@practice.example>', printUndelivered: (text) => printed.push(text) });
    const message = await sendMessage(t.db, { channel: 'email', recipient: 'pat@example.test', subject: 'Your sign-in code', body: 'Your code is 482913.\nIt expires in 10 minutes.', template: 'portal-code' });
    await deliver({ id: message.id }, attempt);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('E-mail to pat@example.test — Your sign-in code');
    expect(printed[0]).toContain('Your code is 482913.');
    expect(printed[0]).toContain('no SMTP_URL is configured');
    expect(await row(message.id)).toMatchObject({ status: 'sent', transport: 'log' });
  });

  it('prints a text no gateway carries, by its first line', async () => {
    const printed: string[] = [];
    const deliver = deliverOutboxMessageTask(t.db, { mailFrom: 'x@example.test', printUndelivered: (text) => printed.push(text) });
    const message = await sendMessage(t.db, { channel: 'sms', recipient: '+18605550188', body: 'Practice: your code is 551204', template: 'portal-code' });
    await deliver({ id: message.id }, attempt);
    expect(printed[0]).toContain('Text to +18605550188 — Practice: your code is 551204');
    expect(printed[0]).toContain('no text gateway is configured');
  });

  it("gives a staff notice one line, so the demo history's alerts do not push the sign-in off the screen", async () => {
    const printed: string[] = [];
    const deliver = deliverOutboxMessageTask(t.db, { mailFrom: 'x@example.test', printUndelivered: (text) => printed.push(text) });
    const message = await sendMessage(t.db, { channel: 'email', recipient: 'staff@example.test', subject: 'Urgent handoff at Maple', body: 'An urgent handoff is waiting.\nOpen it: http://localhost/handoffs/1', template: 'urgent-handoff' });
    await deliver({ id: message.id }, attempt);
    expect(printed).toEqual(['  ✉ E-mail to staff@example.test — Urgent handoff at Maple (not sent; in /developer → Outbox)']);
  });

  it('prints nothing for a message a transport carried', async () => {
    const printed: string[] = [];
    const deliver = deliverOutboxMessageTask(t.db, { smtpUrl: sink.url, mailFrom: 'x@example.test', printUndelivered: (text) => printed.push(text) });
    const message = await sendMessage(t.db, { channel: 'email', recipient: 'sent@example.test', subject: 'Hi', body: 'Hello', template: 'demo-terminal-test' });
    await deliver({ id: message.id }, attempt);
    expect(printed).toEqual([]);
    expect(await row(message.id)).toMatchObject({ transport: 'smtp' });
  });

  it('is the demo only: the embedded database in development, never with DATABASE_URL, in production or under test', () => {
    expect(demoTerminalOf({ NODE_ENV: 'development' })).toBeTypeOf('function');
    expect(demoTerminalOf({ NODE_ENV: 'development', DATABASE_URL: 'postgres://db/app' })).toBeUndefined();
    expect(demoTerminalOf({ NODE_ENV: 'production' })).toBeUndefined();
    expect(demoTerminalOf({ NODE_ENV: 'test' })).toBeUndefined();
  });
});
