import type { MessageInstance } from 'twilio/lib/rest/api/v2010/account/message.js';
import { GatewayError, type ProviderMessage, type ProviderStatus, type TextGateway } from '../../features/outbox/index.js';
import type { TwilioRest } from '../outbound/twilio-rest.js';
import { statusCallbackUrl } from './messaging-paths.js';

const TWILIO_MESSAGE_STATUS: Record<string, ProviderStatus> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
};

/** Twilio's MessageStatus in the outbox's words (undefined: not a status of a sent message). */
export const twilioMessageStatusOf = (s: string | undefined): ProviderStatus | undefined => (s ? TWILIO_MESSAGE_STATUS[s] : undefined);

const isMessagingService = (from: string) => /^MG[0-9a-fA-F]{32}$/.test(from);

const present = (m: MessageInstance): ProviderMessage => ({ id: m.sid, status: twilioMessageStatusOf(m.status) ?? 'queued', createdAt: m.dateCreated ?? null, body: m.body ?? null });

/**
 * Texts through Twilio's Messages resource (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`,
 * form-encoded To, From or MessagingServiceSid, Body, StatusCallback; basic auth), with the `twilio`
 * SDK's REST client (rebased onto TWILIO_API_BASE_URL in tests: outbound/twilio-rest.ts).
 * Twilio has no idempotency key for a message; after an unknown outcome the delivery job asks for
 * the messages to that number since the claim (`lookFor`) before it sends again.
 */
export function twilioTextGateway(client: TwilioRest, baseUrl: string): TextGateway {
  return {
    name: 'twilio',
    async send(text) {
      try {
        const message = await client.messages.create({
          to: text.to,
          ...(isMessagingService(text.from) ? { messagingServiceSid: text.from } : { from: text.from }),
          body: text.body,
          statusCallback: statusCallbackUrl(baseUrl, 'twilio', text.outboxId),
        });
        return { kind: 'accepted', message: present(message) };
      } catch (error) {
        const status = (error as { status?: number }).status;
        const code = (error as { code?: number | string }).code;
        const why = (error as Error).message?.slice(0, 300) || 'Twilio refused the message';
        // A 4xx other than rate limiting: Twilio looked at it and said no (invalid number, unverified sender…).
        if (typeof status === 'number' && status >= 400 && status < 500 && status !== 429) return { kind: 'refused', errorCode: code === undefined ? null : String(code), error: why };
        if (status === 429) throw new GatewayError(`Twilio is rate limiting (429): ${why}`, 'no');
        throw new GatewayError(typeof status === 'number' ? `Twilio answered ${status}: ${why}` : `No answer from Twilio: ${why}`, 'unknown');
      }
    },
    async lookFor(text, since) {
      const service = isMessagingService(text.from);
      const messages = await client.messages.list({ to: text.to, ...(service ? {} : { from: text.from }), limit: 50 });
      return messages
        .filter((m) => (!service || m.messagingServiceSid === text.from) && m.direction?.startsWith('outbound') !== false)
        .filter((m) => !m.dateCreated || m.dateCreated.getTime() >= since.getTime())
        .map(present);
    },
  };
}
