import { eq } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/index.js';
import { createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { smtpCounter, type SmtpCounter } from '../../test-support/smtp-counter.js';
import { deliverOutboxMessageTask, INTERRUPTED_SEND_NOTE, outboxMessageId } from './deliver-outbox-message.job.js';
import { sendMessage } from './outbox.service.js';

/**
 * Decision 023: an email's Message-ID is fixed by its outbox message; an attempt cut off after it
 * began sending (the row says `sending`) is followed by one that sends again with the same
 * Message-ID and says so; a refused attempt goes back to `queued`; a sent message is not sent again.
 */
const MAIL_FROM = 'Switchboard <no-reply@practice.example>';
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

const attempt = (n: number) => ({ job: { attempts: n, max_attempts: 8 } }) as unknown as JobHelpers;
const row = async (id: string) => (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
const newMessage = async () => (await sendMessage(t.db, { channel: 'email', recipient: `cut-${Date.now()}-${Math.random()}@example.test`, subject: 'Hi', body: 'Hello', template: 'cut-off-test' })).id;

describe('email delivery around a cut-off attempt', () => {
  it('sends with a Message-ID fixed by the message, once', async () => {
    const deliver = deliverOutboxMessageTask(t.db, { smtpUrl: sink.url, mailFrom: MAIL_FROM });
    const id = await newMessage();
    await deliver({ id }, attempt(1));
    await deliver({ id }, attempt(2)); // a repeated job finds it sent
    expect(outboxMessageId(id, MAIL_FROM)).toBe(`<outbox.${id}@practice.example>`);
    expect(sink.accepted.get(outboxMessageId(id, MAIL_FROM))).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1, lastError: null });
  });

  it('sends again, with the same Message-ID, after an attempt cut off while sending, and says so', async () => {
    const deliver = deliverOutboxMessageTask(t.db, { smtpUrl: sink.url, mailFrom: MAIL_FROM });
    const id = await newMessage();
    // What a worker killed during the SMTP transaction leaves behind.
    await t.db.update(outboxMessages).set({ status: 'sending' }).where(eq(outboxMessages.id, id));
    await deliver({ id }, attempt(2));
    expect(sink.accepted.get(outboxMessageId(id, MAIL_FROM))).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', lastError: INTERRUPTED_SEND_NOTE });
  });

  it('puts a refused attempt back in the queue, not in "sending"', async () => {
    const closed = await smtpCounter();
    const url = closed.url;
    await closed.close();
    const deliver = deliverOutboxMessageTask(t.db, { smtpUrl: url, mailFrom: MAIL_FROM });
    const id = await newMessage();
    await expect(deliver({ id }, attempt(1))).rejects.toThrow();
    const after = await row(id);
    expect(after.status).toBe('queued');
    expect(after.attempts).toBe(1);
    expect(after.lastError).toBeTruthy();
  });
});
