import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { ZodApp } from '../../http/route-types.js';
import { isUuid } from '../../features/organizations/index.js';
import { recordTextStatus } from '../../features/outbox/index.js';
import { receiveInboundSms } from '../../features/sms-opt-outs/index.js';
import { threadRepliesAnsweredByText } from '../messaging/thread-replies.js';
import { MESSAGING_STATUS_PATHS } from '../messaging/messaging-paths.js';
import { telnyxMessageStatusOf } from '../messaging/telnyx-text-gateway.js';
import { verifyTelnyxRequest } from './telnyx-signature.js';
import { errorEnvelope } from '../../http/errors.js';

const BODY_LIMIT = 64 * 1024;
/** The outbox row a sent text's webhook is about (its `webhook_url`); none on the messaging profile's webhook, which brings texts that come in. */
const OutboxQuery = z.object({ outbox: z.string().max(100).optional() }).loose();
const phoneNumber = z.string().trim().max(64).optional();

/** The part of Telnyx's messaging webhook we read (loose: Telnyx sends much more). */
export const TelnyxMessagingEvent = z
  .object({
    data: z
      .object({
        event_type: z.string().max(64),
        payload: z
          .object({
            id: z.string().trim().min(1).max(128),
            /** An incoming text's sender and words (`message.received`); the body is cut, never refused for its length. */
            from: z.object({ phone_number: phoneNumber }).loose().optional(),
            text: z
              .string()
              .nullish()
              .transform((s) => (s ?? '').slice(0, 1600)),
            to: z
              .array(z.object({ phone_number: phoneNumber, status: z.string().max(64).optional() }).loose())
              .max(100)
              .default([]),
            errors: z
              .array(z.object({ code: z.union([z.string().max(32), z.number()]).optional() }).loose())
              .max(100)
              .default([]),
          })
          .loose(),
      })
      .loose(),
  })
  .loose();

/** The exact JSON text of each request (Telnyx signs the raw body), kept beside the parsed body. */
const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * Telnyx's messaging webhook, JSON signed with Ed25519 over `timestamp|raw body` (the same check as
 * the Telnyx-signed voice webhooks, TELNYX_PUBLIC_KEY):
 *
 * - for a text the worker sent (decision 044), `message.sent` and `message.finalized`, at the
 *   address the text named (`?outbox=<row>`);
 * - for a text that comes in, `message.received`, at the messaging profile's webhook (this path,
 *   no query): recorded once per Telnyx message id like Twilio's, STOP and START acted on (Telnyx
 *   itself blocks and unblocks the number and sends the confirmation, so none is sent from here),
 *   and a reply to a reminder or a thread put where Twilio's would go, its answer sent as a text.
 */
export async function telnyxMessagingRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const onText = threadRepliesAnsweredByText(ctx);
  await app.register(async (scope: ZodApp) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (request, body, done) => {
      const text = String(body);
      try {
        const parsed: unknown = JSON.parse(text);
        rawBodies.set(request, text);
        done(null, parsed);
      } catch {
        done(Object.assign(new Error('The body is not valid JSON.'), { statusCode: 400, code: 'invalid_json' }), undefined);
      }
    });
    scope.post(MESSAGING_STATUS_PATHS.telnyx, {
      config: { access: 'public' },
      helmet: false,
      bodyLimit: BODY_LIMIT,
      preValidation: async (request, reply) => {
        if (!verifyTelnyxRequest(ctx.env.TELNYX_PUBLIC_KEY, request, reply, rawBodies.get(request) ?? '', ctx.clock.now().getTime())) return reply;
      },
      schema: { tags: ['telephony'], summary: 'Telnyx messaging webhook: message.sent / message.finalized for an outbox text; message.received for a text that comes in', querystring: OutboxQuery, body: TelnyxMessagingEvent },
      handler: async (request, reply) => {
        const { event_type: event, payload } = request.body.data;
        if (event === 'message.received') {
          const text = { messageSid: payload.id, from: payload.from?.phone_number ?? '', to: payload.to[0]?.phone_number ?? '', body: payload.text };
          await receiveInboundSms(ctx, text, onText);
          return reply.status(204).send();
        }
        // Another event on the profile's webhook (a text sent by other means than the outbox, such as Telnyx's own keyword answers): not ours.
        if (request.query.outbox === undefined) return reply.status(204).send();
        const notFound = () => reply.status(404).send(errorEnvelope('not_found', 'No text message for that outbox id.'));
        if (!isUuid(request.query.outbox)) return notFound();
        const status = telnyxMessageStatusOf(payload.to[0]?.status);
        if (!event.startsWith('message.') || !status) return reply.status(204).send();
        const code = payload.errors[0]?.code;
        const result = await recordTextStatus(ctx.db, { outboxId: request.query.outbox, transport: 'telnyx', providerMessageId: payload.id, status, errorCode: code === undefined ? null : String(code) });
        if (result === 'not_found') return notFound();
        return reply.status(204).send();
      },
    });
  });
}
