import formbody from '@fastify/formbody';
import { z } from 'zod';
import MessagingResponse from 'twilio/lib/twiml/MessagingResponse.js';
import type { AppContext } from '../../app-context.js';
import type { ZodApp } from '../../http/route-types.js';
import { receiveInboundSms } from '../../features/sms-opt-outs/index.js';
import { threadReplies } from '../messaging/thread-replies.js';
import { providerFormBody } from './form-body.js';
import { verifyTwilioSignature } from './twilio-signature.js';

/** Where a Twilio number's "A message comes in" webhook points (PUBLIC_URL + this). */
export const TWILIO_SMS_PATH = '/telephony/twilio/sms';

/** Twilio's messaging parameters (loose: Twilio adds more over time); the body is cut, never refused for its length. */
export const InboundSmsBody = z
  .object({
    MessageSid: z.string({ error: 'MessageSid is required.' }).trim().min(1, { error: 'MessageSid is required.' }).max(64),
    From: z.string().trim().max(64).default(''),
    To: z.string().trim().max(64).default(''),
    Body: z
      .string()
      .default('')
      .transform((s) => s.slice(0, 1600)),
  })
  .loose();

/** `<Response><Message>…</Message></Response>`, or an empty `<Response/>` when nothing is said back. */
export function messagingTwiml(reply: string | null): string {
  const response = new MessagingResponse();
  if (reply) response.message(reply);
  return response.toString();
}

/**
 * The Twilio-compatible inbound text-message webhook: signed like the voice webhooks; STOP and
 * START replies (features/sms-opt-outs) answered with the carrier-style confirmation as TwiML;
 * a reply to a missed-call text put on its thread and acknowledged.
 */
export async function twilioSmsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const onText = threadReplies(ctx);
  await app.register(async (scope: ZodApp) => {
    await scope.register(formbody, { ...providerFormBody, bodyLimit: 64 * 1024 });
    scope.post(TWILIO_SMS_PATH, {
      config: { access: 'public' },
      helmet: false,
      preValidation: verifyTwilioSignature(ctx),
      bodyLimit: 64 * 1024,
      schema: { tags: ['telephony'], summary: 'Twilio messaging webhook: an incoming text (STOP / START / HELP answered as TwiML; a reply to a missed-call text goes to its handoff)', body: InboundSmsBody },
      handler: async (request, reply) => {
        const b = request.body;
        const answer = await receiveInboundSms(ctx, { messageSid: b.MessageSid, from: b.From, to: b.To, body: b.Body }, onText);
        return reply.type('text/xml; charset=utf-8').send(messagingTwiml(answer));
      },
    });
  });
}
