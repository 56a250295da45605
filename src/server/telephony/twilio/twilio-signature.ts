import type { FastifyReply, FastifyRequest } from 'fastify';
// The webhooks module of the `twilio` package only (the whole SDK is ~20 MB of REST clients).
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import type { AppContext } from '../../app-context.js';

/**
 * Every Twilio webhook is signed: X-Twilio-Signature is an HMAC of the exact URL Twilio
 * requested (PUBLIC_URL + path and query) and the posted parameters, keyed with the account's
 * auth token. A bad or missing signature is refused before anything is read or stored; without
 * a configured token the webhooks are refused outright rather than accepted unsigned.
 */
export function verifyTwilioSignature(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = ctx.env.TWILIO_AUTH_TOKEN;
    if (!token) {
      request.log.warn({ url: request.url }, 'Twilio webhook refused: TWILIO_AUTH_TOKEN is not set');
      return reply
        .status(503)
        .type('application/json; charset=utf-8')
        .send({ error: { code: 'telephony_not_configured', message: 'Telephony webhooks are turned off: set TWILIO_AUTH_TOKEN (and PUBLIC_URL) to accept them.' } });
    }
    const signature = request.headers['x-twilio-signature'];
    const params = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
    const url = `${ctx.baseUrl}${request.url}`;
    if (typeof signature !== 'string' || !signature || !validateRequest(token, signature, url, params)) {
      request.log.warn({ url: request.url, signed: typeof signature === 'string' }, 'Twilio webhook refused: bad or missing signature');
      return reply.status(403).type('application/json; charset=utf-8').send({ error: { code: 'forbidden', message: 'The request signature (X-Twilio-Signature) is missing or does not match.' } });
    }
  };
}
