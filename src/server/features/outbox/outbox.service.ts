import type { DbOrTx } from '../../db/client.js';
import { enqueueJob } from '../../jobs/jobs.repository.js';
import { insertOutboxMessage, type OutboxRow } from './outbox.repository.js';

/** What other features read of this one (its repository's queries, used as they are). */
export { listOutboxMessages } from './outbox.repository.js';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  body: string;
  /** What kind of message this is (e.g. `password-reset`), for filtering and tests. */
  template: string;
  organizationId?: string | null;
}

export const DELIVER_OUTBOX_TASK = 'deliver-outbox-message';

/** Writes the message and its delivery job in the caller's transaction. */
export async function sendMessage(db: DbOrTx, message: OutgoingMessage): Promise<OutboxRow> {
  const row = await insertOutboxMessage(db, {
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    body: message.body,
    template: message.template,
    organizationId: message.organizationId ?? null,
  });
  await enqueueJob(db, DELIVER_OUTBOX_TASK, { id: row.id }, { maxAttempts: 8 });
  return row;
}
