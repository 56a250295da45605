import type { Db, DbOrTx } from '../../db/client.js';
import type { OutboxAttachment } from '../../db/schema/ops.js';
import { enqueueJob } from '../../jobs/jobs.repository.js';
import { findOutboxMessage, insertOutboxMessage, listOutboxMessages, lockOutboxMessage, suppressQueuedTo, takenProviderMessageIds, updateOutboxMessage, type OutboxRow } from './outbox.repository.js';
import { isFinalStatus, isLaterStatus, type ProviderStatus } from './text-gateway.js';

export { chosenSenders } from './messaging-settings.repository.js';

// The gateway interface, for the adapters in telephony/messaging (decision 044).
export { GatewayError, type Accepted, type ProviderMessage, type ProviderStatus, type Refused, type TextGateway, type TextToSend } from './text-gateway.js';
import { presentOutboxMessage } from './outbox.presenter.js';
import { can } from '../../../domain/auth/permissions.js';
import type { OutboxMessage, OutboxQuery } from '../../../contracts/developer.js';
import { smsBody } from '../../../domain/messaging/sms.js';
import { organizationScope, type StaffActor } from '../../policy/actor.js';
import { textOptOutOf } from '../sms-opt-outs/index.js';
import { isSandboxOrganization } from '../organizations/index.js';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  body: string;
  /** What kind of message this is (e.g. `password-reset`), for filtering and tests. */
  template: string;
  organizationId?: string | null;
  /** Files for an e-mail (a visit's calendar file); a text message carries none. */
  attachments?: OutboxAttachment[];
  /** The language of the text, for a text message's opt-out sentence (default English). */
  language?: 'en' | 'es';
  /**
   * Keep it in the outbox unsent (`suppressed`) with this reason: what a simulated call would have
   * sent to its made-up numbers (the playground, the demo's history) is shown, never delivered.
   */
  unsentBecause?: string;
}

export const DELIVER_OUTBOX_TASK = 'deliver-outbox-message';

/** Why a text to a number that replied STOP is not sent (kept on the outbox row). */
export function optedOutNote(optOut: { at: Date; keyword: string }): string {
  return `Not sent: this number replied ${optOut.keyword} on ${optOut.at.toISOString().slice(0, 10)} and has opted out of text messages from this organization (until it replies START).`;
}

/**
 * Writes the message and its delivery job in the caller's transaction. Every text message's
 * body is built here (the carriers' opt-out notice added); a text to a number that opted out
 * of the organization's texts is kept as `suppressed`, with the reason, and no job — as is one
 * the caller asks to keep unsent (`unsentBecause`).
 */
export async function sendMessage(db: DbOrTx, message: OutgoingMessage): Promise<OutboxRow> {
  const sms = message.channel === 'sms';
  // A practice's agent-test sandbox (decision 056) reaches nobody: its messages stay unsent.
  const sandbox = message.organizationId ? await isSandboxOrganization(db, message.organizationId) : false;
  const optOut = sandbox ? null : sms && message.organizationId ? await textOptOutOf(db, message.organizationId, message.recipient) : null;
  const row = await insertOutboxMessage(db, {
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    body: sms ? smsBody(message.body, message.language) : message.body,
    template: message.template,
    organizationId: message.organizationId ?? null,
    attachments: sms ? [] : (message.attachments ?? []),
    ...(optOut ? { status: 'suppressed' as const, lastError: optedOutNote(optOut) } : message.unsentBecause ? { status: 'suppressed' as const, lastError: message.unsentBecause } : {}),
    ...(sandbox ? { status: 'suppressed' as const, lastError: 'An agent test: never sent.' } : {}),
  });
  if (!optOut && !message.unsentBecause && !sandbox) await enqueueJob(db, DELIVER_OUTBOX_TASK, { id: row.id }, { maxAttempts: 8 });
  return row;
}

/**
 * Keeps the queued messages of an organization to these recipients in the outbox, unsent, with the
 * reason (status `suppressed`): their delivery jobs then hand nothing to a transport and print
 * nothing on the demo's terminal. For history written by the demo seed to made-up addresses
 * (seed/demo-patients.ts); answers how many.
 */
export async function keepUnsent(db: DbOrTx, organizationId: string, recipients: string[], reason: string): Promise<number> {
  return suppressQueuedTo(db, organizationId, recipients, reason);
}

/** The words a stored message carried (what the recipient read), or null when it is gone. */
export async function outboxBodyOf(db: DbOrTx, id: string): Promise<string | null> {
  return (await findOutboxMessage(db, id))?.body ?? null;
}

/**
 * The outbox as staff see it (`/developer` → Outbox): the actor's organizations only (system
 * mail, such as password links, for admins), secrets masked for everyone, and bodies about
 * patients only for roles that read patients (outbox.presenter.ts).
 */
export async function listOutboxFor(db: DbOrTx, actor: StaffActor, q: OutboxQuery): Promise<OutboxMessage[]> {
  const rows = await listOutboxMessages(db, { ...q, before: q.before ? new Date(q.before) : undefined, organizationIds: organizationScope(actor) });
  const viewer = { mayReadPatientData: can(actor.role, 'patients.read') };
  return rows.map((row) => presentOutboxMessage(row, viewer));
}

export interface TextStatusReport {
  /** The outbox row the status callback's address names. */
  outboxId: string;
  transport: 'twilio' | 'telnyx';
  providerMessageId: string;
  status: ProviderStatus;
  errorCode: string | null;
}

/**
 * A gateway's status callback for a text (decision 044): the provider's status moves forward only
 * (`queued → sent → delivered | undelivered | failed`; callbacks arrive out of order and repeat),
 * with its error code; a final word becomes the row's status. A callback that arrives before the
 * worker recorded the provider's answer (or after a worker died waiting for it) names the message
 * id, which the row adopts. `not_found`: no text of that transport has that id; `ignored`: the
 * callback is about another message than the row's, or says nothing new.
 */
export async function recordTextStatus(db: Db, report: TextStatusReport): Promise<'updated' | 'ignored' | 'not_found'> {
  return db.transaction(async (tx) => {
    const row = await lockOutboxMessage(tx, report.outboxId);
    if (!row || row.channel !== 'sms' || (row.transport !== null && row.transport !== report.transport)) return 'not_found';
    const patch: Partial<OutboxRow> = {};
    if (row.providerMessageId === null) {
      if (row.status !== 'sending' || (await takenProviderMessageIds(tx, report.transport, [report.providerMessageId])).size > 0) return 'ignored';
      Object.assign(patch, { providerMessageId: report.providerMessageId, transport: report.transport, status: 'sent', sentAt: new Date() });
    } else if (row.providerMessageId !== report.providerMessageId) return 'ignored';
    if (isLaterStatus(report.status, row.providerStatus)) {
      Object.assign(patch, { providerStatus: report.status, providerStatusAt: new Date(), providerErrorCode: report.errorCode ?? row.providerErrorCode });
      if (isFinalStatus(report.status)) patch.status = report.status;
    }
    if (Object.keys(patch).length === 0) return 'ignored';
    await updateOutboxMessage(tx, row.id, patch);
    return 'updated';
  });
}

/** Whether this server is the demo that prints undelivered messages on its terminal (demo-terminal.ts). */
export { demoTerminalOf } from './demo-terminal.js';
