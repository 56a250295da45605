import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from '../../http/errors.js';

/**
 * Telnyx (its TeXML applications speak Twilio's webhooks and ConversationRelay's protocol) signs
 * each request with Ed25519 instead of Twilio's HMAC: `telnyx-signature-ed25519` is the base64
 * signature of `${telnyx-timestamp}|${raw body}`, made with the account's key; the public half
 * is in the portal (TELNYX_PUBLIC_KEY, base64 of the 32 raw bytes). A timestamp further than
 * five minutes from now is refused, so a captured request cannot be replayed later.
 */
export const TELNYX_HEADERS = { signature: 'telnyx-signature-ed25519', timestamp: 'telnyx-timestamp' } as const;
export const TELNYX_TOLERANCE_SECONDS = 300;

/** The DER prefix that makes 32 raw Ed25519 key bytes an SPKI public key node:crypto can read. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const keys = new Map<string, KeyObject>();

/** The portal's base64 public key as a key object; throws unless it is 32 bytes of base64. */
export function telnyxPublicKey(base64: string): KeyObject {
  let key = keys.get(base64);
  if (!key) {
    const raw = Buffer.from(base64, 'base64');
    if (raw.length !== 32) throw new Error('TELNYX_PUBLIC_KEY must be the base64 of a 32-byte Ed25519 public key');
    key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
    keys.set(base64, key);
  }
  return key;
}

export type TelnyxCheck = 'ok' | 'missing' | 'stale' | 'bad';

export function checkTelnyxSignature(key: KeyObject, signature: unknown, timestamp: unknown, payload: string, nowMs: number): TelnyxCheck {
  if (typeof signature !== 'string' || !signature || typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return 'missing';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > TELNYX_TOLERANCE_SECONDS) return 'stale';
  const sig = Buffer.from(signature, 'base64');
  if (sig.length !== 64) return 'bad';
  return verify(null, Buffer.from(`${timestamp}|${payload}`), key, sig) ? 'ok' : 'bad';
}

const REFUSALS: Record<Exclude<TelnyxCheck, 'ok'>, string> = {
  missing: 'The Telnyx signature or timestamp (telnyx-signature-ed25519, telnyx-timestamp) is missing.',
  stale: `The Telnyx timestamp (telnyx-timestamp) is more than ${TELNYX_TOLERANCE_SECONDS} seconds from now.`,
  bad: 'The Telnyx signature (telnyx-signature-ed25519) does not match.',
};

/** True when the request carries Telnyx's signature header (it is then checked as Telnyx's, never as Twilio's). */
export function signedByTelnyx(request: FastifyRequest): boolean {
  return request.headers[TELNYX_HEADERS.signature] !== undefined;
}

/**
 * Checks a Telnyx-signed request over `payload` (the raw body; empty for the WebSocket handshake).
 * Answers the refusal itself and returns false when the request must not go on.
 */
export function verifyTelnyxRequest(publicKey: string | undefined, request: FastifyRequest, reply: FastifyReply, payload: string, nowMs: number): boolean {
  if (!publicKey) {
    request.log.warn({ url: request.url }, 'Telnyx-signed request refused: TELNYX_PUBLIC_KEY is not set');
    void reply
      .status(503)
      .type('application/json; charset=utf-8')
      .send(errorEnvelope('telephony_not_configured', 'Telnyx requests are turned off: set TELNYX_PUBLIC_KEY (the public key from the Telnyx portal) to accept them.'));
    return false;
  }
  const result = checkTelnyxSignature(telnyxPublicKey(publicKey), request.headers[TELNYX_HEADERS.signature], request.headers[TELNYX_HEADERS.timestamp], payload, nowMs);
  if (result === 'ok') return true;
  request.log.warn({ url: request.url, result }, 'Telnyx-signed request refused');
  void reply.status(403).type('application/json; charset=utf-8').send(errorEnvelope('forbidden', REFUSALS[result]));
  return false;
}
