/**
 * What the outbox needs from a text-message gateway (decision 044). The adapters (Twilio, Telnyx)
 * live with the telephony code (`telephony/messaging/`); the worker hands one to the delivery job.
 */

/** The provider's word on a message, as the outbox keeps it (PRODUCT §5). */
export type ProviderStatus = 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed';

const RANK: Record<ProviderStatus, number> = { queued: 1, sent: 2, delivered: 3, undelivered: 3, failed: 3 };
/** A status moves forward only: callbacks arrive out of order, and a final status is never replaced. */
export const isLaterStatus = (next: ProviderStatus, current: ProviderStatus | null): boolean => !current || RANK[next] > RANK[current];
export const isFinalStatus = (s: ProviderStatus | null): boolean => s !== null && RANK[s] === 3;

export interface TextToSend {
  /** The outbox row's id: the message's idempotency key, carried in its status-callback address. */
  outboxId: string;
  to: string;
  /** An E.164 number, or a Twilio Messaging Service SID (`MG…`). */
  from: string;
  body: string;
}

export interface ProviderMessage {
  id: string;
  status: ProviderStatus;
  /** When the provider created it (null when it does not say). */
  createdAt: Date | null;
  /** The text as the provider holds it (null when it does not say). */
  body: string | null;
}

/** The provider took the message. */
export interface Accepted {
  kind: 'accepted';
  message: ProviderMessage;
}
/** The provider answered that it did not take it, and never will (an invalid number, a blocked recipient): no retry. */
export interface Refused {
  kind: 'refused';
  errorCode: string | null;
  error: string;
}

/**
 * A failed request. `sent: 'no'` — the provider certainly did not take it (it answered 429 or
 * another refusal worth retrying); `'unknown'` — no answer came (a timeout, a dropped connection,
 * a 5xx), so the message may exist there, and a retry must look before sending again.
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly sent: 'no' | 'unknown',
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export interface TextGateway {
  /** Kept in the outbox row's `transport`. */
  readonly name: 'twilio' | 'telnyx';
  send(text: TextToSend): Promise<Accepted | Refused>;
  /**
   * After an attempt whose outcome is unknown: the provider's messages to `text.to` from
   * `text.from` created since `since`, or `null` when the provider cannot be asked (then only a
   * status callback naming the row can tell).
   */
  lookFor(text: TextToSend, since: Date): Promise<ProviderMessage[] | null>;
}
