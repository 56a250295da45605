import type { DbOrTx } from '../../db/client.js';
import { enqueueJob } from '../../jobs/jobs.repository.js';
import { phoneNumbersOf } from '../organizations/index.js';
import { findMessagingSettings, takeSendSlot } from './messaging-settings.repository.js';
import {
  claimText,
  markSuppressed,
  reclaimText,
  recordTextAccepted,
  recordTextAttemptFailed,
  recordTextOutcomeUnknown,
  recordTextRefused,
  takenProviderMessageIds,
  type OutboxRow,
} from './outbox.repository.js';
import { DELIVER_OUTBOX_TASK } from './outbox.service.js';
import { GatewayError, type TextGateway, type TextToSend } from './text-gateway.js';

export interface TextDeliveryConfig {
  gateway: TextGateway;
  /** Texts per second per organization unless its messaging settings say otherwise. */
  perSecond: number;
  /** Injected by tests; real time otherwise. */
  sleep?: (ms: number) => Promise<void>;
}

/** How far ahead a send may wait for its slot in the job; a later slot reschedules the job instead. */
const SLOT_HORIZON_MS = 1_000;
/** A claim younger than this may belong to an attempt still running (e.g. on a worker whose lease was lost): not taken over. */
const CLAIM_IN_FLIGHT_MS = 15_000;
/** How long before a claim a message may have been created at the provider and still be this one's (clock skew). */
const SKEW_MS = 5_000;
/** How long a gateway that cannot be asked (Telnyx) has to report a message of an unknown outcome by webhook. */
const WEBHOOK_WAIT_MS = 10 * 60_000;

export const NO_SENDER_NOTE = 'Not sent: the organization has no number to text from. Give it a phone number (or a messaging sender) in its settings.';
export const FOUND_AT_PROVIDER_NOTE = 'An earlier attempt was cut off before its answer arrived; the provider had taken the message, so it was not sent again.';
export const OUTCOME_UNKNOWN_NOTE =
  'Not sent again: an earlier attempt was cut off before the provider answered, and the provider never reported the message. It may or may not have reached the patient; send a new one if needed.';

const sleepReal = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The organization's sender: its messaging settings' sender, else its first phone number. */
export async function senderOf(db: DbOrTx, organizationId: string | null): Promise<string | null> {
  if (!organizationId) return null;
  const settings = await findMessagingSettings(db, organizationId);
  if (settings?.sender) return settings.sender;
  return (await phoneNumbersOf(db, [organizationId])).get(organizationId)?.[0]?.e164 ?? null;
}

/**
 * One attempt to hand a text to the gateway, exactly once per outbox row (decision 044):
 *
 * 1. a queued row is claimed (`sending`, `claimed_at`) in its own statement before the provider is
 *    asked, at the organization's pace;
 * 2. the provider's answer is recorded: its message id (unique per transport) and `sent`; a
 *    refusal (invalid number…) fails the row for good; no answer or a 5xx leaves it `sending`;
 * 3. a later attempt that finds `sending` without a message id does not send blindly: it asks the
 *    provider for the messages to that number since the claim (a status callback may also have
 *    named the row meanwhile) and adopts one it finds; only when the provider has none is the
 *    text sent again. A provider that cannot be asked (Telnyx) is given time to report by webhook,
 *    then the row fails rather than risk a second copy.
 *
 * Throws to have graphile-worker retry with backoff.
 */
export async function deliverText(
  db: DbOrTx,
  message: OutboxRow,
  config: TextDeliveryConfig,
  job: { attempts: number; max_attempts: number },
  /** Set when the number has opted out (STOP) since the text was queued: it is not sent. */
  optedOut: string | null,
): Promise<void> {
  const { gateway } = config;
  if (optedOut && message.status !== 'sending') return markSuppressed(db, message.id, optedOut);
  const from = await senderOf(db, message.organizationId);
  if (!from) return recordTextRefused(db, message.id, { transport: gateway.name, errorCode: null, error: NO_SENDER_NOTE });
  const text: TextToSend = { outboxId: message.id, to: message.recipient, from, body: message.body };

  let claimed: OutboxRow | undefined;
  if (message.status === 'sending') {
    claimed = await afterUnknownOutcome(db, message, text, config);
    if (!claimed) return;
    if (optedOut) return markSuppressed(db, message.id, optedOut);
  } else {
    if (message.organizationId) {
      const slot = await takeSendSlot(db, message.organizationId, config.perSecond, SLOT_HORIZON_MS);
      if (!slot.ok) {
        // Over the organization's pace: this job ends and a new one takes the next free moment.
        await enqueueJob(db, DELIVER_OUTBOX_TASK, { id: message.id, organizationId: message.organizationId }, { runAt: slot.freeAt, maxAttempts: 8 });
        return;
      }
      if (slot.waitMs > 0) await (config.sleep ?? sleepReal)(slot.waitMs);
    }
    claimed = await claimText(db, message.id, gateway.name);
    if (!claimed) return; // another attempt has it, or it was sent
  }

  let result;
  try {
    result = await gateway.send(text);
  } catch (error) {
    const released = error instanceof GatewayError && error.sent === 'no';
    await recordTextAttemptFailed(db, message.id, { released, error: (error as Error).message });
    if (job.attempts >= job.max_attempts && !released) await recordTextOutcomeUnknown(db, message.id, `${OUTCOME_UNKNOWN_NOTE} Last error: ${(error as Error).message}`.slice(0, 1000));
    throw error;
  }
  if (result.kind === 'refused') return recordTextRefused(db, message.id, { transport: gateway.name, ...result });
  await recordTextAccepted(db, message.id, { transport: gateway.name, providerMessageId: result.message.id, providerStatus: result.message.status });
}

/** A row left `sending` by an attempt whose answer never came: adopt what the provider has, or take the claim to send again. */
async function afterUnknownOutcome(db: DbOrTx, message: OutboxRow, text: TextToSend, config: TextDeliveryConfig): Promise<OutboxRow | undefined> {
  const { gateway } = config;
  const claimedAt = message.claimedAt ?? message.createdAt;
  const age = Date.now() - claimedAt.getTime();
  if (age < CLAIM_IN_FLIGHT_MS) throw new GatewayError('An attempt that began moments ago may still be sending this message; trying again shortly.', 'unknown');
  const found = await gateway.lookFor(text, new Date(claimedAt.getTime() - SKEW_MS));
  if (found === null) {
    if (age < WEBHOOK_WAIT_MS) throw new GatewayError(`Waiting for ${gateway.name} to report a message whose sending was cut off.`, 'unknown');
    await recordTextOutcomeUnknown(db, message.id, OUTCOME_UNKNOWN_NOTE);
    return undefined;
  }
  const taken = await takenProviderMessageIds(
    db,
    gateway.name,
    found.map((m) => m.id),
  );
  const mine = found
    .filter((m) => !taken.has(m.id) && (m.body === null || m.body === text.body))
    .sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0))[0];
  if (mine) {
    await recordTextAccepted(db, message.id, { transport: gateway.name, providerMessageId: mine.id, providerStatus: mine.status, note: FOUND_AT_PROVIDER_NOTE });
    return undefined;
  }
  const reclaimed = await reclaimText(db, message.id, claimedAt);
  // Another attempt moved the row meanwhile: look again from what it left.
  if (!reclaimed) throw new GatewayError('The message was claimed by another attempt meanwhile; looking again.', 'unknown');
  return reclaimed;
}
