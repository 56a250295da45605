import formbody from '@fastify/formbody';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { ZodApp } from '../../http/route-types.js';
import { isUuid } from '../../features/organizations/index.js';
import { recordTextStatus } from '../../features/outbox/index.js';
import { MESSAGING_STATUS_PATHS } from '../messaging/messaging-paths.js';
import { twilioMessageStatusOf } from '../messaging/twilio-text-gateway.js';
import { providerFormBody } from './form-body.js';
import { verifyTwilioSignature } from './twilio-signature.js';
import { errorEnvelope } from '../../http/errors.js';

const OutboxQuery = z.object({ outbox: z.string({ error: 'outbox is required.' }).max(100) }).loose();

/** Twilio's message status callback parameters (loose: Twilio adds more over time). */
export const MessageStatusBody = z
  .object({
    MessageSid: z.string({ error: 'MessageSid is required.' }).trim().min(1, { error: 'MessageSid is required.' }).max(64),
    MessageStatus: z.string({ error: 'MessageStatus is required.' }).trim().min(1, { error: 'MessageStatus is required.' }).max(32),
    ErrorCode: z
      .string()
      .trim()
      .max(16)
      .regex(/^\d*$/, { error: 'ErrorCode must be a number.' })
      .optional(),
  })
  .loose();

/**
 * Twilio's status callback for a text the worker sent (decision 044): signed like every Twilio
 * webhook (X-Twilio-Signature over PUBLIC_URL + path and query and the parameters; the same check
 * as the voice webhooks), its address naming the outbox row. The status lands on that row
 * (features/outbox recordTextStatus); a status Twilio adds that we do not know, or a repeat, is
 * answered 204 and changes nothing.
 */
export async function twilioSmsStatusRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  await app.register(async (scope: ZodApp) => {
    await scope.register(formbody, { ...providerFormBody, bodyLimit: 64 * 1024 });
    scope.post(MESSAGING_STATUS_PATHS.twilio, {
      config: { access: 'public' },
      helmet: false,
      preValidation: verifyTwilioSignature(ctx),
      bodyLimit: 64 * 1024,
      schema: { tags: ['telephony'], summary: 'Twilio message status callback: queued, sent, delivered, undelivered or failed (with ErrorCode) for an outbox text', querystring: OutboxQuery, body: MessageStatusBody },
      handler: async (request, reply) => {
        const notFound = () => reply.status(404).send(errorEnvelope('not_found', 'No text message for that outbox id.'));
        if (!isUuid(request.query.outbox)) return notFound();
        const status = twilioMessageStatusOf(request.body.MessageStatus);
        if (!status) return reply.status(204).send();
        const result = await recordTextStatus(ctx.db, {
          outboxId: request.query.outbox,
          transport: 'twilio',
          providerMessageId: request.body.MessageSid,
          status,
          errorCode: request.body.ErrorCode || null,
        });
        if (result === 'not_found') return notFound();
        return reply.status(204).send();
      },
    });
  });
}
