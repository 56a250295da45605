import nodemailer from 'nodemailer';
import type { Task } from 'graphile-worker';
import type { Db } from '../../db/client.js';
import { findOutboxMessage, markAttempt, markFailed } from './outbox.repository.js';
import { noteOrganization } from '../../policy/concerned-organization.js';

export interface DeliveryConfig {
  smtpUrl?: string;
  mailFrom: string;
}

/**
 * Delivers one outbox message. With SMTP_URL, email goes out by SMTP (nodemailer); text
 * messages and email without SMTP stay readable in the outbox with transport `log`, since no
 * gateway is configured. A failure throws so graphile-worker retries with backoff.
 */
export function deliverOutboxMessageTask(db: Db, config: DeliveryConfig): Task {
  const transporter = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  return async (payload, helpers) => {
    const { id } = payload as { id: string };
    const message = await findOutboxMessage(db, id);
    if (!message || message.status === 'sent') return;
    noteOrganization(message.organizationId);
    try {
      if (message.channel === 'email' && transporter) {
        await transporter.sendMail({
          from: config.mailFrom,
          to: message.recipient,
          subject: message.subject ?? 'Switchboard',
          text: message.body,
        });
        await markAttempt(db, id, { ok: true, transport: 'smtp' });
      } else {
        await markAttempt(db, id, { ok: true, transport: 'log' });
      }
    } catch (err) {
      await markAttempt(db, id, { ok: false, error: err instanceof Error ? err.message : String(err) });
      if (helpers.job.attempts >= helpers.job.max_attempts) await markFailed(db, id);
      throw err;
    }
  };
}
