import type { Task } from 'graphile-worker';
import type { Db } from '../../db/client.js';
import { findOutboxMessage, markAttempt, markFailed, markSending, markSuppressed } from './outbox.repository.js';
import { textOptOutOf } from '../sms-opt-outs/index.js';
import { optedOutNote } from './outbox.service.js';
import { noteOrganization } from '../../policy/concerned-organization.js';
import { deliverText, type TextDeliveryConfig } from './deliver-text.js';
import { describeForTerminal, type PrintMessage } from './demo-terminal.js';

export interface DeliveryConfig {
  smtpUrl?: string;
  mailFrom: string;
  /** The text-message gateway (decision 044); without one, texts stay in the outbox with transport `log`. */
  texts?: TextDeliveryConfig | null;
  /** The demo's terminal: a message no transport carries is shown there in full (demo-terminal.ts). */
  printUndelivered?: PrintMessage;
}

/** Statuses after which a message is never handed to a transport again. */
const DONE = new Set(['sent', 'delivered', 'undelivered', 'failed', 'suppressed']);

/**
 * The Message-ID of an outbox message's email: fixed per message, so every attempt sends the
 * same one and a copy sent twice is recognisable as one message (by mail servers and clients that
 * fold duplicates, and by anyone reading the headers).
 */
export function outboxMessageId(outboxId: string, mailFrom: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'switchboard.local';
  return `<outbox.${outboxId}@${domain}>`;
}

export const INTERRUPTED_SEND_NOTE =
  'An earlier attempt was cut off after it began sending; sent again with the same Message-ID, so a copy the SMTP server may already have taken is recognisable as the same message.';

/**
 * Delivers one outbox message. With SMTP_URL, email goes out by SMTP (nodemailer); text
 * messages and email without SMTP stay readable in the outbox with transport `log`, since no
 * gateway is configured. A failure throws so graphile-worker retries with backoff.
 *
 * What is guaranteed (decision 004, issue 14 §3): every message is delivered at least once, and
 * sent twice only if the process dies in the moment between the SMTP server's acceptance (its
 * 250 after DATA) and the `sent` mark that follows it. Before the SMTP transaction the row is
 * marked `sending`; a retry that finds that mark knows an earlier attempt was cut off (a killed
 * worker's job is run again by another worker within seconds: jobs/worker-lease.ts) but cannot
 * know whether the server took the message — SMTP has no way to ask — so it sends again, rather
 * than risk losing it, with the same Message-ID, and says so in the row (`last_error`). Every
 * other kill or failure — before or during the SMTP transaction — leaves a message the server
 * never accepted, which is then sent exactly once.
 */
export function deliverOutboxMessageTask(db: Db, config: DeliveryConfig): Task {
  // Loaded here, by the worker that sends mail, not by every web process at start (the server-memory bar, decision 057).
  const { smtpUrl } = config;
  const transporter = smtpUrl ? import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)) : null;
  return async (payload, helpers) => {
    const { id } = payload as { id: string };
    const message = await findOutboxMessage(db, id);
    if (!message || DONE.has(message.status) || message.providerMessageId) return;
    noteOrganization(message.organizationId);
    // A STOP that arrived after the text was queued still holds it back.
    const optOut = message.channel === 'sms' && message.organizationId ? await textOptOutOf(db, message.organizationId, message.recipient) : null;
    // (A text cut off while sending is first looked for at the gateway: deliver-text.ts.)
    if (message.channel === 'sms' && config.texts) return deliverText(db, message, config.texts, helpers.job, optOut ? optedOutNote(optOut) : null);
    if (optOut) return markSuppressed(db, id, optedOutNote(optOut));
    try {
      if (message.channel === 'email' && transporter) {
        const note = message.status === 'sending' ? INTERRUPTED_SEND_NOTE : null;
        await markSending(db, id, note);
        await (await transporter).sendMail({
          from: config.mailFrom,
          to: message.recipient,
          subject: message.subject ?? 'Switchboard',
          text: message.body,
          attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
          messageId: outboxMessageId(id, config.mailFrom),
        });
        await markAttempt(db, id, { ok: true, transport: 'smtp', note });
      } else {
        await markAttempt(db, id, { ok: true, transport: 'log' });
        config.printUndelivered?.(describeForTerminal(message));
      }
    } catch (err) {
      await markAttempt(db, id, { ok: false, error: err instanceof Error ? err.message : String(err) });
      if (helpers.job.attempts >= helpers.job.max_attempts) await markFailed(db, id);
      throw err;
    }
  };
}
