import type { FastifyReply, FastifyRequest } from 'fastify';
// The webhooks module of the `twilio` package only (the whole SDK is ~20 MB of REST clients).
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import type { AppContext } from '../../app-context.js';
import { signedByTelnyx, verifyTelnyxRequest } from '../telnyx/telnyx-signature.js';
import { rawFormBody } from './form-body.js';
import { errorEnvelope } from '../../http/errors.js';

/**
 * Every Twilio webhook is signed: X-Twilio-Signature is an HMAC of the exact URL Twilio
 * requested (PUBLIC_URL + path and query) and the posted parameters, keyed with the account's
 * auth token. A bad or missing signature is refused before anything is read or stored; without
 * a configured token the webhooks are refused outright rather than accepted unsigned. Telnyx's
 * TeXML posts the same webhooks signed its own way (Ed25519 over the raw body, checked with
 * TELNYX_PUBLIC_KEY): a request carrying Telnyx's signature header is checked as Telnyx's only.
 */
export function verifyTwilioSignature(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (signedByTelnyx(request)) {
      if (!verifyTelnyxRequest(ctx.env.TELNYX_PUBLIC_KEY, request, reply, rawFormBody(request.body), ctx.clock.now().getTime())) return reply;
      return;
    }
    const token = ctx.env.TWILIO_AUTH_TOKEN;
    if (!token) {
      request.log.warn({ url: request.url }, 'Twilio webhook refused: TWILIO_AUTH_TOKEN is not set');
      return reply
        .status(503)
        .type('application/json; charset=utf-8')
        .send(errorEnvelope('telephony_not_configured', 'Telephony webhooks are turned off: set TWILIO_AUTH_TOKEN (and PUBLIC_URL) to accept them.'));
    }
    const signature = request.headers['x-twilio-signature'];
    const params = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
    const url = `${ctx.baseUrl}${request.url}`;
    if (typeof signature !== 'string' || !signature || !validateRequest(token, signature, url, params)) {
      request.log.warn({ url: request.url, signed: typeof signature === 'string' }, 'Twilio webhook refused: bad or missing signature');
      return reply.status(403).type('application/json; charset=utf-8').send(errorEnvelope('forbidden', 'The request signature (X-Twilio-Signature) is missing or does not match.'));
    }
  };
}
