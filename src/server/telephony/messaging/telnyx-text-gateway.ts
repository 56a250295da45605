import { guardedPost, type OutboundPolicy } from '../../http/outbound-url-guard.js';
import { GatewayError, type ProviderStatus, type TextGateway } from '../../features/outbox/index.js';
import { statusCallbackUrl } from './messaging-paths.js';

const TELNYX_API = 'https://api.telnyx.com';

const TELNYX_MESSAGE_STATUS: Record<string, ProviderStatus> = {
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  // The carrier gave no receipt: sent, and that is all anyone knows.
  delivery_unconfirmed: 'sent',
  delivered: 'delivered',
  delivery_failed: 'undelivered',
  sending_failed: 'failed',
};

/** Telnyx's per-recipient status in the outbox's words (undefined: unknown word). */
export const telnyxMessageStatusOf = (s: string | undefined): ProviderStatus | undefined => (s ? TELNYX_MESSAGE_STATUS[s] : undefined);

interface TelnyxError {
  code?: string;
  title?: string;
  detail?: string;
}

function parse(body: string): { data?: { id?: string; to?: Array<{ status?: string }> }; errors?: TelnyxError[] } {
  try {
    return JSON.parse(body) as ReturnType<typeof parse>;
  } catch {
    return {};
  }
}

/**
 * Texts through Telnyx's Messaging API (`POST /v2/messages`, JSON, `Authorization: Bearer
 * TELNYX_API_KEY`), each with its own `webhook_url` naming the outbox row, where Telnyx posts
 * `message.sent` and `message.finalized` signed with Ed25519 (telnyx/telnyx-messaging.routes.ts).
 * Telnyx cannot list the messages sent to a number, so after an unknown outcome only that webhook
 * can say whether the message exists (`lookFor` answers null).
 */
export function telnyxTextGateway(env: { TELNYX_API_KEY: string; TELNYX_API_BASE_URL?: string; OUTBOUND_TEST_PRIVATE_ADDRESSES: string[] }, baseUrl: string): TextGateway {
  const base = (env.TELNYX_API_BASE_URL ?? TELNYX_API).replace(/\/+$/, '');
  const policy: OutboundPolicy = { allowedHosts: [new URL(base).hostname.replace(/^\[|\]$/g, '').toLowerCase()], testPrivateAddresses: env.OUTBOUND_TEST_PRIVATE_ADDRESSES };
  return {
    name: 'telnyx',
    async send(text) {
      let res;
      try {
        res = await guardedPost(
          `${base}/v2/messages`,
          policy,
          JSON.stringify({ from: text.from, to: text.to, text: text.body, webhook_url: statusCallbackUrl(baseUrl, 'telnyx', text.outboxId), use_profile_webhooks: false }),
          { headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${env.TELNYX_API_KEY}` }, timeoutMs: 10_000, maxBodyBytes: 64 * 1024 },
        );
      } catch (error) {
        throw new GatewayError(`No answer from Telnyx: ${(error as Error).message}`, 'unknown');
      }
      const answer = parse(res.body);
      const first = answer.errors?.[0];
      const why = first ? [first.title, first.detail].filter(Boolean).join(': ').slice(0, 300) : `HTTP ${res.status}`;
      if (res.status >= 200 && res.status < 300 && answer.data?.id) {
        return { kind: 'accepted', message: { id: answer.data.id, status: telnyxMessageStatusOf(answer.data.to?.[0]?.status) ?? 'queued', createdAt: null, body: text.body } };
      }
      if (res.status === 429) throw new GatewayError(`Telnyx is rate limiting (429): ${why}`, 'no');
      if (res.status >= 400 && res.status < 500) return { kind: 'refused', errorCode: first?.code ?? null, error: `Telnyx refused the message: ${why}` };
      throw new GatewayError(`Telnyx answered ${res.status}: ${why}`, 'unknown');
    },
    async lookFor() {
      return null;
    },
  };
}
